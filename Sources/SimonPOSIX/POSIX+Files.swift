import Glibc
import SystemPackage

/// Files: what swift-system's FileDescriptor and FilePath do not wrap (making a
/// directory, renaming; fsync, ownership, modes and locks of an open file).
extension POSIX {
  /// Runs `call` until it does not fail with EINTR.
  /// - Returns: its result, never -1.
  /// - Throws: the `Errno` of any other failure.
  @discardableResult
  fileprivate static func retrying(_ call: () -> Int32) throws(Errno) -> Int32 {
    while true {
      let result = call()
      if result != -1 { return result }
      if errno != EINTR { throw lastError }
    }
  }

  /// Makes a directory (mkdir); one already at `path`, of any kind, is not an error (the
  /// caller looks at what it is).
  /// - Throws: the `Errno` when the system refuses.
  public static func makeDirectory(_ path: String, mode: UInt32) throws(Errno) {
    while mkdir(path, mode_t(mode)) == -1 {
      if errno == EEXIST { return }
      if errno != EINTR { throw lastError }
    }
  }

  /// Puts the file at `source` in the place of `target`, in one step (rename).
  /// - Throws: the `Errno` when the system refuses.
  public static func rename(_ source: String, to target: String) throws(Errno) {
    try retrying { Glibc.rename(source, target) }
  }
}

extension FileDescriptor {
  /// Returns once the file's data and metadata are on the disk (fsync).
  /// - Throws: the `Errno` when the system refuses.
  public func sync() throws(Errno) {
    try POSIX.retrying { fsync(rawValue) }
  }

  /// Gives the file to a user and a group (fchown).
  /// - Throws: the `Errno` when the system refuses.
  public func changeOwner(user: UInt32, group: UInt32) throws(Errno) {
    try POSIX.retrying { fchown(rawValue, uid_t(user), gid_t(group)) }
  }

  /// Sets the file's permission bits (fchmod).
  /// - Throws: the `Errno` when the system refuses.
  public func changeMode(to mode: UInt32) throws(Errno) {
    try POSIX.retrying { fchmod(rawValue, mode_t(mode)) }
  }

  /// Takes the exclusive lock of this open file description if no other holds it (flock,
  /// LOCK_EX | LOCK_NB).
  /// - Returns: false when another open file description holds it.
  /// - Throws: the `Errno` of any other failure.
  public func tryLockExclusive() throws(Errno) -> Bool {
    while flock(rawValue, LOCK_EX | LOCK_NB) != 0 {
      if errno == EWOULDBLOCK { return false }
      if errno != EINTR { throw POSIX.lastError }
    }
    return true
  }

  /// Takes the exclusive lock of this open file description (flock), waiting at most
  /// `timeout` for its holder.
  ///
  /// A blocking flock has no timeout and polling with LOCK_NB lets busy writers starve a
  /// waiter, so the wait is a blocking flock on a thread of its own, on a duplicate of
  /// this descriptor (the lock belongs to the open file description both share). The
  /// caller waits for its word with poll. On timeout the caller closes its descriptor as
  /// usual; the duplicate keeps the file open until its flock returns, and closing it
  /// then releases the lock at once.
  /// - Returns: true when the lock is held, false on timeout.
  /// - Throws: the `Errno` when the lock or the wait fails.
  public func lockExclusive(waitingAtMost timeout: Duration) throws(Errno) -> Bool {
    if try tryLockExclusive() { return true }
    var sockets: [Int32] = [-1, -1]
    let kind = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    guard socketpair(AF_UNIX, kind, 0, &sockets) == 0 else { throw POSIX.lastError }
    let (answer, notify) = (sockets[0], sockets[1])
    let duplicate = fcntl(rawValue, F_DUPFD_CLOEXEC, 0)
    guard duplicate != -1 else {
      let error = POSIX.lastError
      Glibc.close(answer)
      Glibc.close(notify)
      throw error
    }
    let waiter = SystemThread.start(named: "simon-lock") {
      var result: UInt8 = 0
      while flock(duplicate, LOCK_EX) == -1 {
        if errno != EINTR {
          result = UInt8(truncatingIfNeeded: errno)
          break
        }
      }
      // MSG_NOSIGNAL: the caller may have given up and closed its end.
      _ = send(notify, &result, 1, Int32(MSG_NOSIGNAL))
      Glibc.close(notify)
      Glibc.close(duplicate)
    }
    guard let waiter else {
      Glibc.close(duplicate)
      Glibc.close(answer)
      Glibc.close(notify)
      throw .resourceTemporarilyUnavailable
    }
    waiter.detach()
    defer { Glibc.close(answer) }
    var entries = [Poll.Entry(FileDescriptor(rawValue: answer))]
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while true {
      let left = clock.now.duration(to: deadline)
      if left <= .zero { return false }
      let (seconds, attoseconds) = left.components
      let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
      do {
        if try Poll.wait(&entries, timeoutNanoseconds: nanoseconds) == 0 { continue }
      } catch .interrupted {
        continue
      }
      var result: UInt8 = 0
      guard recv(answer, &result, 1, 0) == 1 else { throw .ioError }
      if result != 0 { throw Errno(rawValue: Int32(result)) }
      return true
    }
  }
}
