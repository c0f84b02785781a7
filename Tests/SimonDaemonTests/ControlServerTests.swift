import SimonControl
import SimonGame
import SimonHardware
import SimonPOSIX
import Testing

@testable import SimonDaemon

@Suite("The control socket's server")
struct ControlServerTests {
  static let view = CabinetView(
    phase: .idle, mode: .classic, difficulty: .medium, level: nil, round: 0, points: 0,
    players: [], turn: nil, out: [], signedIn: [], team: nil, countdown: nil, menu: nil,
    codeEntered: nil)

  @Test func aReplyComesAfterEveryEventPublishedBeforeIt() async throws {
    let directory = try POSIX.makeTemporaryDirectory(prefix: "/tmp/simon-control-server-")
    let path = directory + "/control.sock"
    defer {
      POSIX.removeFile(path)
      POSIX.removeDirectory(directory)
    }
    let hello = ControlHello(
      protocolVersion: ControlProtocol.version, cabinet: "test", version: "0",
      stateDirectory: directory, hardware: "sim")
    let server = try ControlServer(
      path: path,
      shown: ControlServer.Shown(
        hello: hello,
        snapshot: ControlSnapshot(
          state: Self.view, settings: ControlSettings(values: .defaults, changed: []))))
    defer { server.close() }
    let client = try ControlClient(path: path)
    _ = try client.greet(within: .seconds(10))
    _ = try client.send(.status)
    var requests = server.requests.makeAsyncIterator()
    let asked = try #require(await requests.next())

    // The events a request caused, then its reply, as the daemon sends them.
    var levels = Settings.defaults
    levels.mode = .levels
    for sequence in 1...50 {
      server.publish(
        Journal.Entry(
          sequence: UInt64(sequence), at: MonotonicInstant(nanoseconds: Int64(sequence)),
          happening: .settings(SettingsInForce(values: levels, changed: [.mode]))))
    }
    server.reply(.ok(asked.request.id, ControlResult()), to: asked.peer)

    var settingsBeforeReply = 0
    reading: while true {
      switch try client.next(before: MonotonicClock().now.advanced(by: .seconds(10))) {
      case .settings: settingsBeforeReply += 1
      case .ok: break reading
      default: continue
      }
    }
    #expect(settingsBeforeReply == 50)
    // A client that connects once the reply is out sees what the request changed.
    let (_, snapshot) = try ControlClient(path: path).greet(within: .seconds(10))
    #expect(snapshot.settings.values.mode == .levels)
  }
}
