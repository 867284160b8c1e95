// Runs a program and waits for it, without a shell: `posix_spawnp` with an argument vector, so
// no argument is ever parsed as shell syntax.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

enum Process {
    /// How a child process ended.
    enum Outcome: Equatable {
        /// It exited with this status (0...255).
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
        /// It could not be started (the system's reason).
        case failed(String)
    }

    /// Runs `arguments[0]` (looked up in `PATH`) with `arguments` as its argument vector, the
    /// same environment, standard streams and working directory as this process, and waits.
    static func run(_ arguments: [String]) -> Outcome {
        guard !arguments.isEmpty else { return .failed("no program") }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = argv.withUnsafeBufferPointer { argv in
            posix_spawnp(&pid, argv[0]!, nil, nil, argv.baseAddress!, environ)
        }
        guard spawned == 0 else { return .failed(FileSystem.reason(spawned)) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return .failed(FileSystem.reason()) }
        }
        // The wait status: low 7 bits the terminating signal (0 if it exited), next byte the code.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}
