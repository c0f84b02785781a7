import SimonPOSIX
import SystemPackage

// The stores' file handling: swift-system's descriptors and paths, with what it lacks
// from SimonPOSIX, each failure turned into a `SystemError` that names the call and the
// path.

/// A failed system call: which one, on what path, and the errno it set.
package struct SystemError: Error, Equatable {
  /// The C function that failed, e.g. "open".
  package var call: String
  /// The path it was called on.
  package var path: String
  /// The errno value.
  package var errno: Int32
  /// True when the file is there but is not a regular file (a FIFO, socket or device).
  package var notRegular = false

  /// The failure of `call` on `path` with `code`.
  package init(call: String, path: String, code: Errno, notRegular: Bool = false) {
    self.call = call
    self.path = path
    self.errno = code.rawValue
    self.notRegular = notRegular
  }

  /// The system's text for the errno, lowercased: "no such file or directory".
  package var reason: String {
    if notRegular { return "not a regular file" }
    let message = POSIX.errorText(errno)
    guard let first = message.first else { return "error \(errno)" }
    return first.lowercased() + message.dropFirst()
  }
}

extension SystemError {
  /// What a failure means to a caller reading or creating a file.
  package enum Category: Equatable {
    /// Nothing is at the path (ENOENT).
    case notFound
    /// A component of the path is not a directory (ENOTDIR).
    case notADirectory
    /// The file is over the size limit given (EFBIG).
    case tooLarge
    /// The file is there but cannot be read, and will not be by trying again: no
    /// permission, a directory, not a regular file, a link loop, an I/O error.
    case unreadable
    /// Anything else, which may pass (no memory, too many open files, ...).
    case other
  }

  /// What this failure means to a caller.
  package var category: Category {
    switch Errno(rawValue: errno) {
    case .noSuchFileOrDirectory: .notFound
    case .notDirectory: .notADirectory
    case .fileTooLarge: .tooLarge
    case _ where notRegular: .unreadable
    case .permissionDenied, .notPermitted, .isDirectory, .tooManySymbolicLinkLevels, .ioError,
      .noSuchAddressOrDevice, .overflow, .operationNotSupportedByDevice:
      .unreadable
    default: .other
    }
  }
}

/// Runs `body`, turning its `Errno` (all that swift-system and SimonPOSIX throw) into a
/// `SystemError` of `call` on `path`.
private func naming<R>(_ call: String, _ path: String, _ body: () throws -> R)
  throws(SystemError) -> R
{
  do {
    return try body()
  } catch {
    throw SystemError(call: call, path: path, code: error as? Errno ?? .ioError)
  }
}

/// What `stat` tells of a file.
package struct FileStatus {
  /// Whether it is a regular file.
  package var isRegular: Bool
  /// Whether it is a directory.
  package var isDirectory: Bool
  /// Its size in bytes.
  package var size: Int
  /// Its owner.
  package var owner: UInt32
  /// Its group.
  package var group: UInt32
  /// Its permission bits.
  package var permissions: UInt32

  package init(_ status: Stat) {
    isRegular = status.type == .regular
    isDirectory = status.type == .directory
    size = Int(status.size)
    owner = status.userID.rawValue
    group = status.groupID.rawValue
    permissions = UInt32(status.permissions.rawValue) & 0o7777
  }
}

/// An open file descriptor; `close()` it, or use `withOpenFile`.
package struct Descriptor {
  /// The open file.
  package let file: FileDescriptor
  /// The path it was opened with, for errors.
  package let path: String

  /// Opens `path` (open), close-on-exec.
  package static func opening(_ path: String, _ flags: OpenFlags, mode: UInt32 = 0o644)
    throws(SystemError) -> Descriptor
  {
    let file = try naming("open", path) { () throws in
      try FileDescriptor.open(
        FilePath(path), flags.access, options: flags.options.union(.closeOnExec),
        permissions: FilePermissions(rawValue: CModeT(mode)))
    }
    return Descriptor(file: file, path: path)
  }

  /// Closes it; errors are ignored, as nothing can be done about them here.
  package func closing() { try? file.close() }

  /// What `fstat` tells of it.
  package func status() throws(SystemError) -> FileStatus {
    try naming("fstat", path) { () throws in FileStatus(try file.stat()) }
  }

  /// Reads to the end of the file; at most `limit` bytes, else throws EFBIG.
  package func readAll(limit: Int) throws(SystemError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = try naming("read", path) { () throws in
        try chunk.withUnsafeMutableBytes { buffer in try file.read(into: buffer) }
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
      if bytes.count > limit {
        throw SystemError(call: "read", path: path, code: .fileTooLarge)
      }
    }
  }

  /// Writes every byte, continuing after short writes.
  package func writeAll(_ bytes: [UInt8]) throws(SystemError) {
    _ = try naming("write", path) { () throws in try file.writeAll(bytes) }
  }

  /// `fsync(2)`: the data and metadata are on the disk when it returns.
  package func sync() throws(SystemError) {
    try naming("fsync", path) { () throws in try file.sync() }
  }

  /// `fchown(2)`.
  package func changeOwner(_ owner: UInt32, _ group: UInt32) throws(SystemError) {
    try naming("fchown", path) { () throws in try file.changeOwner(user: owner, group: group) }
  }

  /// `fchmod(2)`.
  package func changeMode(_ mode: UInt32) throws(SystemError) {
    try naming("fchmod", path) { () throws in try file.changeMode(to: mode) }
  }

  /// `flock(2)` with LOCK_EX | LOCK_NB: true when the lock was taken, false when another
  /// open file description holds it.
  package func tryLockExclusive() throws(SystemError) -> Bool {
    try naming("flock", path) { try file.tryLockExclusive() }
  }

  /// Takes the exclusive `flock(2)`, waiting up to `timeoutMilliseconds` for its holder
  /// (see `FileDescriptor.lockExclusive(waitingAtMost:)`).
  /// - Returns: true when the lock is held, false on timeout.
  package func lockExclusive(timeoutMilliseconds: Int) throws(SystemError) -> Bool {
    try naming("flock", path) { () throws in
      try file.lockExclusive(waitingAtMost: .milliseconds(timeoutMilliseconds))
    }
  }
}

/// Reads a whole regular file of at most `limit` bytes. A directory fails with EISDIR,
/// anything else that is not a regular file with `category == .unreadable`.
package func readRegularFile(_ path: String, limit: Int) throws(SystemError) -> [UInt8] {
  try withOpenFile(path, OpenFlags.read) { (file) throws(SystemError) in
    let status = try file.status()
    if status.isDirectory { throw SystemError(call: "read", path: path, code: .isDirectory) }
    if !status.isRegular {
      throw SystemError(call: "read", path: path, code: .invalidArgument, notRegular: true)
    }
    return try file.readAll(limit: limit)
  }
}

/// Runs `body` with a file open, closing it afterwards whatever happens.
package func withOpenFile<R>(
  _ path: String, _ flags: OpenFlags, mode: UInt32 = 0o644,
  _ body: (Descriptor) throws(SystemError) -> R
) throws(SystemError) -> R {
  let descriptor = try Descriptor.opening(path, flags, mode: mode)
  defer { descriptor.closing() }
  return try body(descriptor)
}

/// How the package opens files, by name; each is close-on-exec too.
package struct OpenFlags {
  /// Reading, writing or both.
  package var access: FileDescriptor.AccessMode
  /// The rest.
  package var options: FileDescriptor.OpenOptions

  /// Read only; does not block on a FIFO.
  package static let read = OpenFlags(access: .readOnly, options: .nonBlocking)
  /// Create or truncate for writing; never follows a symbolic link.
  package static let createTruncate = OpenFlags(
    access: .writeOnly, options: [.create, .truncate, .noFollow])
  /// A lock file: created if missing, opened read-only (flock needs no write access).
  package static let lockFile = OpenFlags(access: .readOnly, options: [.create, .noFollow])
  /// A directory, to fsync it.
  package static let directory = OpenFlags(access: .readOnly, options: .directory)
}

/// `stat(2)`, or nil when nothing is at the path.
package func fileStatus(_ path: String) throws(SystemError) -> FileStatus? {
  do {
    return FileStatus(try FilePath(path).stat())
  } catch Errno.noSuchFileOrDirectory {
    return nil
  } catch {
    throw SystemError(call: "stat", path: path, code: error)
  }
}

/// `lstat(2)`: true when anything, even a dangling symbolic link, is at the path.
package func somethingExists(at path: String) -> Bool {
  (try? FilePath(path).stat(followTargetSymlink: false)) != nil
}

/// `mkdir(2)`; an existing entry is not an error (the caller checks what it is).
package func makeDirectory(_ path: String, mode: UInt32) throws(SystemError) {
  try naming("mkdir", path) { () throws in try POSIX.makeDirectory(path, mode: mode) }
}

/// `rename(2)`.
package func renameFile(_ from: String, to: String) throws(SystemError) {
  try naming("rename", from) { () throws in try POSIX.rename(from, to: to) }
}

/// `getpid(2)`.
package func processID() -> Int32 { POSIX.processID }

/// `unlink(2)`; a missing file is not an error.
package func removeFile(_ path: String) { POSIX.removeFile(path) }

/// The effective user id: 0 when running as root.
package var effectiveUser: UInt32 { POSIX.effectiveUserID }

/// The local calendar date and time of epoch seconds (`localtime_r(3)`, which reads TZ or
/// /etc/localtime).
package func localCalendarFields(epochSeconds: Int) -> POSIX.CalendarTime {
  POSIX.localTime(epochSeconds: epochSeconds)
}
