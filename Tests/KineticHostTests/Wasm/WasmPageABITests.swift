// The page-layout exports of the WebAssembly C ABI, called natively (in the ABI suite, which
// owns `HostSession.current` and runs its tests one at a time).
import Testing
import Kinetic
import KineticScene
import KineticHost
@testable import KineticWasm

extension WasmABITests {
    /// The page's styles buffer, copied out.
    func pageStyles() -> [Double] {
        Array(UnsafeBufferPointer(start: kinetic_page_styles(), count: Int(kinetic_page_styles_length())))
    }

    /// After a frame, and after a seek with no frame after it, the styles buffer holds the
    /// instant the scene shows, at the address it had.
    @Test func thePageStylesBufferHoldsTheShownInstantAfterAFrameAndASeek() {
        HostSession.current = HostSession(entries: PageProbe.entries)
        #expect(kinetic_page_style_stride() == 8)
        #expect(kinetic_select(0, 0) == 1)
        #expect(kinetic_page_layout(-1, 0, 0, 800, 600, 0) == 1)
        #expect(kinetic_page_layout(0, 100, 100, 100, 100, 0) == 1)
        _ = kinetic_frame(0)
        // Both elements drawn where the page put them (the title has no box): the identity,
        // opaque, present.
        #expect(pageStyles() == [1, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1, 0])
        let address = kinetic_page_styles()
        #expect(kinetic_pointer(0, 1, 150, 150, 0.05) == 1)
        var shown: [(time: Double, styles: [Double])] = []
        for k in 1...20 {
            let t = Double(k) / 60
            #expect(kinetic_pointer(1, 1, 150 + 4 * Double(k), 150 + Double(k), t) == 1)
            _ = kinetic_frame(t)
            #expect(pageStyles() == HostSession.current.pageStyles && kinetic_page_styles() == address)
            shown.append((t, pageStyles()))
        }
        // The finger moved along (4, 1): the card is drawn moved along it.
        let last = shown[shown.count - 1].styles
        #expect(last[5] > 0 && last[4] == 4 * last[5])
        for (t, styles) in shown.reversed() {
            #expect(kinetic_seek(t) == 1)
            #expect(pageStyles() == styles, "t = \(t)")
        }
        // A scene without a page writes none.
        HostSession.current = HostSession(entries: ProbeScene.entries)
        #expect(kinetic_select(0, 0) == 1 && kinetic_frame(0.1) == 1)
        #expect(kinetic_page_styles_length() == 0)
    }
}
