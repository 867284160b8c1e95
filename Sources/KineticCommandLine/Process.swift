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
    /// With `outputToStandardError`, the child's standard output goes to this process's standard
    /// error (a build's progress must not mix with a command's output).
    static func run(_ arguments: [String], outputToStandardError: Bool = false) -> Outcome {
        guard !arguments.isEmpty else { return .failed("no program") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if outputToStandardError { posix_spawn_file_actions_adddup2(&actions, 2, 1) }
        var pid = pid_t()
        let spawned = spawn(arguments, pid: &pid, actions: &actions)
        guard spawned == 0 else { return .failed(FileSystem.reason(spawned)) }
        return wait(pid)
    }

    /// Runs `arguments` like ``run(_:)`` but collects its standard output (at most `limit`
    /// bytes are kept); its standard error stays this process's.
    static func output(_ arguments: [String], limit: Int = 16 << 20) -> (outcome: Outcome, output: [UInt8]) {
        guard !arguments.isEmpty else { return (.failed("no program"), []) }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return (.failed(FileSystem.reason()), []) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        var pid = pid_t()
        let spawned = spawn(arguments, pid: &pid, actions: &actions)
        close(fds[1])
        defer { close(fds[0]) }
        guard spawned == 0 else { return (.failed(FileSystem.reason(spawned)), []) }
        var collected: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            if collected.count < limit { collected += buffer[0..<Swift.min(n, limit - collected.count)] }
        }
        return (wait(pid), collected)
    }

    private static func spawn(_ arguments: [String], pid: inout pid_t,
                              actions: UnsafePointer<posix_spawn_file_actions_t>?) -> Int32 {
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        return argv.withUnsafeBufferPointer { argv in
            posix_spawnp(&pid, argv[0]!, actions, nil, argv.baseAddress!, environ)
        }
    }

    private static func wait(_ pid: pid_t) -> Outcome {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return .failed(FileSystem.reason()) }
        }
        // The wait status: low 7 bits the terminating signal (0 if it exited), next byte the code.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}
