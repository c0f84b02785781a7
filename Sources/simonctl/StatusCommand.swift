import ArgumentParser
import FoundationEssentials
import SimonControl
import SimonPOSIX
import SimonSim
import SimonTerminal
import SimonTransport

/// `simonctl status`: what the daemon is doing, read from its control socket (or from a
/// simulated cabinet's socket).
struct StatusCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status",
    abstract: "Show what simond is doing: state, mode, who plays, lit pads.",
    discussion: """
      Connects to simond's control socket, whatever its hardware, reads its hello and \
      snapshot, prints them and leaves; it changes nothing. The control socket is \
      looked for at /run/simon-cabinet/control.sock (the service), then \
      $XDG_RUNTIME_DIR/simond-control.sock, else /tmp/simond-control-UID.sock; \
      --control-socket names another. With --sim-socket it reads a simulated cabinet's \
      socket instead (state, round, points, lit pads only).

      Exit codes: 0 done; 69 simond cannot be reached or sent nothing within 2 s; 77 \
      simond runs but this user may not use its control socket (join the group simon).
      """)

  /// How long simond may take to send its state.
  static let helloLimit = Duration.seconds(2)

  @OptionGroup var socket: ControlSocketOption

  @Option(
    name: .long,
    help: ArgumentHelp("The socket of a running 'simond --hardware sim'.", valueName: "path"))
  var simSocket: String?

  @Flag(help: "Print one JSON object, for scripts.")
  var json = false

  func run() async throws {
    let report: StatusReport
    if let simSocket {
      report = try await Self.simReport(simSocket)
    } else {
      report = try controlReport()
    }
    print(json ? report.json : report.text)
  }

  private func controlReport() throws -> StatusReport {
    let environment = Environment.current
    let paths =
      socket.controlSocket.map { [$0] }
      ?? ControlSocketPath.candidates(environment: environment, uid: POSIX.userID)
    var failure: SocketClientError?
    for path in paths {
      do throws(SocketClientError) {
        let client = try ControlClient(path: path)
        let (hello, snapshot) = try client.greet(within: Self.helloLimit)
        return StatusReport(socket: path, hello: hello, snapshot: snapshot)
      } catch {
        if error.kind == .permissionDenied {
          throw ClientFailure(
            error.message
              + "; join the group simon (sudo usermod -aG simon $USER, then log in again)",
            code: 77
          ).reported()
        }
        if failure == nil || error.kind != .notRunning { failure = error }
      }
    }
    let looked = paths.joined(separator: ", ")
    let reason =
      failure.map { $0.kind == .notRunning ? "" : ": \($0.message)" } ?? ""
    throw ClientFailure(
      "simond is not running (no control socket at \(looked))\(reason)",
      code: ExitStatus.unavailable
    ).reported()
  }

  private static func simReport(_ path: String) async throws -> StatusReport {
    do throws(SocketClientError) {
      let client = try SimClient(path: path)
      defer { client.close() }
      let view = try await client.hello(within: helloLimit)
      guard let made = StatusReport(socket: path, view: view) else {
        throw SocketClientError(.timedOut, path: path, message: "simond on \(path) sent no state")
      }
      return made
    } catch {
      throw ClientFailure(error.message, code: ExitStatus.unavailable).reported()
    }
  }
}
