#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `kinetic playground`: builds the browser playground (the demos as Embedded Swift compiled to
/// one WebAssembly module, and the page) with `Scripts/build-playground`; the `kinetic`
/// executable then serves the directory on localhost (the HTTP server lives in the executable so
/// that this library and the portable targets depend on nothing).
public enum PlaygroundCommand: Subcommand {
    static let name = "playground"
    static let summary = "Build the browser playground (the demos as WebAssembly) and serve it on localhost"

    static var usage: String {
        """
        USAGE:
          kinetic playground [--port N] [--out DIR] [--no-build]

        Builds the playground with Scripts/build-playground (run from the package root): Kinetic,
        KineticScene and KineticDemos compiled as Embedded Swift to DIR/kinetic.wasm (default DIR:
        .build-playground), next to the page. Then serves DIR on http://127.0.0.1:N/ (default
        port 8765) until interrupted, and prints the address. Open it in a browser: pick a demo,
        drive it with a mouse or a finger.

        The server answers GET and HEAD for the page's own files only (HTML, JavaScript, CSS,
        the module and gesture scripts, at most one folder deep, never through a symlink); a
        request head must arrive within 5 s and 8 KiB (408 and 431 otherwise); one request per
        connection, at most 32 connections at once.

        Needs Debian's wasi-libc and libclang-rt-dev-wasm32; if one is missing it says in one
        line what to install and exits with status 3. --no-build serves DIR as it is.

        """
    }

    /// What to serve.
    public struct Plan: Equatable, Sendable {
        /// The directory holding index.html and kinetic.wasm.
        public var directory: String
        /// The port on 127.0.0.1.
        public var port: UInt16
        /// Whether to run the build first.
        public var build: Bool
    }

    /// Parses the arguments after `playground`.
    public static func plan(_ arguments: [String]) throws(CommandLineError) -> Plan {
        var rest = arguments[...]
        var build = true
        if let i = rest.firstIndex(of: "--no-build") { rest.remove(at: i); build = false }
        let parsed = try ParsedArguments(rest, options: ["port", "out"], context: "playground")
        guard parsed.positionals.isEmpty else { throw CommandLineError("playground: unexpected argument \(quoted(parsed.positionals[0]))") }
        let port = try parsed.number("port") ?? 8765
        guard port >= 1, port <= 65535, port == port.rounded() else { throw CommandLineError("playground: --port must be an integer in 1...65535") }
        return Plan(directory: parsed.string("out") ?? ".build-playground", port: UInt16(port), build: build)
    }

    /// Runs the build script (`bash SCRIPT DIR`); returns its exit status (3: a package is
    /// missing, and the script has printed the one line saying which) and a line to print if
    /// kinetic has one to add.
    ///
    /// The script runs through `posix_spawnp` with DIR as an argument of its own: no shell
    /// reads the command, so quotes, `;`, `$(...)` or spaces in DIR are just a directory name.
    public static func build(_ plan: Plan, script: String = "Scripts/build-playground") -> (status: Int32, message: String?) {
        guard access(script, R_OK) == 0 else {
            return (2, "kinetic: playground: run it from the Kinetic package root (\(script) not found)\n")
        }
        // The script reads an argument starting with '-' as an option: name such a directory
        // relative to here instead.
        let directory = plan.directory.hasPrefix("-") ? "./" + plan.directory : plan.directory
        switch Process.run(["bash", script, directory]) {
        case .exited(let status):
            return (status, nil)
        case .signalled(let signal):
            return (128 + signal, "kinetic: playground: the build was killed by signal \(signal)\n")
        case .failed(let reason):
            return (1, CommandLineError("playground: cannot run bash: " + reason).line)
        }
    }

    static func run<Output: TextOutputStream>(_ arguments: ArraySlice<String>, output: inout Output)
        throws(CommandLineError)
    {
        // Reached only through runKinetic (tests): the executable serves the playground itself.
        let plan = try plan(Array(arguments))
        output.write("playground: would serve \(plan.directory) on http://127.0.0.1:\(plan.port)/\n")
    }
}

