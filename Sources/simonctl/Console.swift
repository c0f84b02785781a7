#if canImport(Glibc)
  import Glibc
#endif

/// simonctl's output: whole lines, flushed at once so a pipe sees them live.
enum Console {
  /// Prints a line on standard output (print, then fflush).
  static func say(_ line: String) {
    print(line)
    fflush(nil)
  }

  /// Writes a line to standard error (write).
  static func error(_ line: String) {
    fflush(nil)
    var text = line + "\n"
    text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
  }
}
