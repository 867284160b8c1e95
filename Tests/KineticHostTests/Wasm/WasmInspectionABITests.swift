// The inspector's exports of the WebAssembly C ABI, called natively (in the ABI suite, which
// owns `HostSession.current` and runs its tests one at a time).
import Testing
import Kinetic
import KineticScene
import KineticHost
@testable import KineticWasm

extension WasmABITests {
    @Test func inspectWritesTheLiveAnimationsJSONIntoText() throws {
        #expect(kinetic_inspect() == -1 && text(kinetic_text_length()) == "[]")     // nothing shown
        #expect(kinetic_select(0, 0) == 1)
        #expect(kinetic_inspect() == 0 && text(kinetic_text_length()) == "[]")
        let scene = try #require(HostSession.current.hosted).scene
        let box = try #require(scene.root.descendant(named: "box"))
        PropertyAnimator(duration: 1, timingParameters: .cubic(.linear), engine: scene.engine) { box.alpha = 0 }
            .startAnimation()
        _ = kinetic_frame(0.5)
        #expect(kinetic_inspect() == 1)
        let json = text(kinetic_text_length())
        #expect(json.hasPrefix(#"[{"id":1,"name":"box.alpha","kind":"animator","state":"active","running":true,"#))
        #expect(json.hasSuffix(#""properties":[{"name":"box.alpha","model":[0.0],"presentation":[0.5],"velocity":[-1.0]}]}]"#))
    }

    @Test func inspectGroupExpandsOrCollapsesTheGroupKeyedInTheInput() {
        #expect(kinetic_inspect_group(1_000_000, 1) == 0)                    // beyond the input
        #expect(kinetic_inspect_group(input("spring:spring"), 1) == 1)
        #expect(HostSession.current.expandedInspectionGroups == ["spring:spring"])
        #expect(kinetic_inspect_group(input("spring:spring"), 1) == 1)       // once, however often asked
        #expect(HostSession.current.expandedInspectionGroups == ["spring:spring"])
        #expect(kinetic_inspect_group(input("spring:spring"), 0) == 1)
        #expect(HostSession.current.expandedInspectionGroups.isEmpty)
    }

    @Test func watchRecordsTheLabelledPropertyEachFrameIntoTheSampleBuffer() {
        #expect(kinetic_watch(1, 0) == 0 && kinetic_watch_label(input("box.center")) == 0)  // nothing shown
        #expect(kinetic_select(0, 0) == 1)
        #expect(kinetic_watch(1, 0) == 0)                                    // no animation 1
        #expect(kinetic_watch_label(input("box.nope")) == 0)
        #expect(kinetic_watch_label(1_000_000) == 0)                         // beyond the input
        #expect(kinetic_watch_label(input("box.center")) == 1)
        _ = kinetic_frame(0.25)
        _ = kinetic_frame(0.5)
        #expect(kinetic_samples() == 2 && kinetic_sample_stride() == 7)
        #expect(kinetic_sample_values_length() == 14)
        let values = Array(UnsafeBufferPointer(start: kinetic_sample_values(), count: 14))
        // The box at rest at (20, 20): time, model, presentation, velocity.
        #expect(values == [0.25, 20, 20, 20, 20, 0, 0, 0.5, 20, 20, 20, 20, 0, 0])
        kinetic_unwatch()
        _ = kinetic_frame(0.75)
        #expect(kinetic_samples() == 0 && kinetic_sample_values_length() == 0)
    }
}
