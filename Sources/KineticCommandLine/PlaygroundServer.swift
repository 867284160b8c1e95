// The HTTP server of `kinetic playground` and `kinetic web serve`: one listening socket on
// 127.0.0.1 and one thread, a reactor that `poll`s every connection without ever blocking on
// one. It accepts, reads each request head within RequestGuard's limits (size, time, a Host
// naming this server), answers with one of the page's files or of the DocC site
// (PlaygroundFiles), and writes the answer as the client reads it, within a deadline. Every
// phase counts against one cap of connections, so clients that send nothing, or ask for the
// module and never read it, cost a descriptor each and are dropped oldest first: they can never
// keep a page request out. Every descriptor is close-on-exec, so no build or documentation child
// inherits the port or a client.
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A running server: its address, and a way to stop it.
///
/// At most ``maximumConnections`` connections are held at once, whatever they are doing
/// (sending their heads, or being answered); a new connection beyond that, or one that finds the
/// process out of descriptors, closes the oldest held one instead of being refused. A head must
/// arrive within ``RequestGuard/headTimeoutMilliseconds``, and an answer must be read within
/// ``writeTimeoutMilliseconds``. A file that cannot be opened for want of descriptors is
/// answered 503, never 404.
final class PlaygroundServer: @unchecked Sendable {
    /// The most connections held at once, in every phase (kept well under the usual `ulimit -n`
    /// of 1024).
    static let maximumConnections = 384
    /// How long a client has to read a whole answer, in milliseconds.
    static let writeTimeoutMilliseconds = 10_000
    /// Each connection's kernel send buffer (on loopback, still a module in a few milliseconds).
    static let sendBufferBytes: Int32 = 128 << 10

    /// The port on 127.0.0.1 the server listens on.
    let port: UInt16
    private let listener: Int32
    /// Written to by ``stop()`` to wake the reactor.
    private let wakeWrite: Int32
    private let stopped = DispatchSemaphore(value: 0)

    /// Starts serving `directory` (and `docs` at /docs/) on 127.0.0.1:`port` (0: any free port).
    /// `docsStatus` says what /docs/ answers while `docs` holds no site.
    /// `building` says what is being built and since how many seconds while the page itself is
    /// (`/` then answers a page that says so and reloads itself), nil otherwise. With `live`
    /// (`--watch`), /kinetic-live.json answers how the builds stand (404 without).
    init(directory: String, docs: String?, port: UInt16,
         docsStatus: @escaping @Sendable () -> PlaygroundFiles.DocsStatus = { .missing },
         building: @escaping @Sendable () -> (what: String, seconds: Int)? = { nil },
         live: LiveBuild? = nil) throws {
        // A client that closes early must not end the server.
        signal(SIGPIPE, SIG_IGN)
        guard let listener = RequestGuard.listenLoopback(port: port) else {
            throw ServerError(String(cString: strerror(errno)))
        }
        guard let wake = RequestGuard.closeOnExecPipe() else {
            let reason = String(cString: strerror(errno))
            close(listener.descriptor)
            throw ServerError(reason)
        }
        for fd in [listener.descriptor, wake.read, wake.write] { RequestGuard.setNonBlocking(fd) }
        self.port = listener.port
        self.listener = listener.descriptor
        self.wakeWrite = wake.write
        let files = PlaygroundFiles.Cache()
        let reactor = Reactor(listener: listener.descriptor, wake: wake.read, port: listener.port) { method, target in
            let file = PlaygroundFiles.response(target, root: directory, docs: docs, docsStatus: docsStatus(), cache: files,
                                                building: building(), live: live.map { .init(status: $0.statusJSON, failure: $0.firstBuildFailure) })
            var head = "HTTP/1.1 \(file.status) \(file.reason)\r\nContent-Type: \(file.contentType)\r\n"
            head += "Content-Length: \(file.bytes.count)\r\nCache-Control: no-store\r\n"
            if let location = file.location { head += "Location: \(location)\r\n" }
            if file.status == 503 { head += "Retry-After: 1\r\n" }
            head += "Connection: close\r\n\r\n"
            return (Array(head.utf8), method == "HEAD" ? [] : file.bytes)
        }
        let stopped = self.stopped
        Thread.detachNewThread {
            reactor.run()
            stopped.signal()
        }
    }

    /// Serves until ``stop()`` (normally: until the process is interrupted).
    func wait() async {
        let stopped = self.stopped
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                stopped.wait()
                stopped.signal()
                continuation.resume()
            }
        }
    }

    /// Stops accepting connections, closes the held ones and the listening socket.
    func stop() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    struct ServerError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

/// The accepting, reading and writing loop: `poll` over the listening socket, the wake pipe and
/// every held connection, each either sending its head or being sent its answer. Runs on one
/// thread and owns every descriptor; made on the caller's thread, then used by the reactor
/// thread alone.
private final class Reactor: @unchecked Sendable {
    enum Phase {
        /// Sending its head.
        case reading(RequestGuard.HeadReader)
        /// Being sent `head` then `body`; `sent` bytes of the two so far.
        case writing(head: [UInt8], body: [UInt8], sent: Int)
    }

    struct Connection {
        var descriptor: Int32
        var phase: Phase
        /// When the current phase must be over (a monotonic millisecond).
        var deadline: Int
    }

    let listener: Int32
    let wake: Int32
    let port: UInt16
    /// The head and body answering a method and target (on the reactor's thread).
    let answer: (String, String) -> (head: [UInt8], body: [UInt8])
    /// In order of arrival: the first is the oldest.
    var connections: [Connection] = []
    /// While the process is out of descriptors with nothing to evict: when to try accepting again.
    var acceptPausedUntil = 0

    init(listener: Int32, wake: Int32, port: UInt16, answer: @escaping (String, String) -> (head: [UInt8], body: [UInt8])) {
        self.listener = listener
        self.wake = wake
        self.port = port
        self.answer = answer
    }

    func run() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var polled: [pollfd] = []
        while true {
            var now = RequestGuard.milliseconds()
            polled.removeAll(keepingCapacity: true)
            polled.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0))
            let accepting = now >= acceptPausedUntil
            polled.append(pollfd(fd: accepting ? listener : -1, events: Int16(POLLIN), revents: 0))
            var timeout = accepting ? Int.max : acceptPausedUntil - now
            for connection in connections {
                let events = if case .reading = connection.phase { POLLIN } else { POLLOUT }
                polled.append(pollfd(fd: connection.descriptor, events: Int16(events), revents: 0))
                timeout = Swift.min(timeout, connection.deadline - now)
            }
            let ready = poll(&polled, nfds_t(polled.count), timeout == Int.max ? -1 : Int32(Swift.max(0, timeout)))
            if ready < 0 && errno != EINTR { break }
            if polled[0].revents != 0 { break }
            now = RequestGuard.milliseconds()
            // Only the connections that are ready or past their deadline change; the rest stay
            // where they are, so a turn costs little however many clients are idle.
            var kept = 0
            for i in connections.indices {
                let ready = polled[i + 2].revents != 0
                if ready || now >= connections[i].deadline {
                    guard let next = advance(connections[i], ready: ready, now: now, buffer: &buffer) else {
                        close(connections[i].descriptor)
                        continue
                    }
                    connections[i] = next
                }
                if kept != i { connections.swapAt(kept, i) }
                kept += 1
            }
            connections.removeLast(connections.count - kept)
            if accepting, polled[1].revents != 0 { acceptAll(now: now) }
        }
        for connection in connections { close(connection.descriptor) }
        connections.removeAll()
        close(listener)
        close(wake)
    }

    /// The connection after a poll: read what arrived of its head (answering a complete or refused
    /// one at once), or send what the client has room for; nil once it is done, failed or past
    /// its deadline (then it is closed).
    func advance(_ connection: Connection, ready: Bool, now: Int, buffer: inout [UInt8]) -> Connection? {
        var connection = connection
        if case .reading(var reader) = connection.phase {
            var outcome: RequestGuard.Head?
            if ready {
                let n = buffer.withUnsafeMutableBytes { recv(connection.descriptor, $0.baseAddress, $0.count, 0) }
                if n > 0 {
                    outcome = reader.append(buffer[0..<n])
                } else if n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                    outcome = reader.endOfInput()
                }
            }
            if outcome == nil, now >= connection.deadline {
                outcome = .rejected(status: 408, reason: "Request Timeout")
            }
            guard let outcome else {
                connection.phase = .reading(reader)
                return connection
            }
            switch outcome {
            case .closed:
                return nil
            case .rejected(let status, let reason):
                let head = "HTTP/1.1 \(status) \(reason)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                connection.phase = .writing(head: Array(head.utf8), body: [], sent: 0)
            case .request(let method, let target):
                let (head, body) = answer(method, target)
                connection.phase = .writing(head: head, body: body, sent: 0)
            }
            connection.deadline = now + PlaygroundServer.writeTimeoutMilliseconds
            // The socket almost always has room now: a small answer leaves in this same turn.
            return write(connection)
        }
        guard now < connection.deadline else {
            Self.resetOnClose(connection.descriptor)
            return nil
        }
        return ready ? write(connection) : connection
    }

    /// Sends as much of the answer as the socket takes without blocking: nil when it is all sent
    /// (or the client is gone), the connection with its progress otherwise.
    func write(_ connection: Connection) -> Connection? {
        guard case .writing(let head, let body, var sent) = connection.phase else { return connection }
        while sent < head.count + body.count {
            let inHead = sent < head.count
            let n = (inHead ? head : body).withUnsafeBytes { raw in
                let offset = inHead ? sent : sent - head.count
                return send(connection.descriptor, raw.baseAddress! + offset, raw.count - offset, RequestGuard.noSignal)
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                var waiting = connection
                waiting.phase = .writing(head: head, body: body, sent: sent)
                return waiting
            }
            guard n > 0 else { return nil }
            sent += n
        }
        return nil
    }

    /// Makes the close of a connection given up on (evicted, or past its deadline with its
    /// answer unsent) a reset: a client that stopped reading would otherwise leave the kernel
    /// holding the answer's unsent bytes for it after the close.
    static func resetOnClose(_ descriptor: Int32) {
        var reset = linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<linger>.size))
    }

    /// Closes an evicted connection at once, with a reset (see ``resetOnClose(_:)``).
    static func abort(_ descriptor: Int32) {
        resetOnClose(descriptor)
        close(descriptor)
    }

    /// Accepts every connection waiting in the backlog.
    func acceptAll(now: Int) {
        while true {
            let client = RequestGuard.acceptCloseOnExec(listener)
            if client < 0 {
                switch errno {
                case EINTR, ECONNABORTED:
                    continue
                case EMFILE, ENFILE:
                    // Out of descriptors: make room by dropping the oldest held connection, or
                    // with none to drop, pause accepting briefly rather than spin.
                    if connections.isEmpty {
                        acceptPausedUntil = now + 50
                        return
                    }
                    Self.abort(connections.removeFirst().descriptor)
                    continue
                default:
                    return    // EAGAIN: the backlog is empty
                }
            }
            RequestGuard.setNonBlocking(client)
            // A client that does not read holds at most this much of the kernel's memory, and a
            // burst of them costs the reactor that much copying each, not a whole module.
            var sendBuffer = PlaygroundServer.sendBufferBytes
            setsockopt(client, SOL_SOCKET, SO_SNDBUF, &sendBuffer, socklen_t(MemoryLayout<Int32>.size))
            if connections.count >= PlaygroundServer.maximumConnections {
                Self.abort(connections.removeFirst().descriptor)
            }
            connections.append(Connection(descriptor: client, phase: .reading(RequestGuard.HeadReader(port: port)),
                                          deadline: now + RequestGuard.headTimeoutMilliseconds))
        }
    }
}
