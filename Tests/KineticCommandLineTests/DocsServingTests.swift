// The DocC site at /docs/ through the real server: the site's files and pages,
// HEAD, no symlinks, nothing outside the site or the page, and a page saying how to build it.
import Testing
import Foundation
@testable import KineticCommandLine
import KineticHost

@Suite("kinetic playground: /docs/", .serialized)
struct DocsServingTests {
    /// Sends `request` to 127.0.0.1:`port` and reads the whole answer (the server closes), on a
    /// thread of its own: blocking a task's thread could starve the server's tasks.
    ///
    func exchange(_ request: String, port: UInt16) async -> String {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: blockingExchange(request, port: port))
            }
        }
    }

    func blockingExchange(_ request: String, port: UInt16) -> String {
        guard let socket = RequestGuard.connectLoopback(port: port) else { return "no connection" }
        defer { close(socket) }
        _ = RequestGuard.sendText(socket, request)
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { break }
            answer += buffer[0..<n]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    func get(_ target: String, port: UInt16) async -> String {
        await exchange("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n", port: port)
    }

    /// A page directory and a small DocC-shaped site beside it, with a symlink out of the site.
    func makeSite() throws -> (page: String, docs: String) {
        let dir = makeTemporaryDirectory("docs")
        try HostFiles.writeFile("<p>page</p>", to: dir + "/index.html")
        try HostFiles.makeDirectory(dir + "/obj")
        try HostFiles.writeFile("object", to: dir + "/obj/Kinetic.o")
        let docs = dir + "/site"
        for folder in ["", "/js", "/documentation", "/documentation/kinetic", "/data", "/data/documentation",
                       "/data/documentation/kinetic"] {
            try HostFiles.makeDirectory(docs + folder)
        }
        try HostFiles.writeFile("<title>Documentation</title>", to: docs + "/index.html")
        try HostFiles.writeFile("var baseUrl = \"/docs/\"", to: docs + "/js/index.1234.js")
        try HostFiles.writeFile("<title>Kinetic</title>", to: docs + "/documentation/kinetic/index.html")
        try HostFiles.writeFile("{\"kind\":\"symbol\"}", to: docs + "/data/documentation/kinetic/init(_:).json")
        try HostFiles.writeFile("secret", to: dir + "/secret.json")
        #expect(symlink(dir + "/secret.json", docs + "/data/linked.json") == 0)
        #expect(symlink(dir, docs + "/outside") == 0)
        return (dir, docs)
    }

    @Test func theSitesFilesAndPagesAreServedUnderDocs() async throws {
        let (page, docs) = try makeSite()
        let server = try PlaygroundServer(directory: page, docs: docs, port: 0)
        defer { server.stop() }
        let port = server.port
        // /docs/ is a landing page linking every module and the first article (DocC's own root
        // page finds nothing there); DocC's file is still there by name.
        let index = await get("/docs/", port: port)
        #expect(index.hasPrefix("HTTP/1.1 200 OK\r\n") && index.contains("Content-Type: text/html; charset=utf-8\r\n"))
        for link in ["/docs/documentation/kinetic/", "/docs/documentation/kineticscene/", "/docs/documentation/kineticdynamics/",
                     "/docs/documentation/kineticpop/", "/docs/documentation/kinetichost/", "/docs/documentation/kineticdemos/",
                     "/docs/documentation/kineticscene/yourfirstscene"] {
            #expect(index.contains("href=\"\(link)\""), "\(link)")
        }
        #expect(await get("/docs/index.html", port: port).hasSuffix("\r\n\r\n<title>Documentation</title>"))
        let script = await get("/docs/js/index.1234.js?v=1", port: port)
        #expect(script.hasPrefix("HTTP/1.1 200 OK\r\n") && script.contains("Content-Type: text/javascript"))
        // A DocC page route is its directory's index.html, with or without the final '/'.
        #expect(await get("/docs/documentation/kinetic", port: port).hasSuffix("\r\n\r\n<title>Kinetic</title>"))
        #expect(await get("/docs/documentation/kinetic/", port: port).hasSuffix("\r\n\r\n<title>Kinetic</title>"))
        // Symbol paths keep their parentheses and colons, escaped or not.
        for target in ["/docs/data/documentation/kinetic/init(_:).json", "/docs/data/documentation/kinetic/init%28_%3A%29.json"] {
            let json = await get(target, port: port)
            #expect(json.hasPrefix("HTTP/1.1 200 OK\r\n") && json.contains("Content-Type: application/json"), "\(target)")
            #expect(json.hasSuffix("{\"kind\":\"symbol\"}"), "\(target)")
        }
        // /docs without the '/' is sent to /docs/, so the site's relative links resolve.
        let bare = await get("/docs", port: port)
        #expect(bare.hasPrefix("HTTP/1.1 301 ") && bare.contains("Location: /docs/\r\n"))
        // The page itself is still served.
        #expect(await get("/", port: port).hasSuffix("\r\n\r\n<p>page</p>"))
    }

    @Test func headAnswersTheHeadOnly() async throws {
        let (page, docs) = try makeSite()
        let server = try PlaygroundServer(directory: page, docs: docs, port: 0)
        defer { server.stop() }
        let head = await exchange("HEAD /docs/documentation/kinetic/ HTTP/1.1\r\nHost: localhost:\(server.port)\r\n\r\n", port: server.port)
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(head.contains("Content-Length: 22\r\n"))             // "<title>Kinetic</title>"
        #expect(head.hasSuffix("\r\n\r\n"))
    }

    @Test func symlinksEscapesAndBuildProductsAre404() async throws {
        let (page, docs) = try makeSite()
        let server = try PlaygroundServer(directory: page, docs: docs, port: 0)
        defer { server.stop() }
        for target in ["/docs/data/linked.json",                      // a symlink to a file
                       "/docs/outside/secret.json",                   // through a symlinked folder
                       "/docs/../secret.json", "/docs/%2e%2e/secret.json", "/docs/%2E%2E%2Fsecret.json",
                       "/docs/.hidden.json", "/docs/js/%00.js", "/docs/js/%zz.js",
                       "/obj/Kinetic.o", "/docs/obj/Kinetic.o", "/secret.json",
                       "/docs/" + String(repeating: "a/", count: 13) + "x.js"] {
            let answer = await get(target, port: server.port)
            #expect(answer.hasPrefix("HTTP/1.1 404 ") || answer.hasPrefix("HTTP/1.1 400 "), "\(target): \(answer.prefix(40))")
            #expect(!answer.contains("secret") && !answer.contains("object"), "\(target)")
        }
    }

    @Test func aMissingSiteAnswersAPageSayingHowToBuildIt() async throws {
        let (page, _) = try makeSite()
        let server = try PlaygroundServer(directory: page, docs: page + "/not-built", port: 0)
        defer { server.stop() }
        let answer = await get("/docs/", port: server.port)
        #expect(answer.hasPrefix("HTTP/1.1 404 "))
        #expect(answer.contains("Run <code>Scripts/build-docs</code>"))
        #expect(await get("/docs/js/index.js", port: server.port).hasPrefix("HTTP/1.1 404 "))
        // The page's link goes to the Kinetic module's page: it says the same.
        #expect(await get("/docs/documentation/kinetic/", port: server.port).contains("Run <code>Scripts/build-docs</code>"))
    }

    @Test func docsTargetsAreDecodedAndChecked() {
        #expect(PlaygroundFiles.docsComponents(of: "/docs/") == ["index.html"])
        #expect(PlaygroundFiles.docsComponents(of: "/docs/documentation/kinetic/!=(_:_:)")
                == ["documentation", "kinetic", "!=(_:_:)", "index.html"])
        #expect(PlaygroundFiles.docsComponents(of: "/docs/css/a.css") == ["css", "a.css"])
        for target in ["/docs//x.js", "/docs/a%2", "/docs/%C0%AF.js", "/docs/a b.js", "/docs/a\\b.js", "/docsx/a.js"] {
            #expect(PlaygroundFiles.docsComponents(of: target) == nil, "\(target)")
        }
    }
}
