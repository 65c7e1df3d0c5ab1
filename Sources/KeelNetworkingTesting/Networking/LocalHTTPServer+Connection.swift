import Foundation

extension LocalHTTPServer {
    /// Serves requests on one connection until it closes, times out or breaks.
    func serve(_ fd: Int32) {
        let reader = SocketReader(fd: fd)
        while !isStopped {
            guard let request = readRequest(reader, fd: fd) else { return }
            record(request)
            let response =
                handler(for: request)?(request)
                ?? Response(status: 404, headers: ["Content-Type": "text/plain"], body: Data("no route".utf8))
            if request.bodyWasCut { return }  // the connection closes with the body unread
            if response.delay > .zero,
                !SocketIO.waitWhileConnected(fd, for: response.delay, stopped: { self.isStopped })
            {
                return
            }
            let keepAlive = request.header("connection")?.lowercased() != "close"
            // A HEAD response has no content (RFC 9110 §9.3.2): its body bytes used to follow the
            // head and sit in front of the next response on a kept-alive connection.
            let sent = request.method.uppercased() == "HEAD" ? response.withoutContent : response
            guard write(sent, to: fd, keepAlive: keepAlive), keepAlive else { return }
        }
    }

    private func readRequest(_ reader: SocketReader, fd: Int32) -> Request? {
        guard let head = reader.readHead(limit: 64 * 1024) else { return nil }
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count == 3 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let target = String(parts[1])
        let pathEnd = target.firstIndex(of: "?") ?? target.endIndex
        var request = Request(
            method: String(parts[0]).uppercased(), path: String(target[..<pathEnd]),
            query: pathEnd < target.endIndex ? String(target[target.index(after: pathEnd)...]) : nil,
            headers: headers, body: Data(), bodyFile: nil, bodyLength: 0, wasChunked: false)
        if headers["expect"]?.lowercased() == "100-continue" {
            guard SocketIO.send(fd, Data("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return nil }
        }
        let sink = BodySink(threshold: bodyFileThreshold)
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            request.wasChunked = true
            while true {
                guard let sizeLine = reader.readLine(limit: 1024) else { return nil }
                let hex = sizeLine.split(separator: ";").first.map(String.init) ?? ""
                guard let size = Int(hex.trimmingCharacters(in: .whitespaces), radix: 16) else { return nil }
                if size == 0 {
                    while let trailer = reader.readLine(limit: 8192), !trailer.isEmpty {}
                    break
                }
                guard reader.copy(size, into: sink), reader.readLine(limit: 2) != nil else { return nil }
            }
        } else if let length = headers["content-length"].flatMap({ Int($0) }), length > 0 {
            let cut = state.withLock { $0.bodyCuts.removeValue(forKey: request.path) }
            guard reader.copy(min(length, cut ?? length), into: sink) else { return nil }
            request.bodyWasCut = cut.map { $0 < length } ?? false
        }
        guard let finished = sink.finish() else { return nil }
        request.body = finished.data
        request.bodyFile = finished.file
        request.bodyLength = finished.length
        return request
    }

    private func write(_ response: Response, to fd: Int32, keepAlive: Bool) -> Bool {
        if case .raw(let bytes) = response.behavior {
            _ = SocketIO.send(fd, bytes)
            return false
        }
        var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
        for (name, value) in response.headers where name.lowercased() != "content-length" {
            head += "\(name): \(value)\r\n"
        }
        if let writer = response.chunkedBody {
            head += "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            guard SocketIO.send(fd, Data(head.utf8)) else { return false }
            var connected = true
            writer { chunk in
                guard connected, !chunk.isEmpty else { return connected }
                connected = SocketIO.send(
                    fd,
                    Data(String(chunk.count, radix: 16).utf8) + Data("\r\n".utf8) + chunk + Data("\r\n".utf8))
                return connected
            }
            if connected { _ = SocketIO.send(fd, Data("0\r\n\r\n".utf8)) }
            return false
        }
        switch response.behavior {
        case .endlessBody(let chunk, let interval):
            head += "Connection: close\r\n\r\n"
            guard SocketIO.send(fd, Data(head.utf8)) else { return false }
            while !isStopped, SocketIO.send(fd, chunk) {
                if interval > .zero,
                    !SocketIO.waitWhileConnected(fd, for: interval, stopped: { self.isStopped })
                {
                    break
                }
            }
            return false
        case .normal, .closeMidBody, .raw:
            break
        }
        let length = response.contentLength ?? response.body.count
        if length >= 0 { head += "Content-Length: \(length)\r\n" }
        let normal: Bool
        if case .normal = response.behavior { normal = true } else { normal = false }
        head += keepAlive && normal ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
        if normal { return SocketIO.send(fd, Data(head.utf8) + response.body) }
        _ = SocketIO.send(fd, Data(head.utf8) + response.body.prefix(response.body.count / 2))
        return false
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 201: return "Created"
        case 204: return "No Content"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 304: return "Not Modified"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 407: return "Proxy Authentication Required"
        case 404: return "Not Found"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        default: return "Status"
        }
    }
}

/// Buffered reads from a socket.
final class SocketReader {
    private let fd: Int32
    private var buffer = [UInt8]()
    private var start = 0

    init(fd: Int32) {
        self.fd = fd
    }

    private var available: Int { buffer.count - start }

    private func fill() -> Bool {
        if start > 0, start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = SocketIO.receive(fd, into: &chunk)
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// Reads up to and including the blank line; returns the head without it.
    func readHead(limit: Int) -> String? {
        while true {
            if let end = find([13, 10, 13, 10]) {
                let head = String(decoding: buffer[start..<end], as: UTF8.self)
                start = end + 4
                return head
            }
            guard available < limit, fill() else { return nil }
        }
    }

    /// Reads a CRLF-terminated line.
    func readLine(limit: Int) -> String? {
        while true {
            if let end = find([13, 10]) {
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = end + 2
                return line
            }
            guard available < limit + 2, fill() else { return nil }
        }
    }

    /// Moves exactly `count` bytes into `sink`.
    func copy(_ count: Int, into sink: BodySink) -> Bool {
        var remaining = count
        while remaining > 0 {
            if available == 0, !fill() { return false }
            let take = min(remaining, available)
            guard sink.append(buffer[start..<start + take]) else { return false }
            start += take
            remaining -= take
        }
        return true
    }

    private func find(_ pattern: [UInt8]) -> Int? {
        guard available >= pattern.count else { return nil }
        var index = start
        while index + pattern.count <= buffer.count {
            if buffer[index] == pattern[0], Array(buffer[index..<index + pattern.count]) == pattern {
                return index
            }
            index += 1
        }
        return nil
    }
}

/// Collects a body in memory, moving it to a temporary file past a threshold.
final class BodySink {
    private let threshold: Int
    private var data = Data()
    private var file: (url: URL, handle: FileHandle)?
    private var length = 0

    init(threshold: Int) {
        self.threshold = threshold
    }

    func append(_ bytes: ArraySlice<UInt8>) -> Bool {
        length += bytes.count
        if file == nil, data.count + bytes.count >= threshold {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent(
                "keel-server-body-\(UUID().uuidString)")
            guard FileManager.default.createFile(atPath: url.path, contents: data),
                let handle = try? FileHandle(forWritingTo: url)
            else { return false }
            _ = try? handle.seekToEnd()
            file = (url, handle)
            data = Data()
        }
        if let file {
            return (try? file.handle.write(contentsOf: Data(bytes))) != nil
        }
        data.append(contentsOf: bytes)
        return true
    }

    func finish() -> (data: Data, file: URL?, length: Int)? {
        if let file {
            try? file.handle.close()
            return (Data(), file.url, length)
        }
        return (data, nil, length)
    }
}
