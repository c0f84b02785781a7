import Glibc
import SystemPackage

/// The terminal: whether a descriptor is one, its size, its line settings.
extension POSIX {
  /// Whether `descriptor` is a terminal (isatty).
  public static func isTerminal(_ descriptor: FileDescriptor) -> Bool {
    isatty(descriptor.rawValue) == 1
  }

  /// The size of the terminal on `descriptor` in columns and rows (ioctl TIOCGWINSZ), or
  /// nil when it is not a terminal or does not know.
  public static func terminalSize(_ descriptor: FileDescriptor) -> (width: Int, height: Int)? {
    var size = winsize()
    guard ioctl(descriptor.rawValue, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0,
      size.ws_row > 0
    else { return nil }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Writes out what the C library holds back of standard output (fflush), so a message
  /// that follows on standard error comes after it.
  public static func flushStandardOutput() {
    fflush(nil)
  }

  /// A terminal's line settings (termios), kept to be put back exactly.
  public struct TerminalSettings: @unchecked Sendable {
    fileprivate var value: termios

    /// The settings of the terminal on `descriptor` now (tcgetattr).
    /// - Throws: `Errno` when it is not a terminal or cannot be read.
    public static func current(of descriptor: FileDescriptor) throws(Errno) -> TerminalSettings {
      var value = termios()
      guard tcgetattr(descriptor.rawValue, &value) == 0 else { throw POSIX.lastError }
      return TerminalSettings(value: value)
    }

    /// These settings in raw mode: keys arrive one by one, unechoed, and Ctrl-C and
    /// Ctrl-Z arrive as keys, not signals; output processing stays on, so "\n" still
    /// returns the carriage.
    public var raw: TerminalSettings {
      var raw = value
      raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
      raw.c_cflag |= tcflag_t(CS8)
      raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
      withUnsafeMutableBytes(of: &raw.c_cc) { controls in
        controls[Int(VMIN)] = 1
        controls[Int(VTIME)] = 0
      }
      return TerminalSettings(value: raw)
    }

    /// Makes these the settings of the terminal on `descriptor`; keys typed but not read
    /// yet are dropped, not handed to whatever reads next (tcsetattr, TCSAFLUSH).
    /// - Throws: `Errno` when the terminal refuses them.
    public func apply(to descriptor: FileDescriptor) throws(Errno) {
      var value = value
      guard tcsetattr(descriptor.rawValue, TCSAFLUSH, &value) == 0 else { throw POSIX.lastError }
    }
  }
}
