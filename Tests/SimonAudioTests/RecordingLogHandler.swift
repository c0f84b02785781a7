import Logging
import Synchronization

/// Keeps every log line a test's logger receives.
final class LogRecord: Sendable {
  /// One line.
  struct Line: Sendable {
    /// Its level.
    var level: Logger.Level
    /// Its text.
    var message: String
  }

  private let lines = Mutex<[Line]>([])

  /// Every line so far.
  var all: [Line] { lines.withLock { $0 } }

  /// The lines at `level` or above.
  func lines(atLeast level: Logger.Level) -> [Line] { all.filter { $0.level >= level } }

  /// A logger writing here at `level` and above.
  func logger(level: Logger.Level = .trace) -> Logger {
    var logger = Logger(label: "test.audio") { _ in RecordingLogHandler(record: self) }
    logger.logLevel = level
    return logger
  }

  fileprivate func append(_ line: Line) { lines.withLock { $0.append(line) } }
}

/// A log handler appending to a `LogRecord`.
struct RecordingLogHandler: LogHandler {
  let record: LogRecord
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    record.append(LogRecord.Line(level: event.level, message: "\(event.message)"))
  }
}
