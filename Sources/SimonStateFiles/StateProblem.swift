/// A state file that could not be used and was set aside: the store reports it through
/// its `onProblem` handler and goes on with a fresh, empty file. Nothing is thrown.
public struct StateProblem: Equatable, Sendable, CustomStringConvertible {
  /// Why the file could not be used.
  public enum Kind: String, Equatable, Sendable {
    /// The file is empty (a zero-length file, as some crashes of other programs leave).
    case empty
    /// The file is not the JSON the store writes: garbage, cut short, or wrong values.
    case corrupt
    /// The file cannot be read at all: no permission, a directory, a link loop, I/O error.
    case unreadable
  }

  /// Why the file could not be used.
  public var kind: Kind
  /// The file.
  public var path: String
  /// What exactly is wrong, for people: "line 3: unexpected end of data".
  public var detail: String
  /// Where the file was moved to; nil when it could not be moved (then `moveFailure`
  /// says why, and the file is left where it is, ignored).
  public var movedTo: String?
  /// Why the file could not be moved aside, when it could not.
  public var moveFailure: String?

  /// A problem with every value given.
  public init(
    kind: Kind, path: String, detail: String, movedTo: String?, moveFailure: String? = nil
  ) {
    self.kind = kind
    self.path = path
    self.detail = detail
    self.movedTo = movedTo
    self.moveFailure = moveFailure
  }

  /// One line for people and logs, naming the file, the fault and what was done.
  public var description: String {
    let what: String =
      switch kind {
      case .empty: "\(path) is empty (\(detail))"
      case .corrupt: "\(path) is corrupt (\(detail))"
      case .unreadable: "\(path) is unreadable (\(detail))"
      }
    if let movedTo {
      return "\(what); moved it to \(movedTo) and started a fresh one"
    }
    return "\(what); could not move it aside (\(moveFailure ?? "unknown reason")), ignoring it"
  }
}
