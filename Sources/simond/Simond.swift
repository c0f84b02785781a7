import ArgumentParser
import Logging
import SimonCabinetConfig
import SimonControl
import SimonDaemon
import SimonPOSIX
import Synchronization

/// The Simon cabinet daemon.
@main
struct Simond: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "simond",
    abstract: "Run the Simon memory game on the cabinet's buttons, lights and speaker.",
    discussion: """
      simond runs as a systemd service (Type=notify): READY=1 once the hardware is up, \
      STATUS= with what the game is doing, WATCHDOG=1 when WatchdogSec= is set. SIGTERM \
      records the running game, turns the lights off and exits 0; SIGHUP rereads the \
      configuration and the settings.

      Whatever the hardware, simond serves a control socket (mode 0660, its group): a \
      line protocol that reports everything the cabinet does and takes requests \
      (sign-in, settings, names); simonctl and the cabinet screen use it. simond has no \
      network access of its own.

      Exit codes: 0 stopped cleanly, 64 bad command line, 69 hardware missing or busy, \
      70 internal error, 73 state directory unusable, 78 bad configuration.
      """,
    version: SimonVersion.current
  )

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The configuration file (TOML; default: \(DaemonConfig.defaultPath)). Without one there the built-in defaults serve: the recommended wiring of wiring/README.md.",
      valueName: "path"))
  var config: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Where scores, players and settings live. Default: $STATE_DIRECTORY, else the configuration's state_dir, else /var/lib/simon-cabinet.",
      valueName: "dir"))
  var stateDir: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The cabinet: gpio (real buttons and lamps through libgpiod), sim (a simulated cabinet on a Unix socket, for playing and testing without hardware), mock (no inputs; outputs only logged).",
      valueName: "gpio|sim|mock"))
  var hardware: HardwareOption = .gpio

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Sound: alsa (the configuration's audio.device) or none (silent; the lights still work).",
      valueName: "alsa|none"))
  var audio: AudioOption = .alsa

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The simulated cabinet's socket (with --hardware sim). Default: $RUNTIME_DIRECTORY/sim.sock, else $XDG_RUNTIME_DIR/simond.sock, else /tmp/simond-UID.sock.",
      valueName: "path"))
  var simSocket: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The control socket. Default: $RUNTIME_DIRECTORY/control.sock (systemd: /run/simon-cabinet/control.sock), else $XDG_RUNTIME_DIR/simond-control.sock, else /tmp/simond-control-UID.sock.",
      valueName: "path"))
  var controlSocket: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The lowest level logged: trace, debug, info, notice, warning, error or critical.",
      valueName: "level"))
  var logLevel: LogLevelOption = .info

  /// The process's entry: traps the signals before anything else (reading the command
  /// line included), then runs the command.
  static func main() async {
    earlyTraps.withLock { $0 = nil }
    let traps = await SignalTraps.trap()
    earlyTraps.withLock { $0 = traps }
    do {
      var command = try parseAsRoot()
      if var asynchronous = command as? any AsyncParsableCommand {
        try await asynchronous.run()
      } else {
        try command.run()
      }
    } catch {
      exit(withError: error)
    }
  }

  func run() async throws {
    let signals: SignalTraps
    if let trapped = earlyTraps.withLock({ $0 }) {
      signals = trapped
    } else {
      signals = await SignalTraps.trap()
    }
    let environment = Environment.current
    let level = logLevel.level
    LoggingSystem.bootstrap { label in
      JournalLogHandler(label: label, level: level, environment: environment)
    }
    let options = DaemonOptions(
      configPath: config, stateDirectory: stateDir, hardware: hardware.value, audio: audio.value,
      simSocket: simSocket, controlSocket: controlSocket, logLevel: level)
    let code = await Daemon.run(options, environment: environment, signals: signals)
    if code != 0 { throw ExitCode(code) }
  }
}

/// The signals trapped first thing in `main`, for `run`.
let earlyTraps = Mutex<SignalTraps?>(nil)

/// `--hardware` choices.
enum HardwareOption: String, ExpressibleByArgument, CaseIterable {
  case gpio, sim, mock
  var value: DaemonOptions.Hardware { DaemonOptions.Hardware(rawValue: rawValue)! }
}

/// `--audio` choices.
enum AudioOption: String, ExpressibleByArgument, CaseIterable {
  case alsa, none
  var value: DaemonOptions.Audio { DaemonOptions.Audio(rawValue: rawValue)! }
}

/// `--log-level` choices.
enum LogLevelOption: String, ExpressibleByArgument, CaseIterable {
  case trace, debug, info, notice, warning, error, critical
  var level: Logger.Level { Logger.Level(rawValue: rawValue)! }
}
