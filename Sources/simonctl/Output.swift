import ArgumentParser
import SimonScores

#if canImport(Glibc)
  import Glibc
#endif

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
    fflush(nil)
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(STDERR_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
        if written <= 0 { return }
        offset += written
      }
    }
  }

  /// Runs `body`; a failure is printed as "Error: ..." and ends the program with the exit
  /// code of `ExitCodes`.
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
      throw ExitCode(ExitCodes.code(for: error))
    } catch let error as SettingsError {
      printError("Error: \(error)")
      throw ExitCode(ExitCodes.invalidData)
    } catch let error as StateError {
      printError("Error: \(error)")
      throw ExitCode(ExitCodes.code(for: error))
    } catch let error as NamingError {
      printError("Error: \(error)")
      throw ExitCode(ExitCodes.refused)
    }
  }
}

/// A request `simonctl` turns down, with its message and exit code.
struct Refusal: Error {
  /// One line for people.
  var message: String
  /// One of `ExitCodes`.
  var code: Int32
}

/// The exit codes of `simonctl` (sysexits.h where one fits).
enum ExitCodes {
  /// Nothing to do or declined: no such player, no game to name, reset not confirmed.
  static let refused: Int32 = 1
  /// The command line is wrong (argument-parser's own code too).
  static let usage: Int32 = 64
  /// A value breaks a rule: a bad or taken name or pad code, a bad setting.
  static let invalidData: Int32 = 65
  /// simond is not running where it must be, or cannot be reached.
  static let unavailable: Int32 = 69
  /// The state directory is missing and cannot be created, or is not a directory.
  static let cannotCreate: Int32 = 73
  /// A state file cannot be read or written.
  static let ioError: Int32 = 74
  /// Another simond or simonctl held the lock too long; try again.
  static let busy: Int32 = 75
  /// simond runs, but this user may not use its control socket.
  static let noPermission: Int32 = 77

  /// The text for `--help`.
  static let help = """
    Exit codes: 0 done; 1 nothing to do or declined (no such player, no game to \
    name, reset not confirmed); 64 bad command line; 65 a value breaks a rule (name, \
    pad code, setting); 69 simond is not running where it must be; 73 the state \
    directory cannot be created; 74 a state file cannot be read or written; 75 the \
    state is locked by another simond or simonctl, try again; 77 simond runs but this \
    user may not use its control socket (join the group simon).
    """

  static func code(for error: PlayerError) -> Int32 {
    switch error {
    case .noSuchPlayer: refused
    case .invalidName, .nameTaken, .invalidCode, .codeTaken, .noFreeCode: invalidData
    }
  }

  static func code(for error: StateError) -> Int32 {
    switch error.kind {
    case .directory: cannotCreate
    case .read, .write, .lock: ioError
    case .busy: busy
    }
  }
}
