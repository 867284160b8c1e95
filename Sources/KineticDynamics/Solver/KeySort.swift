// An in-place sort for the step's per-step lists (pair keys, touch records): no allocation, unlike
// the standard library's stable sort, which takes a scratch buffer every call.

import Kinetic

/// Something sorted by a 64-bit key.
protocol SortKeyed { var sortKey: UInt64 { get } }

extension UInt64: SortKeyed { @inline(__always) var sortKey: UInt64 { self } }
extension TouchRecord: SortKeyed { @inline(__always) var sortKey: UInt64 { key } }

enum KeySort {
    /// Ascending by `sortKey`: quicksort (median of three, smaller side first so the recursion
    /// depth stays O(log n)) down to runs of 16, then insertion sort. Deterministic: the result
    /// depends only on the input order, even for equal keys.
    static func sort<T: SortKeyed>(_ a: UnsafeMutableBufferPointer<T>) {
        guard a.count > 1 else { return }
        quicksort(a, 0, a.count - 1)
        insertionSort(a, 0, a.count - 1)
    }

    private static func quicksort<T: SortKeyed>(_ a: UnsafeMutableBufferPointer<T>, _ low: Int, _ high: Int) {
        var lo = low, hi = high
        while hi - lo > 16 {
            let mid = lo + (hi - lo) / 2
            if a[mid].sortKey < a[lo].sortKey { a.swapAt(mid, lo) }
            if a[hi].sortKey < a[lo].sortKey { a.swapAt(hi, lo) }
            if a[hi].sortKey < a[mid].sortKey { a.swapAt(hi, mid) }
            let pivot = a[mid].sortKey
            var i = lo, j = hi
            while i <= j {
                while a[i].sortKey < pivot { i += 1 }
                while a[j].sortKey > pivot { j -= 1 }
                if i <= j { a.swapAt(i, j); i += 1; j -= 1 }
            }
            if j - lo < hi - i {
                quicksort(a, lo, j); lo = i
            } else {
                quicksort(a, i, hi); hi = j
            }
        }
    }

    private static func insertionSort<T: SortKeyed>(_ a: UnsafeMutableBufferPointer<T>, _ lo: Int, _ hi: Int) {
        if hi <= lo { return }
        for k in (lo + 1)...hi {
            let item = a[k]
            let key = item.sortKey
            var m = k - 1
            while m >= lo && a[m].sortKey > key {
                a[m + 1] = a[m]
                m -= 1
            }
            a[m + 1] = item
        }
    }
}
