// The validation behind the WebAssembly module's C ABI (Playground/Module), which forwards to
// PlaygroundSession: tested natively here, since the module itself is built only for wasm32.
import Testing
import KineticDemos

@Suite("playground ABI argument validation")
struct PlaygroundABILimitTests {
    /// Before: kinetic_input(2147483647) failed its allocation, kept the huge capacity and
    /// returned 0 from then on.
    @Test func inputLengthsOutsideZeroToOneMebibyteAreRefused() {
        #expect(PlaygroundSession.acceptsInputLength(0))
        #expect(PlaygroundSession.acceptsInputLength(1 << 20))
        #expect(!PlaygroundSession.acceptsInputLength((1 << 20) + 1))
        #expect(!PlaygroundSession.acceptsInputLength(2_147_483_647))
        #expect(!PlaygroundSession.acceptsInputLength(-1))
    }

    /// Before: fps NaN, infinity or 1e9 trapped (Int of a NaN or huge double); 1e7 grew memory
    /// to 1.4 GB.
    @Test func recordRejectsBadFrameRatesWithoutRecording() {
        let session = PlaygroundSession()
        let script = "0.1 drag 1 60 400 1.3 300 420\n2 end\n"
        for fps in [Double.nan, .infinity, -.infinity, 0, -60, 1e9, 1e7, 1000.5] {
            #expect(session.record(demo: DemoCatalog.all[0].name, script: script, fps: fps) == -1, "\(fps)")
            #expect(session.recording.isEmpty)
            #expect(session.text == "fps must be in (0, 1000]")
        }
        #expect(session.record(demo: DemoCatalog.all[0].name, script: script, fps: 60) == 120)
        #expect(session.record(demo: DemoCatalog.all[0].name, script: script, fps: 1000) == 2000)
    }

    @Test func recordRejectsMoreThanAHundredThousandFrames() {
        let session = PlaygroundSession()
        #expect(session.record(demo: DemoCatalog.all[0].name, script: "101 end\n", fps: 1000) == -1)
        #expect(session.text.hasPrefix("the recording would be too long"))
        #expect(session.recording.isEmpty)
    }

    @Test func pointerAndFrameRejectNonFiniteNumbersAndUnknownPhases() {
        let session = PlaygroundSession()
        #expect(!session.frame(at: 0))                            // no demo yet
        #expect(session.select(0, at: 0))
        #expect(session.frame(at: 0.1))
        let before = session.encoder.numbers
        #expect(!session.frame(at: .nan))
        #expect(!session.frame(at: .infinity))
        #expect(session.encoder.numbers == before)
        #expect(!session.pointer(0, id: 1, x: .nan, y: 10, time: 0.2))
        #expect(!session.pointer(0, id: 1, x: 10, y: .infinity, time: 0.2))
        #expect(!session.pointer(0, id: 1, x: 10, y: 10, time: .nan))
        #expect(!session.pointer(7, id: 1, x: 10, y: 10, time: 0.2))
        #expect(!session.pointer(-1, id: 1, x: 10, y: 10, time: 0.2))
        #expect(!session.select(-1, at: 0) && !session.select(1_000_000, at: 0))
    }
}
