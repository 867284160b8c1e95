// The Studio timeline's rows: like tracks grouped with a count, dynamic items by name, internal
// tracks flagged, on the real demos.
import Foundation
import Testing
import Kinetic
import KineticScene
@testable import KineticHost
@testable import KineticDemos

@Suite("Inspection rows")
struct InspectionRowsTests {
    /// A session showing the demo `name`, at scene time 0.
    func session(showing name: String) throws -> HostSession {
        let session = HostSession(entries: DemoCatalog.entries)
        let index = try #require(session.entries.firstIndex { $0.name == name })
        #expect(session.select(index, at: 0))
        return session
    }

    @Test func tenThousandMovingSpringsAreOneRowWithTheirCount() throws {
        let session = try session(showing: "stress")
        let stress = try #require(session.hosted as? StressDemo)
        for i in 0..<10_000 { stress.dots.kick(i, velocity: Point(x: 100, y: 0)) }
        session.frame(at: 0.1)
        #expect(stress.engine.liveAnimationSummaries().count == 10_000)
        var rows = session.inspectionRows()
        #expect(rows.count == 1)
        let group = try #require(rows.first?.group)
        #expect(group == InspectionRow.Group(key: "spring:spring", count: 10_000, running: 10_000, isExpanded: false))
        #expect(rows[0].key == "group:spring:spring" && rows[0].inspection.name == "spring" && !rows[0].isInternal)
        // The row is the first member's snapshot: the first dot's spring, moving right.
        let first = stress.engine.liveAnimations(ids: [rows[0].inspection.id])
        #expect(first.count == 1 && first[0].properties == rows[0].inspection.properties)
        #expect(rows[0].inspection.properties[0].velocity[0] > 0)

        // Expanded: the group's row, then its first 40 members under their own names.
        session.setInspectionGroup("spring:spring", expanded: true)
        rows = session.inspectionRows()
        #expect(rows.count == 1 + HostSession.expandedGroupLimit && HostSession.expandedGroupLimit == 40)
        #expect(rows[0].group?.isExpanded == true)
        let members = rows.dropFirst()
        #expect(members.allSatisfy { $0.memberOf == "spring:spring" && $0.group == nil })
        #expect(members.map(\.inspection.name) == members.map { "spring " + String($0.inspection.id) })
        #expect(Set(members.map(\.key)).count == 40)
        session.setInspectionGroup("spring:spring", expanded: false)
        #expect(session.inspectionRows().count == 1)

        // The JSON the page parses: one row, a few hundred bytes instead of megabytes.
        let inspection = try #require(session.inspect())
        #expect(inspection.rows == 1)
        #expect(inspection.json.utf8.count < 600)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(inspection.json.utf8)) as? [[String: Any]])
        let g = try #require(parsed[0]["group"] as? [String: Any])
        #expect(g["count"] as? Int == 10_000 && g["running"] as? Int == 10_000 && g["expanded"] as? Bool == false)
        #expect(parsed[0]["key"] as? String == "group:spring:spring" && parsed[0]["internal"] as? Bool == false)
    }

    @Test func aFewLikeSpringsStayRowsOfTheirOwn() throws {
        let session = try session(showing: "stress")
        let stress = try #require(session.hosted as? StressDemo)
        for i in 0..<HostSession.groupThreshold { stress.dots.kick(i * 7, velocity: Point(x: 0, y: 50)) }
        session.frame(at: 0.1)
        let rows = session.inspectionRows()
        #expect(rows.count == 16 && rows.allSatisfy { $0.group == nil && $0.key == String($0.inspection.id) })
        stress.dots.kick(1, velocity: Point(x: 0, y: 50))
        #expect(session.inspectionRows().map(\.group?.count) == [17])
    }

    @Test func eachDynamicItemIsOneRowUnderItsOwnName() throws {
        let session = try session(showing: "dynamics")
        let demo = try #require(session.hosted as? DynamicsDemo)
        // Throw item3 (a box of the gravity exhibit) up and to the right, as a person would.
        var t = 0.5
        for _ in 0..<30 { t += 1.0 / 60; session.frame(at: t) }
        let item = demo.items[3]
        let start = try #require(item.convert(Point(x: item.bounds.width / 2, y: item.bounds.height / 2), to: demo.scene.root))
        session.pointer(.down(1, start, at: t))
        for k in 1...6 {
            t += 1.0 / 60
            session.pointer(.move(1, Point(x: start.x + Double(k) * 8, y: start.y - Double(k) * 12), at: t))
            session.frame(at: t)
        }
        session.pointer(.up(1, Point(x: start.x + 48, y: start.y - 72), at: t))
        for _ in 0..<10 { t += 1.0 / 60; session.frame(at: t) }

        let rows = session.inspectionRows()
        let names = rows.map(\.inspection.name)
        #expect(names == (0..<10).map { "item\($0)" }, "\(names)")
        #expect(Set(rows.map(\.key)).count == rows.count)
        #expect(rows.allSatisfy { $0.inspection.kind == .dynamics && !$0.isInternal && $0.group == nil })
        // item3's row holds item3's properties only, and it moves (it was thrown up).
        let item3 = rows[3]
        #expect(item3.inspection.properties.allSatisfy { $0.name.hasPrefix("item3.") })
        #expect(item3.inspection.properties.first?.name == "item3.center")
        #expect(item3.key == String(item3.inspection.id) + "/item3")
    }

    @Test func thePyramidsBoxesAreOneGroupBesideTheBall() throws {
        let session = try session(showing: "pyramid")
        let pyramid = try #require(session.hosted as? PyramidDemo)
        pyramid.throwBall()
        var t = 0.0
        for _ in 0..<6 { t += 1.0 / 60; session.frame(at: t) }
        let rows = session.inspectionRows()
        let group = try #require(rows.first { $0.group != nil })
        #expect(group.group?.count == 210 && group.group?.key == "dynamics:box#" && group.inspection.name == "box#")
        #expect(group.key == "group:dynamics:box#" && group.inspection.properties.allSatisfy { $0.name.hasPrefix("box") })
        #expect(rows.filter { $0.group == nil }.map(\.inspection.name) == ["ball"])
    }

    @Test func thePanesHiddenShadowsAreInternal() throws {
        let session = try session(showing: "pane")
        // Throw the pane up: the spring moves the pane, Dynamics and POP its two hidden shadows.
        var t = 0.2
        session.frame(at: t)
        session.pointer(.down(1, Point(x: 187, y: 620), at: t))
        for k in 1...9 {
            t += 1.0 / 60
            session.pointer(.move(1, Point(x: 187, y: 620 - Double(k) * 17), at: t))
            session.frame(at: t)
        }
        session.pointer(.up(1, Point(x: 187, y: 467), at: t))
        t += 1.0 / 60
        session.frame(at: t)
        let rows = session.inspectionRows()
        let hidden = rows.filter(\.isInternal).map(\.inspection.name).sorted()
        let own = rows.filter { !$0.isInternal }.map(\.inspection.name)
        #expect(hidden.count >= 2 && hidden.allSatisfy { $0.hasPrefix("pane.shadow.") }, "\(hidden)")
        let ownPane = own.contains { name in name.hasPrefix("pane") && !name.hasPrefix("pane.shadow.") }
        #expect(ownPane, "\(own)")
    }

    @Test func familiesDifferOnlyInTheirDigits() {
        #expect(HostSession.familyName("spring 12") == "spring #")
        #expect(HostSession.familyName("box3.center") == "box#.center")
        #expect(HostSession.familyName("row12.cell345.alpha") == "row#.cell#.alpha")
        #expect(HostSession.familyName("drawer.center") == "drawer.center")
        #expect(HostSession.itemName(of: "item3.center") == "item3")
        #expect(HostSession.itemName(of: "pane.shadow.dynamics.center") == "pane.shadow.dynamics")
        #expect(HostSession.itemName(of: "ball") == "ball" && HostSession.itemName(of: "") == "item")
    }
}
