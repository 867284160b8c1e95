// The WebAssembly C ABI: a thin layer moving numbers between the page and `HostSession.current`.
//
// Every decision about animation lives in Swift; these functions only move numbers across the
// boundary, through buffers of their own that the page reads in place. A SwiftPM target, so `swift build` type-checks it natively (the functions are then
// ordinary C symbols, and the tests call them); Scripts/build-web compiles it as Embedded Swift
// for wasm32 and exports every `@_expose(wasm, …)` name below. The app's `@main` (exported as
// `__main_argc_argv`) must have run first: it sets `HostSession.current` to the app's scenes.
//
// Exports (all i32/f64):
//   kinetic_format_version() -> i32                   RenderListEncoder.formatVersion
//   kinetic_layout_count() -> i32                     entries of RenderListEncoder.layout
//   kinetic_layout_name(i) -> i32                     entry i's name → text; its length (0 out of range)
//   kinetic_layout_value(i) -> i32                    entry i's value (-1 out of range)
//   kinetic_scene_count() -> i32                      number of scenes
//   kinetic_describe(index, field) -> i32             field 0 name, 1 title, 2 description, 3 hint → text; its length
//                                                     (empty for a bad index or another field)
//   kinetic_select(index, time) -> i32                show scene `index`, engine clock at `time` s; 1 ok,
//                                                     0 (nothing changes) for a bad index or a
//                                                     non-finite time
//   kinetic_pointer(phase, id, x, y, time) -> i32     phase 0 down 1 move 2 up 3 cancel; 1 accepted,
//                                                     0 rejected (another phase: nothing is sent)
//   kinetic_frame(time) -> i32                        advance to `time` s and encode; the command count
//   kinetic_numbers() / kinetic_numbers_length()      the encoding's f64 values (RenderListEncoder), in place
//   kinetic_bytes() / kinetic_bytes_length()          its string table, UTF-8, in place: strings stay at their
//                                                     offsets until the header's bytesVersion changes
//   kinetic_text() / kinetic_text_length()            the last text (describe, layout name, record)
//   kinetic_input(length) -> ptr                      a buffer for the page to write UTF-8 into;
//                                                     0 (and the buffer emptied) for a length
//                                                     outside 0...1 MiB or a failed allocation
//   kinetic_record(index, length, fps) -> i32         run scene `index` under the script in the
//                                                     input buffer; frames (or -1, text = error:
//                                                     bad index, length beyond the input, fps
//                                                     not in (0, 1000], over 100000 frames);
//                                                     text = channel names
//   kinetic_recording() / kinetic_recording_length()  its f64 values, frame × channel × (model, presentation, velocity)
//   kinetic_inspect() -> i32                          the shown scene's timeline rows as JSON → text
//                                                     (HostSession.inspectionRows, InspectionJSON);
//                                                     their count, -1 with no scene
//   kinetic_inspect_group(length, expanded) -> i32    expand (1) or collapse (0) the row group whose
//                                                     key is the UTF-8 in the input buffer; 1 ok
//   kinetic_watch(id, property) -> i32                record property `property` (0 first) of live
//                                                     animation `id` at every frame; 1 ok
//   kinetic_watch_label(length) -> i32                record the property labelled by the UTF-8 in
//                                                     the input buffer ("drawer.center"); 1 ok
//   kinetic_unwatch()                                 stop recording, drop the samples
//   kinetic_samples() -> i32                          copy the recorded samples (oldest first, at
//                                                     most HostSession.recorderCapacity) into the
//                                                     sample buffer; their count
//   kinetic_sample_stride() -> i32                    f64 values per sample: 1 + 3 × components
//   kinetic_sample_values() / kinetic_sample_values_length()
//                                                     the samples: per sample [time, model…,
//                                                     presentation…, velocity…], each `components` long
//   kinetic_seek(time) -> i32                         show the scene as it was at `time` s, by exact
//                                                     replay of its logged input (HostSession.seek);
//                                                     1 ok (the encoding is updated), 0 no scene or NaN
//   kinetic_scene_time() -> f64                       the shown scene's engine time (0 with no scene)
//   kinetic_scene_start_time() -> f64                 the time it was selected at (0 with no scene)
//   kinetic_logged_end_time() -> f64                  the last logged frame's time: how far a seek goes
//   kinetic_script() -> i32                           the logged input as a gesture script → text; its length
//   kinetic_test_source(length) -> i32                a Swift Testing file replaying it → text; its length,
//                                                     or -1 (text = why). With length > 0 the input
//                                                     buffer holds "[@testable ]MODULE SCENES" (e.g.
//                                                     "@testable Card CardApp.scenes"; MODULE a Swift
//                                                     identifier, SCENES identifiers joined by dots); 0 (or no
//                                                     argument): the demos, "KineticDemos DemoCatalog.entries";
//                                                     other input: -1
//   kinetic_import_script(length) -> i32              replay the script in the input buffer into the
//                                                     shown scene (HostSession.importScript); 1 ok
//                                                     (the encoding is updated), 0 (text = the error; a
//                                                     script longer than 100,000 frames at 60 Hz too)
//   kinetic_set_timing(length) -> i32                 the input buffer holds "NAME\nTIMING" (a timing spec,
//                                                     HostSession.setTimingOverride(spec:), e.g.
//                                                     "drawer.transform\nspring 1 300 20"): NAME's animations
//                                                     run with it in every replay; 1 ok, 0 (text = why)
//   kinetic_clear_timings()                           drop every timing override
//   kinetic_replay() -> i32                           replay the whole logged session from the start with
//                                                     the current overrides (HostSession.replayWithTimingOverrides);
//                                                     1 ok (the encoding is updated), 0 no scene
//   kinetic_set_motion_policy(policy) -> i32          0 full, 1 reduced, 2 none (the page's switch and
//                                                     prefers-reduced-motion); 1 ok, 0 another value
//   kinetic_page_count() -> i32                       elements the shown scene adopted from the page (PageLayout)
//   kinetic_page_key(i) -> i32                        element i's key (its id) → text; its length (0 out of range)
//   kinetic_page_layout(i, x, y, w, h, time) -> i32   element i's measured layout box (i = -1: the page's
//                                                     size), logged at `time`; 1 ok, 0 refused
//   kinetic_page_presence(i, present, time) -> i32    the page inserted (1) or removed (0) element i at `time`;
//                                                     1 ok, 0 refused (another code, bad index)
//   kinetic_page_style_stride() -> i32                f64 values per element in the styles (HostSession.pageStyleStride)
//   kinetic_page_styles() / kinetic_page_styles_length()
//                                                     the shown instant's styles (after the last frame,
//                                                     seek, import or replay): per element CSS matrix
//                                                     a b c d tx ty (transform-origin 0 0), opacity,
//                                                     state (0 present, 1 exiting, 2 gone)
//
// Every entry validates its arguments and never traps: a bad index, phase, NaN or infinite
// time or position gives 0 (select, pointer, frame: nothing changes) or -1 (record).

import Kinetic
import KineticScene
import KineticHost

/// The case a C ABI code stands for: `cases[code]`, nil for a code outside them.
func decoded<Case>(_ code: Int32, _ cases: [Case]) -> Case? {
    code >= 0 && Int(code) < cases.count ? cases[Int(code)] : nil
}

extension PointerEvent.Phase {
    /// `kinetic_pointer`'s phase codes, in order: 0 down, 1 move, 2 up, 3 cancel.
    static var wasmCodes: [PointerEvent.Phase] { [.down, .moved, .up, .cancelled] }
}

extension SceneEntry.Field {
    /// `kinetic_describe`'s field codes, in order: 0 name, 1 title, 2 description, 3 hint.
    static var wasmCodes: [SceneEntry.Field] { [.name, .title, .description, .hint] }
}

extension MotionPolicy {
    /// `kinetic_set_motion_policy`'s codes, in order: 0 full, 1 reduced, 2 none.
    static var wasmCodes: [MotionPolicy] { [.full, .reduced, .none] }
}

// The buffers the page reads in place, out of WebAssembly memory.
nonisolated(unsafe) var text = InPlaceBuffer<UInt8>()
nonisolated(unsafe) var input = InPlaceBuffer<UInt8>()
nonisolated(unsafe) var recording = InPlaceBuffer<Double>()
nonisolated(unsafe) var samples = InPlaceBuffer<Double>()
/// The shown scene's render list, as the page last drew it.
nonisolated(unsafe) var encoder = RenderListEncoder()
/// Its page elements' styles (`HostSession.pageStyles`), as the page last wrote them.
nonisolated(unsafe) var pageStyles = InPlaceBuffer<Double>()

/// Writes `s` into the text buffer; its length in bytes.
func setText(_ s: String) -> Int32 {
    text.set(Array(s.utf8))
    return Int32(text.count)
}

/// Writes why a call was refused into the text buffer; returns `code`, the call's refusal code.
func refused(_ message: String, _ code: Int32) -> Int32 {
    _ = setText(message)
    return code
}

/// Encodes the shown scene as it is now into the buffers the page draws from: its render list
/// into `encoder`, its page elements' styles into `pageStyles`; the render list's command count
/// (0, and nothing written, with no scene).
func publishEncoding(_ session: HostSession) -> Int32 {
    guard let list = session.renderList() else { return 0 }
    encoder.encode(list)
    session.encodePageStyles(into: pageStyles)
    return Int32(list.commands.count)
}

/// The first `length` bytes of the input buffer as a string (nil for a length outside it).
func inputText(_ length: Int32) -> String? {
    guard length >= 0, Int(length) <= input.count else { return nil }
    return String(decoding: UnsafeBufferPointer(start: input.base, count: Int(length)), as: UTF8.self)
}

@_expose(wasm, "kinetic_format_version") @_cdecl("kinetic_format_version")
public func kinetic_format_version() -> Int32 { Int32(RenderListEncoder.formatVersion) }

@_expose(wasm, "kinetic_layout_count") @_cdecl("kinetic_layout_count")
public func kinetic_layout_count() -> Int32 { Int32(RenderListEncoder.layout.count) }

@_expose(wasm, "kinetic_layout_name") @_cdecl("kinetic_layout_name")
public func kinetic_layout_name(_ index: Int32) -> Int32 {
    setText(decoded(index, RenderListEncoder.layout)?.name ?? "")
}

@_expose(wasm, "kinetic_layout_value") @_cdecl("kinetic_layout_value")
public func kinetic_layout_value(_ index: Int32) -> Int32 {
    decoded(index, RenderListEncoder.layout).map { Int32($0.value) } ?? -1
}

@_expose(wasm, "kinetic_scene_count") @_cdecl("kinetic_scene_count")
public func kinetic_scene_count() -> Int32 { Int32(HostSession.current.entries.count) }

@_expose(wasm, "kinetic_describe") @_cdecl("kinetic_describe")
public func kinetic_describe(_ index: Int32, _ field: Int32) -> Int32 {
    guard let field = decoded(field, SceneEntry.Field.wasmCodes) else { return setText("") }
    return setText(HostSession.current.describe(Int(index), field: field))
}

@_expose(wasm, "kinetic_select") @_cdecl("kinetic_select")
public func kinetic_select(_ index: Int32, _ time: Double) -> Int32 {
    HostSession.current.select(Int(index), at: time) ? 1 : 0
}

@_expose(wasm, "kinetic_pointer") @_cdecl("kinetic_pointer")
public func kinetic_pointer(_ phase: Int32, _ id: Int32, _ x: Double, _ y: Double, _ time: Double) -> Int32 {
    guard let phase = decoded(phase, PointerEvent.Phase.wasmCodes) else { return 0 }
    return HostSession.current.pointer(PointerEvent(phase, pointer: Int(id), at: Point(x: x, y: y), time: time)) ? 1 : 0
}

@_expose(wasm, "kinetic_frame") @_cdecl("kinetic_frame")
public func kinetic_frame(_ time: Double) -> Int32 {
    let session = HostSession.current
    guard session.frame(at: time) else { return 0 }
    return publishEncoding(session)
}

@_expose(wasm, "kinetic_numbers") @_cdecl("kinetic_numbers")
public func kinetic_numbers() -> UnsafePointer<Double> { encoder.numbersAddress }
@_expose(wasm, "kinetic_numbers_length") @_cdecl("kinetic_numbers_length")
public func kinetic_numbers_length() -> Int32 { Int32(encoder.numberCount) }
@_expose(wasm, "kinetic_bytes") @_cdecl("kinetic_bytes")
public func kinetic_bytes() -> UnsafePointer<UInt8> { encoder.bytesAddress }
@_expose(wasm, "kinetic_bytes_length") @_cdecl("kinetic_bytes_length")
public func kinetic_bytes_length() -> Int32 { Int32(encoder.byteCount) }
@_expose(wasm, "kinetic_text") @_cdecl("kinetic_text")
public func kinetic_text() -> UnsafeMutablePointer<UInt8> { text.base }
@_expose(wasm, "kinetic_text_length") @_cdecl("kinetic_text_length")
public func kinetic_text_length() -> Int32 { Int32(text.count) }

@_expose(wasm, "kinetic_input") @_cdecl("kinetic_input")
public func kinetic_input(_ length: Int32) -> UnsafeMutablePointer<UInt8>? {
    guard HostSession.acceptsInputLength(Int(length)) else {
        input.removeAll()
        return nil
    }
    return input.resize(to: Int(length)) ? input.base : nil
}

@_expose(wasm, "kinetic_record") @_cdecl("kinetic_record")
public func kinetic_record(_ index: Int32, _ length: Int32, _ fps: Double) -> Int32 {
    recording.set([])
    guard let script = inputText(length) else { return refused("bad arguments", -1) }
    do throws(HostSession.Refusal) {
        let run = try HostSession.current.record(Int(index), script: script, fps: fps)
        recording.set(run.values)
        var names = ""
        for (i, name) in run.channels.enumerated() { names += (i == 0 ? "" : ",") + name }
        _ = setText(names)
        return Int32(run.frames)
    } catch {
        return refused(error.message, -1)
    }
}

@_expose(wasm, "kinetic_recording") @_cdecl("kinetic_recording")
public func kinetic_recording() -> UnsafeMutablePointer<Double> { recording.base }
@_expose(wasm, "kinetic_recording_length") @_cdecl("kinetic_recording_length")
public func kinetic_recording_length() -> Int32 { Int32(recording.count) }

@_expose(wasm, "kinetic_inspect") @_cdecl("kinetic_inspect")
public func kinetic_inspect() -> Int32 {
    guard let inspection = HostSession.current.inspect() else { return refused("[]", -1) }
    _ = setText(inspection.json)
    return Int32(inspection.rows)
}

@_expose(wasm, "kinetic_inspect_group") @_cdecl("kinetic_inspect_group")
public func kinetic_inspect_group(_ length: Int32, _ expanded: Int32) -> Int32 {
    guard let key = inputText(length) else { return 0 }
    HostSession.current.setInspectionGroup(key, expanded: expanded != 0)
    return 1
}

@_expose(wasm, "kinetic_watch") @_cdecl("kinetic_watch")
public func kinetic_watch(_ id: Int32, _ property: Int32) -> Int32 {
    HostSession.current.watch(animation: Int(id), property: Int(property)) ? 1 : 0
}

@_expose(wasm, "kinetic_watch_label") @_cdecl("kinetic_watch_label")
public func kinetic_watch_label(_ length: Int32) -> Int32 {
    guard let label = inputText(length) else { return 0 }
    return HostSession.current.watch(property: label) ? 1 : 0
}

@_expose(wasm, "kinetic_unwatch") @_cdecl("kinetic_unwatch")
public func kinetic_unwatch() {
    HostSession.current.unwatch()
    samples.set([])
}

@_expose(wasm, "kinetic_samples") @_cdecl("kinetic_samples")
public func kinetic_samples() -> Int32 {
    let session = HostSession.current
    samples.set(session.samples())
    return Int32(session.recorder.count)
}

@_expose(wasm, "kinetic_sample_stride") @_cdecl("kinetic_sample_stride")
public func kinetic_sample_stride() -> Int32 { Int32(HostSession.current.recorder.stride) }
@_expose(wasm, "kinetic_sample_values") @_cdecl("kinetic_sample_values")
public func kinetic_sample_values() -> UnsafeMutablePointer<Double> { samples.base }
@_expose(wasm, "kinetic_sample_values_length") @_cdecl("kinetic_sample_values_length")
public func kinetic_sample_values_length() -> Int32 { Int32(samples.count) }
@_expose(wasm, "kinetic_seek") @_cdecl("kinetic_seek")
public func kinetic_seek(_ time: Double) -> Int32 {
    let session = HostSession.current
    guard session.seek(to: time) else { return 0 }
    _ = publishEncoding(session)
    return 1
}

@_expose(wasm, "kinetic_scene_time") @_cdecl("kinetic_scene_time")
public func kinetic_scene_time() -> Double { HostSession.current.sceneTime }

@_expose(wasm, "kinetic_scene_start_time") @_cdecl("kinetic_scene_start_time")
public func kinetic_scene_start_time() -> Double { HostSession.current.sceneStartTime }

@_expose(wasm, "kinetic_logged_end_time") @_cdecl("kinetic_logged_end_time")
public func kinetic_logged_end_time() -> Double { HostSession.current.loggedEndTime }

@_expose(wasm, "kinetic_script") @_cdecl("kinetic_script")
public func kinetic_script() -> Int32 { setText(HostSession.current.script()) }

@_expose(wasm, "kinetic_test_source") @_cdecl("kinetic_test_source")
public func kinetic_test_source(_ length: Int32) -> Int32 {
    let session = HostSession.current
    guard let options = inputText(length) else { return refused("bad arguments", -1) }
    var words = options.split(separator: " ").map { String($0) }
    let testable = words.first == "@testable"
    if testable { words.removeFirst() }
    guard words.isEmpty || words.count == 2 else {
        return refused("expected \"[@testable ]MODULE SCENES\", e.g. \"@testable Card CardApp.scenes\"", -1)
    }
    do throws(HostSession.Refusal) {
        let source = words.isEmpty
            ? try session.testSource()
            : try session.testSource(module: words[0], scenes: words[1], testable: testable)
        return setText(source)
    } catch {
        return refused(error.message, -1)
    }
}

@_expose(wasm, "kinetic_import_script") @_cdecl("kinetic_import_script")
public func kinetic_import_script(_ length: Int32) -> Int32 {
    let session = HostSession.current
    guard let script = inputText(length) else { return refused("bad arguments", 0) }
    do throws(HostSession.Refusal) {
        try session.importScript(script)
    } catch {
        return refused(error.message, 0)
    }
    _ = publishEncoding(session)
    return 1
}

@_expose(wasm, "kinetic_set_timing") @_cdecl("kinetic_set_timing")
public func kinetic_set_timing(_ length: Int32) -> Int32 {
    guard let spec = inputText(length) else { return refused("bad arguments", 0) }
    do throws(HostSession.Refusal) {
        try HostSession.current.setTimingOverride(spec: spec)
    } catch {
        return refused(error.message, 0)
    }
    return 1
}

@_expose(wasm, "kinetic_clear_timings") @_cdecl("kinetic_clear_timings")
public func kinetic_clear_timings() { HostSession.current.clearTimingOverrides() }

@_expose(wasm, "kinetic_replay") @_cdecl("kinetic_replay")
public func kinetic_replay() -> Int32 {
    let session = HostSession.current
    guard session.replayWithTimingOverrides() else { return 0 }
    _ = publishEncoding(session)
    return 1
}

// HostSession.setMotionPolicy; 1 ok, 0 (nothing changes) for another value.
@_expose(wasm, "kinetic_set_motion_policy") @_cdecl("kinetic_set_motion_policy")
public func kinetic_set_motion_policy(_ policy: Int32) -> Int32 {
    guard let policy = decoded(policy, MotionPolicy.wasmCodes) else { return 0 }
    HostSession.current.setMotionPolicy(policy)
    return 1
}

@_expose(wasm, "kinetic_page_count") @_cdecl("kinetic_page_count")
public func kinetic_page_count() -> Int32 { Int32(HostSession.current.pageElementCount) }

@_expose(wasm, "kinetic_page_key") @_cdecl("kinetic_page_key")
public func kinetic_page_key(_ index: Int32) -> Int32 {
    setText(HostSession.current.pageKey(Int(index)) ?? "")
}

@_expose(wasm, "kinetic_page_layout") @_cdecl("kinetic_page_layout")
public func kinetic_page_layout(_ index: Int32, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
                                _ time: Double) -> Int32 {
    HostSession.current.layout(Int(index), frame: Rect(x: x, y: y, width: width, height: height), time: time) ? 1 : 0
}

@_expose(wasm, "kinetic_page_presence") @_cdecl("kinetic_page_presence")
public func kinetic_page_presence(_ index: Int32, _ present: Int32, _ time: Double) -> Int32 {
    guard present == 0 || present == 1 else { return 0 }
    return HostSession.current.presence(Int(index), present == 1, time: time) ? 1 : 0
}

@_expose(wasm, "kinetic_page_style_stride") @_cdecl("kinetic_page_style_stride")
public func kinetic_page_style_stride() -> Int32 { Int32(HostSession.pageStyleStride) }
@_expose(wasm, "kinetic_page_styles") @_cdecl("kinetic_page_styles")
public func kinetic_page_styles() -> UnsafeMutablePointer<Double> { pageStyles.base }
@_expose(wasm, "kinetic_page_styles_length") @_cdecl("kinetic_page_styles_length")
public func kinetic_page_styles_length() -> Int32 { Int32(pageStyles.count) }
