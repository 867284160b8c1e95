// `kinetic playground`'s HTTP server on 127.0.0.1: RequestGuard (KineticCommandLine) accepts the
// connections and reads each request head within its size and time limits, then forwards a
// minimal GET to FlyingFox on a private loopback port, which answers with one of the page's own
// files (PlaygroundFiles: no symlinks, no other files). It lives in the executable so that
// KineticCommandLine and the portable targets depend on nothing.
import FlyingFox
import Foundation
import KineticCommandLine

enum PlaygroundServer {
    /// The most connections served at once; more are closed at once.
    static let maximumConnections = 32

    /// Serves `plan.directory` until the process is interrupted; `ready` is told the address.
    static func serve(_ plan: PlaygroundCommand.Plan, ready: @escaping @Sendable (String) -> Void) async throws {
        let root = plan.directory
        // A client that closes early must not end the server.
        signal(SIGPIPE, SIG_IGN)
        // The backend: FlyingFox on a free loopback port, reached only through the guard.
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), logger: .disabled)
        await server.appendRoute("GET *") { request in
            guard let file = PlaygroundFiles.contents(request.path, in: root) else {
                return HTTPResponse(statusCode: .notFound)
            }
            return HTTPResponse(statusCode: .ok,
                                headers: [.contentType: file.contentType, HTTPHeader("Cache-Control"): "no-store"],
                                body: Data(file.bytes))
        }
        let task = Task { try await server.run() }
        try await server.waitUntilListening()
        guard case .ip4(_, let backendPort) = await server.listeningAddress else {
            throw GuardError("the backend has no IPv4 address")
        }
        guard let listener = RequestGuard.listenLoopback(port: plan.port) else {
            throw GuardError(String(cString: strerror(errno)))
        }
        ready("http://127.0.0.1:\(listener.port)/")
        let slots = DispatchSemaphore(value: maximumConnections)
        let acceptor = Thread {
            while true {
                let client = accept(listener.descriptor, nil, nil)
                if client < 0 { continue }
                guard slots.wait(timeout: .now()) == .success else { close(client); continue }
                Thread.detachNewThread {
                    RequestGuard.serve(client: client, backendPort: backendPort)
                    slots.signal()
                }
            }
        }
        acceptor.start()
        try await task.value
    }

    struct GuardError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
