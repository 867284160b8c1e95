// `kinetic playground`'s HTTP server: FlyingFox serving the built playground directory on
// 127.0.0.1. It lives in the executable so that KineticCommandLine and the portable targets
// depend on nothing.
import FlyingFox
import Foundation
import KineticCommandLine

enum PlaygroundServer {
    static func contentType(_ path: String) -> String {
        if path.hasSuffix(".html") { return "text/html; charset=utf-8" }
        if path.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
        if path.hasSuffix(".css") { return "text/css; charset=utf-8" }
        if path.hasSuffix(".wasm") { return "application/wasm" }
        if path.hasSuffix(".txt") { return "text/plain; charset=utf-8" }
        return "application/octet-stream"
    }

    /// Serves `plan.directory` until the process is interrupted; `ready` is told the address.
    static func serve(_ plan: PlaygroundCommand.Plan, ready: @escaping @Sendable (String) -> Void) async throws {
        let root = URL(fileURLWithPath: plan.directory).standardizedFileURL
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: plan.port), logger: .disabled)
        await server.appendRoute("GET *") { request in
            var path = request.path
            if path.isEmpty || path == "/" { path = "/index.html" }
            guard !path.contains("..") else { return HTTPResponse(statusCode: .forbidden) }
            let file = root.appendingPathComponent(String(path.dropFirst()))
            guard let data = FileManager.default.contents(atPath: file.path) else {
                return HTTPResponse(statusCode: .notFound)
            }
            return HTTPResponse(statusCode: .ok,
                                headers: [.contentType: contentType(path), HTTPHeader("Cache-Control"): "no-store"],
                                body: data)
        }
        let task = Task { try await server.run() }
        try await server.waitUntilListening()
        ready("http://127.0.0.1:\(plan.port)/")
        try await task.value
    }
}
