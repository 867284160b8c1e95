// An app: the scenes it offers, and the `main()` that hosts them on each platform.
#if !hasFeature(Embedded) && !arch(wasm32)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#endif

/// An app built on Kinetic: the scenes it offers. Write one in an executable target:
///
/// ```swift
/// @main struct CardApp: KineticApp {
///     static var scenes: [SceneEntry] {
///         [SceneEntry(name: "card", title: "A card") { engine in CardScene(engine: engine) }]
///     }
/// }
/// ```
///
/// The same target then runs in two places:
/// - built natively (`swift run`), its `main()` is the headless runner (``NativeRunner``):
///   `EXE list` and `EXE render SCENE --script FILE --out DIR …`, as `kinetic render`;
/// - built for the browser (`Scripts/build-web`, Embedded Swift on wasm32), its `main()`
///   registers ``scenes`` as ``HostSession/current``, which the C ABI of `KineticWasm` drives,
///   and returns. `@main` becomes the module's `__main_argc_argv` export there; the page's
///   runtime (`kinetic-runtime.js`) calls `__main_argc_argv(0, 0)` once before anything else.
public protocol KineticApp {
    /// The scenes, in the order a picker lists them; names unique.
    static var scenes: [SceneEntry] { get }
}

extension KineticApp {
    /// Hosts ``scenes``: registers them for the WebAssembly C ABI (wasm32, Embedded) or runs
    /// the native command line with the process's arguments and exits with its status (0 ok,
    /// 1 I/O error, 2 usage error).
    public static func main() {
        #if hasFeature(Embedded) || arch(wasm32)
        HostSession.current = HostSession(entries: scenes)
        #else
        let status = NativeRunner.run(arguments: Array(CommandLine.arguments.dropFirst()), entries: scenes)
        exit(status)
        #endif
    }
}
