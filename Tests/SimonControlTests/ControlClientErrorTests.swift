import Glibc
import SimonControl
import SimonTransport
import Testing

@Suite("A control client's errors name the control socket")
struct ControlClientErrorTests {
  @Test("nothing at the path: simond's --control-socket, not the simulated cabinet")
  func notRunning() {
    let path = "/tmp/simon-no-control-\(getpid()).sock"
    #expect(
      throws: SocketClientError(
        .notRunning, path: path,
        message: "no control socket at \(path): simond is not running with "
          + "--control-socket \(path), or the path is wrong")
    ) { try ControlClient(path: path) }
  }

  @Test("a file that is no socket: the --control-socket path simond was started with")
  func notASocket() throws {
    let path = "/tmp/simon-not-a-socket-\(getpid())"
    let fd = open(path, O_CREAT | O_WRONLY, 0o600)
    try #require(fd >= 0)
    close(fd)
    defer { unlink(path) }
    #expect(
      throws: SocketClientError(
        .notASocket, path: path,
        message: "\(path) is not a socket: give the --control-socket path simond was started with")
    ) { try ControlClient(path: path) }
  }
}
