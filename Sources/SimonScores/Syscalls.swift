import SimonPOSIX

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Every C call of the package's file handling lives here, each behind a small Swift
// function that retries EINTR and turns -1 and errno into a thrown `SystemError`.

/// A failed system call: which one, on what path, and the errno it set.
struct SystemError: Error, Equatable {
  /// The C function that failed, e.g. "open".
  var call: String
  /// The path it was called on.
  var path: String
  /// The errno value.
  var errno: Int32
  /// True when the file is there but is not a regular file (a FIFO, socket or device).
  var notRegular = false

  /// The C library's text for the errno, lowercased: "no such file or directory".
  var reason: String {
    if notRegular { return "not a regular file" }
    guard let text = strerror(errno) else { return "error \(errno)" }
    let message = String(cString: text)
    guard let first = message.first else { return "error \(errno)" }
    return first.lowercased() + message.dropFirst()
  }
}

extension SystemError {
  /// What a failure means to a caller reading or creating a file.
  enum Category: Equatable {
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
  var category: Category {
    switch errno {
    case ENOENT: .notFound
    case ENOTDIR: .notADirectory
    case EFBIG: .tooLarge
    case _ where notRegular: .unreadable
    case EACCES, EPERM, EISDIR, ELOOP, EIO, ENXIO, EOVERFLOW, ENODEV: .unreadable
    default: .other
    }
  }
}

/// Calls `body` until it does not fail with EINTR; throws for any other -1.
@discardableResult
private func retrying(_ call: String, _ path: String, _ body: () -> Int32) throws(SystemError)
  -> Int32
{
  while true {
    let result = body()
    if result != -1 { return result }
    let error = errno
    if error != EINTR { throw SystemError(call: call, path: path, errno: error) }
  }
}

/// What `fstat` tells of a file.
struct FileStatus {
  /// Whether it is a regular file.
  var isRegular: Bool
  /// Whether it is a directory.
  var isDirectory: Bool
  /// Its size in bytes.
  var size: Int
  /// Its owner.
  var owner: UInt32
  /// Its group.
  var group: UInt32
  /// Its permission bits.
  var permissions: UInt32

  init(_ raw: stat) {
    let type = UInt32(raw.st_mode) & UInt32(S_IFMT)
    isRegular = type == UInt32(S_IFREG)
    isDirectory = type == UInt32(S_IFDIR)
    size = Int(raw.st_size)
    owner = UInt32(raw.st_uid)
    group = UInt32(raw.st_gid)
    permissions = UInt32(raw.st_mode) & 0o7777
  }
}

/// An open file descriptor; `close()` it, or use `withOpenFile`.
struct Descriptor {
  /// The raw descriptor.
  let raw: Int32
  /// The path it was opened with, for errors.
  let path: String

  /// `open(2)` with O_CLOEXEC added.
  static func opening(_ path: String, _ flags: Int32, mode: UInt32 = 0o644)
    throws(SystemError) -> Descriptor
  {
    let raw = try retrying("open", path) { open(path, flags | O_CLOEXEC, mode_t(mode)) }
    return Descriptor(raw: raw, path: path)
  }

  /// `close(2)`; errors are ignored, as nothing can be done about them here.
  func closing() { _ = close(raw) }

  /// `fstat(2)`.
  func status() throws(SystemError) -> FileStatus {
    var raw = stat()
    try retrying("fstat", path) { fstat(self.raw, &raw) }
    return FileStatus(raw)
  }

  /// Reads to the end of the file; at most `limit` bytes, else throws EFBIG.
  func readAll(limit: Int) throws(SystemError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        read(raw, buffer.baseAddress, buffer.count)
      }
      if count == -1 {
        let error = errno
        if error == EINTR { continue }
        throw SystemError(call: "read", path: path, errno: error)
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
      if bytes.count > limit { throw SystemError(call: "read", path: path, errno: EFBIG) }
    }
  }

  /// Writes every byte, continuing after short writes.
  func writeAll(_ bytes: [UInt8]) throws(SystemError) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        write(raw, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written == -1 {
        let error = errno
        if error == EINTR { continue }
        throw SystemError(call: "write", path: path, errno: error)
      }
      offset += written
    }
  }

  /// `fsync(2)`: the data and metadata are on the disk when it returns.
  func sync() throws(SystemError) { try retrying("fsync", path) { fsync(raw) } }

  /// `fchown(2)`.
  func changeOwner(_ owner: UInt32, _ group: UInt32) throws(SystemError) {
    try retrying("fchown", path) { fchown(raw, uid_t(owner), gid_t(group)) }
  }

  /// `fchmod(2)`.
  func changeMode(_ mode: UInt32) throws(SystemError) {
    try retrying("fchmod", path) { fchmod(raw, mode_t(mode)) }
  }

  /// `flock(2)` with LOCK_EX | LOCK_NB: true when the lock was taken, false when another
  /// open file description holds it.
  func tryLockExclusive() throws(SystemError) -> Bool {
    while true {
      if flock(raw, LOCK_EX | LOCK_NB) == 0 { return true }
      let error = errno
      if error == EWOULDBLOCK { return false }
      if error != EINTR { throw SystemError(call: "flock", path: path, errno: error) }
    }
  }

  /// Takes the exclusive `flock(2)`, waiting up to `timeoutMilliseconds` for its holder.
  ///
  /// A blocking flock has no timeout and polling with LOCK_NB lets busy writers starve a
  /// waiter, so the wait is a blocking flock on a helper thread, on a duplicate of this
  /// descriptor (the lock belongs to the open file description both share). The caller
  /// waits for the helper's word with poll(2). On timeout the caller closes its
  /// descriptor as usual; the helper's duplicate keeps the file open until its flock
  /// returns, and closing it then releases the lock at once.
  /// - Returns: true when the lock is held, false on timeout.
  func lockExclusive(timeoutMilliseconds: Int) throws(SystemError) -> Bool {
    if try tryLockExclusive() { return true }
    var sockets: [Int32] = [0, 0]
    guard
      socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &sockets)
        == 0
    else { throw SystemError(call: "socketpair", path: path, errno: errno) }
    let duplicate = fcntl(raw, F_DUPFD_CLOEXEC, 0)
    if duplicate == -1 {
      let error = errno
      close(sockets[0])
      close(sockets[1])
      throw SystemError(call: "dup", path: path, errno: error)
    }
    let notify = sockets[1]
    let thread = SystemThread.start {
      var result: UInt8 = 0
      while flock(duplicate, LOCK_EX) == -1 {
        if errno != EINTR {
          result = UInt8(truncatingIfNeeded: errno)
          break
        }
      }
      _ = send(notify, &result, 1, Int32(MSG_NOSIGNAL))
      close(notify)
      close(duplicate)
    }
    guard let thread else {
      close(duplicate)
      close(sockets[0])
      close(sockets[1])
      throw SystemError(call: "pthread_create", path: path, errno: EAGAIN)
    }
    thread.detach()
    defer { close(sockets[0]) }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .milliseconds(timeoutMilliseconds))
    var ready = pollfd(fd: sockets[0], events: Int16(POLLIN), revents: 0)
    while true {
      let left = clock.now.duration(to: deadline)
      if left <= .zero { return false }
      let (seconds, attoseconds) = left.components
      let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
      let count = poll(&ready, 1, milliseconds)
      if count == -1 && errno == EINTR { continue }
      if count == -1 { throw SystemError(call: "poll", path: path, errno: errno) }
      if count == 0 { continue }
      var result: UInt8 = 0
      guard recv(sockets[0], &result, 1, 0) == 1 else {
        throw SystemError(call: "flock", path: path, errno: EIO)
      }
      if result != 0 { throw SystemError(call: "flock", path: path, errno: Int32(result)) }
      return true
    }
  }
}

/// What the helper thread of `lockExclusive` needs: its descriptor and where to report.

/// Reads a whole regular file of at most `limit` bytes. A directory fails with EISDIR,
/// anything else that is not a regular file with `category == .unreadable`.
func readRegularFile(_ path: String, limit: Int) throws(SystemError) -> [UInt8] {
  try withOpenFile(path, OpenFlags.read) { (file) throws(SystemError) in
    let status = try file.status()
    if status.isDirectory { throw SystemError(call: "read", path: path, errno: EISDIR) }
    if !status.isRegular {
      throw SystemError(call: "read", path: path, errno: EINVAL, notRegular: true)
    }
    return try file.readAll(limit: limit)
  }
}

/// Runs `body` with a file open, closing it afterwards whatever happens.
func withOpenFile<R>(
  _ path: String, _ flags: Int32, mode: UInt32 = 0o644,
  _ body: (Descriptor) throws(SystemError) -> R
) throws(SystemError) -> R {
  let descriptor = try Descriptor.opening(path, flags, mode: mode)
  defer { descriptor.closing() }
  return try body(descriptor)
}

/// The open flags the package uses, by name.
enum OpenFlags {
  /// Read only; does not block on a FIFO, does not follow a final symbolic link loop.
  static let read = O_RDONLY | O_NONBLOCK
  /// Create or truncate for writing; never follows a symbolic link.
  static let createTruncate = O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW
  /// A new file that must not exist yet; never follows a symbolic link.
  static let createExclusive = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW
  /// A lock file: created if missing, opened read-only (flock needs no write access).
  static let lockFile = O_RDONLY | O_CREAT | O_NOFOLLOW
  /// A directory, to fsync it.
  static let directory = O_RDONLY | O_DIRECTORY
}

/// `stat(2)`, or nil when nothing is at the path.
func fileStatus(_ path: String) throws(SystemError) -> FileStatus? {
  var raw = stat()
  while stat(path, &raw) == -1 {
    let error = errno
    if error == ENOENT { return nil }
    if error != EINTR { throw SystemError(call: "stat", path: path, errno: error) }
  }
  return FileStatus(raw)
}

/// `lstat(2)`: true when anything, even a dangling symbolic link, is at the path.
func somethingExists(at path: String) -> Bool {
  var raw = stat()
  return lstat(path, &raw) == 0
}

/// `mkdir(2)`; an existing entry is not an error (the caller checks what it is).
func makeDirectory(_ path: String, mode: UInt32) throws(SystemError) {
  while mkdir(path, mode_t(mode)) == -1 {
    let error = errno
    if error == EEXIST { return }
    if error != EINTR { throw SystemError(call: "mkdir", path: path, errno: error) }
  }
}

/// `rename(2)`.
func renameFile(_ from: String, to: String) throws(SystemError) {
  try retrying("rename", from) { rename(from, to) }
}

/// `getpid(2)`.
func processID() -> Int32 { getpid() }

/// `unlink(2)`; a missing file is not an error.
func removeFile(_ path: String) {
  _ = unlink(path)
}

/// The effective user id: 0 when running as root.
var effectiveUser: UInt32 { UInt32(geteuid()) }

/// A calendar date and time: year (e.g. 2026), month 1-12, day 1-31, hour, minute, second.
struct CalendarFields: Equatable {
  var year: Int
  var month: Int
  var day: Int
  var hour: Int
  var minute: Int
  var second: Int
}

/// The local calendar date and time of epoch seconds (`localtime_r(3)`, which reads TZ or
/// /etc/localtime).
func localCalendarFields(epochSeconds: Int) -> CalendarFields {
  var seconds = time_t(epochSeconds)
  var fields = tm()
  localtime_r(&seconds, &fields)
  return CalendarFields(
    year: Int(fields.tm_year) + 1900, month: Int(fields.tm_mon) + 1, day: Int(fields.tm_mday),
    hour: Int(fields.tm_hour), minute: Int(fields.tm_min), second: Int(fields.tm_sec))
}
