/// The exit codes of the cabinet's programs (`simond`, `simonctl`, `simon-venue`, the
/// screen's `simon-web`): the one table of them, named as in sysexits.h.
///
/// A program uses only the codes its `--help` lists; the meaning of each code is the
/// same in every program. These values never change: scripts and systemd units test them.
public enum ExitStatus {
  /// Done; for a daemon, a clean stop (SIGTERM, SIGINT).
  public static let success: Int32 = 0
  /// Nothing to do or declined: no such player, no game to name, a reset not confirmed
  /// (not in sysexits.h; `simonctl` only).
  public static let declined: Int32 = 1
  /// EX_USAGE: the command line is wrong (argument-parser's own code too).
  public static let usage: Int32 = 64
  /// EX_DATAERR: a value breaks a rule (a bad or taken name or pad code, a bad setting).
  public static let dataError: Int32 = 65
  /// EX_NOINPUT: a state directory named on the command line does not exist (`simonctl`
  /// commands that only read).
  public static let noInput: Int32 = 66
  /// EX_UNAVAILABLE: what is needed is missing or busy: hardware (no chip, no such line,
  /// a line held by another process, no sound device), simond not running where it must
  /// be, a broker's settings that cannot work.
  public static let unavailable: Int32 = 69
  /// EX_SOFTWARE: an internal fault.
  public static let software: Int32 = 70
  /// EX_CANTCREAT: the state directory is missing and cannot be created, or is unusable.
  public static let cantCreate: Int32 = 73
  /// EX_IOERR: a state file cannot be read or written.
  public static let ioError: Int32 = 74
  /// EX_TEMPFAIL: another simond or simonctl held the lock too long; try again.
  public static let tempFail: Int32 = 75
  /// EX_NOPERM: simond runs, but this user may not use its control socket.
  public static let noPermission: Int32 = 77
  /// EX_CONFIG: a bad configuration file.
  public static let config: Int32 = 78
}
