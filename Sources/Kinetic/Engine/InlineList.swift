// A list whose first element is stored inline: a property's tracks, an animator's properties and
// its pending animation blocks are almost always none or one, and then they allocate nothing.

/// A list like an array (indices `0..<count`, appending, removing, replacing) whose first
/// element is stored inline (`head`) and only the others in an array (`tail`). A property's
/// tracks use it so that the common read (one animation on a property) touches no other heap
/// object than the property itself; an animator uses it so that starting one with one
/// property and one animation block allocates no array.
@usableFromInline
struct InlineList<Element>: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    @usableFromInline var head: Element?
    @usableFromInline var tail: [Element]

    @inlinable init() {
        head = nil
        tail = []
    }

    @inlinable var startIndex: Int { 0 }
    @inlinable var endIndex: Int { head == nil ? 0 : 1 &+ tail.count }
    @inlinable var isEmpty: Bool { head == nil }

    @inlinable subscript(position: Int) -> Element {
        get { position == 0 ? head! : tail[position &- 1] }
        set {
            if position == 0 { head = newValue } else { tail[position &- 1] = newValue }
        }
    }

    @usableFromInline mutating func append(_ element: Element) {
        if head == nil { head = element } else { tail.append(element) }
    }

    @usableFromInline mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        head = nil
        tail.removeAll(keepingCapacity: keepCapacity)
    }

    /// Removes the elements `shouldBeRemoved` picks, keeping the others in order, in place (no
    /// allocation). The predicate sees the tail's elements before the head.
    @usableFromInline mutating func removeAll(where shouldBeRemoved: (Element) -> Bool) {
        guard let first = head else { return }
        tail.removeAll(where: shouldBeRemoved)
        if shouldBeRemoved(first) { head = tail.isEmpty ? nil : tail.removeFirst() }
    }

    @usableFromInline mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
        where C.Element == Element
    {
        var all: [Element] = []
        all.reserveCapacity(count - subrange.count + newElements.count)
        all.append(contentsOf: self)
        all.replaceSubrange(subrange, with: newElements)
        self = InlineList(all)
    }

    @usableFromInline init(_ elements: [Element]) {
        head = elements.first
        tail = elements.count > 1 ? Array(elements.dropFirst()) : []
    }
}

/// The additive tracks of an ``AnimatedProperty``, oldest first.
@usableFromInline
typealias PropertyTrackList<Value: AnimatableValue> = InlineList<PropertyTrack<Value>>

extension InlineList {
    /// The slot of track `i` (no copy of the track, so no retain of its segment).
    @inlinable @inline(__always) func slot<Value>(_ i: Int) -> Int where Element == PropertyTrack<Value> {
        i == 0 ? head.unsafelyUnwrapped.slot : tail[i &- 1].slot
    }
    @inlinable @inline(__always) func delta<Value>(_ i: Int) -> Value where Element == PropertyTrack<Value> {
        i == 0 ? head.unsafelyUnwrapped.delta : tail[i &- 1].delta
    }
    @inlinable @inline(__always) func initialVelocity<Value>(_ i: Int) -> Value where Element == PropertyTrack<Value> {
        i == 0 ? head.unsafelyUnwrapped.initialVelocity : tail[i &- 1].initialVelocity
    }
}
