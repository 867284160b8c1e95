// The playground server's request heads: read within a size and a time limit, in time linear in
// their length, and reduced to a method and a target (or the status that refuses them).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc) || canImport(Musl)
/// A stream socket that no child process inherits.
private let streamSocket = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
#else
private let streamSocket = SOCK_STREAM   // Darwin: made close-on-exec just after (closeOnExec)
#endif

public enum RequestGuard {
    /// The most bytes a request head (request line and headers) may have.
    public static let maximumHeadBytes = 8192
    /// The longest request target accepted (the longest served path, a DocC symbol's JSON, is
    /// about 160 bytes); a longer one is answered 414.
    public static let maximumTargetBytes = 1024
    /// The time a client has to send its whole head, in milliseconds.
    public static let headTimeoutMilliseconds = 5000

    #if canImport(Glibc) || canImport(Musl)
    /// `send`'s flag against SIGPIPE on a closed peer.
    static let noSignal = Int32(MSG_NOSIGNAL)
    #else
    static let noSignal: Int32 = 0     // Darwin: the server ignores SIGPIPE (PlaygroundServer)
    #endif

    /// What a connection's head amounts to.
    public enum Head: Equatable, Sendable {
        /// A GET or HEAD for `target`.
        case request(method: String, target: String)
        /// An answer to send instead (status line and reason), then close.
        case rejected(status: Int, reason: String)
        /// The client closed or reset the connection before sending anything.
        case closed
    }

    /// Reads a request head from `descriptor`, up to the blank line, at most `limit` bytes within
    /// `timeoutMilliseconds` (blocking; the server reads heads without blocking through
    /// ``HeadReader``, with the same outcomes): 431 beyond the size, 408 past the time, 400 for a
    /// malformed request line or a head cut short, 405 for a method other than GET and HEAD, 505
    /// for a version other than HTTP/1.x, 414 for a target longer than ``maximumTargetBytes``;
    /// with a `port`, the Host checks of ``HeadReader/init(limit:port:)``.
    /// Linear in the bytes read.
    public static func readHead(from descriptor: Int32, limit: Int = maximumHeadBytes, port: UInt16? = nil,
                                timeoutMilliseconds: Int = headTimeoutMilliseconds) -> Head {
        let deadline = milliseconds() + timeoutMilliseconds
        var reader = HeadReader(limit: limit, port: port)
        var buffer = [UInt8](repeating: 0, count: 2048)
        while true {
            let remaining = deadline - milliseconds()
            guard remaining > 0 else { return .rejected(status: 408, reason: "Request Timeout") }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(remaining))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else {
                return ready == 0 ? .rejected(status: 408, reason: "Request Timeout") : .closed
            }
            let n = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return reader.endOfInput() }
            if let head = reader.append(buffer[0..<n]) { return head }
        }
    }

    /// A request head read piece by piece, as the bytes arrive: at most `limit` bytes are kept,
    /// and each byte is looked at a bounded number of times.
    public struct HeadReader {
        let limit: Int
        /// The port a request's Host must name, or nil to leave Host unchecked.
        let port: UInt16?
        private var bytes: [UInt8] = []

        /// A reader of heads of at most `limit` bytes. With a `port` (the server's), a request
        /// must be addressed to this server: its Host is `localhost`, `127.0.0.1` or `[::1]`
        /// with that port (the port may be left out only when it is 80). Any other name is
        /// answered 421, so a page of another origin that rebinds its DNS name to 127.0.0.1 reads
        /// nothing; an HTTP/1.1 request without a Host, or with two, is answered 400.
        public init(limit: Int = maximumHeadBytes, port: UInt16? = nil) {
            self.limit = limit
            self.port = port
        }

        /// Adds `chunk`; returns the head once it is complete or refused (then stop reading), nil
        /// while more is needed.
        public mutating func append(_ chunk: ArraySlice<UInt8>) -> Head? {
            let searchFrom = Swift.max(0, bytes.count - 3)
            bytes.append(contentsOf: chunk.prefix(limit + 4 - bytes.count))
            if let end = endOfHead(bytes, from: searchFrom) {
                guard end <= limit else { return .rejected(status: 431, reason: "Request Header Fields Too Large") }
                return parse(bytes[..<end], port: port)
            }
            guard bytes.count <= limit else { return .rejected(status: 431, reason: "Request Header Fields Too Large") }
            return nil
        }

        /// What the head amounts to when the client closes before completing it.
        public func endOfInput() -> Head {
            bytes.isEmpty ? .closed : .rejected(status: 400, reason: "Bad Request")
        }
    }

    /// The index just past the blank line ending the head (`\r\n\r\n` or `\n\n`), searching from
    /// `start`.
    static func endOfHead(_ bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        while i < bytes.count {
            if bytes[i] == 10 {
                if i + 1 < bytes.count, bytes[i + 1] == 10 { return i + 2 }
                if i + 2 < bytes.count, bytes[i + 1] == 13, bytes[i + 2] == 10 { return i + 3 }
            }
            i += 1
        }
        return nil
    }

    /// The request line's method and target, or the answer that refuses it (with a `port`, also
    /// for a Host that does not name this server: see ``HeadReader/init(limit:port:)``).
    static func parse(_ head: ArraySlice<UInt8>, port: UInt16? = nil) -> Head {
        let lineEnd = head.firstIndex(of: 10) ?? head.endIndex
        var line = head[head.startIndex..<lineEnd]
        if line.last == 13 { line = line.dropLast() }
        let parts = line.split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3, let target = String(validating: parts[1], as: UTF8.self), target.hasPrefix("/"),
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 > 32 && $0 < 127 } })
        else { return .rejected(status: 400, reason: "Bad Request") }
        let method = String(decoding: parts[0], as: UTF8.self)
        guard String(decoding: parts[2], as: UTF8.self).hasPrefix("HTTP/1.") else {
            return .rejected(status: 505, reason: "HTTP Version Not Supported")
        }
        guard method == "GET" || method == "HEAD" else { return .rejected(status: 405, reason: "Method Not Allowed") }
        guard parts[1].count <= maximumTargetBytes else { return .rejected(status: 414, reason: "URI Too Long") }
        if let port {
            let hosts = headerValues("host", in: head[Swift.min(lineEnd + 1, head.endIndex)...])
            if hosts.isEmpty {
                // HTTP/1.0 clients may leave Host out; HTTP/1.1 ones must send it (RFC 9112, 3.2).
                if parts[2].elementsEqual("HTTP/1.0".utf8) { return .request(method: method, target: target) }
                return .rejected(status: 400, reason: "Bad Request")
            }
            guard hosts.count == 1 else { return .rejected(status: 400, reason: "Bad Request") }
            guard isLocal(host: hosts[0], port: port) else { return .rejected(status: 421, reason: "Misdirected Request") }
        }
        return .request(method: method, target: target)
    }

    /// The values of every header field called `name` (lowercase) in `fields` (the lines after
    /// the request line), without surrounding spaces and tabs.
    static func headerValues(_ name: String, in fields: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var values: [ArraySlice<UInt8>] = []
        for var line in fields.split(separator: 10) {
            if line.last == 13 { line = line.dropLast() }
            guard let colon = line.firstIndex(of: 58), line[..<colon].count == name.utf8.count,
                  zip(line[..<colon], name.utf8).allSatisfy({ $0 | 0x20 == $1 })
            else { continue }
            var value = line[(colon + 1)...]
            while let first = value.first, first == 32 || first == 9 { value = value.dropFirst() }
            while let last = value.last, last == 32 || last == 9 { value = value.dropLast() }
            values.append(value)
        }
        return values
    }

    /// Whether a Host value names this server: a loopback name and the server's `port`.
    static func isLocal(host: ArraySlice<UInt8>, port: UInt16) -> Bool {
        let value = String(decoding: host, as: UTF8.self).lowercased()
        for name in ["localhost", "127.0.0.1", "[::1]"] {
            if value == name + ":" + String(port) || (port == 80 && value == name) { return true }
        }
        return false
    }

    /// Makes `descriptor` non-blocking.
    static func setNonBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    /// Marks `descriptor` close-on-exec: no child process inherits it.
    static func closeOnExec(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC)
    }

    /// A pipe whose two ends no child process inherits, or nil with errno set.
    static func closeOnExecPipe() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [0, 0]
        let made = DescriptorCreation.atomically { () -> Bool in
            guard pipe(&fds) == 0 else { return false }
            for fd in fds { closeOnExec(fd) }
            return true
        }
        return made ? (fds[0], fds[1]) : nil
    }

    /// The next connection on `listener`, close-on-exec before any child can be spawned (see
    /// ``DescriptorCreation``), or -1 with errno set.
    static func acceptCloseOnExec(_ listener: Int32) -> Int32 {
        DescriptorCreation.atomically {
            let client = accept(listener, nil, nil)
            if client >= 0 { closeOnExec(client) }
            return client
        }
    }

    @discardableResult
    static func sendText(_ descriptor: Int32, _ text: String) -> Bool {
        sendAll(descriptor, Array(text.utf8)[...])
    }

    /// Sends every byte, blocking (without SIGPIPE on a closed peer); false on an error.
    static func sendAll(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
        var sent = bytes.startIndex
        while sent < bytes.endIndex {
            let n = bytes.withUnsafeBytes { raw in
                send(descriptor, raw.baseAddress! + (sent - bytes.startIndex), raw.count - (sent - bytes.startIndex), noSignal)
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            sent += n
        }
        return true
    }

    /// A TCP socket listening on 127.0.0.1:`port` (0: any free port), or nil with errno set.
    public static func listenLoopback(port: UInt16) -> (descriptor: Int32, port: UInt16)? {
        let fd = socket(AF_INET, streamSocket, 0)
        guard fd >= 0 else { return nil }
        #if canImport(Darwin)
        DescriptorCreation.atomically { closeOnExec(fd) }   // Darwin: no SOCK_CLOEXEC
        #endif
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = loopback(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        // A deep backlog: a burst of connections (a page's requests beside thousands of idle
        // ones) queues for the reactor's next accept instead of losing a SYN, which the client
        // would only retry a second later. The kernel caps it at net.core.somaxconn.
        guard bound == 0, listen(fd, 4096) == 0 else { close(fd); return nil }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    /// A TCP connection to 127.0.0.1:`port` (blocking), or nil: a client of the server (tests).
    static func connectLoopback(port: UInt16) -> Int32? {
        let fd = socket(AF_INET, streamSocket, 0)
        guard fd >= 0 else { return nil }
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(fd); return nil }
        return fd
    }

    /// A monotonic clock in milliseconds (for the head deadline only).
    static func milliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }
}

/// Creating a descriptor and marking it close-on-exec, as one step with respect to spawning a
/// child: Process spawns under the same lock, so no child is started between an `accept` or
/// `pipe` and its `FD_CLOEXEC` (`accept4` and `pipe2`, which do both at once, are GNU extensions
/// Swift's Glibc module does not declare).
enum DescriptorCreation {
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()

    /// Runs `body` with no child being spawned meanwhile.
    static func atomically<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return body()
    }
}
