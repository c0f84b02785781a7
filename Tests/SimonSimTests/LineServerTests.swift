import Glibc
import Synchronization
import Testing

@testable import SimonSim

@Suite("The line server under both sockets")
struct LineServerTests {
  static func path() -> String {
    "/tmp/simon-line-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
  }

  /// A client whose reads give up after two seconds.
  static func connect(_ path: String) throws -> Int32 {
    let fd = try ClientSocket.connect(to: path).rawValue
    var limit = timeval(tv_sec: 2, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    return fd
  }

  @Test func aClientThatNeverReadsIsDroppedAndTheOthersGoOn() throws {
    let path = Self.path()
    let server = try LineServer(
      path: path, maximumLineLength: 64, maximumBacklog: 4096, shared: 0)
    defer { server.close() }
    let gone = Mutex<[Int]>([])
    try server.start(
      .init(
        greeting: { _, _ in Array("hello\n".utf8) }, line: { _, _ in },
        overlong: { Array("too long\n".utf8) },
        gone: { peer in gone.withLock { $0.append(peer.id) } }))
    let stuck = try Self.connect(path)
    defer { close(stuck) }
    let reader = try Self.connect(path)
    defer { close(reader) }
    while server.clientCount < 2 { usleep(1000) }
    // The socket buffer takes some; past it and 4 KiB of backlog the stuck client goes.
    let line = Array(String(repeating: "x", count: 999).utf8) + [10]
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    for _ in 0..<2000 {
      server.broadcast { count in
        count += 1
        return line
      }
      _ = recv(reader, &buffer, buffer.count, Int32(MSG_DONTWAIT))
      if server.clientCount == 1 { break }
    }
    #expect(server.clientCount == 1)
    for _ in 0..<100 where gone.withLock({ $0.isEmpty }) { usleep(10_000) }
    #expect(gone.withLock { $0 } == [1])
    #expect(server.withShared { $0 } > 0)
  }

  @Test func aClientDroppedByABroadcastIsToldGoneAtOnce() throws {
    // The only client, so nothing else wakes the socket thread: the broadcast that drops
    // the client must, for the client to be told gone.
    let path = Self.path()
    let server = try LineServer(
      path: path, maximumLineLength: 64, maximumBacklog: 4096, shared: 0)
    defer { server.close() }
    let gone = Mutex<[Int]>([])
    try server.start(
      .init(
        greeting: { _, _ in [] }, line: { _, _ in }, overlong: { [] },
        gone: { peer in gone.withLock { $0.append(peer.id) } }))
    let stuck = try Self.connect(path)
    defer { close(stuck) }
    while server.clientCount < 1 { usleep(1000) }
    let line = Array(String(repeating: "x", count: 999).utf8) + [10]
    for _ in 0..<2000 where server.clientCount == 1 {
      server.broadcast { _ in line }
      usleep(1000)
    }
    #expect(server.clientCount == 0)
    for _ in 0..<200 where gone.withLock({ $0.isEmpty }) { usleep(10_000) }
    #expect(gone.withLock { $0 } == [1])
  }

  @Test func anOverlongLineIsAnsweredAndSkippedAndTheNextLineCounts() throws {
    let path = Self.path()
    let server = try LineServer(path: path, maximumLineLength: 16, shared: ())
    defer { server.close() }
    let lines = Mutex<[String]>([])
    try server.start(
      .init(
        greeting: { _, _ in [] }, line: { _, line in lines.withLock { $0.append(line) } },
        overlong: { Array("too long\n".utf8) }))
    let client = try Self.connect(path)
    defer { close(client) }
    let text = Array(
      (String(repeating: "y", count: 40) + "\nshort\n" + String(repeating: "z", count: 40)).utf8)
    _ = send(client, text, text.count, 0)
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = recv(client, &buffer, buffer.count, 0)
    var received = String(decoding: buffer[..<max(count, 0)], as: UTF8.self)
    if received == "too long\n" {
      let more = recv(client, &buffer, buffer.count, 0)
      received += String(decoding: buffer[..<max(more, 0)], as: UTF8.self)
    }
    #expect(received == "too long\ntoo long\n")
    for _ in 0..<100 where lines.withLock({ $0.isEmpty }) { usleep(10_000) }
    #expect(lines.withLock { $0 } == ["short"])
  }

  @Test func theSocketFileHasTheModeAsked() throws {
    let path = Self.path()
    let server = try LineServer(path: path, mode: 0o660, maximumLineLength: 16, shared: ())
    defer { server.close() }
    var info = stat()
    #expect(stat(path, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o660)
  }

  @Test func aLiveSocketIsNotTakenOver() throws {
    let path = Self.path()
    let server = try LineServer(path: path, maximumLineLength: 16, shared: ())
    defer { server.close() }
    try server.start(.init(greeting: { _, _ in [] }, line: { _, _ in }, overlong: { [] }))
    #expect(throws: SocketError.self) {
      _ = try LineServer(path: path, maximumLineLength: 16, shared: ())
    }
  }

  @Test func aFileAtThePathIsNeitherRemovedNorReplaced() throws {
    let path = Self.path()
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    #expect(fd >= 0)
    _ = write(fd, "keep me", 7)
    close(fd)
    defer { unlink(path) }
    #expect(
      throws: SocketError(
        "\(path) exists and is not a socket; not replacing it: give a path for the socket")
    ) {
      _ = try LineServer(path: path, maximumLineLength: 16, shared: ())
    }
    var info = stat()
    #expect(stat(path, &info) == 0 && info.st_size == 7)
  }

  @Test func pastItsClientsANewOneIsToldAndClosed() throws {
    let path = Self.path()
    let server = try LineServer(
      path: path, maximumLineLength: 16, maximumClients: 2, shared: ())
    defer { server.close() }
    try server.start(
      .init(
        greeting: { _, _ in Array("hi\n".utf8) }, line: { _, _ in }, overlong: { [] },
        full: { limit in Array("full at \(limit)\n".utf8) }))
    let first = try Self.connect(path)
    let second = try Self.connect(path)
    defer {
      close(first)
      close(second)
    }
    while server.clientCount < 2 { usleep(1000) }
    let third = try Self.connect(path)
    defer { close(third) }
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = recv(third, &buffer, buffer.count, 0)
    #expect(String(decoding: buffer[..<max(count, 0)], as: UTF8.self) == "full at 2\n")
    #expect(recv(third, &buffer, buffer.count, 0) == 0, "then closed")
    #expect(server.clientCount == 2)
  }
}
