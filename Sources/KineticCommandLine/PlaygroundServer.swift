// The HTTP server of `kinetic playground` and `kinetic web serve`, on 127.0.0.1: RequestGuard
// accepts the connections and reads each request head within its size and time limits, then
// forwards a minimal GET to FlyingFox on a private loopback port, which answers with one of the
// page's own files or of the DocC site at /docs/ (PlaygroundFiles: no symlinks, no other files).
import FlyingFox
import Foundation

/// A running server: its address, and a way to stop it (tests).
final class PlaygroundServer: @unchecked Sendable {
    /// The most connections served at once; more are closed at once.
    static let maximumConnections = 32

    /// The port on 127.0.0.1 the guard listens on.
    let port: UInt16
    private let backend: HTTPServer
    private let listener: Int32
    private let task: Task<Void, any Error>
    private let acceptor: Thread

    /// Starts serving `directory` (and `docs` at /docs/) on 127.0.0.1:`port` (0: any free port).
    init(directory: String, docs: String?, port: UInt16) async throws {
        // A client that closes early must not end the server.
        signal(SIGPIPE, SIG_IGN)
        // The backend: FlyingFox on a free loopback port, reached only through the guard.
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), logger: .disabled)
        await server.appendRoute("GET *") { request in
            // The raw target: FlyingFox's `path` is decoded and standardised (it drops a final '/').
            let target = request.target.path(percentEncoded: true)
            let file = PlaygroundFiles.response(target, root: directory, docs: docs)
            var headers = HTTPHeaders()
            headers[.contentType] = file.contentType
            headers[HTTPHeader("Cache-Control")] = "no-store"
            if let location = file.location { headers[.location] = location }
            return HTTPResponse(statusCode: HTTPStatusCode(file.status, phrase: file.reason), headers: headers,
                                body: Data(file.bytes))
        }
        let task = Task { try await server.run() }
        try await server.waitUntilListening()
        guard case .ip4(_, let backendPort) = await server.listeningAddress else {
            task.cancel()
            throw ServerError("the backend has no IPv4 address")
        }
        guard let listener = RequestGuard.listenLoopback(port: port) else {
            let reason = String(cString: strerror(errno))
            task.cancel()
            throw ServerError(reason)
        }
        let slots = DispatchSemaphore(value: Self.maximumConnections)
        let descriptor = listener.descriptor
        acceptor = Thread {
            while true {
                let client = accept(descriptor, nil, nil)
                if client < 0 {
                    // Closed by stop(): end; anything else (a connection reset before accept,
                    // EINTR, EMFILE) is the next connection's to retry.
                    if errno == EBADF || errno == EINVAL { close(descriptor); return }
                    continue
                }
                guard slots.wait(timeout: .now()) == .success else { close(client); continue }
                Thread.detachNewThread {
                    RequestGuard.serve(client: client, backendPort: backendPort)
                    slots.signal()
                }
            }
        }
        acceptor.start()
        self.port = listener.port
        self.listener = listener.descriptor
        self.backend = server
        self.task = task
    }

    /// Serves until the backend fails (normally: until the process is interrupted).
    func wait() async throws {
        try await task.value
    }

    /// Stops accepting connections and stops the backend.
    func stop() async {
        // Wakes the acceptor's accept() with EINVAL; it closes the socket.
        shutdown(listener, Int32(SHUT_RDWR))
        await backend.stop(timeout: 1)
        task.cancel()
    }

    struct ServerError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
