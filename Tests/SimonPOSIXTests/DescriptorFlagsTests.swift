import Glibc
import SimonPOSIX
import SystemPackage
import Testing

/// Descriptors the system layer makes are close-on-exec from the start: a child spawned
/// by another thread in between never inherits one.
@Suite("Pipes and sockets close on exec")
struct DescriptorFlagsTests {
  private func closesOnExec(_ fd: FileDescriptor) -> Bool {
    fcntl(fd.rawValue, F_GETFD) & FD_CLOEXEC != 0
  }
  private func nonBlocking(_ fd: FileDescriptor) -> Bool {
    fcntl(fd.rawValue, F_GETFL) & O_NONBLOCK != 0
  }

  @Test(arguments: [false, true])
  func aPipesEndsCloseOnExecAndBlockAsAsked(nonBlocking wanted: Bool) throws {
    let pipe = try Pipe.make(nonBlocking: wanted)
    defer { pipe.close() }
    for end in [pipe.readEnd, pipe.writeEnd] {
      #expect(closesOnExec(end))
      #expect(nonBlocking(end) == wanted)
    }
    #expect(try pipe.writeEnd.writeAll([7]) == 1)
    var byte: [UInt8] = [0]
    #expect(try byte.withUnsafeMutableBytes { try pipe.readEnd.read(into: $0) } == 1)
    #expect(byte == [7])
  }

  @Test func aListenerItsAcceptedConnectionsAndAClientCloseOnExec() throws {
    let path = "/tmp/simon-posix-accept-\(getpid()).sock"
    POSIX.removeFile(path)
    defer { POSIX.removeFile(path) }
    let address = try #require(UnixSocketAddress(path: path))
    let listener = try Socket.listen(at: address)
    defer { try? listener.close() }
    let client = try Socket.connect(to: address)
    defer { try? client.close() }
    let accepted = try Socket.accept(listener)
    defer { try? accepted.close() }
    for socket in [listener, client, accepted] { #expect(closesOnExec(socket)) }
    #expect(nonBlocking(listener))
    #expect(nonBlocking(accepted))
    #expect(!nonBlocking(client))
  }
}
