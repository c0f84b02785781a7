import Glibc
import SimonPOSIX
import SystemPackage
import Testing

@Suite("Unix stream sockets and waiting on descriptors")
struct SocketTests {
  /// A fresh directory of this test's own, removed with what is in it.
  private final class Scratch {
    let directory: String
    private var files: [String] = []

    init() throws {
      directory = try POSIX.makeTemporaryDirectory(prefix: "/tmp/simon-socket-test-")
    }

    func path(_ name: String) -> String {
      files.append(directory + "/" + name)
      return directory + "/" + name
    }

    deinit {
      for file in files { POSIX.removeFile(file) }
      POSIX.removeDirectory(directory)
    }
  }

  /// A listener in a scratch directory, a client connected to it and the server's end of
  /// that connection; all closed and removed with it.
  private final class Connection {
    let scratch: Scratch
    let listener: FileDescriptor
    let client: FileDescriptor
    let server: FileDescriptor

    init() throws {
      scratch = try Scratch()
      let address = try #require(UnixSocketAddress(path: scratch.path("s.sock")))
      listener = try Socket.listen(at: address)
      client = try Socket.connect(to: address)
      server = try Socket.accept(listener)
    }

    private var serverClosed = false

    /// Closes the server's end now: the peer of `client` is gone. Shut down first: a child
    /// that another test is spawning holds a copy of every descriptor until its exec
    /// closes them, and a socket ends only with its last descriptor.
    func closeServer() throws {
      serverClosed = true
      Socket.shutdown(server)
      try server.close()
    }

    deinit {
      if !serverClosed { try? server.close() }
      for socket in [client, listener] { try? socket.close() }
    }
  }

  @Test func bytesSentOnOneEndAreReceivedOnTheOther() throws {
    let connection = try Connection()
    let (client, server) = (connection.client, connection.server)

    #expect(try Socket.send(Array("hello\n".utf8)[...], to: client) == 6)
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = try Socket.receive(server, into: &buffer)
    #expect(Array(buffer[..<count]) == Array("hello\n".utf8))
    #expect(throws: Errno.wouldBlock) { try Socket.receive(server, into: &buffer) }
  }

  @Test func acceptingWithNobodyWaitingSaysSoAtOnce() throws {
    let scratch = try Scratch()
    let address = try #require(UnixSocketAddress(path: scratch.path("s.sock")))
    let listener = try Socket.listen(at: address)
    defer { try? listener.close() }
    #expect(throws: Errno.wouldBlock) { try Socket.accept(listener) }
  }

  @Test func theServerLearnsWhoConnected() throws {
    let connection = try Connection()
    let peer = try #require(Socket.peerCredentials(of: connection.server))
    #expect(peer.processID == POSIX.processID)
    #expect(peer.userID == POSIX.userID)
  }

  @Test func sendingToAPeerThatHasGoneFailsWithoutASignal() throws {
    let connection = try Connection()
    let client = connection.client
    try connection.closeServer()
    // Without MSG_NOSIGNAL the SIGPIPE would end the test process here.
    #expect(throws: Errno.brokenPipe) { try Socket.send([1][...], to: client) }
  }

  @Test func shuttingDownEndsTheStreamForTheReader() throws {
    let connection = try Connection()
    let (client, server) = (connection.client, connection.server)
    Socket.shutdown(client)
    var buffer = [UInt8](repeating: 0, count: 8)
    #expect(try Socket.receive(client, into: &buffer) == 0)
    var entries = [Poll.Entry(server)]
    #expect(try Poll.wait(&entries, timeoutNanoseconds: 0) == 1)
    #expect(try Socket.receive(server, into: &buffer) == 0)
  }

  @Test func connectingSaysWhatIsAtThePath() throws {
    let scratch = try Scratch()
    let missing = try #require(UnixSocketAddress(path: scratch.path("none.sock")))
    #expect(throws: Errno.noSuchFileOrDirectory) { try Socket.connect(to: missing) }

    let stalePath = scratch.path("stale.sock")
    let stale = try #require(UnixSocketAddress(path: stalePath))
    try Socket.listen(at: stale).close()
    #expect(POSIX.fileKind(at: stalePath) == .socket)
    // A program another test starts in this instant holds a copy of the listening socket
    // until it execs (close-on-exec closes it only then), and the socket listens until
    // that copy goes: the refusal may take that long. A second at most.
    var answer: Errno?
    for _ in 0..<100 {
      do {
        try Socket.connect(to: stale).close()
        answer = nil
        usleep(10_000)
      } catch {
        answer = error as? Errno
        break
      }
    }
    #expect(answer == .connectionRefused)
    #expect(throws: Errno.addressInUse) { try Socket.listen(at: stale) }
  }

  @Test func aWaitEndsAtItsTimeoutOrWhenADescriptorIsReady() throws {
    let pipe = try Pipe.make(nonBlocking: true)
    // The write end is closed halfway; closing it again could close a descriptor that a
    // test running beside this one has just been given the same number for.
    var writeEndOpen = true
    defer {
      try? pipe.readEnd.close()
      if writeEndOpen { try? pipe.writeEnd.close() }
    }
    var entries = [Poll.Entry(nil), Poll.Entry(pipe.readEnd)]
    #expect(try Poll.wait(&entries, timeoutNanoseconds: 1_000_000) == 0)
    #expect(entries.allSatisfy { $0.found.isEmpty })

    _ = try pipe.writeEnd.writeAll([1])
    #expect(try Poll.wait(&entries, timeoutNanoseconds: nil) == 1)
    #expect(entries[0].found.isEmpty)
    #expect(entries[1].found == .readable)

    writeEndOpen = false
    try pipe.writeEnd.close()
    var drained = [UInt8](repeating: 0, count: 8)
    _ = try drained.withUnsafeMutableBytes { try pipe.readEnd.read(into: $0) }
    var closed = [Poll.Entry(pipe.readEnd)]
    // Not at once: a child that another test is spawning holds a copy of the write end
    // until its exec closes it (close-on-exec).
    #expect(try Poll.wait(&closed, timeoutNanoseconds: 10_000_000_000) == 1)
    #expect(closed[0].found.contains(.hangUp))
  }

  @Test func filesAreToldApartAndTheirModeSet() throws {
    let scratch = try Scratch()
    #expect(POSIX.fileKind(at: scratch.directory) == .directory)
    #expect(POSIX.fileKind(at: scratch.path("nothing")) == .missing)
    let file = scratch.path("file")
    let descriptor = try FileDescriptor.open(
      file, .writeOnly, options: [.create, .exclusiveCreate], permissions: .ownerReadWrite)
    try descriptor.close()
    #expect(POSIX.fileKind(at: file) == .other)
    try POSIX.changeMode(of: file, to: 0o640)
    var status = stat()
    #expect(stat(file, &status) == 0 && status.st_mode & 0o777 == 0o640)
    #expect(throws: Errno.noSuchFileOrDirectory) {
      try POSIX.changeMode(of: scratch.path("nothing"), to: 0o640)
    }
  }
}
