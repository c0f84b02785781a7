import ArgumentParser
import Logging
import SimonConfig
import SimonControl
import SimonPOSIX
import SimonVenue
import UnixSignals

/// The venue bridge: this cabinet's games to the venue's MQTT broker and back.
@main
struct SimonVenueCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "simon-venue",
    abstract: "Share this cabinet's games with the venue over MQTT, and keep the venue table.",
    discussion: """
      simon-venue follows simond's control socket and publishes every game the cabinet \
      records to the venue's MQTT broker (QoS 1, retained, one topic per game), from an \
      outbox in its state directory: with the broker or the network down the games wait \
      there, and nothing is lost or counted twice. It merges every cabinet's games into \
      the venue table (simonctl scores --venue) and announces the cabinet to Home \
      Assistant (MQTT discovery). It holds no device and writes none of simond's files.

      Exit codes: 0 stopped by SIGTERM or SIGINT, 64 bad command line, 69 the broker's \
      settings cannot work (a host name that does not resolve, a bad CA file), 78 bad \
      configuration.
      """,
    version: SimonVersion.current
  )

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The configuration file (TOML; default: \(VenueConfig.defaultPath)). Without one there the built-in defaults serve: a broker on this host, no login.",
      valueName: "path"))
  var config: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "simond's control socket. Default: the configuration's control_socket, else where simonctl looks (/run/simon-cabinet/control.sock for the service).",
      valueName: "path"))
  var controlSocket: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Where the outbox and the venue table live. Default: $STATE_DIRECTORY, else the configuration's state_dir, else /var/lib/simon-venue.",
      valueName: "dir"))
  var stateDir: String?

  @Flag(name: .long, help: "Check the configuration, print what it says (no password), and exit.")
  var check = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The lowest level logged: trace, debug, info, notice, warning, error or critical.",
      valueName: "level"))
  var logLevel: String = "info"

  func validate() throws {
    guard Logger.Level(rawValue: logLevel) != nil else {
      throw ValidationError(
        "--log-level: \"\(logLevel)\" is not one of trace, debug, info, notice, warning, error, critical"
      )
    }
  }

  func run() async throws {
    var settings: VenueConfig
    do {
      settings = try VenueConfig.load(path: config)
    } catch {
      printError(error.description)
      throw ExitCode(ExitStatus.config)
    }
    let environment = Environment.current
    if let stateDir {
      settings.stateDirectory = stateDir
    } else if let directory = environment["STATE_DIRECTORY"]?.split(separator: ":").first {
      settings.stateDirectory = String(directory)
    }
    if let controlSocket { settings.controlSocket = controlSocket }
    if settings.controlSocket == nil {
      let candidates = ControlSocketPath.candidates(environment: environment, uid: POSIX.userID)
      settings.controlSocket =
        candidates.first { POSIX.allows(.exists, $0) } ?? ControlSocketPath.servicePath
    }
    if check {
      print(settings.summary)
      return
    }
    let level = Logger.Level(rawValue: logLevel)!
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = level
      return handler
    }
    let logger = Logger(label: "simon-venue")
    let bridge = VenueBridge(config: settings, logger: logger)
    let signals = await UnixSignalsSequence(trapping: .sigterm, .sigint)
    let outcome: Result<Void, any Error> = await withTaskGroup(of: Result<Void, any Error>?.self) {
      group in
      group.addTask {
        do {
          try await bridge.run()
          return .success(())
        } catch {
          return .failure(error)
        }
      }
      group.addTask {
        for await signal in signals {
          logger.info("\(signal): stopping")
          return nil
        }
        return nil
      }
      var outcome: Result<Void, any Error> = .success(())
      if let first = await group.next(), let result = first { outcome = result }
      group.cancelAll()
      return outcome
    }
    if case .failure(let error) = outcome {
      logger.critical("\(error)")
      throw ExitCode(ExitStatus.unavailable)
    }
  }

  private func printError(_ text: String) {
    StandardError.writeLine(text)
  }
}
