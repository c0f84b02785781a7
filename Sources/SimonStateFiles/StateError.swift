/// A state file or directory could not be used: thrown by every store operation that
/// cannot do what it was asked. Nothing was changed on disk when it is thrown.
public struct StateError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong, in a word; callers map it to exit codes or log levels.
  public enum Kind: String, Equatable, Sendable {
    /// The state directory is missing and cannot be created, or is not a directory.
    case directory
    /// A file exists but could not be read for a reason that may pass (no memory, too
    /// many open files); the file was left alone.
    case read
    /// A file could not be written, renamed or synced (full disk, read-only, no permission).
    case write
    /// The lock file could not be created or locked.
    case lock
    /// Another process held the lock for longer than the store's lock timeout.
    case busy
    /// The file was written by a newer version of the programs (a downgrade): it is left
    /// as it is, never set aside nor overwritten, until that version is back.
    case newerVersion = "newer-version"
  }

  /// What went wrong.
  public var kind: Kind
  /// The file or directory concerned.
  public var path: String
  /// Why, as lowercase words: "permission denied", "no space left on device".
  public var reason: String
  /// The errno behind it, when a system call failed.
  public var errno: Int32?

  /// An error with every value given.
  public init(kind: Kind, path: String, reason: String, errno: Int32? = nil) {
    self.kind = kind
    self.path = path
    self.reason = reason
    self.errno = errno
  }

  /// One line for people, naming the path: "cannot write /var/lib/...: permission denied".
  public var description: String {
    switch kind {
    case .directory: "cannot use the state directory \(path): \(reason)"
    case .read: "cannot read \(path): \(reason)"
    case .write: "cannot write \(path): \(reason)"
    case .lock: "cannot lock \(path): \(reason)"
    case .busy: "\(path) is locked: \(reason)"
    case .newerVersion:
      "\(path) was written by a newer version of the cabinet's programs (\(reason)); it is left as it is: install that version again"
    }
  }

  package init(_ kind: Kind, _ error: SystemError) {
    self.init(kind: kind, path: error.path, reason: error.reason, errno: error.errno)
  }
}
