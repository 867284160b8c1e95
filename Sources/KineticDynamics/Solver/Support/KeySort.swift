// An in-place sort for the step's per-step lists (pair keys, touch records): no allocation, unlike
// the standard library's stable sort, which takes a scratch buffer every call.

import Kinetic

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

extension KeySort {
    /// Ascending sort of broad-phase pair keys (`a << 32 | b`, `a` a body index below
    /// `starts.count - 1`): a counting sort on `a` into `scratch`, then an insertion sort back into
    /// `keys` that only reorders within each body's few pairs. O(n + bodies) instead of
    /// O(n log n), no allocation (`scratch` holds at least `keys.count`, `starts` one more than the
    /// bodies). Keys whose high half is out of range fall back to `sort`. Equal keys are equal
    /// values, so the result is the same as `sort`'s.
    static func sortPairKeys(_ keys: UnsafeMutableBufferPointer<UInt64>, scratch: UnsafeMutableBufferPointer<UInt64>,
                             starts: UnsafeMutableBufferPointer<Int32>) {
        let n = keys.count
        let buckets = starts.count - 1
        guard n > 1 else { return }
        if n >= 64 && buckets > 0 && scratch.count >= n {
            for b in 0...buckets { starts[b] = 0 }
            for k in 0..<n {
                let b = Int(keys[k] >> 32)
                if b >= buckets { sort(keys); return }
                starts[b + 1] += 1
            }
            for b in 0..<buckets { starts[b + 1] += starts[b] }
            for k in 0..<n {
                let key = keys[k]
                let b = Int(key >> 32)
                scratch[Int(starts[b])] = key
                starts[b] += 1
            }
            for k in 0..<n {
                let item = scratch[k]
                var m = k - 1
                while m >= 0 && keys[m] > item {
                    keys[m + 1] = keys[m]
                    m -= 1
                }
                keys[m + 1] = item
            }
            return
        }
        sort(keys)
    }
}
