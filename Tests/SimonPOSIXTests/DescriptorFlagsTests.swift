import Glibc
import SimonPOSIX
import Testing

/// Descriptors the system layer makes are close-on-exec from the start: a child spawned
/// by another thread in between never inherits one.
@Suite("Pipes and accepted sockets")
struct DescriptorFlagsTests {
  private func closesOnExec(_ fd: Int32) -> Bool { fcntl(fd, F_GETFD) & FD_CLOEXEC != 0 }
  private func nonBlocking(_ fd: Int32) -> Bool { fcntl(fd, F_GETFL) & O_NONBLOCK != 0 }

  @Test(arguments: [false, true])
  func aPipesEndsCloseOnExecAndBlockAsAsked(nonBlocking wanted: Bool) throws {
    let pipe = try #require(Pipe.make(nonBlocking: wanted))
    defer {
      close(pipe.readEnd)
      close(pipe.writeEnd)
    }
    for end in [pipe.readEnd, pipe.writeEnd] {
      #expect(closesOnExec(end))
      #expect(nonBlocking(end) == wanted)
    }
    var byte: UInt8 = 7
    #expect(write(pipe.writeEnd, &byte, 1) == 1)
    byte = 0
    #expect(read(pipe.readEnd, &byte, 1) == 1 && byte == 7)
  }

  @Test func anAcceptedConnectionClosesOnExecAndDoesNotBlock() throws {
    let path = "/tmp/simon-posix-accept-\(getpid()).sock"
    unlink(path)
    defer { unlink(path) }
    let address = try #require(UnixSocketAddress(path: path))
    let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(listener) }
    address.withSockaddr { generic, length in
      #expect(bind(listener, generic, length) == 0)
    }
    #expect(listen(listener, 1) == 0)
    let client = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(client) }
    address.withSockaddr { generic, length in
      #expect(connect(client, generic, length) == 0)
    }
    let accepted = Listener.accept(listener)
    #expect(accepted >= 0)
    defer { close(accepted) }
    #expect(closesOnExec(accepted))
    #expect(nonBlocking(accepted))
  }
}
