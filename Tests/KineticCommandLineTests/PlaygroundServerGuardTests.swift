// The playground server's limits: request heads bounded in size and time, only the page's own
// files, no symlinks, HEAD answered with the head alone.
import Testing
import Foundation
@testable import KineticCommandLine
import KineticHost

@Suite("kinetic playground server guard")
struct PlaygroundServerGuardTests {
    /// A connected pair of stream sockets: what the test writes on `.1`, the guard reads on `.0`.
    func connection(_ request: String, close: Bool = true) -> (Int32, Int32) {
        var fds: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        _ = RequestGuard.sendText(fds[1], request)
        if close { shutdown(fds[1], Int32(SHUT_WR)) }
        return (fds[0], fds[1])
    }

    func head(_ request: String, close: Bool = true, timeout: Int = 5000) -> RequestGuard.Head {
        let (a, b) = connection(request, close: close)
        defer { Glibc.close(a); Glibc.close(b) }
        return RequestGuard.readHead(from: a, timeoutMilliseconds: timeout)
    }

    @Test func validHeadsGiveTheirMethodAndTarget() {
        #expect(head("GET /app.js?v=2 HTTP/1.1\r\nHost: x\r\n\r\n") == .request(method: "GET", target: "/app.js?v=2"))
        #expect(head("HEAD / HTTP/1.0\n\n") == .request(method: "HEAD", target: "/"))
    }

    /// Before: FlyingFox read a request line of any length (in quadratic time) with no deadline.
    @Test func oversizedSlowAndMalformedHeadsAreRefused() {
        #expect(head("GET /" + String(repeating: "a", count: 9000), close: false)
                == .rejected(status: 431, reason: "Request Header Fields Too Large"))
        #expect(head("GET / HTTP/1.1\r\nX: " + String(repeating: "b", count: 8200) + "\r\n\r\n")
                == .rejected(status: 431, reason: "Request Header Fields Too Large"))
        #expect(head("GET / HTTP/1.1\r\n", close: false, timeout: 20) == .rejected(status: 408, reason: "Request Timeout"))
        #expect(head("GET / HTTP/1.1\r\n") == .rejected(status: 400, reason: "Bad Request"))
        #expect(head("") == .closed)
        #expect(head("POST / HTTP/1.1\r\n\r\n") == .rejected(status: 405, reason: "Method Not Allowed"))
        #expect(head("GET / SPDY/3\r\n\r\n") == .rejected(status: 505, reason: "HTTP Version Not Supported"))
        #expect(head("GET  / HTTP/1.1\r\n\r\n") == .rejected(status: 400, reason: "Bad Request"))
        #expect(head("GET x HTTP/1.1\r\n\r\n") == .rejected(status: 400, reason: "Bad Request"))
        #expect(head("GET /\u{1B}[2J HTTP/1.1\r\n\r\n") == .rejected(status: 400, reason: "Bad Request"))
        // Under the head limit but past the target limit: FlyingFox would spend seconds on it.
        #expect(head("GET /" + String(repeating: "a", count: 1024) + " HTTP/1.1\r\n\r\n")
                == .rejected(status: 414, reason: "URI Too Long"))
        #expect(head("GET /" + String(repeating: "a", count: 1023) + " HTTP/1.1\r\n\r\n")
                == .request(method: "GET", target: "/" + String(repeating: "a", count: 1023)))
    }

    @Test func onlyThePagesOwnFilesAreNamed() {
        #expect(PlaygroundFiles.components(of: "/") == ["index.html"])
        #expect(PlaygroundFiles.components(of: "/gestures/basics.txt?x") == ["gestures", "basics.txt"])
        #expect(PlaygroundFiles.components(of: "/kinetic.wasm") == ["kinetic.wasm"])
        for target in ["/../etc/passwd", "/.git/config", "/obj/Kinetic.o", "/a%2e%2e/x.js", "/a/b/c.js",
                       "/gestures/", "/gestures//x.txt", "/x.js\\..", "//etc/x.txt", "index.html"] {
            #expect(PlaygroundFiles.components(of: target) == nil, "\(target)")
        }
    }

    /// Before: FileManager followed a symlink in the served directory to any file.
    @Test func symlinksAreNotFollowed() throws {
        let dir = makeTemporaryDirectory("serve")
        try HostFiles.writeFile("<p>page</p>", to: dir + "/index.html")
        try HostFiles.makeDirectory(dir + "/gestures")
        try HostFiles.writeFile("0 end\n", to: dir + "/gestures/a.txt")
        try HostFiles.writeFile("secret", to: dir + "/../kinetic-secret.txt")
        #expect(symlink(dir + "/index.html", dir + "/link.html") == 0)
        #expect(symlink(dir + "/gestures", dir + "/linked") == 0)
        try HostFiles.makeDirectory(dir + "/folder.js")
        let page = PlaygroundFiles.contents("/", in: dir)
        #expect(page.map { String(decoding: $0.bytes, as: UTF8.self) } == "<p>page</p>")
        #expect(page?.contentType == "text/html; charset=utf-8")
        #expect(PlaygroundFiles.contents("/gestures/a.txt", in: dir)?.bytes.count == 6)
        #expect(PlaygroundFiles.contents("/link.html", in: dir) == nil)
        #expect(PlaygroundFiles.contents("/linked/a.txt", in: dir) == nil)
        #expect(PlaygroundFiles.contents("/folder.js", in: dir) == nil)
        #expect(PlaygroundFiles.contents("/missing.js", in: dir) == nil)
    }

    /// The head reader takes bytes as they come, in pieces of any size, with the same outcomes.
    @Test func headsReadPieceByPieceGiveTheSameOutcomes() {
        for request in ["GET /app.js HTTP/1.1\r\nHost: x\r\n\r\n", "HEAD / HTTP/1.0\n\n", "POST / HTTP/1.1\r\n\r\n",
                        "GET / HTTP/1.1\r\nX: " + String(repeating: "b", count: 8200) + "\r\n\r\n"] {
            let bytes = Array(request.utf8)
            for size in [1, 3, 7, 4096] {
                var reader = RequestGuard.HeadReader()
                var outcome: RequestGuard.Head?
                var i = 0
                while outcome == nil, i < bytes.count {
                    outcome = reader.append(bytes[i..<min(bytes.count, i + size)])
                    i += size
                }
                #expect(outcome == head(request), "\(request.prefix(20)) in pieces of \(size)")
            }
        }
        var reader = RequestGuard.HeadReader()
        #expect(reader.endOfInput() == .closed)
        #expect(reader.append(Array("GET / HT".utf8)[...]) == nil)
        #expect(reader.endOfInput() == .rejected(status: 400, reason: "Bad Request"))
    }

    /// Before: any Host was answered, so a page whose DNS name was rebound to 127.0.0.1 could read
    /// the app's sources. Only a loopback name with the server's port is.
    @Test func onlyALoopbackHostWithTheServersPortIsAnswered() {
        func outcome(_ request: String, port: UInt16 = 8765) -> RequestGuard.Head {
            var reader = RequestGuard.HeadReader(port: port)
            return reader.append(Array(request.utf8)[...]) ?? .closed
        }
        let ok = RequestGuard.Head.request(method: "GET", target: "/")
        let misdirected = RequestGuard.Head.rejected(status: 421, reason: "Misdirected Request")
        let bad = RequestGuard.Head.rejected(status: 400, reason: "Bad Request")
        for host in ["127.0.0.1:8765", "localhost:8765", "LocalHost:8765", "[::1]:8765", " 127.0.0.1:8765\t"] {
            #expect(outcome("GET / HTTP/1.1\r\nHost:\(host)\r\n\r\n") == ok, "\(host)")
        }
        #expect(outcome("GET / HTTP/1.1\r\nhOsT: localhost:8765\r\nAccept: */*\r\n\r\n") == ok)
        for host in ["attacker.example", "attacker.example:8765", "127.0.0.1", "localhost:8766", "127.0.0.2:8765",
                     "localhost.:8765", "127.0.0.1:8765.evil", "[::1]", ""] {
            #expect(outcome("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n") == misdirected, "\(host)")
        }
        // The bare name is the default port's only.
        #expect(outcome("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n", port: 80) == ok)
        // HTTP/1.1 must name its host, once; HTTP/1.0 may leave it out.
        #expect(outcome("GET / HTTP/1.1\r\n\r\n") == bad)
        #expect(outcome("GET / HTTP/1.1\r\nHost: localhost:8765\r\nHost: attacker.example\r\n\r\n") == bad)
        #expect(outcome("GET / HTTP/1.0\r\n\r\n") == ok)
        // A header whose name merely contains "host" is not the Host.
        #expect(outcome("GET / HTTP/1.1\r\nX-Forwarded-Host: localhost:8765\r\n\r\n") == bad)
        // Without a port the reader leaves Host alone (the blocking reader's default).
        var unchecked = RequestGuard.HeadReader()
        #expect(unchecked.append(Array("GET / HTTP/1.1\r\nHost: attacker.example\r\n\r\n".utf8)[...]) == ok)
    }

    @Test func theCacheReadsAChangedFileAgain() throws {
        let dir = makeTemporaryDirectory("cache")
        try HostFiles.writeFile("one", to: dir + "/app.js")
        let cache = PlaygroundFiles.Cache()
        #expect(PlaygroundFiles.response("/app.js", root: dir, docs: nil, cache: cache).bytes == Array("one".utf8))
        #expect(cache.entries.count == 1)
        try HostFiles.writeFile("two!", to: dir + "/app.js")
        #expect(PlaygroundFiles.response("/app.js", root: dir, docs: nil, cache: cache).bytes == Array("two!".utf8))
        unlink(dir + "/app.js")
        #expect(PlaygroundFiles.response("/app.js", root: dir, docs: nil, cache: cache).status == 404)
    }
}

