import SimonControl
import SimonPOSIX
import SimonTerminal
import Synchronization
import SystemPackage

/// The terminal the cabinet is drawn on: raw keys, the alternate screen, no cursor.
///
/// Promises: `restore()` puts back the terminal's settings, its normal screen and the
/// cursor exactly as `enter()` found them; it runs at most once per `enter()`, and it is
/// also registered with atexit, so an `exit()` on any path restores the terminal too.
enum RawTerminal {
  private static let saved = Mutex<POSIX.TerminalSettings?>(nil)
  private static let registered = Atomic<Bool>(false)

  /// Which of standard input and output is not a terminal (isatty); nil when both are.
  static var notATerminal: String? {
    switch (POSIX.isTerminal(.standardInput), POSIX.isTerminal(.standardOutput)) {
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
    let original: POSIX.TerminalSettings
    do {
      original = try .current(of: .standardInput)
    } catch {
      throw ClientFailure(
        "cannot read the terminal's settings: \(error)", code: ExitStatus.usage)
    }
    saved.withLock { $0 = original }
    if !registered.exchange(true, ordering: .relaxed) {
      POSIX.atExit { RawTerminal.restore() }
    }
    do {
      try original.raw.apply(to: .standardInput)
    } catch {
      saved.withLock { $0 = nil }
      throw ClientFailure("cannot put the terminal in raw mode: \(error)", code: ExitStatus.usage)
    }
    write(ANSI.alternateScreen + ANSI.hideCursor + ANSI.home + ANSI.clearScreen)
  }

  /// Puts the terminal back as `enter()` found it. Does nothing when it is not raw.
  static func restore() {
    guard
      let original = saved.withLock({ state in
        defer { state = nil }
        return state
      })
    else {
      return
    }
    write(ANSI.reset + ANSI.showCursor + ANSI.normalScreen)
    try? original.apply(to: .standardInput)
  }

  /// Writes text to standard output at once, unbuffered (write, the rest of a partial
  /// write after it).
  static func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      _ = try? FileDescriptor.standardOutput.writeAll(UnsafeRawBufferPointer(bytes))
    }
  }

  /// The terminal's size in columns and rows (ioctl TIOCGWINSZ); 80x24 when unknown.
  static func size() -> (width: Int, height: Int) {
    POSIX.terminalSize(.standardOutput) ?? (80, 24)
  }
}
