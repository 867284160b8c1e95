// The recorded gesture as a Swift Testing file a user drops into their own package.
import Kinetic
import KineticScene

extension HostSession {
    /// A Swift Testing source file that replays ``script()`` on the scene `sceneName` and
    /// asserts its channel values (``HostedScene/channels``) at a few instants exactly. Throws
    /// with no scene shown, an unknown `sceneName` or a scene without channels.
    ///
    /// The test builds the scene from the app's scene list (the Swift expression `scenes`, e.g.
    /// `CardApp.scenes`, found by importing `module`, with `@testable` when `testable`), runs it
    /// under the script on a manual clock at 60 Hz from time 0 (``SceneRecording``, as `kinetic
    /// render` does) and checks the model, presentation and velocity of every channel 0.1 s
    /// after each release (up to four) and at the last frame. The expected numbers come from
    /// running exactly that here, now; Kinetic's math kernels give the same bits on every
    /// platform, so they hold natively as in WebAssembly. They differ from the live session's
    /// own frames, which ran at the page's frame times.
    ///
    /// The defaults name the playground's demos (`KineticDemos`, `DemoCatalog.entries`). Both
    /// are pasted into the generated Swift, so they are checked first (it throws otherwise):
    /// `module` must be a Swift identifier (``isSwiftIdentifier(_:)``:
    /// ASCII letters, digits and `_`, not starting with a digit, not a keyword), `scenes` one or
    /// more of them joined by dots (`CardApp.scenes`, `Catalog.Demos.all`).
    public func testSource(sceneName: String? = nil, module: String = "KineticDemos",
                           scenes: String = "DemoCatalog.entries", testable: Bool = false) throws(Refusal) -> String {
        guard HostSession.isSwiftIdentifier(module) else {
            throw Refusal("the module name \(RecordedTest.literal(module)) is not a Swift identifier (ASCII letters, digits and _, not starting with a digit)")
        }
        guard !scenes.isEmpty, scenes.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({ HostSession.isSwiftIdentifier(String($0)) }) else {
            throw Refusal("the scene list \(RecordedTest.literal(scenes)) is not a Swift name such as CardApp.scenes (identifiers joined by dots)")
        }
        guard index >= 0 else { throw Refusal("no scene is shown") }
        let name = sceneName ?? entries[index].name
        guard let entry = entries.first(where: { $0.name == name }) else { throw Refusal("unknown scene \(name)") }
        do throws(RecordedTest.Failure) {
            return try RecordedTest.source(script: script(), entry: entry, module: module, scenes: scenes, testable: testable)
        } catch {
            throw Refusal(error.message)
        }
    }
}

extension HostSession {
    /// Whether `name` is a plain Swift identifier, safe to paste into generated Swift as a
    /// module or type name: one or more ASCII letters, digits and `_`, not starting with a
    /// digit, not `_` alone, and not a keyword that cannot name a module or type (`import`,
    /// `func`, `self`, …). Non-ASCII identifiers, which Swift also allows, are refused.
    public static func isSwiftIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(first >= 48 && first <= 57), name != "_" else { return false }
        for c in name.utf8 {
            let ok = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c == 95
            if !ok { return false }
        }
        return !swiftKeywords.contains(name)
    }

    /// Words that cannot stand unquoted as a module or type name in `import M` / `M.scenes`.
    static let swiftKeywords: [String] = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    ]
}

/// Writes a recorded gesture as a Swift Testing source file (``HostSession/testSource(sceneName:module:scenes:testable:)``):
/// the script replayed on a scene on a manual clock at 60 Hz, its channels checked exactly.
enum RecordedTest {
    /// Why no test could be written.
    struct Failure: Error {
        /// The reason, for ``HostSession/Refusal``.
        let message: String
    }

    /// The test of `source` (a gesture script) on `entry`'s scene, or why there is none: a
    /// script that does not parse, a scene without channels or a recording without frames.
    static func source(script source: String, entry: SceneEntry, module: String, scenes: String,
                       testable: Bool) throws(Failure) -> String {
        let name = entry.name
        let parsed: GestureScript
        do throws(GestureScript.ParseError) {
            parsed = try GestureScript(parsing: source)
        } catch {
            throw Failure(message: error.message)
        }
        let hosted = entry.make(AnimationEngine())
        let run = SceneRecording(scene: hosted, script: parsed, fps: 60, duration: parsed.end)
        hosted.scene.engine.invalidate()
        guard !run.channels.isEmpty, run.frames > 0 else {
            throw Failure(message: "the scene \(name) has no channels to check, or the recording has no frames")
        }
        // 0.1 s (6 frames) after each release, at most four, and the last frame.
        var frames: [Int] = []
        for e in parsed.events where e.phase == .up || e.phase == .cancelled {
            let f = Int((e.time * 60).rounded(.up)) + 6
            if f < run.frames - 1, frames.count < 4, !frames.contains(f) { frames.append(f) }
        }
        frames.append(run.frames - 1)

        var out = """
        // A test recorded in Kinetic Studio: the gesture below, replayed on the "\(name)" scene on a
        // manual clock at 60 Hz, must move it exactly as it did when this file was generated.
        // The test target needs the products Kinetic and KineticHost, and \(module).
        import Testing
        import Kinetic
        import KineticHost
        \(testable ? "@testable " : "")import \(module)

        @Test func \(identifier(name))ReplaysTheRecordedGesture() throws {
            let script = try GestureScript(parsing: \"\"\"

        """
        for line in source.split(separator: "\n") { out += "        \(line)\n" }
        out += """
                \"\"\")
            let entry = try #require(\(scenes).first { $0.name == \(literal(name)) })
            let hosted = entry.make(AnimationEngine())
            let run = SceneRecording(scene: hosted, script: script, fps: 60, duration: script.end)
            hosted.scene.engine.invalidate()
            #expect(run.frames == \(run.frames))
            #expect(run.rejected == \(run.rejected))

        """
        for f in frames {
            out += "\n    // t = \(Double(f) / 60) s\n"
            for channel in run.channels {
                guard let v = run.value(frame: f, channel: channel) else { continue }
                out += "    let f\(f)\(identifier(channel).capitalizedFirst) = try #require(run.value(frame: \(f), channel: \(literal(channel))))\n"
                for (field, value) in [("model", v.model), ("presentation", v.presentation), ("velocity", v.velocity)] {
                    let variable = "f\(f)\(identifier(channel).capitalizedFirst).\(field)"
                    out += value.isNaN ? "    #expect(\(variable).isNaN)\n"
                                       : "    #expect(\(variable) == \(literal(value)))\n"
                }
            }
        }
        out += "}\n"
        return out
    }

    /// `name` as a lower-camel-case Swift identifier: letters and digits kept, a capital after
    /// anything else (`"pane-pop"` → `panePop`, `"card.center.x"` → `cardCenterX`); `scene`
    /// if nothing is left, `_` before a leading digit.
    static func identifier(_ name: String) -> String {
        var out = ""
        var capitalize = false
        for c in name.unicodeScalars {
            let isLetter = (c.value >= 65 && c.value <= 90) || (c.value >= 97 && c.value <= 122)
            let isDigit = c.value >= 48 && c.value <= 57
            guard isLetter || isDigit else { capitalize = !out.isEmpty; continue }
            if out.isEmpty && isDigit { out += "_" }
            let upper = capitalize && c.value >= 97 && c.value <= 122
            out.unicodeScalars.append(upper ? Unicode.Scalar(UInt8(c.value - 32)) : c)
            capitalize = false
        }
        return out.isEmpty ? "scene" : out
    }

    /// `text` as a Swift string literal (quotes and backslashes escaped, control characters
    /// dropped).
    static func literal(_ text: String) -> String {
        var out = "\""
        for c in text.unicodeScalars where c.value >= 32 {
            if c == "\"" || c == "\\" { out += "\\" }
            out.unicodeScalars.append(c)
        }
        return out + "\""
    }

    /// A finite double as a Swift literal that reads back as the same bits (Swift's shortest
    /// form); infinities as `.infinity` / `-.infinity`.
    static func literal(_ value: Double) -> String {
        if value == .infinity { return ".infinity" }
        if value == -.infinity { return "-.infinity" }
        return "\(value)"
    }
}

extension String {
    /// The string with its first character upper-cased if it is an ASCII letter.
    fileprivate var capitalizedFirst: String {
        guard let first = unicodeScalars.first, first.value >= 97, first.value <= 122 else { return self }
        var out = String(Character(Unicode.Scalar(UInt8(first.value - 32))))
        out.unicodeScalars.append(contentsOf: unicodeScalars.dropFirst())
        return out
    }
}
