import Logging
import SimonPOSIX

/// Writes log lines to standard error: `simond: message key=value`, and under journald
/// (`$JOURNAL_STREAM` set) with the `<N>` priority prefix journald reads, without a
/// time stamp of its own (the journal adds one).
public struct JournalLogHandler: LogHandler {
  /// Extra key=value pairs on every line.
  public var metadata: Logger.Metadata = [:]
  /// The lowest level written.
  public var logLevel: Logger.Level
  private let label: String
  private let prefixPriority: Bool

  /// A handler for a program name, at a level, for this process's environment.
  public init(label: String, level: Logger.Level, environment: [String: String]) {
    self.label = label
    self.logLevel = level
    self.prefixPriority = environment["JOURNAL_STREAM"] != nil
  }

  /// Reads or writes one metadata value.
  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  /// Writes one line.
  public func log(event: LogEvent) {
    var line = prefixPriority ? "<\(Self.priority(event.level))>" : ""
    line += "\(label): \(event.message)"
    let merged = metadata.merging(event.metadata ?? [:]) { $1 }
    for (key, value) in merged.sorted(by: { $0.key < $1.key }) { line += " \(key)=\(value)" }
    line += "\n"
    // One write(2) per line, so lines from several threads never interleave.
    StandardError.write(line)
  }

  /// syslog priorities: 2 critical, 3 error, 4 warning, 5 notice, 6 info, 7 debug.
  static func priority(_ level: Logger.Level) -> Int {
    switch level {
    case .trace, .debug: 7
    case .info: 6
    case .notice: 5
    case .warning: 4
    case .error: 3
    case .critical: 2
    }
  }
}
