// A uniform grid over dot positions, so a pointer finds the dots near it without visiting all.
import Kinetic

/// Buckets points into square cells (a counting sort, rebuilt in one pass), so the dots within
/// a distance of a pointer's path are found by visiting the few cells around it instead of
/// every dot: for ten thousand dots and a 40-point reach, a pointer move visits a few hundred.
///
/// Points outside the grid's rectangle go into its edge cells, so every point is found.
struct DotGrid {
    /// The top-left corner of the gridded rectangle.
    let origin: Point
    /// The side of a cell, in points (> 0).
    let cellSize: Double
    let columns: Int
    let rows: Int
    /// `items[starts[c] ..< starts[c + 1]]` are the indices of the points in cell `c`.
    private(set) var starts: [Int32]
    private(set) var items: [Int32] = []
    /// Each point's cell, kept between rebuilds to reuse its storage.
    private var cells: [Int32] = []

    /// A grid of cells of `cellSize` points covering `rect`.
    init(covering rect: Rect, cellSize: Double) {
        origin = rect.origin
        self.cellSize = cellSize > 0 && cellSize.isFinite ? cellSize : 1
        columns = Swift.max(1, Int((rect.width / self.cellSize).rounded(.up)))
        rows = Swift.max(1, Int((rect.height / self.cellSize).rounded(.up)))
        starts = Array(repeating: 0, count: columns * rows + 1)
    }

    /// The column and row of `p`, clamped to the grid.
    func cell(_ p: Point) -> (column: Int, row: Int) {
        (clampedIndex((p.x - origin.x) / cellSize, columns), clampedIndex((p.y - origin.y) / cellSize, rows))
    }

    private func clampedIndex(_ v: Double, _ count: Int) -> Int {
        guard v.isFinite, v > 0 else { return 0 }
        return v >= Double(count - 1) ? count - 1 : Int(v)
    }

    /// Re-buckets `positions` (index i is point i).
    mutating func rebuild(_ positions: [Point]) {
        let cellCount = columns * rows
        for c in 0...cellCount { starts[c] = 0 }
        if cells.count != positions.count { cells = [Int32](repeating: 0, count: positions.count) }
        for (i, p) in positions.enumerated() {
            let c = cell(p)
            let index = c.row * columns + c.column
            cells[i] = Int32(index)
            starts[index + 1] += 1
        }
        for c in 0..<cellCount { starts[c + 1] += starts[c] }
        if items.count != positions.count { items = [Int32](repeating: 0, count: positions.count) }
        var next = starts
        for i in 0..<positions.count {
            let c = Int(cells[i])
            items[Int(next[c])] = Int32(i)
            next[c] += 1
        }
    }

    /// Calls `body` with the index of every point in the cells that `rect` touches (a superset
    /// of the points inside it).
    func forEachCandidate(in rect: Rect, _ body: (Int) -> Void) {
        let lo = cell(Point(x: rect.minX, y: rect.minY)), hi = cell(Point(x: rect.maxX, y: rect.maxY))
        for row in lo.row...hi.row {
            let first = Int(starts[row * columns + lo.column]), last = Int(starts[row * columns + hi.column + 1])
            for k in first..<last { body(Int(items[k])) }
        }
    }
}
