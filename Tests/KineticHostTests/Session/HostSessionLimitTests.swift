// The validation behind the WebAssembly C ABI (KineticWasm), which forwards to HostSession.
import Testing
import Kinetic
import KineticScene
import KineticHost
import KineticDemos

@Suite("host session argument validation")
struct HostSessionLimitTests {
    /// Before: kinetic_input(2147483647) failed its allocation, kept the huge capacity and
    /// returned 0 from then on.
    @Test func inputLengthsOutsideZeroToOneMebibyteAreRefused() {
        #expect(HostSession.acceptsInputLength(0))
        #expect(HostSession.acceptsInputLength(1 << 20))
        #expect(!HostSession.acceptsInputLength((1 << 20) + 1))
        #expect(!HostSession.acceptsInputLength(2_147_483_647))
        #expect(!HostSession.acceptsInputLength(-1))
    }

    /// Before: fps NaN, infinity or 1e9 trapped (Int of a NaN or huge double); 1e7 grew memory
    /// to 1.4 GB.
    @Test func recordRejectsBadFrameRatesWithoutRecording() throws {
        let session = HostSession(entries: DemoCatalog.entries)
        let script = "0.1 drag 1 60 400 1.3 300 420\n2 end\n"
        for fps in [Double.nan, .infinity, -.infinity, 0, -60, 1e9, 1e7, 1000.5] {
            #expect(throws: HostSession.Refusal("fps must be in (0, 1000]"), "\(fps)") {
                try session.record(0, script: script, fps: fps)
            }
        }
        #expect(try session.record(0, script: script, fps: 60).frames == 120)
        #expect(try session.record(0, script: script, fps: 1000).frames == 2000)
    }

    @Test func recordRejectsMoreThanAHundredThousandFrames() {
        let session = HostSession(entries: DemoCatalog.entries)
        let message = refusal { () throws(HostSession.Refusal) in try session.record(0, script: "101 end\n", fps: 1000) }
        #expect(message?.hasPrefix("the recording would be too long") == true)
    }

    @Test func pointerAndFrameRejectNonFiniteNumbers() {
        let session = HostSession(entries: DemoCatalog.entries)
        #expect(!session.frame(at: 0))                            // no demo yet
        #expect(session.select(0, at: 0))
        #expect(session.frame(at: 0.1))
        let before = session.encoding.numbers
        #expect(!session.frame(at: .nan))
        #expect(!session.frame(at: .infinity))
        #expect(session.encoding.numbers == before)
        #expect(!session.pointer(.down(1, Point(x: .nan, y: 10), at: 0.2)))
        #expect(!session.pointer(.down(1, Point(x: 10, y: .infinity), at: 0.2)))
        #expect(!session.pointer(.down(1, Point(x: 10, y: 10), at: .nan)))
        #expect(!session.select(-1, at: 0) && !session.select(1_000_000, at: 0))
    }
}
