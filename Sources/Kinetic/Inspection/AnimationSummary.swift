// What an inspector needs to sort and group live animations without snapshotting their values.

/// The identity of one live animation, without its values: enough to sort, name and group
/// thousands of animations (``AnimationEngine/liveAnimationSummaries()``) before taking a full
/// ``AnimationInspection`` of the few an inspector shows (``AnimationEngine/liveAnimations(ids:)``).
///
/// A spring or decay gives one without allocating (its label is stored; an unlabelled one's is
/// empty), so 10,000 springs cost 10,000 small values, not 40,000 arrays.
public struct AnimationSummary: Equatable, Sendable {
    /// The animation's id (``AnimationInspection/id``).
    public var id: Int
    /// What drives it.
    public var kind: AnimationInspection.Kind
    /// The first labelled property's label (`"drawer.center"`), or empty: its
    /// ``AnimationInspection/name`` is then `"<kind> <id>"`.
    public var label: String
    /// Whether it is moving now.
    public var isRunning: Bool

    /// A summary with the given fields.
    public init(id: Int, kind: AnimationInspection.Kind, label: String, isRunning: Bool) {
        self.id = id
        self.kind = kind
        self.label = label
        self.isRunning = isRunning
    }

    /// The summary of a full snapshot: its label is its name unless that name is the
    /// `"<kind> <id>"` fallback.
    public init(_ inspection: AnimationInspection) {
        let fallback = inspection.kind.rawValue + " " + String(inspection.id)
        self.init(id: inspection.id, kind: inspection.kind,
                  label: inspection.name == fallback ? "" : inspection.name, isRunning: inspection.isRunning)
    }
}

extension AnimationEngine {
    /// Every live animation of ``liveAnimations()``, by increasing id, as a summary: no values
    /// are read and (for springs and decays) nothing is allocated but the array.
    public func liveAnimationSummaries() -> [AnimationSummary] {
        var list: [AnimationSummary] = []
        list.reserveCapacity(animators.count + physicsAnimations.count)
        for animator in animators where animator.isListedForInspection {
            list.append(AnimationSummary(animator.inspection()))
        }
        var sorted = true
        for client in physicsAnimations {
            guard let summary = client.inspectionSummary() else { continue }
            if let last = list.last, last.id > summary.id { sorted = false }
            list.append(summary)
        }
        if !sorted { list.sort { $0.id < $1.id } }
        return list
    }

    /// The snapshots of the live animations whose ids are in `ids` (ascending, as
    /// ``liveAnimationSummaries()`` gives them), by increasing id; ids not live are skipped.
    /// Costs a summary per live animation and a snapshot per id asked for.
    public func liveAnimations(ids: [Int]) -> [AnimationInspection] {
        guard !ids.isEmpty else { return [] }
        func wanted(_ id: Int) -> Bool {
            var lo = 0, hi = ids.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if ids[mid] < id { lo = mid + 1 } else { hi = mid }
            }
            return lo < ids.count && ids[lo] == id
        }
        var list: [AnimationInspection] = []
        for animator in animators where animator.isListedForInspection && wanted(animator.animationID) {
            list.append(animator.inspection())
        }
        for client in physicsAnimations {
            guard let summary = client.inspectionSummary(), wanted(summary.id),
                  let inspection = client.inspection() else { continue }
            list.append(inspection)
        }
        list.sort { $0.id < $1.id }
        return list
    }
}
