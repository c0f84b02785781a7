import FoundationEssentials
import SimonJSON

/// One versioned JSON document in the state directory, read and written so that nothing
/// is ever lost or half-written:
///
/// - a write goes to a temporary file, is synced, renamed over the file, and the
///   directory is synced: after a power loss at any instant the file is the old one or
///   the new one, never a mix;
/// - every read-modify-write holds an exclusive `flock` on `<file>.lock`, so concurrent
///   writers in any number of processes see each other's changes;
/// - a file that cannot be used (empty, corrupt, unreadable) is moved
///   aside with a timestamp in its name, reported, and a fresh document starts;
/// - a temporary file left by a writer killed before its rename is removed by the next
///   read or write that gets the lock (only a writer holding the lock makes one, so one
///   found under the lock is stale); the document itself was never touched by it.
package final class StateFile<Document: StateDocument>: Sendable {
  /// The state directory.
  package let directory: String
  /// The file.
  package let path: String
  /// The lock file beside it.
  package let lockPath: String
  /// The temporary file a write goes through before its rename.
  package let temporaryPath: String
  /// How long to wait for another process's lock before giving up.
  package let lockTimeout: Duration
  /// Told of every file set aside.
  package let onProblem: @Sendable (StateProblem) -> Void

  /// Files larger than this are not read: they are set aside as corrupt. A full score
  /// file (1000 recent games and every table) is about 0.4 MB; 16 MB is forty times
  /// that, and reading it stays within tens of MB of memory.
  package static var sizeLimit: Int { 16 * 1024 * 1024 }

  package init(
    directory: String, lockTimeout: Duration, onProblem: @escaping @Sendable (StateProblem) -> Void
  ) {
    self.directory = directory
    path = StateDirectory.join(directory, Document.fileName)
    lockPath = path + ".lock"
    temporaryPath = path + ".tmp"
    self.lockTimeout = lockTimeout
    self.onProblem = onProblem
  }

  /// The document as it is now. Takes no lock unless the file must be set aside or a
  /// temporary file is there (then only when the lock is free at once, to remove it);
  /// creates nothing when the directory or the file is missing (that reads as empty).
  package func read() throws -> Document {
    if somethingExists(at: temporaryPath) {
      // Stale if nobody holds the lock; a holder is writing it, and will rename it. A
      // reader that may not take the lock leaves it to the next writer.
      _ = try? withLockIfFree {}
    }
    switch try load() {
    case .missing: return .empty
    case .document(let document): return document
    case .newer(let detail): throw refusingNewer(detail)
    case .unusable(let kind, let detail):
      do {
        return try withLock { try loadRecovering(mustMove: false) }
      } catch let error as StateError where error.kind == .lock || error.kind == .directory {
        // Nobody may write here (a read-only look by an unprivileged user): report the
        // file and go on without it.
        onProblem(
          StateProblem(
            kind: kind, path: path, detail: detail, movedTo: nil, moveFailure: error.description))
        return .empty
      }
    }
  }

  /// Reads the document under the lock, lets `body` change it, and writes it back when
  /// it changed. When `body` throws, nothing is written and the error is rethrown.
  package func update<R>(_ body: (inout Document) throws -> R) throws -> R {
    try StateDirectory.prepare(directory)
    return try withLock {
      var document = try loadRecovering(mustMove: true)
      let before = document
      let result = try body(&document)
      if document != before { try write(document) }
      return result
    }
  }

  /// Replaces the document whatever the file holds (it is not read), under the lock.
  package func replace(with document: Document) throws {
    try StateDirectory.prepare(directory)
    try withLock { try write(document) }
  }

  // MARK: - Reading

  fileprivate enum Loaded {
    case missing
    case document(Document)
    case unusable(StateProblem.Kind, String)
    /// Written by a newer version of the programs: why (its format and ours).
    case newer(String)
  }

  /// Reads and decodes the file; throws only for faults that may pass, or a broken
  /// directory, never for the file's contents.
  private func load() throws -> Loaded {
    let bytes: [UInt8]
    do {
      bytes = try readRegularFile(path, limit: Self.sizeLimit)
    } catch {
      switch error.category {
      case .notFound: return .missing
      case .notADirectory:
        throw StateError(
          kind: .directory, path: directory, reason: error.reason, errno: error.errno)
      case .tooLarge: return .unusable(.corrupt, "larger than \(Self.sizeLimit / 1024 / 1024) MB")
      case .unreadable: return .unusable(.unreadable, error.reason)
      case .other: throw StateError(.read, error)
      }
    }
    return Self.decode(bytes)
  }

  /// A file a newer version wrote is not damaged, and not this program's to replace: a
  /// downgrade is undone by installing the newer version again, which finds it as it
  /// left it.
  private func refusingNewer(_ detail: String) -> StateError {
    StateError(kind: .newerVersion, path: path, reason: detail)
  }

  fileprivate static func decode(_ bytes: [UInt8]) -> Loaded {
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
      return .unusable(.empty, bytes.isEmpty ? "0 bytes" : "only white space")
    }
    let json: JSONValue
    do {
      json = try JSONParser.parse(bytes)
    } catch {
      return .unusable(.corrupt, error.description)
    }
    guard case .object = json else { return .unusable(.corrupt, "not a JSON object") }
    guard case .integer(let version) = json["version"] else {
      return .unusable(.corrupt, "no whole-number \"version\"")
    }
    if version > Document.version {
      return .newer("format version \(version); this program reads up to \(Document.version)")
    }
    if version < 1 { return .unusable(.corrupt, "version \(version) does not exist") }
    let document: Document
    do {
      document = try Document.decode(json)
    } catch {
      return .unusable(.corrupt, error.description)
    }
    if let problem = document.contentProblems.first { return .unusable(.corrupt, problem) }
    return .document(document)
  }

  /// Reads the file under the lock; a file that cannot be used is set aside and reported.
  private func loadRecovering(mustMove: Bool) throws -> Document {
    switch try load() {
    case .missing: return .empty
    case .document(let document): return document
    case .newer(let detail): throw refusingNewer(detail)
    case .unusable(let kind, let detail):
      let aside = asidePath(kind)
      do {
        try renameFile(path, to: aside)
      } catch {
        if mustMove { throw StateError(.write, error) }
        onProblem(
          StateProblem(
            kind: kind, path: path, detail: detail, movedTo: nil, moveFailure: error.reason))
        return .empty
      }
      syncDirectory()
      onProblem(StateProblem(kind: kind, path: path, detail: detail, movedTo: aside))
      return .empty
    }
  }

  /// "<file>.<kind>-<UTC time>", with "-2", "-3", ... when that exists already.
  private func asidePath(_ kind: StateProblem.Kind) -> String {
    let label = kind == .empty ? "corrupt" : kind.rawValue
    let base = "\(path).\(label)-\(Timestamps.compactUTC(Date()))"
    var candidate = base
    var number = 2
    while somethingExists(at: candidate) {
      candidate = "\(base)-\(number)"
      number += 1
    }
    return candidate
  }

  // MARK: - Writing

  /// Writes the whole document: temporary file, fsync, rename, fsync of the directory.
  /// The new file keeps the owner, group and mode of the one it replaces; a first file
  /// gets the directory's owner and group (when running as root) and the default mode.
  private func write(_ document: Document) throws {
    let bytes = try document.encodeFile()
    let temporary = temporaryPath
    do {
      let previous = try? fileStatus(path)
      let owner = previous.flatMap { $0.isRegular ? $0 : nil } ?? (try? fileStatus(directory))
      try withOpenFile(temporary, OpenFlags.createTruncate, mode: Document.permissions) {
        (file) throws(SystemError) in
        try file.writeAll(bytes)
        if effectiveUser == 0, let owner { try file.changeOwner(owner.owner, owner.group) }
        let keep = previous.flatMap { $0.isRegular ? $0.permissions : nil }
        try file.changeMode(keep ?? Document.permissions)
        try file.sync()
      }
      try renameFile(temporary, to: path)
    } catch {
      removeFile(temporary)
      throw StateError(.write, error)
    }
    do {
      try withOpenFile(directory, OpenFlags.directory) { (file) throws(SystemError) in
        try file.sync()
      }
    } catch {
      throw StateError(.write, error)
    }
  }

  /// Best effort: makes a rename in the directory durable.
  private func syncDirectory() {
    try? withOpenFile(directory, OpenFlags.directory) { (file) throws(SystemError) in
      try file.sync()
    }
  }

  // MARK: - Locking

  /// Runs `body` holding the exclusive lock; waits for other holders up to `lockTimeout`.
  /// A stale temporary file is removed first.
  private func withLock<R>(_ body: () throws -> R) throws -> R {
    let lock = try openLock()
    defer { lock.closing() }
    do {
      let (seconds, attoseconds) = lockTimeout.components
      let milliseconds = Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
      guard try lock.lockExclusive(timeoutMilliseconds: milliseconds) else {
        throw StateError(
          kind: .busy, path: lockPath,
          reason: "another simond or simonctl held it for more than \(lockTimeout)")
      }
    } catch let error as SystemError {
      throw StateError(.lock, error)
    }
    removeStaleTemporary()
    return try body()
  }

  /// Runs `body` holding the exclusive lock when nobody else holds it; nil (and `body`
  /// not run) when another does. A stale temporary file is removed first.
  private func withLockIfFree<R>(_ body: () throws -> R) throws -> R? {
    let lock = try openLock()
    defer { lock.closing() }
    do {
      guard try lock.tryLockExclusive() else { return nil }
    } catch {
      throw StateError(.lock, error)
    }
    removeStaleTemporary()
    return try body()
  }

  /// Opens (creating) the lock file; as root, gives it the directory's owner.
  private func openLock() throws -> Descriptor {
    let lock: Descriptor
    do {
      lock = try Descriptor.opening(lockPath, OpenFlags.lockFile, mode: 0o644)
    } catch {
      if error.category == .notFound || error.category == .notADirectory {
        throw StateError(
          kind: .directory, path: directory, reason: error.reason, errno: error.errno)
      }
      throw StateError(.lock, error)
    }
    if effectiveUser == 0, let status = try? lock.status(),
      let owner = try? fileStatus(directory), status.owner != owner.owner
    {
      try? lock.changeOwner(owner.owner, owner.group)
    }
    return lock
  }

  /// Removes the temporary file of a writer that died before its rename. Call only
  /// holding the lock: a live writer's temporary file exists only while it holds it.
  private func removeStaleTemporary() {
    guard somethingExists(at: temporaryPath) else { return }
    removeFile(temporaryPath)
    syncDirectory()
  }
}

/// For the fuzzers: a state file's reading, without a file.
package enum StateFileFuzzing {
  /// Reads `bytes` as the state file of `D` would be read; a document that reads is
  /// written and read again, and must come back the same.
  package static func roundTrip<D: StateDocument>(_: D.Type, _ bytes: [UInt8]) {
    guard case .document(let document) = StateFile<D>.decode(bytes) else { return }
    guard let written = try? document.encodeFile() else {
      preconditionFailure("a document that reads cannot be written")
    }
    guard case .document(let again) = StateFile<D>.decode(written), again == document else {
      preconditionFailure(
        "a document written does not read back the same: \(String(decoding: written, as: UTF8.self))"
      )
    }
  }
}
