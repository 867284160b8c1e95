import Testing
@testable import KineticCommandLine

/// The scroll demo is a `kinetic render` scene like every other demo.
@Suite("kinetic render: scroll scene")
struct ScrollRenderSceneTests {
    @Test func scrollIsARenderScene() {
        let help = runKinetic(arguments: ["render", "--help"])
        #expect(help.stdout.contains("  scroll  "))
        #expect(RenderScenes.named("scroll") != nil)
    }
}
