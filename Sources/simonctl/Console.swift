import SimonPOSIX

/// simonctl's output: whole lines, flushed at once so a pipe sees them live.
enum Console {
  /// Prints a line on standard output (print, then fflush).
  static func say(_ line: String) {
    print(line)
    POSIX.flushStandardOutput()
  }

  /// Writes a line to standard error.
  static func error(_ line: String) {
    Output.printError(line)
  }
}
