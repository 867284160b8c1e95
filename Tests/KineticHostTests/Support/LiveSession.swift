// A demo driven through HostSession as a browser drives it, with what every frame showed.
import Testing
import Kinetic
import KineticScene
@testable import KineticHost
import KineticDemos
import KineticTestSupport

/// What one frame showed: the engine time, the encoded render list and every channel's
/// (model, presentation, velocity), all as bit patterns so that equality is bit for bit.
struct FrameSnapshot: Equatable {
    let time: Double
    let numbers: [UInt64]
    let bytes: [UInt8]
    let channels: [UInt64]

    init(_ session: HostSession) {
        time = session.sceneTime
        let encoding = session.encoding
        numbers = encoding.numbers.map(\.bitPattern)
        bytes = encoding.bytes
        var values: [UInt64] = []
        for c in session.hosted!.channels {
            let s = c.sample()
            values += [s.model.bitPattern, s.presentation.bitPattern, s.velocity.bitPattern]
        }
        channels = values
    }
}

/// A demo on a ``HostSession`` fed one of `gestures/*.txt` the way a browser feeds the
/// page: selected at an arbitrary clock time, frames 1/60 s apart ±15 % with every 40th frame
/// dropped, each event at its own timestamp before the first frame at or after it, and a
/// hovering second pointer whose moves (every 7th frame) the scene rejects.
struct LiveSession {
    let session = HostSession(entries: DemoCatalog.entries)
    let start: Double
    let script: GestureScript
    /// What each frame showed, live.
    private(set) var frames: [FrameSnapshot] = []
    /// The index of the first frame after each `up` (a release: a throw, a tap's end).
    private(set) var releases: [Int] = []

    init(scene: String, script name: String? = nil, start: Double = 4_321.123_456_789, seed: UInt64 = 19,
         duration: Double? = nil, timing: (override: TimingOverride, name: String)? = nil) throws {
        self.start = start
        script = try GestureScript(parsing: try readTextFile(repositoryRoot + "/gestures/\(name ?? scene).txt"))
        let index = try #require(DemoCatalog.entries.firstIndex { $0.name == scene })
        #expect(session.select(index, at: start))
        if let timing {
            // Retuned from the start: the fresh scene is made again on an engine with the override.
            #expect(session.setTimingOverride(timing.override, forAnimationsNamed: timing.name))
            #expect(session.replayWithTimingOverrides())
        }
        var random = SeededGenerator(seed: seed)
        var offset = 0.0, next = 0, frame = 0
        let end = duration ?? script.end + 0.5
        while offset <= end {
            var sawUp = false
            while next < script.events.count, script.events[next].time <= offset {
                var e = script.events[next]
                e.time = start + e.time
                session.pointer(e)
                sawUp = sawUp || e.phase == .up
                next += 1
            }
            if frame % 7 == 3 {   // a mouse hovering: rejected (no down), logged, not scripted
                #expect(!session.pointer(.move(42, Point(x: 10 + Double(frame), y: 20), at: start + offset)))
            }
            #expect(session.frame(at: start + offset))
            frames.append(FrameSnapshot(session))
            if sawUp { releases.append(frames.count - 1) }
            frame += 1
            offset += (frame % 40 == 0 ? 2.0 : 1.0) / 60 * (0.85 + 0.3 * random.unit())
        }
    }
}
