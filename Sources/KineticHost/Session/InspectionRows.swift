// The Studio inspector's rows: live animations named as a reader knows them, like ones grouped.
import Kinetic
import KineticScene

/// One row of the Studio's timeline (``HostSession/inspectionRows()``): a live animation, one
/// item of a dynamic animator, or a group of like animations shown as one row with a count.
public struct InspectionRow: Equatable, Sendable {
    /// A group of like animations (the same kind, and names that differ only in their numbers:
    /// `"spring 12"`, `"spring 13"`… or `"box3.center"`, `"box4.center"`…) shown as one row.
    public struct Group: Equatable, Sendable {
        /// The group's key, stable while its members live: the kind and the family name
        /// (`"spring:spring"` for unlabelled springs, `"dynamics:box#"` for a pyramid's boxes),
        /// what ``HostSession/setInspectionGroup(_:expanded:)`` takes.
        public var key: String
        /// How many animations it holds.
        public var count: Int
        /// How many of them are running.
        public var running: Int
        /// Whether its members are listed after it (up to ``HostSession/expandedGroupLimit``).
        public var isExpanded: Bool
    }

    /// Unique among the rows of one call and stable from call to call: the animation's id
    /// (`"12"`), the id and the item for a dynamic item (`"3/item4"`), `"group:"` and the
    /// group's key for a group.
    public var key: String
    /// The animation's snapshot, renamed: a dynamic item's row holds that item's properties
    /// only and is named after the item (`"item4"`); a group's row is its first running member
    /// (else its first) under the family's name: its names with each run of digits as `#`
    /// (`"box#"`), or the kind for unlabelled animations (`"spring"`).
    public var inspection: AnimationInspection
    /// Set for a group's row.
    public var group: Group?
    /// For an expanded group's members: the group's key.
    public var memberOf: String?
    /// Whether it moves only nodes that are not in the scene's tree (a demo's hidden shadow
    /// copies, `pane.shadow.*`): internal machinery a page hides unless asked.
    public var isInternal: Bool
}

extension HostSession {
    /// Like animations beyond this many become one group row (a dynamics exhibit's 12 items
    /// stay rows of their own; the stress demo's 10,000 springs become one).
    public static let groupThreshold = 16
    /// The most members an expanded group lists.
    public static let expandedGroupLimit = 40

    /// Expands (`expanded` true) or collapses the group `key` (an ``InspectionRow/Group/key``)
    /// in later ``inspectionRows()``; any key is accepted (a group may come and go).
    public func setInspectionGroup(_ key: String, expanded: Bool) {
        expandedInspectionGroups.removeAll { $0 == key }
        if expanded { expandedInspectionGroups.append(key) }
    }

    /// The shown scene's live animations as the Studio's timeline lists them, by increasing id:
    ///
    /// - a dynamic animator (kind `dynamics`) gives one row per item, named after the item
    ///   (the label's part before its last dot: `"item3"` for `"item3.center"`), so each item
    ///   appears once under its own name;
    /// - more than ``groupThreshold`` animations of one kind whose names differ only in their
    ///   digits (`"spring 12"`, or unlabelled springs) become one row with a count
    ///   (``InspectionRow/group``), followed, if expanded, by its first
    ///   ``expandedGroupLimit`` members;
    /// - a row whose labelled properties all belong to nodes outside the scene's tree is
    ///   ``InspectionRow/isInternal``.
    ///
    /// Only the rows shown are snapshotted: 10,000 springs cost 10,000 summaries and one
    /// snapshot. Empty with no scene shown.
    public func inspectionRows() -> [InspectionRow] {
        guard let hosted else { return [] }
        let scene = hosted.scene, engine = scene.engine
        let summaries = engine.liveAnimationSummaries()

        // Candidates: a summary each, except dynamic animators, split into items at once (few).
        struct Candidate {
            var id: Int
            var kind: AnimationInspection.Kind
            var name: String
            var isRunning: Bool
            var row: InspectionRow?   // already snapshotted (a dynamic item)
        }
        var candidates: [Candidate] = []
        candidates.reserveCapacity(summaries.count)
        let dynamicsIDs = summaries.filter { $0.kind == .dynamics }.map { $0.id }
        var dynamics = engine.liveAnimations(ids: dynamicsIDs)[...]
        for summary in summaries {
            if summary.kind == .dynamics, let animator = dynamics.first, animator.id == summary.id {
                dynamics = dynamics.dropFirst()
                for row in HostSession.itemRows(of: animator) {
                    candidates.append(Candidate(id: summary.id, kind: .dynamics, name: row.inspection.name,
                                                isRunning: row.inspection.isRunning, row: row))
                }
            } else {
                candidates.append(Candidate(id: summary.id, kind: summary.kind, name: summary.label,
                                            isRunning: summary.isRunning, row: nil))
            }
        }

        // Families: the kind and the name with each run of digits as "#" (an unlabelled
        // animation's name is its kind's).
        var familyOf: [Int] = []
        var families: [(key: String, members: [Int])] = []
        familyOf.reserveCapacity(candidates.count)
        var lastFamily = -1
        var unlabelledKeys: [(AnimationInspection.Kind, String)] = []   // built once per kind, not per spring
        for (i, c) in candidates.enumerated() {
            let key: String
            if !c.name.isEmpty {
                key = c.kind.rawValue + ":" + HostSession.familyName(c.name)
            } else if let known = unlabelledKeys.first(where: { $0.0 == c.kind }) {
                key = known.1
            } else {
                key = c.kind.rawValue + ":" + c.kind.rawValue
                unlabelledKeys.append((c.kind, key))
            }
            // Like animations usually come together (made in one loop): try the last family first.
            var f = lastFamily >= 0 && families[lastFamily].key == key ? lastFamily : -1
            if f < 0 { f = families.firstIndex { $0.key == key } ?? -1 }
            if f < 0 {
                families.append((key, []))
                f = families.count - 1
            }
            families[f].members.append(i)
            familyOf.append(f)
            lastFamily = f
        }

        // What to show: each candidate of a small family; a group's first running member (its
        // row) and, expanded, its first members.
        enum Slot { case single(Int), group(family: Int, representative: Int), member(family: Int, candidate: Int) }
        var slots: [Slot] = []
        var isGroup = [Bool](repeating: false, count: families.count)
        for (f, family) in families.enumerated() where family.members.count > HostSession.groupThreshold { isGroup[f] = true }
        var emitted = [Bool](repeating: false, count: families.count)
        for (i, _) in candidates.enumerated() {
            let f = familyOf[i]
            guard isGroup[f] else { slots.append(.single(i)); continue }
            guard !emitted[f] else { continue }
            emitted[f] = true
            let members = families[f].members
            let representative = members.first { candidates[$0].isRunning } ?? members[0]
            slots.append(.group(family: f, representative: representative))
            if expandedInspectionGroups.contains(families[f].key) {
                for m in members.prefix(HostSession.expandedGroupLimit) { slots.append(.member(family: f, candidate: m)) }
            }
        }

        // Snapshot what is shown and is not yet.
        var wanted: [Int] = []
        for slot in slots {
            switch slot {
            case .single(let i), .group(_, let i), .member(_, let i):
                if candidates[i].row == nil { wanted.append(candidates[i].id) }
            }
        }
        wanted.sort()
        var snapshots: [Int: AnimationInspection] = [:]
        for inspection in engine.liveAnimations(ids: wanted) { snapshots[inspection.id] = inspection }
        func row(_ i: Int) -> InspectionRow? {
            if let row = candidates[i].row { return row }
            guard let inspection = snapshots[candidates[i].id] else { return nil }
            return InspectionRow(key: String(inspection.id), inspection: inspection, group: nil, memberOf: nil, isInternal: false)
        }

        var rows: [InspectionRow] = []
        for slot in slots {
            switch slot {
            case .single(let i):
                if let r = row(i) { rows.append(r) }
            case .group(let f, let i):
                guard var r = row(i) else { continue }
                let family = families[f]
                let running = family.members.reduce(0) { $0 + (candidates[$1].isRunning ? 1 : 0) }
                let name = family.key.split(separator: ":", maxSplits: 1).last.map(String.init) ?? family.key
                r.inspection.name = name
                r.key = "group:" + family.key
                r.group = InspectionRow.Group(key: family.key, count: family.members.count, running: running,
                                              isExpanded: expandedInspectionGroups.contains(family.key))
                rows.append(r)
            case .member(let f, let i):
                guard var r = row(i) else { continue }
                r.memberOf = families[f].key
                rows.append(r)
            }
        }
        for k in rows.indices { rows[k].isInternal = HostSession.isInternal(rows[k].inspection, in: scene) }
        return rows
    }

    /// `name` with every run of ASCII digits replaced by one `#` (`"spring 12"` → `"spring #"`).
    static func familyName(_ name: String) -> String {
        var out: [UInt8] = []
        var inDigits = false
        for b in name.utf8 {
            if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
                if !inDigits { out.append(UInt8(ascii: "#")) }
                inDigits = true
            } else {
                out.append(b)
                inDigits = false
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A dynamic animator's rows: one per item, its properties those whose label starts with
    /// the item's name (the label before its last dot), in the animator's order.
    static func itemRows(of animator: AnimationInspection) -> [InspectionRow] {
        var rows: [InspectionRow] = []
        for property in animator.properties {
            let item = itemName(of: property.name)
            if let k = rows.lastIndex(where: { $0.inspection.name == item }) {
                rows[k].inspection.properties.append(property)
                continue
            }
            var inspection = animator
            inspection.name = item
            inspection.properties = [property]
            rows.append(InspectionRow(key: String(animator.id) + "/" + item, inspection: inspection,
                                      group: nil, memberOf: nil, isInternal: false))
        }
        if rows.isEmpty {
            rows.append(InspectionRow(key: String(animator.id), inspection: animator, group: nil, memberOf: nil, isInternal: false))
        }
        return rows
    }

    /// The item a property label names: the label before its last dot (`"item3"` for
    /// `"item3.center"`); the label itself without a dot; `"item"` for an empty label.
    static func itemName(of label: String) -> String {
        guard !label.isEmpty else { return "item" }
        guard let dot = label.utf8.lastIndex(of: UInt8(ascii: ".")), dot != label.utf8.startIndex else { return label }
        return String(decoding: label.utf8[..<dot], as: UTF8.self)
    }

    /// Whether every labelled property of `inspection` belongs to a node outside `scene`'s tree
    /// (and it has at least one labelled property).
    static func isInternal(_ inspection: AnimationInspection, in scene: Scene) -> Bool {
        var labelled = false
        for property in inspection.properties where !property.name.isEmpty {
            labelled = true
            if scene.root.animatableProperty(labelled: property.name) != nil { return false }
        }
        return labelled
    }
}
