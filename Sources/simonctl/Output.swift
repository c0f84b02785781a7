import ArgumentParser
import SimonControl
import SimonPOSIX
import SimonScores
import SimonStateFiles

/// Where `simonctl` writes: results to standard output, warnings and errors to standard
/// error, and how a failure becomes an exit code.
enum Output {
  /// Writes one line to standard error: "Warning: ...".
  @Sendable static func warn(_ problem: StateProblem) {
    printError("Warning: \(problem)")
  }

  /// Writes one line to standard error.
  static func printError(_ line: String) {
    writeError(line + "\n")
  }

  /// Writes text to standard error as it is (unbuffered, after what stdout holds).
  static func writeError(_ text: String) {
    POSIX.flushStandardOutput()
    StandardError.write(text)
  }

  /// Runs `body`; a failure is printed as "Error: ..." and ends the program with the exit
  /// code of `ExitStatus`.
  static func run(_ body: () throws -> Void) throws {
    do {
      try body()
    } catch let error as ExitCode {
      throw error
    } catch let error as Refusal {
      printError("Error: \(error.message)")
      throw ExitCode(error.code)
    } catch let error as PlayerError {
      printError("Error: \(error)")
      throw ExitCode(ExitStatus.code(for: error))
    } catch let error as SettingsError {
      printError("Error: \(error)")
      throw ExitCode(ExitStatus.dataError)
    } catch let error as StateError {
      printError("Error: \(error)")
      throw ExitCode(ExitStatus.code(for: error))
    } catch let error as NamingError {
      printError("Error: \(error)")
      throw ExitCode(ExitStatus.declined)
    }
  }
}

/// A request `simonctl` turns down, with its message and exit code.
struct Refusal: Error {
  /// One line for people.
  var message: String
  /// One of `ExitStatus`.
  var code: Int32
}
