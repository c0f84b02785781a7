import SimonControl
import SimonTerminal
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal the cabinet is drawn on: raw keys, the alternate screen, no cursor.
///
/// Promises: `restore()` puts back the terminal's settings, its normal screen and the
/// cursor exactly as `enter()` found them; it runs at most once per `enter()`, and it is
/// also registered with atexit, so an `exit()` on any path restores the terminal too.
enum RawTerminal {
  private static let saved = Mutex<termios?>(nil)
  private static let registered = Atomic<Bool>(false)

  /// Which of standard input and output is not a terminal (isatty); nil when both are.
  static var notATerminal: String? {
    switch (isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1) {
    case (true, true): nil
    case (false, true): "standard input"
    case (true, false): "standard output"
    case (false, false): "standard input and output"
    }
  }

  /// Switches the terminal on standard input to raw mode (tcgetattr, tcsetattr) and
  /// standard output to the alternate screen with the cursor hidden.
  /// - Throws: `ClientFailure` when the terminal's settings cannot be read or changed.
  static func enter() throws(ClientFailure) {
    var original = termios()
    guard tcgetattr(STDIN_FILENO, &original) == 0 else {
      throw ClientFailure(
        "cannot read the terminal's settings: \(String(cString: strerror(errno)))",
        code: ExitStatus.usage)
    }
    var raw = original
    // Keys arrive one by one, unechoed; Ctrl-C and Ctrl-Z arrive as keys, not signals.
    // Output processing stays on, so "\n" still returns the carriage.
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { controls in
      controls[Int(VMIN)] = 1
      controls[Int(VTIME)] = 0
    }
    saved.withLock { $0 = original }
    if !registered.exchange(true, ordering: .relaxed) {
      atexit { RawTerminal.restore() }
    }
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
      let reason = String(cString: strerror(errno))
      saved.withLock { $0 = nil }
      throw ClientFailure(
        "cannot put the terminal in raw mode: \(reason)", code: ExitStatus.usage)
    }
    write(ANSI.alternateScreen + ANSI.hideCursor + ANSI.home + ANSI.clearScreen)
  }

  /// Puts the terminal back as `enter()` found it. Does nothing when it is not raw.
  static func restore() {
    guard
      var original = saved.withLock({ state in
        defer { state = nil }
        return state
      })
    else {
      return
    }
    write(ANSI.reset + ANSI.showCursor + ANSI.normalScreen)
    // TCSAFLUSH: keys typed but not read are dropped rather than handed to the shell.
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
  }

  /// Writes text to standard output at once, unbuffered (write).
  static func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0, errno == EINTR { continue }
        if written <= 0 { return }
        offset += written
      }
    }
  }

  /// The terminal's size in columns and rows (ioctl TIOCGWINSZ); 80x24 when unknown.
  static func size() -> (width: Int, height: Int) {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return (80, 24) }
    return (Int(size.ws_col), Int(size.ws_row))
  }
}
