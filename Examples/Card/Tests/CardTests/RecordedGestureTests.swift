// A test recorded in Kinetic Studio (HostSession.testSource, generated from a live session of the
// card with the gesture of gestures/card.txt): the gesture below, replayed on the "card" scene on a
// manual clock at 60 Hz, must move it exactly as it did when this file was generated.
import Testing
import Kinetic
import KineticHost
@testable import Card

@Test func cardReplaysTheRecordedGesture() throws {
    let script = try GestureScript(parsing: """
        # card: the input since the selection, times in seconds after it
        0.20300000000008822 down 1 276.0 593.0
        0.21966666666673973 move 1 262.6666666666667 573.0
        0.23633333333339124 move 1 249.33333333333331 553.0
        0.25300000000004275 move 1 236.0 533.0
        0.26966666666669425 move 1 222.66666666666666 513.0
        0.28633333333334576 move 1 209.33333333333331 493.0
        0.30299999999999727 move 1 196.0 473.0
        0.30299999999999727 up 1 196.0 473.0
        0.40300000000002 down 1 136.0 279.0
        0.4530000000000882 up 1 136.0 279.0
        0.6030000000000655 down 1 212.0 409.0
        0.6197000000000799 move 1 212.0 424.0
        0.6364000000000942 move 1 222.0 409.0
        0.65300000000002 move 1 232.0 394.0
        0.6697000000000344 move 1 242.0 379.0
        0.6864000000000487 move 1 252.0 364.0
        0.7030000000000882 move 1 262.0 349.0
        0.7196999999999889 move 1 272.0 334.0
        0.7196999999999889 up 1 272.0 334.0
        2.4991666666667243 end
        """)
    let entry = try #require(CardApp.scenes.first { $0.name == "card" })
    let hosted = entry.make(AnimationEngine())
    let run = SceneRecording(scene: hosted, script: script, fps: 60, duration: script.end)
    hosted.scene.engine.invalidate()
    #expect(run.frames == 150)
    #expect(run.rejected == 0)

    // t = 0.4166666666666667 s
    let f25CardCenterX = try #require(run.value(frame: 25, channel: "card.center.x"))
    #expect(f25CardCenterX.model == 99.0)
    #expect(f25CardCenterX.presentation == 129.15712126389357)
    #expect(f25CardCenterX.velocity == -490.6658149020238)
    let f25CardCenterY = try #require(run.value(frame: 25, channel: "card.center.y"))
    #expect(f25CardCenterY.model == 74.0)
    #expect(f25CardCenterY.presentation == 249.9135465780733)
    #expect(f25CardCenterY.velocity == -2072.9933999477175)

    // t = 0.5666666666666667 s
    let f34CardCenterX = try #require(run.value(frame: 34, channel: "card.center.x"))
    #expect(f34CardCenterX.model == 276.0)
    #expect(f34CardCenterX.presentation == 181.36594065428434)
    #expect(f34CardCenterX.velocity == 891.7024362276726)
    let f34CardCenterY = try #require(run.value(frame: 34, channel: "card.center.y"))
    #expect(f34CardCenterY.model == 593.0)
    #expect(f34CardCenterY.presentation == 327.5673651098797)
    #expect(f34CardCenterY.velocity == 2348.111988017814)

    // t = 0.8333333333333334 s
    let f50CardCenterX = try #require(run.value(frame: 50, channel: "card.center.x"))
    #expect(f50CardCenterX.model == 276.0)
    #expect(f50CardCenterX.presentation == 300.2075281369851)
    #expect(f50CardCenterX.velocity == -110.96657292532873)
    let f50CardCenterY = try #require(run.value(frame: 50, channel: "card.center.y"))
    #expect(f50CardCenterY.model == 74.0)
    #expect(f50CardCenterY.presentation == 187.59416591094848)
    #expect(f50CardCenterY.velocity == -1366.918200136613)

    // t = 2.4833333333333334 s
    let f149CardCenterX = try #require(run.value(frame: 149, channel: "card.center.x"))
    #expect(f149CardCenterX.model == 276.0)
    #expect(f149CardCenterX.presentation == 276.0)
    #expect(f149CardCenterX.velocity == 0.0)
    let f149CardCenterY = try #require(run.value(frame: 149, channel: "card.center.y"))
    #expect(f149CardCenterY.model == 74.0)
    #expect(f149CardCenterY.presentation == 74.0)
    #expect(f149CardCenterY.velocity == 0.0)
}
