// The storage both engine tables share: rows of a small struct in one raw buffer, handed out and
// taken back through a free list.

/// Rows of `Row` in one raw buffer (no reference counting, no uniqueness, bounds or exclusivity
/// checks on the frame pass's path), reallocated only when the table grows. A freed row is reused
/// before a new one is made, last freed first, so the table never grows beyond the largest number
/// of rows in use at once.
///
/// A table keeps one of these per group of fields the frame pass reads together, each row a plain
/// struct whose fields have defaults: a new field is one line in that struct.
@usableFromInline
struct PackedRows<Row> {
    /// The rows: `rows[i]` reads and writes row `i` in place.
    @usableFromInline var rows: UnsafeMutablePointer<Row> = .allocate(capacity: 0)
    /// Rows handed out so far (in use or free): a pass runs over `0..<count`.
    private(set) var count = 0
    private var capacity = 0
    /// Freed rows, reused last first.
    private var freeRows: [Int32] = []
    /// The capacity of the first buffer; each later one doubles it.
    private let initialCapacity: Int

    init(initialCapacity: Int) { self.initialCapacity = initialCapacity }

    /// Rows in use.
    var liveCount: Int { count - freeRows.count }

    /// Takes a row and sets it to `row`; when it reuses a freed row, `carry` first copies what
    /// must outlive one owner (a generation count) from the old row into `row`.
    mutating func allocate(_ row: Row, carryingOver carry: (_ old: Row, _ new: inout Row) -> Void = { _, _ in }) -> Int {
        if let reused = freeRows.popLast() {
            let r = Int(reused)
            var new = row
            carry(rows[r], &new)
            rows[r] = new
            return r
        }
        if count == capacity { grow() }
        (rows + count).initialize(to: row)
        count += 1
        return count - 1
    }

    /// Takes `r` back; the caller has marked the row free for the passes.
    mutating func release(_ r: Int) {
        freeRows.append(Int32(r))
    }

    private mutating func grow() {
        capacity = Swift.max(initialCapacity, capacity * 2)
        let new = UnsafeMutablePointer<Row>.allocate(capacity: capacity)
        new.moveInitialize(from: rows, count: count)
        rows.deallocate()
        rows = new
    }

    /// Frees the buffer (the engine's deinit).
    func deallocate() {
        rows.deinitialize(count: count)
        rows.deallocate()
    }
}
