import Glibc
import SimonProcessSupport
import Synchronization
import Testing

@testable import SimonTransport

// Every wait here suspends (`eventually`, `Task.sleep`, reads that do not block): a
// blocked test thread is one of the few the whole suite runs on.
@Suite("The line server under both sockets")
struct LineServerTests {
  static func path() -> String {
    "/tmp/simon-line-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
  }

  static let service = SocketService(
    name: "test server", pathOption: "--socket", startOptions: "--socket")

  static func connect(_ path: String) throws -> Int32 {
    try ClientSocket.connect(to: path, for: service).rawValue
  }

  /// What a client is sent until `enough` holds of all of it, or the server closes the
  /// connection, or 10 s pass; "closed" tells which of the first two ended it.
  static func receive(
    _ fd: Int32, until enough: (String) -> Bool
  ) async -> (text: String, closed: Bool) {
    var received: [UInt8] = []
    var closed = false
    var buffer = [UInt8](repeating: 0, count: 256)
    _ = await eventually(timeout: 10) {
      var count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
      while count > 0 {
        received += buffer[..<count]
        count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
      }
      closed = count == 0
      return closed || enough(String(decoding: received, as: UTF8.self))
    }
    return (String(decoding: received, as: UTF8.self), closed)
  }

  @Test func aClientThatNeverReadsIsDroppedAndTheOthersGoOn() async throws {
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
    try #require(await eventually(timeout: 10) { server.clientCount == 2 })
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
    #expect(await eventually(timeout: 10) { !gone.withLock { $0.isEmpty } })
    #expect(gone.withLock { $0 } == [1])
    #expect(server.withShared { $0 } > 0)
  }

  @Test func aClientDroppedByABroadcastIsToldGoneAtOnce() async throws {
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
    try #require(await eventually(timeout: 10) { server.clientCount == 1 })
    let line = Array(String(repeating: "x", count: 999).utf8) + [10]
    for _ in 0..<2000 where server.clientCount == 1 {
      server.broadcast { _ in line }
      try await Task.sleep(for: .milliseconds(1))
    }
    #expect(server.clientCount == 0)
    #expect(await eventually(timeout: 10) { !gone.withLock { $0.isEmpty } })
    #expect(gone.withLock { $0 } == [1])
  }

  @Test func anOverlongLineIsAnsweredAndSkippedAndTheNextLineCounts() async throws {
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
    let answer = await Self.receive(client) { $0.count >= "too long\ntoo long\n".count }
    #expect(answer.text == "too long\ntoo long\n")
    #expect(await eventually(timeout: 10) { !lines.withLock { $0.isEmpty } })
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

  @Test func pastItsClientsANewOneIsToldAndClosed() async throws {
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
    try #require(await eventually(timeout: 10) { server.clientCount == 2 })
    let third = try Self.connect(path)
    defer { close(third) }
    let answer = await Self.receive(third) { _ in false }
    #expect(answer.text == "full at 2\n")
    #expect(answer.closed, "then closed")
    #expect(server.clientCount == 2)
  }
}
