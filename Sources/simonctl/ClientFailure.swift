import ArgumentParser

/// Why `play` or `status` stopped short: a message for people and the exit code.
struct ClientFailure: Error {
  /// What went wrong and what to do, for people.
  let message: String
  /// The exit code, one of `ExitStatus`.
  let code: Int32

  /// A failure with its message and exit code.
  init(_ message: String, code: Int32) {
    self.message = message
    self.code = code
  }

  /// Writes "Error: message" to standard error and gives the exit code to throw.
  func reported() -> ArgumentParser.ExitCode {
    Output.printError("Error: \(message)")
    return ArgumentParser.ExitCode(code)
  }
}
