import SimonControl
import SimonDaemon
import SimonGame
import SimonPOSIX
import SimonScores

/// The state directory `simonctl` works on: `--state-dir`, else `$STATE_DIRECTORY` (the
/// first of its colon-separated list, as systemd sets it), else the configuration's,
/// else `/var/lib/simon-cabinet` (SPEC section 6). The configuration is read only when
/// the first two are not given.
func resolveStateDirectory(common: CommonOptions) throws -> String {
  let environment = Environment.current
  // An empty $STATE_DIRECTORY names none, as for simond: the configuration's applies.
  let fromSystemd = environment["STATE_DIRECTORY"]?.split(separator: ":").first
  if common.stateDir?.isEmpty == false || fromSystemd != nil {
    return StateDirectory.resolve(
      option: common.stateDir, environment: environment, configured: nil)
  }
  let config = try loadConfiguration(common: common)
  return StateDirectory.resolve(
    option: nil, environment: environment, configured: config.stateDirectory)
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

/// The stores of the state directory `common` names; files set aside are reported on
/// standard error as warnings.
struct Stores {
  /// The state directory.
  let directory: String

  init(common: CommonOptions) throws { directory = try resolveStateDirectory(common: common) }

  var scores: ScoreStore { ScoreStore(directory: directory, onProblem: Output.warn) }
  var players: PlayerStore { PlayerStore(directory: directory, onProblem: Output.warn) }
  var settings: SettingsStore { SettingsStore(directory: directory, onProblem: Output.warn) }
}
