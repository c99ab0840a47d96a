import Foundation
import Synchronization

/// A WebSocket server over TLS with a fresh self-signed certificate (openssl), written with Python's
/// standard library only, for the client's wss:// tests. It offers ALPN `h2` and `http/1.1` and says
/// which one was chosen; writes several frames in one TLS record and one message in 777-byte pieces
/// with a ping between its fragments; echoes text as `echo:…` and a pong as `pong:…`; logs close codes.
final class TLSWebSocketServer: Sendable {
    let directory: URL
    let port: Int
    var certificatePath: String { directory.appendingPathComponent("cert.pem").path }
    private var logPath: String { directory.appendingPathComponent("server.log").path }
    private let process: Mutex<Process?>

    struct StartFailure: Error, CustomStringConvertible {
        var description: String
    }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("roastbot-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let keyPath = directory.appendingPathComponent("key.pem").path
        let certificatePath = directory.appendingPathComponent("cert.pem").path
        try Self.run(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", keyPath, "-out",
                certificatePath, "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
            ])
        let script = directory.appendingPathComponent("server.py")
        try Self.script.write(to: script, atomically: true, encoding: .utf8)
        _ = FileManager.default.createFile(atPath: directory.appendingPathComponent("server.log").path, contents: nil)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, certificatePath, keyPath, directory.appendingPathComponent("server.log").path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = Mutex(process)
        // The first line is the port it listens on (read with read(2): FileHandle traps on EINTR).
        var line = [UInt8]()
        var byte: UInt8 = 0
        let descriptor = output.fileHandleForReading.fileDescriptor
        while byte != UInt8(ascii: "\n") {
            let count = Glibc.read(descriptor, &byte, 1)
            if count == 1 {
                line.append(byte)
            } else if count < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            throw StartFailure(description: "the TLS server did not start (python3 missing?)")
        }
        self.port = port
    }

    func log() -> String {
        (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    /// Kills the server. SIGKILL, not `terminate()`: the child inherits the test runner's blocked
    /// signals, SIGTERM among them.
    func stop() {
        process.withLock { process in
            if let process, process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            process = nil
        }
        try? FileManager.default.removeItem(at: directory)
    }

    private static func run(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw StartFailure(description: "\(executable) failed") }
    }

    private static let script = #"""
        import base64, hashlib, socket, ssl, struct, sys, threading

        GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
        cert, key, log_path = sys.argv[1], sys.argv[2], sys.argv[3]
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        context.set_alpn_protocols(["h2", "http/1.1"])
        log = open(log_path, "a", buffering=1)

        def frame(opcode, payload, fin=True):
            head = bytes([(0x80 if fin else 0) | opcode])
            n = len(payload)
            if n < 126:
                head += bytes([n])
            elif n < 65536:
                head += bytes([126]) + struct.pack("!H", n)
            else:
                head += bytes([127]) + struct.pack("!Q", n)
            return head + payload

        def read_exact(conn, n):
            data = b""
            while len(data) < n:
                chunk = conn.recv(n - len(data))
                if not chunk:
                    raise EOFError
                data += chunk
            return data

        def read_frame(conn):
            b0, b1 = read_exact(conn, 2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack("!H", read_exact(conn, 2))[0]
            elif n == 127:
                n = struct.unpack("!Q", read_exact(conn, 8))[0]
            if not b1 & 0x80:
                log.write("unmasked frame\n")
                raise EOFError
            mask = read_exact(conn, 4)
            return b0 & 0x0F, bytes(b ^ mask[i % 4] for i, b in enumerate(read_exact(conn, n)))

        def serve(raw):
            try:
                conn = context.wrap_socket(raw, server_side=True)
                request = b""
                while b"\r\n\r\n" not in request:
                    chunk = conn.recv(4096)
                    if not chunk:
                        return
                    request += chunk
                lines = request.decode().split("\r\n")
                target = lines[0].split(" ")[1]
                headers = {l.split(":", 1)[0].strip().lower(): l.split(":", 1)[1].strip() for l in lines[1:] if ":" in l}
                accept = base64.b64encode(hashlib.sha1((headers["sec-websocket-key"] + GUID).encode()).digest()).decode()
                conn.sendall(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                              "Sec-WebSocket-Accept: %s\r\n\r\n" % accept).encode())
                conn.sendall(frame(1, ("alpn=%s target=%s" % (conn.selected_alpn_protocol(), target)).encode()))
                conn.sendall(frame(1, b"one") + frame(1, b"two") + frame(1, b"three"))
                data = frame(1, b"x" * 1000, fin=False) + frame(9, b"ping") + frame(0, b"y" * 70000)
                for i in range(0, len(data), 777):
                    conn.sendall(data[i:i + 777])
                while True:
                    opcode, payload = read_frame(conn)
                    if opcode == 8:
                        log.write("close %s\n" % (struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None))
                        conn.sendall(frame(8, payload[:2]))
                        break
                    if opcode == 10:
                        conn.sendall(frame(1, b"pong:" + payload))
                    elif opcode == 1:
                        conn.sendall(frame(1, b"echo:" + payload))
                conn.close()
            except Exception as error:
                log.write("error %r\n" % (error,))

        server = socket.socket()
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind(("127.0.0.1", 0))
        server.listen(8)
        print(server.getsockname()[1], flush=True)
        while True:
            raw, _ = server.accept()
            threading.Thread(target=serve, args=(raw,), daemon=True).start()
        """#
}
