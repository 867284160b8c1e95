// Graph colouring of a step's contacts (Box2D v3's constraint graph colours, in small): the
// order the solver meets the active contacts in, and the buffers that order is built with.

import Kinetic

/// Orders a step's active contacts by graph colour, as Box2D v3 solves them: in the order it is
/// given (`interleave`d key order) each contact takes the lowest colour neither of its moving
/// bodies has yet (a body with no inverse mass takes none), so a colour's contacts share no moving
/// body; the solver then meets the contacts colour by colour, four at a time (`bundleStarts`),
/// each colour in key order (the contact list's: its reads then run forward through memory; the
/// order within a colour changes no bit, as its contacts share no moving body) and the overflow
/// in the given order. The same contacts get the same colours on every platform.
/// Nothing here outlives a step: every buffer is rewritten before it is read.
///
/// Meeting the contacts in this interleaved order rather than key order settles a tall stack
/// closer to rest, and more so with fewer substeps.
struct ContactColouring {
    /// The number of graph colours; a contact that finds all of them taken goes last.
    static let colourCount = 32

    /// Each body's colours taken.
    private var masks: [UInt32] = []
    /// Each slot's colour, in the order `order` leaves the contacts in.
    private(set) var colours: [UInt8] = []
    /// The contacts in colour order (swapped with the caller's list, so both keep their capacity).
    private var ordered = StepArray<Int32>()
    /// Each contact's colour by its index in the contact list, `unused` for those not active.
    private var colourOfContact: [UInt8] = []
    private static let unused = UInt8.max
    /// The counting sort's count, then first slot, of each colour (kept, so a step allocates nothing).
    private var starts = [Int](repeating: 0, count: colourCount + 2)
    /// The first slot of each bundle the solver sweeps at once, and one past the last slot: a
    /// colour's slots `width` by `width`, then the overflow's one by one (they may share bodies).
    let bundleStarts = StepArray<Int32>()
    /// How many bundles `bundleStarts` describes.
    var bundleCount: Int { max(bundleStarts.count - 1, 0) }

    /// Reorders `active` (indices into the world's `contactCount` contacts, in key order) by
    /// colour; `colours` then holds each slot's colour. `ends` holds each active contact's moving
    /// bodies, by contact index (`ContactEnds`), below `bodyCount`.
    /// `width` is the bundles' number of lanes (`bundleStarts`), clamped to 1…4: a bundle has four.
    mutating func order(_ active: inout StepArray<Int32>, ends: [ContactEnds], contactCount: Int, bodyCount: Int, width: Int = 4) {
        let width = min(max(width, 1), 4)
        let count = active.count
        if masks.count < bodyCount {
            masks.append(contentsOf: repeatElement(0, count: bodyCount - masks.count))
        }
        ordered.grow(to: count, with: 0)
        if colours.count < count {
            colours.append(contentsOf: repeatElement(0, count: count - colours.count))
        }
        colourOfContact.removeAll(keepingCapacity: true)
        colourOfContact.append(contentsOf: repeatElement(Self.unused, count: contactCount))
        let overflow = Self.colourCount
        for colour in starts.indices { starts[colour] = 0 }
        starts.withUnsafeMutableBufferPointer { starts in
        masks.withUnsafeMutableBufferPointer { masks in
        colours.withUnsafeMutableBufferPointer { colours in
        ordered.withUnsafeMutableBufferPointer { coloured in
        colourOfContact.withUnsafeMutableBufferPointer { colourOfContact in
        active.withUnsafeBufferPointer { active in
        ends.withUnsafeBufferPointer { ends in
            for slot in 0..<count {
                let e = ends[Int(active[slot])]
                if e.movingA >= 0 { masks[Int(e.movingA)] = 0 }
                if e.movingB >= 0 { masks[Int(e.movingB)] = 0 }
            }
            for slot in 0..<count {
                let e = ends[Int(active[slot])]
                let a = Int(e.movingA), b = Int(e.movingB)
                let movesA = a >= 0, movesB = b >= 0
                let taken = (movesA ? masks[a] : 0) | (movesB ? masks[b] : 0)
                let colour = taken == UInt32.max ? overflow : (~taken).trailingZeroBitCount
                if colour < overflow {
                    if movesA { masks[a] |= 1 << UInt32(colour) }
                    if movesB { masks[b] |= 1 << UInt32(colour) }
                }
                colourOfContact[Int(active[slot])] = UInt8(colour)
                starts[colour + 1] += 1
            }
            // A counting sort by colour: the colours in contact order, the overflow (whose
            // contacts may share bodies) in the given order.
            for colour in 0...overflow { starts[colour + 1] += starts[colour] }
            for k in colourOfContact.indices where colourOfContact[k] < overflow {
                let colour = Int(colourOfContact[k])
                coloured[starts[colour]] = Int32(k)
                starts[colour] += 1
            }
            for slot in 0..<count where Int(colourOfContact[Int(active[slot])]) == overflow {
                coloured[starts[overflow]] = active[slot]
                starts[overflow] += 1
            }
            // The colours in the new order (each colour's range now ends where `starts` points).
            var begin = 0
            bundleStarts.removeAll()
            for colour in 0...overflow {
                for slot in begin..<starts[colour] { colours[slot] = UInt8(colour) }
                let lanes = colour < overflow ? width : 1
                for first in stride(from: begin, to: starts[colour], by: lanes) { bundleStarts.append(Int32(first)) }
                begin = starts[colour]
            }
            bundleStarts.append(Int32(count))
        }
        }
        }
        }
        }
        }
        }
        swap(&active, &ordered)
        active.removeLast(active.count - count)
    }

    /// The order `order` meets the contacts in: four quarters of the key order interleaved when
    /// there are at least 16 (`scratch` is the buffer it is built in, swapped with `active`).
    /// Greedy colours depend on that order; key order itself gives other, equally valid colours,
    /// and the tests' exact figures assume this one.
    static func interleave(_ active: inout StepArray<Int32>, scratch: inout StepArray<Int32>) {
        let lanes = 4
        let n = active.count
        guard n >= 4 * lanes else { return }
        scratch.removeAll()
        scratch.append(repeating: 0, count: n)
        let quarter = (n + lanes - 1) / lanes
        scratch.withUnsafeMutableBufferPointer { out in
        active.withUnsafeBufferPointer { active in
            var j = 0
            for i in 0..<quarter {
                for lane in 0..<lanes {
                    let k = lane * quarter + i
                    if k < n { out[j] = active[k]; j += 1 }
                }
            }
        }
        }
        swap(&active, &scratch)
    }
}
