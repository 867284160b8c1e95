// The HTTP server of `kinetic playground` and `kinetic web serve`: one listening socket on
// 127.0.0.1, one thread that accepts connections and reads every request head at once without
// blocking (RequestGuard.HeadReader: bounded in size and time), and a short-lived responder per
// complete head that answers with one of the page's files or of the DocC site (PlaygroundFiles).
// Nothing else listens, and no byte reaches a parser but through the head reader's limits.
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
/// Slow or idle clients cost one descriptor and one small buffer each and are dropped after
/// ``RequestGuard/headTimeoutMilliseconds``; at most ``maximumPendingConnections`` wait for their
/// heads at once, and a new connection beyond that (or one that finds the process out of
/// descriptors) closes the oldest waiting one instead of being refused, so a burst of idle or
/// slowloris connections never keeps a page request out for longer than it takes to read it.
final class PlaygroundServer: @unchecked Sendable {
    /// The most connections whose heads are read at once (kept well under the usual
    /// `ulimit -n` of 1024).
    static let maximumPendingConnections = 384
    /// How long a responder may block sending to a client that does not read, in seconds.
    static let sendTimeoutSeconds = 10

    /// The port on 127.0.0.1 the server listens on.
    let port: UInt16
    private let listener: Int32
    /// Written to by ``stop()`` to wake the reactor.
    private let wakeWrite: Int32
    private let stopped = DispatchSemaphore(value: 0)

    /// Starts serving `directory` (and `docs` at /docs/) on 127.0.0.1:`port` (0: any free port).
    /// `docsStatus` says what /docs/ answers while `docs` holds no site.
    init(directory: String, docs: String?, port: UInt16,
         docsStatus: @escaping @Sendable () -> PlaygroundFiles.DocsStatus = { .missing }) throws {
        // A client that closes early must not end the server.
        signal(SIGPIPE, SIG_IGN)
        guard let listener = RequestGuard.listenLoopback(port: port) else {
            throw ServerError(String(cString: strerror(errno)))
        }
        var wake: [Int32] = [0, 0]
        guard pipe(&wake) == 0 else {
            let reason = String(cString: strerror(errno))
            close(listener.descriptor)
            throw ServerError(reason)
        }
        for fd in [listener.descriptor, wake[0]] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        self.port = listener.port
        self.listener = listener.descriptor
        self.wakeWrite = wake[1]
        let reactor = Reactor(listener: listener.descriptor, wake: wake[0]) { client, head in
            DispatchQueue.global().async {
                PlaygroundServer.respond(to: client, head: head, directory: directory, docs: docs, docsStatus: docsStatus)
            }
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

    /// Stops accepting connections, closes the waiting ones and the listening socket.
    func stop() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Answers one complete head on `client` (blocking, with a send timeout) and closes it.
    static func respond(to client: Int32, head: RequestGuard.Head, directory: String, docs: String?,
                        docsStatus: () -> PlaygroundFiles.DocsStatus) {
        defer { close(client) }
        _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) & ~O_NONBLOCK)
        var timeout = timeval(tv_sec: sendTimeoutSeconds, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        switch head {
        case .closed:
            return
        case .rejected(let status, let reason):
            RequestGuard.sendText(client, "HTTP/1.1 \(status) \(reason)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        case .request(let method, let target):
            let file = PlaygroundFiles.response(target, root: directory, docs: docs, docsStatus: docsStatus())
            var text = "HTTP/1.1 \(file.status) \(file.reason)\r\nContent-Type: \(file.contentType)\r\n"
            text += "Content-Length: \(file.bytes.count)\r\nCache-Control: no-store\r\n"
            if let location = file.location { text += "Location: \(location)\r\n" }
            text += "Connection: close\r\n\r\n"
            guard RequestGuard.sendText(client, text), method != "HEAD" else { return }
            _ = RequestGuard.sendAll(client, file.bytes[...])
        }
    }

    struct ServerError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

/// The accepting and head-reading loop: `poll` over the listening socket, the wake pipe and every
/// connection still sending its head. Runs on one thread; owns every descriptor until it hands a
/// connection to `complete`. Made on the caller's thread, then used by the reactor thread alone.
private final class Reactor: @unchecked Sendable {
    struct Pending {
        var descriptor: Int32
        var reader = RequestGuard.HeadReader()
        var deadline: Int
    }

    let listener: Int32
    let wake: Int32
    let complete: (Int32, RequestGuard.Head) -> Void
    /// In order of arrival: the first is the oldest.
    var pending: [Pending] = []
    /// While the process is out of descriptors with nothing to evict: when to try accepting again.
    var acceptPausedUntil = 0

    init(listener: Int32, wake: Int32, complete: @escaping (Int32, RequestGuard.Head) -> Void) {
        self.listener = listener
        self.wake = wake
        self.complete = complete
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
            for connection in pending {
                polled.append(pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0))
                timeout = Swift.min(timeout, connection.deadline - now)
            }
            let ready = poll(&polled, nfds_t(polled.count), timeout == Int.max ? -1 : Int32(Swift.max(0, timeout)))
            if ready < 0 && errno != EINTR { break }
            if polled[0].revents != 0 { break }
            now = RequestGuard.milliseconds()
            // Heads: read what arrived; hand over complete or refused ones, drop expired ones.
            var kept: [Pending] = []
            kept.reserveCapacity(pending.count)
            for (i, var connection) in pending.enumerated() {
                var outcome: RequestGuard.Head?
                if polled[i + 2].revents != 0 {
                    let n = buffer.withUnsafeMutableBytes { recv(connection.descriptor, $0.baseAddress, $0.count, 0) }
                    if n > 0 {
                        outcome = connection.reader.append(buffer[0..<n])
                    } else if n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                        outcome = connection.reader.endOfInput()
                    }
                }
                if outcome == nil, now >= connection.deadline {
                    outcome = .rejected(status: 408, reason: "Request Timeout")
                }
                if let outcome {
                    complete(connection.descriptor, outcome)
                } else {
                    kept.append(connection)
                }
            }
            pending = kept
            if accepting, polled[1].revents != 0 { acceptAll(now: now) }
        }
        for connection in pending { close(connection.descriptor) }
        pending.removeAll()
        close(listener)
        close(wake)
    }

    /// Accepts every connection waiting in the backlog.
    func acceptAll(now: Int) {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                switch errno {
                case EINTR, ECONNABORTED:
                    continue
                case EMFILE, ENFILE:
                    // Out of descriptors: make room by dropping the oldest waiting connection, or
                    // with none to drop, pause accepting briefly rather than spin.
                    if pending.isEmpty {
                        acceptPausedUntil = now + 50
                        return
                    }
                    close(pending.removeFirst().descriptor)
                    continue
                default:
                    return    // EAGAIN: the backlog is empty
                }
            }
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
            if pending.count >= PlaygroundServer.maximumPendingConnections {
                close(pending.removeFirst().descriptor)
            }
            pending.append(Pending(descriptor: client, deadline: now + RequestGuard.headTimeoutMilliseconds))
        }
    }
}
