import SimonControl
import SimonGame
import SimonPOSIX
import SimonScores
import SimonStateFiles

/// The state directory `simonctl` works on: `--state-dir`, else `$STATE_DIRECTORY` (the
/// first of its colon-separated list, as systemd sets it), else the configuration's
/// `state_dir`, else the one of the simond that runs (`runningSimond`: the terminal
/// cabinet's own, say, in ~/.local/state/simon-cabinet), else `/var/lib/simon-cabinet`
/// (docs/design.md section 6). The configuration is read only when the first two are not given.
/// - Parameter socket: the control socket named with `--control-socket`, if any.
func resolveStateDirectory(common: CommonOptions, socket: String? = nil) throws -> String {
  let environment = Environment.current
  // An empty $STATE_DIRECTORY names none, as for simond: the configuration's applies.
  let fromSystemd = environment["STATE_DIRECTORY"]?.split(separator: ":").first
  if common.stateDir?.isEmpty == false || fromSystemd != nil {
    return StateDirectory.resolve(
      option: common.stateDir, environment: environment, configured: nil)
  }
  let config = try loadConfiguration(common: common)
  if config.stateDirectory?.isEmpty == false {
    return StateDirectory.resolve(
      option: nil, environment: environment, configured: config.stateDirectory)
  }
  return runningSimond(socket: socket)?.stateDirectory ?? StateDirectory.defaultPath
}

/// The simond that runs where a tool looks (`--control-socket`, else the usual control
/// sockets in order: `ControlSocketPath.candidates`): its socket and the state directory
/// its hello names; nil when none greets within a second.
func runningSimond(socket: String?) -> (socket: String, stateDirectory: String)? {
  let paths =
    socket.map { [$0] }
    ?? ControlSocketPath.candidates(environment: Environment.current, uid: POSIX.userID)
  for path in paths {
    guard let client = try? ControlClient(path: path),
      let (hello, _) = try? client.greet(within: .seconds(1))
    else { continue }
    return (path, hello.stateDirectory)
  }
  return nil
}

/// The settings the stored changes apply to: the configuration's [audio] and [game]
/// values.
func baseSettings(common: CommonOptions) throws -> Settings {
  try loadConfiguration(common: common).settings
}

/// What to print when a state directory holds nothing of a kind: "No games recorded in
/// DIR." and, when no --state-dir was given, where else to look.
func nothingIn(_ what: String, _ directory: String, common: CommonOptions) -> String {
  let hint =
    common.stateDir == nil
    ? "\n(simonctl read \(directory); give --state-dir to read another, such as the one of scripts/play: ~/.local/state/simon-cabinet)"
    : ""
  return "\(what) in \(directory).\(hint)"
}

/// Fails when a state directory named on the command line does not exist: a command that
/// only reads says so rather than "nothing recorded" (a typo in --state-dir, say).
/// - Throws: `Refusal` with `ExitStatus.noInput`.
func requireNamedStateDirectory(_ directory: String, common: CommonOptions) throws {
  guard let named = common.stateDir, !named.isEmpty, !POSIX.isDirectory(directory) else {
    return
  }
  throw Refusal(
    message: "the state directory \(directory) does not exist (--state-dir)",
    code: ExitStatus.noInput)
}

/// The stores of the state directory `common` names; files set aside are reported on
/// standard error as warnings.
struct Stores {
  /// The state directory.
  let directory: String

  /// The stores of the state directory `common` names (or, with none named, the running
  /// simond's: the one on `socket` when given).
  init(common: CommonOptions, socket: String? = nil) throws {
    directory = try resolveStateDirectory(common: common, socket: socket)
  }

  var scores: ScoreStore { ScoreStore(directory: directory, onProblem: Output.warn) }
  var players: PlayerStore { PlayerStore(directory: directory, onProblem: Output.warn) }
  var settings: SettingsStore { SettingsStore(directory: directory, onProblem: Output.warn) }
  var matches: MatchStore { MatchStore(directory: directory, onProblem: Output.warn) }
}
