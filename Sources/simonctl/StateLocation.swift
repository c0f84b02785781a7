import SimonGame
import SimonScores

#if canImport(Glibc)
  import Glibc
#endif

/// The state directory `simonctl` works on: `--state-dir`, else `$STATE_DIRECTORY` (the
/// first of its colon-separated list, as systemd sets it), else the configuration's,
/// else `/var/lib/simon-cabinet` (SPEC section 6).
///
/// The configuration's `state_dir` is not read yet: this is the one place to add it.
func resolveStateDirectory(common: CommonOptions) -> String {
  if let directory = common.stateDir, !directory.isEmpty { return directory }
  if let variable = getenv("STATE_DIRECTORY") {
    let first = String(cString: variable).split(separator: ":").first.map(String.init)
    if let first, !first.isEmpty { return first }
  }
  return StateDirectory.defaultPath
}

/// The settings the stored changes apply to: the configuration's [audio] and [game]
/// values once it is read, `Settings.defaults` until then.
func baseSettings(common: CommonOptions) -> Settings {
  .defaults
}

/// The stores of the state directory `common` names; files set aside are reported on
/// standard error as warnings.
struct Stores {
  /// The state directory.
  let directory: String

  init(common: CommonOptions) { directory = resolveStateDirectory(common: common) }

  var scores: ScoreStore { ScoreStore(directory: directory, onProblem: Output.warn) }
  var players: PlayerStore { PlayerStore(directory: directory, onProblem: Output.warn) }
  var settings: SettingsStore { SettingsStore(directory: directory, onProblem: Output.warn) }
}
