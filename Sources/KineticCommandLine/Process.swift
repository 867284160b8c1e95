// Runs a program and waits for it, without a shell: `posix_spawnp` with an argument vector, so
// no argument is ever parsed as shell syntax.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import KineticHost

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
        guard spawned == 0 else { return .failed(HostFiles.reason(spawned)) }
        return wait(pid)
    }

    /// Runs `arguments` like ``run(_:)`` but collects its standard output (at most `limit`
    /// bytes are kept); its standard error stays this process's.
    static func output(_ arguments: [String], limit: Int = 16 << 20) -> (outcome: Outcome, output: [UInt8]) {
        var collected: [UInt8] = []
        let outcome = streamed(arguments, standardError: false) { chunk in
            if collected.count < limit { collected += chunk.prefix(limit - collected.count) }
        }
        return (outcome, collected)
    }

    /// Runs `arguments` like ``run(_:outputToStandardError:)``, handing its standard output (and
    /// with `standardError`, its standard error too, interleaved as written) to `chunk` as it
    /// comes, and waits.
    static func streamed(_ arguments: [String], standardError: Bool,
                         chunk: (ArraySlice<UInt8>) -> Void) -> Outcome {
        guard !arguments.isEmpty else { return .failed("no program") }
        // Close-on-exec, so another child spawned meanwhile does not hold the write end open
        // (dup2 onto the child's standard output clears the flag there).
        guard let pipe = RequestGuard.closeOnExecPipe() else { return .failed(HostFiles.reason()) }
        let fds = [pipe.read, pipe.write]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        if standardError { posix_spawn_file_actions_adddup2(&actions, fds[1], 2) }
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        var pid = pid_t()
        let spawned = spawn(arguments, pid: &pid, actions: &actions)
        close(fds[1])
        defer { close(fds[0]) }
        guard spawned == 0 else { return .failed(HostFiles.reason(spawned)) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            chunk(buffer[0..<n])
        }
        return wait(pid)
    }

    /// Starts `arguments` like ``run(_:outputToStandardError:)`` with its standard output and
    /// error appended to the file at `logPath`, and returns at once: its process id, to pass to
    /// ``wait(_:)``, or the reason it could not start.
    static func start(_ arguments: [String], logPath: String) -> Result<pid_t, SpawnError> {
        guard !arguments.isEmpty else { return .failure(SpawnError(reason: "no program")) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var pid = pid_t()
        let spawned = spawn(arguments, pid: &pid, actions: &actions)
        guard spawned == 0 else { return .failure(SpawnError(reason: HostFiles.reason(spawned))) }
        return .success(pid)
    }

    struct SpawnError: Error {
        var reason: String
    }

    /// The children started here and not yet waited for: each leads a process group of its own
    /// (so its own children, a build's compilers, are reached too), which
    /// ``forwardTerminationSignals()`` ends when kinetic itself is told to stop.
    private static let children = ChildList()

    private static func spawn(_ arguments: [String], pid: inout pid_t,
                              actions: UnsafePointer<posix_spawn_file_actions_t>?) -> Int32 {
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        // A child starts with no signal blocked and the termination signals at their defaults:
        // it is spawned from whichever thread runs the command (the concurrency runtime's block
        // almost every signal, and a mask is inherited), and the server ignores SIGPIPE.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for sig in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, sig) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        return children.adding {
            // No descriptor is between its creation and its close-on-exec while the child starts.
            let status = DescriptorCreation.atomically {
                argv.withUnsafeBufferPointer { argv in
                    posix_spawnp(&pid, argv[0]!, actions, &attributes, argv.baseAddress!, environ)
                }
            }
            return (status, status == 0 ? pid : nil)
        }
    }

    /// Waits for the child `pid` to end.
    static func wait(_ pid: pid_t) -> Outcome {
        defer { children.remove(pid) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return .failed(HostFiles.reason()) }
        }
        // The wait status: low 7 bits the terminating signal (0 if it exited), next byte the code.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}

/// The running children's process ids, in a fixed table of `pid_t` slots (0: free) that the
/// signal handler can read without locks or allocation (`kill` is async-signal-safe); a lock
/// serializes the threads that add and remove.
private final class ChildList: @unchecked Sendable {
    static let capacity = 32
    /// Read by the signal handler: a plain C array.
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<pid_t> = {
        let p = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
        p.initialize(repeating: 0, count: capacity)
        return p
    }()
    private var lock = pthread_mutex_t()

    init() { pthread_mutex_init(&lock, nil) }

    /// Runs `spawn` under the lock and records the process id it returns, so a stop request
    /// cannot fall between the spawn and the recording.
    func adding(_ spawn: () -> (Int32, pid_t?)) -> Int32 {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        let (status, pid) = spawn()
        if let pid, let free = (0..<Self.capacity).first(where: { Self.slots[$0] == 0 }) { Self.slots[free] = pid }
        return status
    }

    func remove(_ pid: pid_t) {
        pthread_mutex_lock(&lock)
        for i in 0..<Self.capacity where Self.slots[i] == pid { Self.slots[i] = 0 }
        pthread_mutex_unlock(&lock)
    }
}

extension Process {
    /// Makes SIGINT, SIGTERM and SIGHUP end kinetic's children (their process groups: a build's
    /// compilers too) before kinetic itself ends with the signal's default action. Children run in
    /// process groups of their own, so without this a stopped kinetic would leave them running.
    static func forwardTerminationSignals() {
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = terminationHandler
            #else
            action.__sigaction_handler.sa_handler = terminationHandler
            #endif
            sigemptyset(&action.sa_mask)
            sigaction(sig, &action, nil)
        }
    }
}

/// The handler: async-signal-safe calls only (`kill`, `signal`, `raise`).
private func terminationHandler(_ sig: Int32) {
    for i in 0..<ChildList.capacity {
        let pid = ChildList.slots[i]
        if pid > 0 { kill(-pid, SIGTERM) }
    }
    signal(sig, SIG_DFL)
    raise(sig)
}
