import SimonControl
import SimonScores
import SimonStateFiles

/// What `simonctl` makes of the programs' exit codes: the text its `--help` lists, and
/// the code for each error of the stores.
extension ExitStatus {
  /// The text for `--help`: every code `simonctl` exits with.
  static let help = """
    Exit codes: 0 done; 1 nothing to do or declined (no such player, no game to \
    name, reset not confirmed); 64 bad command line; 65 a value breaks a rule (name, \
    pad code, setting), or a state file is from a newer version; 66 the state directory named does not exist; 69 simond is not running where it must be; 73 the state \
    directory cannot be created; 74 a state file cannot be read or written; 75 the \
    state is locked by another simond or simonctl, try again; 77 simond runs but this \
    user may not use its control socket (join the group simon).
    """

  /// The code for a refused change of players.
  static func code(for error: PlayerError) -> Int32 {
    switch error {
    case .noSuchPlayer: declined
    case .invalidName, .nameTaken, .invalidCode, .codeTaken, .noFreeCode: dataError
    }
  }

  /// The code for a state file that cannot be used.
  static func code(for error: StateError) -> Int32 {
    switch error.kind {
    case .directory: cantCreate
    case .read, .write, .lock: ioError
    case .busy: tempFail
    case .newerVersion: dataError
    }
  }
}
