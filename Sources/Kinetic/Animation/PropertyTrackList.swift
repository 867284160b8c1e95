// A property's tracks: the first inline in the property, the rest in an array, so the common
// read (one animation on a property) touches no other heap object than the property itself.

/// The additive tracks of an ``AnimatedProperty``, oldest first. Most properties carry none or
/// one, so the first is stored inline (`head`) and only the others go to an array (`tail`).
/// A collection like an array: indices `0..<count`, appending, removing, replacing.
@usableFromInline
struct PropertyTrackList<Value: AnimatableValue>: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    @usableFromInline var head: PropertyTrack<Value>?
    @usableFromInline var tail: [PropertyTrack<Value>]

    @inlinable init() {
        head = nil
        tail = []
    }

    @inlinable var startIndex: Int { 0 }
    @inlinable var endIndex: Int { head == nil ? 0 : 1 &+ tail.count }
    @inlinable var isEmpty: Bool { head == nil }

    @inlinable subscript(position: Int) -> PropertyTrack<Value> {
        get { position == 0 ? head! : tail[position &- 1] }
        set {
            if position == 0 { head = newValue } else { tail[position &- 1] = newValue }
        }
    }

    /// The slot of track `i` (no copy of the track, so no retain of its segment).
    @inlinable @inline(__always) func slot(_ i: Int) -> Int {
        i == 0 ? head.unsafelyUnwrapped.slot : tail[i &- 1].slot
    }
    @inlinable @inline(__always) func delta(_ i: Int) -> Value {
        i == 0 ? head.unsafelyUnwrapped.delta : tail[i &- 1].delta
    }
    @inlinable @inline(__always) func initialVelocity(_ i: Int) -> Value {
        i == 0 ? head.unsafelyUnwrapped.initialVelocity : tail[i &- 1].initialVelocity
    }

    @usableFromInline mutating func append(_ track: PropertyTrack<Value>) {
        if head == nil { head = track } else { tail.append(track) }
    }

    @usableFromInline mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        head = nil
        tail.removeAll(keepingCapacity: keepCapacity)
    }

    @usableFromInline mutating func removeAll(where shouldBeRemoved: (PropertyTrack<Value>) -> Bool) {
        guard let first = head else { return }
        if tail.isEmpty {
            if shouldBeRemoved(first) { head = nil }
            return
        }
        var all = [first]
        all.append(contentsOf: tail)
        all.removeAll(where: shouldBeRemoved)
        self = PropertyTrackList(all)
    }

    @usableFromInline mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
        where C.Element == PropertyTrack<Value>
    {
        var all: [PropertyTrack<Value>] = []
        all.reserveCapacity(count - subrange.count + newElements.count)
        all.append(contentsOf: self)
        all.replaceSubrange(subrange, with: newElements)
        self = PropertyTrackList(all)
    }

    @usableFromInline init(_ tracks: [PropertyTrack<Value>]) {
        head = tracks.first
        tail = tracks.count > 1 ? Array(tracks.dropFirst()) : []
    }
}
