// Time travel over the input log: seek by exact replay, and the log as a gesture script, both ways.
import Kinetic
import KineticScene

extension HostSession {
    /// Shows the scene as it was at `time` (seconds on the session's clock), by replaying its
    /// logged input on a fresh scene up to the last frame at or before `time`: at a logged
    /// frame's time, every value the scene draws (``renderList()``) is, bit for bit, what it was
    /// live. The calls after that point stay logged, so a later seek can go forward again,
    /// until the first pointer event or advancing frame continues a new branch of history. A page
    /// that pauses and seeks should set its clock to ``sceneTime``. Returns false, changing
    /// nothing, with no scene shown or a NaN `time`. The edge cases and the cost are in
    /// <doc:ReplayingASession>.
    @discardableResult
    public func seek(to time: Double) -> Bool {
        replay(to: time, fromStart: false, recording: false)
    }

    /// ``seek(to:)``, always from a fresh scene when `fromStart` (after the timing overrides
    /// changed, the shown scene is no replay of the log any more), and with the watched
    /// property recorded at every replayed frame when `recording`.
    func replay(to time: Double, fromStart: Bool, recording: Bool) -> Bool {
        guard index >= 0, !time.isNaN else { return false }
        let length = log.prefixLength(upTo: time)
        // Forward: the shown scene is the replay of the first `delivered` calls already (held
        // frames while a future is kept change nothing, and drawing reads only), so the rest
        // continues on it. Back: a fresh scene from the start.
        // (Not if input went unlogged past the log's bound: the scene is then ahead of it.)
        let from = !fromStart && !hasUnloggedInput && length >= log.delivered ? log.delivered : 0
        // The watched property, found again by its label in the rebuilt scene once it is there
        // (as `watch(property:)` finds it: in the tree, or among the live animations).
        let watchedLabel = recording ? recorder.property?.label ?? "" : ""
        if !watchedLabel.isEmpty { recorder.stopWatching() }
        if from == 0 { remake() }
        guard let hosted else { return false }
        isReplaying = true
        for input in log.inputs[from..<length] {
            if input.isFrame {
                advance(hosted, to: input.time)
                if !watchedLabel.isEmpty, recorder.isWatching || watch(property: watchedLabel) { recorder.record() }
            } else if let event = input.event {
                pointer(event)
            } else if let frame = input.layout {
                layout(input.pointer, frame: frame, time: input.time)
            } else if let present = input.pagePresence {
                presence(input.pointer, present, time: input.time)
            }
        }
        isReplaying = false
        log.rewind(to: length)
        return true
    }

    /// The recorded session: the pointer events (and a page's layouts) logged since the
    /// selection, the future a seek back left included (what the page's scrubber spans, so what
    /// is exported is what the page shows, wherever its playhead is), as a gesture script
    /// (``GestureScript``'s format, as `kinetic render --script` reads it); empty with no scene.
    ///
    /// Times are seconds after the selection (logged time − ``sceneStartTime``), positions
    /// scene points, all in Swift's shortest round-tripping form, so parsing the script gives
    /// those events bit for bit. Only the events the scene accepted are written (not, say, a
    /// hovering mouse's moves, which it rejects), so the script is always valid. The last line
    /// is `end` at the last logged frame's time (or the last event's, if later).
    public func script() -> String {
        guard index >= 0 else { return "" }
        var out = "# \(entries[index].name): the input since the selection, times in seconds after it\n"
        var down: [Int] = []
        var end = 0.0
        for input in log.inputs {
            let t = input.time - sceneStartTime
            if let frame = input.layout {
                // A page's measured layout: `page` for the page's size, `layout KEY` for an element
                // (a key a script cannot hold is left out; see PageLayout.adopt(_:)).
                guard t >= end else { continue }
                if input.pointer == -1 {
                    out += "\(t) page \(frame.width) \(frame.height)\n"
                } else if let key = pageKey(input.pointer), PageLayout.isScriptableKey(key) {
                    out += "\(t) layout \(key) \(frame.minX) \(frame.minY) \(frame.width) \(frame.height)\n"
                }
                end = Swift.max(end, t)
                continue
            }
            if let present = input.pagePresence {
                guard t >= end else { continue }
                if let key = pageKey(input.pointer), PageLayout.isScriptableKey(key) {
                    out += "\(t) \(present ? "insert" : "remove") \(key)\n"
                }
                end = Swift.max(end, t)
                continue
            }
            if input.isFrame {
                end = Swift.max(end, t)
                continue
            }
            // Accepted events are never earlier than the frame before them; the check keeps
            // the script valid whatever a scene's `handle` accepts.
            guard input.accepted, t >= end else { continue }
            let isDown = down.contains(input.pointer)
            let verb: String
            switch input.phase {
            case .down:
                guard !isDown else { continue }
                down.append(input.pointer)
                verb = "down"
            case .moved:
                guard isDown else { continue }
                verb = "move"
            default:
                guard isDown else { continue }
                down.removeAll { $0 == input.pointer }
                verb = input.phase == .up ? "up" : "cancel"
            }
            out += "\(t) \(verb) \(input.pointer) \(input.location.x) \(input.location.y)\n"
            end = Swift.max(end, t)
        }
        out += "\(end) end\n"
        return out
    }

    /// Re-selects the shown scene and replays a gesture script into it (``GestureScript``'s
    /// format, times in seconds after the selection), so the page continues from its end:
    /// the fresh scene starts at ``sceneTime`` − the script's `end`, each event is sent through
    /// ``pointer(_:)`` at start + its time, with a frame every 1/60 s from the start
    /// (a frame's events first) and one at the end. Everything is logged as live input, so
    /// ``seek(to:)`` and ``script()`` cover the imported span.
    ///
    /// Throws, changing nothing, with no scene shown ("no scene is shown"), a script that does
    /// not parse (the parse error, naming the line), or one longer than
    /// ``maximumRecordingFrames`` frames at 60 Hz (`1e308 end`), the limit
    /// ``record(_:script:fps:)`` and `kinetic render` apply, checked before any frame runs.
    public func importScript(_ source: String) throws(Refusal) {
        guard index >= 0 else { throw Refusal("no scene is shown") }
        let parsed: GestureScript
        do throws(GestureScript.ParseError) {
            parsed = try GestureScript(parsing: source)
        } catch {
            throw Refusal(error.message)
        }
        // Unbounded, `1e308 end` would run frames for ever and freeze the page's tab.
        guard parsed.end * 60 <= Double(HostSession.maximumRecordingFrames) else {
            throw Refusal("the script is too long to import: its end is \(parsed.end) s, more than the \(HostSession.maximumRecordingFrames) frames at 60 Hz (about \(HostSession.maximumRecordingFrames / 60) s) one replay may run")
        }
        let start = sceneTime - parsed.end
        sceneStartTime = start
        log.removeAll()
        remake()
        guard let hosted else { return }
        var next = 0
        var frame = 0
        while true {
            let offset = Swift.min(Double(frame) / 60, parsed.end)
            while next < parsed.events.count, parsed.events[next].time <= offset {
                var event = parsed.events[next]
                event.time += start
                pointer(event)
                next += 1
            }
            advance(hosted, to: start + offset)
            if offset >= parsed.end { break }
            frame += 1
        }
    }
}
