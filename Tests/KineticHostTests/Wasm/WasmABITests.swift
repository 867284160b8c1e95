// The WebAssembly C ABI (KineticWasm), called natively: the same functions the page calls.
import Testing
import Kinetic
import KineticScene
import KineticHost
@testable import KineticWasm

/// One suite owns `HostSession.current` and the ABI's buffers, so its tests run one at a time.
@Suite("WebAssembly C ABI", .serialized)
struct WasmABITests {
    init() { HostSession.current = HostSession(entries: ProbeScene.entries) }

    func text(_ length: Int32) -> String {
        String(decoding: UnsafeBufferPointer(start: kinetic_text(), count: Int(length)), as: UTF8.self)
    }

    @Test func theLayoutAndVersionExportsAreTheEncodersOwn() {
        #expect(kinetic_format_version() == Int32(RenderListEncoder.formatVersion))
        #expect(kinetic_layout_count() == Int32(RenderListEncoder.layout.count))
        for (i, entry) in RenderListEncoder.layout.enumerated() {
            #expect(text(kinetic_layout_name(Int32(i))) == entry.name)
            #expect(kinetic_layout_value(Int32(i)) == Int32(entry.value))
        }
        #expect(kinetic_layout_name(-1) == 0 && kinetic_layout_name(Int32(RenderListEncoder.layout.count)) == 0)
        #expect(kinetic_layout_value(-1) == -1 && kinetic_layout_value(1000) == -1)
    }

    @Test func scenesAreListedSelectedAndDrawnThroughTheABI() {
        #expect(kinetic_scene_count() == 2)
        #expect(text(kinetic_describe(1, 0)) == "other" && text(kinetic_describe(0, 1)) == "Probe")
        #expect(kinetic_select(2, 0) == 0 && kinetic_select(-1, 0) == 0)
        #expect(kinetic_frame(0) == 0)                                    // nothing selected yet
        #expect(kinetic_select(0, 5) == 1)
        #expect(kinetic_frame(.nan) == 0)
        let count = kinetic_frame(5.5)
        #expect(count == 1)                                               // the box
        #expect(kinetic_numbers_length() == Int32(RenderListEncoder.headerCount) + Int32(RenderListEncoder.stride) * count)
        #expect(kinetic_numbers()[0] == 1 && kinetic_numbers()[2] == 100 && kinetic_numbers()[3] == 50)
        #expect(kinetic_bytes_length() == 3)                              // "box"
        #expect(kinetic_pointer(0, 1, 15, 15, 5.6) == 1)
        #expect(kinetic_pointer(9, 1, 15, 15, 5.7) == 0)
        #expect(kinetic_pointer(1, 1, .nan, 15, 5.7) == 0)
        #expect(kinetic_pointer(2, 1, 15, 15, 5.8) == 1)
    }

    @Test func eachPointerPhaseCodeMapsToItsCaseAndNoOtherCodeDoes() {
        let cases: [PointerEvent.Phase] = [.down, .moved, .up, .cancelled]
        for (code, phase) in cases.enumerated() { #expect(decoded(Int32(code), PointerEvent.Phase.wasmCodes) == phase) }
        for code: Int32 in [-1, 4, 7, .min, .max] { #expect(decoded(code, PointerEvent.Phase.wasmCodes) == nil) }
        // Through the ABI: each code reaches the scene as its phase; another is refused before
        // the session (nothing is sent or logged).
        #expect(kinetic_select(0, 1) == 1)
        let probe = HostSession.current.hosted as! ProbeScene
        #expect(kinetic_pointer(0, 1, 15, 15, 1.1) == 1 && kinetic_pointer(1, 1, 16, 15, 1.2) == 1)
        #expect(kinetic_pointer(2, 1, 16, 15, 1.3) == 1)
        #expect(kinetic_pointer(0, 2, 15, 15, 1.4) == 1 && kinetic_pointer(3, 2, 15, 15, 1.5) == 1)
        let logged = HostSession.current.loggedInputCount
        #expect(kinetic_pointer(4, 1, 15, 15, 1.6) == 0 && kinetic_pointer(-1, 1, 15, 15, 1.6) == 0)
        #expect(probe.handled.map(\.phase) == [.down, .moved, .up, .down, .cancelled])
        #expect(HostSession.current.loggedInputCount == logged)
    }

    @Test func eachDescribeFieldCodeMapsToItsFieldAndAnotherGivesAnEmptyText() {
        let fields: [SceneEntry.Field] = [.name, .title, .description, .hint]
        #expect(fields == SceneEntry.Field.allCases)
        for (code, field) in fields.enumerated() {
            #expect(decoded(Int32(code), SceneEntry.Field.wasmCodes) == field)
            #expect(text(kinetic_describe(0, Int32(code))) == ProbeScene.entries[0][field])
        }
        #expect(text(kinetic_describe(0, 3)) == "Tap it.")
        for code: Int32 in [-1, 4, .max] {
            #expect(decoded(code, SceneEntry.Field.wasmCodes) == nil)
            #expect(kinetic_describe(0, code) == 0)
        }
        #expect(kinetic_describe(2, 0) == 0 && kinetic_describe(-1, 1) == 0)
    }

    @Test func inputAndRecordRefuseBadLengthsIndicesAndRates() {
        #expect(kinetic_input((1 << 20) + 1) == nil)
        #expect(kinetic_input(-1) == nil)
        #expect(kinetic_record(0, 1, 60) == -1)                           // the refused input holds nothing
        #expect(text(kinetic_text_length()) == "bad arguments")
        let script = Array("0.1 down 1 15 15\n0.2 up 1 15 15\n0.5 end\n".utf8)
        let buffer = kinetic_input(Int32(script.count))!
        buffer.update(from: script, count: script.count)
        #expect(kinetic_record(2, Int32(script.count), 60) == -1)
        #expect(kinetic_record(0, Int32(script.count) + 1, 60) == -1)
        for fps in [Double.nan, .infinity, 0, -1, 1000.5] {
            #expect(kinetic_record(0, Int32(script.count), fps) == -1)
            #expect(text(kinetic_text_length()) == "fps must be in (0, 1000]")
            #expect(kinetic_recording_length() == 0)
        }
        #expect(kinetic_record(0, Int32(script.count), 20) == 10)
        #expect(text(kinetic_text_length()) == "clock")
        #expect(kinetic_recording_length() == 30)
        #expect(kinetic_recording()[3 * 7] == 7.0 / 20)
    }

    /// Writes `string` into the input buffer; its length.
    func input(_ string: String) -> Int32 {
        let utf8 = Array(string.utf8)
        kinetic_input(Int32(utf8.count))!.update(from: utf8, count: utf8.count)
        return Int32(utf8.count)
    }

    @Test func timeTravelExportsSeekScriptExportAndImport() {
        #expect(kinetic_seek(1) == 0)                                     // nothing selected yet
        #expect(kinetic_scene_time() == 0 && kinetic_script() == 0)
        #expect(kinetic_select(0, 5) == 1)
        #expect(kinetic_pointer(0, 1, 15, 15, 5.25) == 1)
        _ = kinetic_frame(5.5)
        #expect(kinetic_pointer(2, 1, 15, 15, 5.75) == 1)
        _ = kinetic_frame(6)
        #expect(kinetic_scene_time() == 6 && kinetic_scene_start_time() == 5)
        #expect(text(kinetic_script()) == """
            # probe: the input since the selection, times in seconds after it
            0.25 down 1 15.0 15.0
            0.75 up 1 15.0 15.0
            1.0 end

            """)
        #expect(kinetic_seek(.nan) == 0 && kinetic_scene_time() == 6)
        #expect(kinetic_seek(5.9) == 1 && kinetic_scene_time() == 5.5)
        #expect(kinetic_logged_end_time() == 6)                           // the future is kept
        #expect(kinetic_numbers_length() == Int32(RenderListEncoder.headerCount) + Int32(RenderListEncoder.stride))                     // the encoding is the sought frame's

        let demos = kinetic_test_source(0)
        #expect(demos > 0 && text(demos).contains("\nimport KineticDemos\n"))
        // The whole recorded session, the future the seek kept included: what the page's
        // scrubber spans is what is exported (issue 42).
        #expect(text(demos).contains("        0.75 up 1 15.0 15.0\n") && text(demos).contains("        1.0 end\n"))
        let mine = kinetic_test_source(input("@testable Probe ProbeScene.entries"))
        #expect(text(mine).contains("\n@testable import Probe\n") && text(mine).contains("ProbeScene.entries.first"))
        #expect(kinetic_test_source(input("Probe")) == -1)
        #expect(text(kinetic_text_length()).hasPrefix("expected"))
        #expect(kinetic_test_source(1 << 21) == -1)

        #expect(kinetic_import_script(input("0.1 down 1 15 15\n0.2 up 1 15 15\n0.5 end\n")) == 1)
        #expect(kinetic_scene_start_time() == 5 && kinetic_scene_time() == 5.5)
        #expect(kinetic_import_script(input("0.1 wiggle 1 15 15")) == 0)
        #expect(text(kinetic_text_length()).hasPrefix("script line 1: unknown verb 'wiggle'"))
        #expect(kinetic_scene_time() == 5.5)

        // Issue 42: `1e308 end` ran frames forever (the Studio's import froze the tab); now it is
        // refused at once, with the message the page shows, and the scene is as it was.
        let clock = ContinuousClock()
        let start = clock.now
        #expect(kinetic_import_script(input("1e308 end\n")) == 0)
        #expect(clock.now - start < .seconds(1))
        #expect(text(kinetic_text_length()).hasPrefix("the script is too long to import: its end is 1e+308 s, more than the 100000 frames"))
        #expect(kinetic_scene_time() == 5.5 && kinetic_scene_start_time() == 5)
        // The module name and scene list are pasted into Swift: only identifiers are accepted.
        for bad in ["Probe\nimport\u{20}Evil ProbeScene.entries", "Pro-be ProbeScene.entries", "1Probe ProbeScene.entries",
                    "Probe ProbeScene.entries;exit(1)", "Probe ProbeScene..entries", "Probe ProbeScene.entries()"] {
            #expect(kinetic_test_source(input(bad)) == -1, "\(bad)")
        }
        #expect(kinetic_test_source(input("Pro-be ProbeScene.entries")) == -1)
        #expect(text(kinetic_text_length()) == "the module name \"Pro-be\" is not a Swift identifier (ASCII letters, digits and _, not starting with a digit)")
    }
}
