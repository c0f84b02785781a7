import ArgumentParser
import FoundationEssentials
import SimonSim
import SimonTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// `simonctl status`: what the daemon is doing, read from the simulated cabinet's socket.
struct StatusCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status",
    abstract: "Show what simond is doing: state, round, points, lit pads.",
    discussion: """
      Connects to the socket of a 'simond --hardware sim', reads what it sends first \
      (every LED, then the state), prints it and leaves; it presses nothing. The default \
      socket is simond's: $XDG_RUNTIME_DIR/simond.sock, else /tmp/simond-UID.sock.

      Exit codes: 0 done; 69 simond cannot be reached or sent no state within 2 s.
      """)

  /// How long simond may take to send its state.
  static let helloLimit = Duration.seconds(2)

  @Option(
    name: .long,
    help: ArgumentHelp("The socket of a running 'simond --hardware sim'.", valueName: "path"))
  var simSocket: String?

  @Flag(help: "Print one JSON object, for scripts.")
  var json = false

  func run() async throws {
    let path =
      simSocket
      ?? SimSocketPath.defaultPath(
        environment: ProcessInfo.processInfo.environment, uid: UInt32(getuid()))
    let report: StatusReport
    do throws(SimClientError) {
      let client = try SimClient(path: path)
      defer { client.close() }
      let view = try await client.hello(within: Self.helloLimit)
      guard let made = StatusReport(socket: path, view: view) else {
        throw SimClientError(.timedOut, path: path, message: "simond on \(path) sent no state")
      }
      report = made
    } catch {
      throw ClientFailure(error.message, code: ClientFailure.unavailable).reported()
    }
    print(json ? report.json : report.text)
  }
}
