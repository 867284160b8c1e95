import Kinetic

/// Something sorted by a 64-bit key.
protocol SortKeyed { var sortKey: UInt64 { get } }

extension UInt64: SortKeyed { @inline(__always) var sortKey: UInt64 { self } }
extension TouchRecord: SortKeyed { @inline(__always) var sortKey: UInt64 { key } }
