// A fixed-capacity ring of one property's samples, for an inspector's curves.

/// Records one property's model, presentation and velocity at each frame into a ring of fixed
/// capacity, so an inspector can draw the curves of the property it has selected.
///
/// ```swift
/// let recorder = PropertyRecorder(capacity: 600)        // 10 s at 60 Hz
/// recorder.watch(drawer.$center)
/// // each frame, after engine.tick(at:):
/// recorder.record()
/// ```
///
/// A sample is ``stride`` doubles (see ``copySamples(into:)``). Only ``watch(_:)`` allocates;
/// ``record()`` writes in place, and returns at once with nothing watched.
public final class PropertyRecorder {
    /// The most samples kept: the newest ones. 1…1,000,000 (the initializer clamps).
    public let capacity: Int
    /// The property recorded, if any.
    public private(set) var property: (any InspectableProperty)?
    /// The components of the watched property's value (0 with none).
    public private(set) var componentCount = 0
    /// The samples held, at most ``capacity``.
    public private(set) var count = 0
    /// The samples recorded since ``watch(_:)``, including those overwritten since.
    public private(set) var recordedCount = 0
    /// The ring: `capacity` samples of ``stride`` doubles.
    private var ring: [Double] = []
    /// Where the next sample goes, in samples.
    private var next = 0

    /// A recorder keeping the last `capacity` samples (clamped to 1…1,000,000).
    public init(capacity: Int = 600) {
        self.capacity = Swift.min(Swift.max(capacity, 1), 1_000_000)
    }

    /// The doubles per sample: `1 + 3 × componentCount`.
    public var stride: Int { 1 + 3 * componentCount }

    /// Whether a property is watched.
    public var isWatching: Bool { property != nil }

    /// How many doubles the ring can hold without growing (for checking that recording never
    /// allocates).
    public var storageCapacity: Int { ring.capacity }

    /// Starts recording `property` afresh (the samples held are dropped).
    ///
    /// It allocates the ring (``capacity`` × ``stride`` doubles) unless the one it has is big
    /// enough.
    public func watch(_ property: any InspectableProperty) {
        self.property = property
        componentCount = property.valueComponentCount
        let needed = capacity * stride
        if ring.count < needed {
            ring = [Double](repeating: 0, count: needed)
        }
        count = 0
        recordedCount = 0
        next = 0
    }

    /// Stops recording and drops the samples (the ring's storage is kept for the next watch).
    public func stopWatching() {
        property = nil
        componentCount = 0
        count = 0
        recordedCount = 0
        next = 0
    }

    /// Appends a sample of the watched property at its engine's time, overwriting the oldest
    /// once ``capacity`` are held. Does nothing with nothing watched. Never allocates.
    public func record() {
        guard let property else { return }
        let stride = self.stride
        let base = next * stride
        ring.withUnsafeMutableBufferPointer { buffer in
            buffer[base] = property.engine.time
            property.writeComponents(into: buffer, at: base + 1)
        }
        next = next + 1 == capacity ? 0 : next + 1
        if count < capacity { count += 1 }
        recordedCount += 1
    }

    /// Replaces `samples` with the samples held, oldest first, ``stride`` doubles each: the
    /// engine's time, then the ``componentCount`` components of the model, of the presentation
    /// and of the velocity (``AnimatableValue/forEachComponent(_:)``):
    /// `[t, m₀…mₙ₋₁, p₀…pₙ₋₁, v₀…vₙ₋₁]`.
    public func copySamples(into samples: inout [Double]) {
        samples.removeAll(keepingCapacity: true)
        let stride = self.stride
        let first = count < capacity ? 0 : next
        for i in 0..<count {
            let base = ((first + i) % capacity) * stride
            samples.append(contentsOf: ring[base..<(base + stride)])
        }
    }
}
