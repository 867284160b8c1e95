// The real server under hostile clients: one listening socket, answers during a slowloris wave,
// and survives more idle connections than a usual descriptor limit.
import Testing
import Foundation
@testable import KineticCommandLine
import KineticHost

/// In the serialized docs suite: no other test of the process opens a listening socket while these
/// count them.
extension DocsServingTests {
    /// The inodes of this process's TCP sockets listening on 127.0.0.1, with their ports.
    func loopbackListeners() throws -> [UInt64: UInt16] {
        var ours: Set<UInt64> = []
        for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + entry),
                  target.hasPrefix("socket:["), let inode = UInt64(target.dropFirst(8).dropLast()) else { continue }
            ours.insert(inode)
        }
        var listeners: [UInt64: UInt16] = [:]
        let table = FileHandle(forReadingAtPath: "/proc/self/net/tcp")?.readDataToEndOfFile() ?? Data()
        for line in String(decoding: table, as: UTF8.self).split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
            guard fields.count > 9, fields[3] == "0A", let inode = UInt64(fields[9]), ours.contains(inode) else { continue }
            let local = fields[1].split(separator: ":")
            guard local.count == 2, local[0] == "0100007F", let port = UInt16(local[1], radix: 16) else { continue }
            listeners[inode] = port
        }
        return listeners
    }

    /// Before: FlyingFox listened, unguarded, on a second loopback port.
    @Test func theServerListensOnOneSocketOnly() async throws {
        let (page, docs) = try makeSite()
        let before = try loopbackListeners()
        let server = try PlaygroundServer(directory: page, docs: docs, port: 0)
        defer { server.stop() }
        let after = try loopbackListeners()
        let added = after.filter { before[$0.key] == nil }
        #expect(added.count == 1)
        #expect(added.first?.value == server.port)
        #expect(await get("/", port: server.port).hasSuffix("\r\n\r\n<p>page</p>"))
    }

    /// Before: 32 half-sent heads filled every slot and other clients were reset.
    @Test func aPageIsAnsweredWithinASecondDuring200SlowConnections() async throws {
        let (page, docs) = try makeSite()
        let server = try PlaygroundServer(directory: page, docs: docs, port: 0)
        defer { server.stop() }
        var slow: [Int32] = []
        defer { for fd in slow { close(fd) } }
        for i in 0..<200 {
            guard let fd = RequestGuard.connectLoopback(port: server.port) else { Issue.record("connect \(i)"); return }
            _ = RequestGuard.sendText(fd, "GET / HTTP/1.1\r\nX-Slow: ")
            slow.append(fd)
        }
        for _ in 0..<3 {
            let start = Date()
            let answer = await get("/", port: server.port)
            let took = Date().timeIntervalSince(start)
            #expect(answer.hasSuffix("\r\n\r\n<p>page</p>"), "\(answer.prefix(40))")
            #expect(took < 1, "answered in \(took) s")
            for fd in slow { _ = RequestGuard.sendText(fd, "a") }   // keep them trickling
        }
    }

    /// Before: 1,100 idle connections ran FlyingFox out of descriptors and ended the process.
    @Test func elevenHundredIdleConnectionsDoNotStopTheServer() async throws {
        let (page, docs) = try makeSite()
        let server = try PlaygroundServer(directory: page, docs: docs, port: 0)
        defer { server.stop() }
        let descriptorsBefore = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        var idle: [Int32] = []
        defer { for fd in idle { close(fd) } }
        for i in 0..<1100 {
            guard let fd = RequestGuard.connectLoopback(port: server.port) else { Issue.record("connect \(i)"); return }
            idle.append(fd)
        }
        #expect(await get("/", port: server.port).hasSuffix("\r\n\r\n<p>page</p>"))
        // The server holds at most its pending limit of them: the oldest were closed.
        let held = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count - descriptorsBefore - idle.count
        #expect(held <= PlaygroundServer.maximumConnections + 2, "server descriptors: \(held)")
    }

    /// Before: connections that asked for the module and never read it stalled every other client
    /// (each answer blocked a thread in `send` for up to 10 s). Now the reactor writes only what
    /// each client reads, and the oldest held connections make room for new ones.
    @Test func aPageIsAnsweredWithinASecondWhile600ClientsNeverReadTheModule() async throws {
        let (page, docs) = try makeSite()
        try HostFiles.writeFile(String(repeating: "w", count: 1 << 20), to: page + "/kinetic.wasm")
        let server = try PlaygroundServer(directory: page, docs: docs, port: 0)
        defer { server.stop() }
        var stalled: [Int32] = []
        defer { for fd in stalled { close(fd) } }
        for i in 0..<600 {
            guard let fd = RequestGuard.connectLoopback(port: server.port) else { Issue.record("connect \(i)"); return }
            var small: Int32 = 4096    // a receive window that fills at once
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
            _ = RequestGuard.sendText(fd, "GET /kinetic.wasm HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
            stalled.append(fd)
            if i % 200 == 199 {
                let start = Date()
                let answer = await get("/", port: server.port)
                let took = Date().timeIntervalSince(start)
                #expect(answer.hasSuffix("\r\n\r\n<p>page</p>"), "\(answer.prefix(40))")
                #expect(took < 1, "after \(i + 1) stalled clients: answered in \(took) s")
            }
        }
        // And a client that does read gets the whole module.
        let module = await get("/kinetic.wasm", port: server.port)
        #expect(module.hasPrefix("HTTP/1.1 200 OK") && module.hasSuffix(String(repeating: "w", count: 1000)))
        #expect(module.utf8.count > 1 << 20)
    }

    @Test func aForeignHostIsMisdirected() async throws {
        let (page, docs) = try makeSite()
        let server = try PlaygroundServer(directory: page, docs: docs, port: 0)
        defer { server.stop() }
        let foreign = await exchange("GET / HTTP/1.1\r\nHost: attacker.example:\(server.port)\r\n\r\n", port: server.port)
        #expect(foreign.hasPrefix("HTTP/1.1 421 Misdirected Request\r\n") && !foreign.contains("<p>page</p>"))
        let local = await exchange("GET / HTTP/1.1\r\nHost: localhost:\(server.port)\r\n\r\n", port: server.port)
        #expect(local.hasPrefix("HTTP/1.1 200 OK\r\n") && local.hasSuffix("<p>page</p>"))
    }

    /// Before: the listener, the wake pipe and the clients were inherited by every child (a
    /// build's compilers), which kept the port open after `kill -9` of kinetic.
    @Test func noChildInheritsTheServersDescriptors() async throws {
        let (page, docs) = try makeSite()
        let server = try PlaygroundServer(directory: page, docs: docs, port: 0)
        defer { server.stop() }
        guard let client = RequestGuard.connectLoopback(port: server.port) else { Issue.record("connect"); return }
        defer { close(client) }
        _ = RequestGuard.sendText(client, "GET / HTTP/1.1\r\n")      // held by the server, half sent
        try await Task.sleep(for: .milliseconds(100))
        // The server's sockets: those bound to its port on this side, listening or connected.
        var ours: Set<String> = []
        // Read to its end (a /proc file says its size is 0, and a sized read stops at one page).
        let table = FileHandle(forReadingAtPath: "/proc/self/net/tcp")?.readDataToEndOfFile() ?? Data()
        for line in String(decoding: table, as: UTF8.self).split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            let local = fields.count > 9 ? fields[1].split(separator: ":") : []
            guard local.count == 2, UInt16(local[1], radix: 16) == server.port else { continue }
            ours.insert("socket:[\(fields[9])]")
        }
        let held = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)
        }
        #expect(ours.count == 2 && ours.isSubset(of: Set(held)), "listener and connection: \(ours)")
        // A child started the way the server's builds are: what it holds.
        let (outcome, output) = Process.output(["sh", "-c", "for f in /proc/$$/fd/*; do readlink \"$f\"; done"])
        #expect(outcome == .exited(0))
        let inherited = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(inherited.count >= 3, "\(inherited)")
        #expect(ours.isDisjoint(with: inherited), "inherited by a child: \(ours.intersection(inherited))")
    }

    /// Before: while the module built, / answered 404 (or an earlier build's page) for minutes.
    @Test func whileThePageIsBuiltTheRootSaysWhatAndForHowLongAndReloads() async throws {
        let (page, docs) = try makeSite()
        let clock = PageBuildClock(what: "the <playground>")
        let server = try PlaygroundServer(directory: page, docs: docs, port: 0, building: { clock.status })
        defer { server.stop() }
        #expect(await get("/", port: server.port).hasSuffix("<p>page</p>"))
        clock.start()
        let building = await get("/", port: server.port)
        #expect(building.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
        #expect(building.contains("<h1>Building the &lt;playground&gt; for the browser</h1>")
                && building.contains("0 s so far") && building.contains("http-equiv=\"refresh\""), "\(building)")
        #expect(await get("/index.html", port: server.port).hasPrefix("HTTP/1.1 503"))
        // Everything else is served as it is meanwhile (the docs, the module of a build before).
        #expect(await get("/docs/documentation/kinetic/", port: server.port).contains("<title>Kinetic</title>"))
        clock.stop()
        #expect(await get("/", port: server.port).hasSuffix("<p>page</p>"))
    }
}
