// Timing overrides by animation name: an engine's, and a host session's for every engine it makes.

/// Timing overrides by animation name, in the order their names were first set; setting a name
/// again replaces its override. What an engine consults (see
/// ``AnimationEngine/setTimingOverride(_:forAnimationsNamed:)``), and what a host keeps to give
/// every engine it makes.
package struct TimingOverrides {
    /// The overrides, in the order their names were first set.
    package private(set) var entries: [(name: String, timing: TimingOverride)] = []

    package init() {}

    /// Whether no override is set.
    package var isEmpty: Bool { entries.isEmpty }

    /// Sets the override of `name` to `timing`, replacing the one it had.
    package mutating func set(_ timing: TimingOverride, for name: String) {
        if let i = entries.firstIndex(where: { $0.name == name }) {
            entries[i].timing = timing
        } else {
            entries.append((name: name, timing: timing))
        }
    }

    /// Removes the override of `name`, if any.
    package mutating func remove(_ name: String) {
        entries.removeAll { $0.name == name }
    }

    /// Removes every override.
    package mutating func removeAll() {
        entries.removeAll()
    }

    /// The override of `name`, or nil.
    package subscript(name: String) -> TimingOverride? {
        for entry in entries where entry.name == name { return entry.timing }
        return nil
    }
}
