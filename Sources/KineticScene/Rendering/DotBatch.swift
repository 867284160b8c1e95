// A node's batch of equal dots: thousands of circles for the price of one node.
import Kinetic

/// Many equal circles drawn by one node (``Node/dots``), each at its own position with one of a
/// few colours: a field of ten thousand dots without ten thousand nodes (what `CAEmitterLayer`
/// or a `CAReplicatorLayer` is to UIKit: one layer, many marks).
///
/// The batch holds numbers only; whatever moves the dots (springs on `AnimatedProperty<Point>`
/// values, say) writes their presentation values here each frame with ``setPosition(_:at:)``,
/// and the render list carries them to the host as one ``RenderDots`` command.
///
/// ```swift
/// let field = DotBatch(count: 10_000, radius: 2, palette: [.white, .black], engine: engine)
/// node.dots = field
/// ```
///
/// Where the dots are drawn and what bad input becomes are in <doc:NodesInDepth#Dot-batches>.
public final class DotBatch {
    /// The engine diagnostics are reported on.
    public let engine: AnimationEngine
    /// The dots' centres, in the node's coordinates (points).
    @inlinable public var positions: [Point] { storedPositions }
    /// Each dot's colour, as an index into ``palette`` (all 0 at creation).
    @inlinable public var colorIndices: [UInt8] { storedColorIndices }
    // Unchecked: a demo writes ten thousand of these a frame, and a dynamic exclusivity check per
    // write costs more than the write (no method of the batch calls out while it mutates them).
    @usableFromInline @exclusivity(unchecked) var storedPositions: [Point]
    @usableFromInline @exclusivity(unchecked) var storedColorIndices: [UInt8]
    /// The colours the dots are drawn in: 1 to 256, clamped to displayable components.
    public let palette: [Color]
    /// The radius of every dot, in points (≥ 0; 0 draws nothing).
    public private(set) var radius: Double

    /// The largest palette: colour indices are bytes.
    public static let maximumPaletteCount = 256

    /// `count` dots all at `position`, of radius `radius`, in `palette[0]`.
    public init(count: Int, at position: Point = .zero, radius: Double, palette: [Color], engine: AnimationEngine) {
        self.engine = engine
        var n = count
        if n < 0 {
            engine.report(.invalidArgument, "DotBatch(count: \(count)): a negative count makes an empty batch")
            n = 0
        }
        var p = position
        if !p.isFinite {
            engine.report(.invalidArgument, "DotBatch: the initial position is not finite; the dots start at (0, 0)")
            p = .zero
        }
        var colors = palette.map { $0.clamped() }
        if colors.isEmpty {
            engine.report(.invalidArgument, "DotBatch: an empty palette; the dots are black")
            colors = [.black]
        } else if colors.count > DotBatch.maximumPaletteCount {
            engine.report(.invalidArgument, "DotBatch: a palette of \(colors.count) colours keeps its first \(DotBatch.maximumPaletteCount)")
            colors.removeLast(colors.count - DotBatch.maximumPaletteCount)
        }
        self.palette = colors
        if radius.isFinite, radius >= 0 {
            self.radius = radius
        } else {
            engine.report(.invalidArgument, "DotBatch: radius \(radius) is negative or not finite; 0 is used (nothing drawn)")
            self.radius = 0
        }
        storedPositions = Array(repeating: p, count: n)
        storedColorIndices = Array(repeating: 0, count: n)
    }

    /// The number of dots.
    public var count: Int { positions.count }

    /// Moves dot `index` to `position` (node coordinates). False, with a diagnostic and no
    /// change, for an index outside `0..<count` or a non-finite position.
    @discardableResult
    public func setPosition(_ position: Point, at index: Int) -> Bool {
        guard index >= 0, index < positions.count else {
            engine.report(.invalidArgument, "DotBatch.setPosition: index \(index) is outside 0..<\(positions.count); ignored")
            return false
        }
        guard position.x.isFinite, position.y.isFinite else {
            engine.report(.invalidArgument, "DotBatch.setPosition: a position that is not finite was rejected; dot \(index) stays")
            return false
        }
        storedPositions[index] = position
        return true
    }

    /// Draws dot `index` in `palette[colorIndex]`. False, with a diagnostic and no change, for an
    /// index outside `0..<count` or a colour index outside the palette.
    @discardableResult
    public func setColorIndex(_ colorIndex: Int, at index: Int) -> Bool {
        guard index >= 0, index < colorIndices.count, colorIndex >= 0, colorIndex < palette.count else {
            engine.report(.invalidArgument, "DotBatch.setColorIndex: dot \(index) of \(colorIndices.count), colour \(colorIndex) of \(palette.count); ignored")
            return false
        }
        storedColorIndices[index] = UInt8(truncatingIfNeeded: colorIndex)
        return true
    }

    /// Moves and colours many dots with one access to the batch's storage, as a frame's update
    /// of thousands of dots does: `body` gets a ``DotWriter`` whose
    /// ``DotWriter/set(_:position:colorIndex:)`` checks each write as ``setPosition(_:at:)`` and
    /// ``setColorIndex(_:at:)`` do, without a call, a uniqueness check or a diagnostic per dot.
    /// A rejected write changes nothing for that dot; after `body` returns, the rejections are
    /// reported as one diagnostic. The writer is valid only inside `body`: do not keep a copy.
    /// While `body` runs the batch lends its storage to the writer, so the batch itself reads
    /// as empty and its setters reject every write: write through the writer only.
    public func updateDots(_ body: (inout DotWriter) -> Void) {
        let paletteCount = palette.count
        var rejected = 0, first = -1
        storedPositions.withUnsafeMutableBufferPointer { p in
            storedColorIndices.withUnsafeMutableBufferPointer { c in
                var writer = DotWriter(positions: p, colorIndices: c, paletteCount: paletteCount)
                body(&writer)
                rejected = writer.rejectedCount
                first = writer.firstRejectedIndex
            }
        }
        if rejected > 0 {
            engine.report(.invalidArgument, "DotBatch.updateDots: \(rejected) write(s) rejected (an index outside 0..<\(positions.count), a position that is not finite or a colour outside the palette of \(paletteCount)), the first for dot \(first); those dots are unchanged")
        }
    }

    /// Sets the radius of every dot, in points. False, with a diagnostic and no change, for a
    /// negative or non-finite radius.
    @discardableResult
    public func setRadius(_ radius: Double) -> Bool {
        guard radius.isFinite, radius >= 0 else {
            engine.report(.invalidArgument, "DotBatch.setRadius: \(radius) is negative or not finite; the radius stays \(self.radius)")
            return false
        }
        self.radius = radius
        return true
    }
}

/// Writes dots into a ``DotBatch`` during ``DotBatch/updateDots(_:)``: the batch's positions and
/// colour indices, borrowed for the call.
public struct DotWriter {
    @usableFromInline let positions: UnsafeMutableBufferPointer<Point>
    @usableFromInline let colorIndices: UnsafeMutableBufferPointer<UInt8>
    @usableFromInline let paletteCount: Int
    /// How many writes were rejected so far.
    public internal(set) var rejectedCount = 0
    /// The dot index of the first rejected write (−1 if none).
    public internal(set) var firstRejectedIndex = -1

    init(positions: UnsafeMutableBufferPointer<Point>, colorIndices: UnsafeMutableBufferPointer<UInt8>, paletteCount: Int) {
        self.positions = positions
        self.colorIndices = colorIndices
        self.paletteCount = paletteCount
    }

    /// The number of dots.
    @inlinable public var count: Int { positions.count }

    /// Moves dot `index` to `position` and draws it in `palette[colorIndex]`. False, and no
    /// change, for an index outside `0..<count`, a non-finite position or a colour index outside
    /// the palette (counted in ``rejectedCount``).
    @inlinable @discardableResult
    public mutating func set(_ index: Int, position: Point, colorIndex: Int) -> Bool {
        guard UInt(bitPattern: index) < UInt(positions.count), position.x.isFinite, position.y.isFinite,
              UInt(bitPattern: colorIndex) < UInt(paletteCount) else {
            reject(index)
            return false
        }
        positions[index] = position
        colorIndices[index] = UInt8(truncatingIfNeeded: colorIndex)
        return true
    }

    @usableFromInline mutating func reject(_ index: Int) {
        if rejectedCount == 0 { firstRejectedIndex = index }
        rejectedCount += 1
    }
}
