// The real server under hostile clients: one listening socket, answers during a slowloris wave,
// and survives more idle connections than a usual descriptor limit.
import Testing
import Foundation
@testable import KineticCommandLine

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
        for line in try String(contentsOfFile: "/proc/self/net/tcp", encoding: .utf8).split(separator: "\n").dropFirst() {
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
        #expect(held <= PlaygroundServer.maximumPendingConnections + 2, "server descriptors: \(held)")
    }
}
