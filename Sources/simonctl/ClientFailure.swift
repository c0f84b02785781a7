import ArgumentParser

#if canImport(Glibc)
  import Glibc
#endif

/// Why `play` or `status` stopped short: a message for people and the exit code.
struct ClientFailure: Error {
  /// Standard input or output is not a terminal, or the command line is wrong.
  static let usage: Int32 = 64
  /// The daemon cannot be reached, went away, or could not be started.
  static let unavailable: Int32 = 69

  /// What went wrong and what to do, for people.
  let message: String
  /// The exit code (sysexits.h).
  let code: Int32

  /// A failure with its message and exit code.
  init(_ message: String, code: Int32) {
    self.message = message
    self.code = code
  }

  /// Writes "Error: message" to standard error and gives the exit code to throw.
  func reported() -> ArgumentParser.ExitCode {
    fflush(nil)
    var text = "Error: \(message)\n"
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(STDERR_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
        if written <= 0 { return }
        offset += written
      }
    }
    return ArgumentParser.ExitCode(code)
  }
}
