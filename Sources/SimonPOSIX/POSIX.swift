import Glibc
import SystemPackage

/// The process-wide facts and small calls the programs need that swift-system does not
/// wrap: who runs them, their environment, what a path allows, the terminal, the host,
/// the monotonic clock.
/// Each names the C function it calls; errors come back as swift-system's `Errno`.
public enum POSIX {
  /// The real user ID of this process (getuid).
  public static var userID: UInt32 { getuid() }

  /// The ID of this process (getpid).
  public static var processID: Int32 { getpid() }

  /// The value of the calling thread's errno, as swift-system's type.
  public static var lastError: Errno { Errno(rawValue: errno) }

  /// The system's words for an errno value (strerror), as `Errno` describes it.
  public static func errorText(_ code: Int32) -> String {
    Errno(rawValue: code).description
  }

  /// What `path` lets this process do (access).
  public enum Access: Sendable {
    /// The path exists (F_OK).
    case exists
    /// The path may be read (R_OK).
    case read
    /// The path may be executed (X_OK).
    case execute
  }

  /// Whether this process may do `access` with `path` (access); false when the path is
  /// not there either.
  public static func allows(_ access: Access, _ path: String) -> Bool {
    let mode: Int32 =
      switch access {
      case .exists: F_OK
      case .read: R_OK
      case .execute: X_OK
      }
    return Glibc.access(path, mode) == 0
  }

  /// Why this process may not do `access` with `path` (access), or nil when it may.
  public static func refusal(_ access: Access, _ path: String) -> Errno? {
    allows(access, path) ? nil : lastError
  }

  /// Whether `path` is a directory, following symbolic links (stat).
  public static func isDirectory(_ path: String) -> Bool {
    fileKind(at: path) == .directory
  }

  /// What kind of file is at a path.
  public enum FileKind: Equatable, Sendable {
    /// Nothing (or a directory on the way is missing).
    case missing
    /// A Unix socket.
    case socket
    /// A directory.
    case directory
    /// Anything else: a regular file, a device, a FIFO, a symbolic link not followed.
    case other
  }

  /// What is at `path` (stat; lstat when not `followingLinks`, so a link is `.other`).
  public static func fileKind(at path: String, followingLinks: Bool = true) -> FileKind {
    var status = stat()
    guard (followingLinks ? stat(path, &status) : lstat(path, &status)) == 0 else {
      return .missing
    }
    switch status.st_mode & S_IFMT {
    case S_IFSOCK: return .socket
    case S_IFDIR: return .directory
    default: return .other
    }
  }

  /// Sets the permission bits of `path` (chmod).
  /// - Throws: the `Errno` when the system refuses.
  public static func changeMode(of path: String, to mode: UInt32) throws(Errno) {
    guard chmod(path, mode_t(mode)) == 0 else { throw lastError }
  }

  /// Removes the file, socket or link at `path` (unlink); nothing when it is not there.
  public static func removeFile(_ path: String) {
    _ = unlink(path)
  }

  /// Removes the empty directory at `path` (rmdir); nothing when it is not there or not
  /// empty.
  public static func removeDirectory(_ path: String) {
    _ = rmdir(path)
  }

  /// Makes a new directory only this user may enter, named `prefix` followed by six
  /// random characters (mkdtemp).
  /// - Returns: its path.
  /// - Throws: the `Errno` when the system refuses.
  public static func makeTemporaryDirectory(prefix: String) throws(Errno) -> String {
    var template = Array((prefix + "XXXXXX").utf8CString)
    // mkdtemp fills in the template and returns a pointer into it: the name is read from
    // the array, whose storage the call's pointer outlives no further than the call (an
    // optimized build freed it first, and the name's copy landed where it had been).
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
    guard made else { throw lastError }
    return String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The names in a directory but `.` and `..`, in the order the system gives them
  /// (opendir, readdir); empty when it cannot be read.
  public static func directoryEntries(_ path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// The name of the group that owns `path` (stat, getgrgid), or nil when either fails.
  public static func groupName(owning path: String) -> String? {
    var status = stat()
    guard stat(path, &status) == 0, let group = getgrgid(status.st_gid) else { return nil }
    return String(cString: group.pointee.gr_name)
  }

  /// The path with every symbolic link and `.`/`..` resolved (realpath), or nil when
  /// some part of it is not there.
  public static func canonicalPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// This program's own file (readlink of /proc/self/exe), or nil when /proc is not there.
  public static var executablePath: String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Whether `descriptor` is a terminal (isatty).
  public static func isTerminal(_ descriptor: FileDescriptor) -> Bool {
    isatty(descriptor.rawValue) == 1
  }

  /// Every `NAME=value` entry of this process's environment, in its order (environ).
  public static var environmentEntries: [String] {
    var entries: [String] = []
    var pointer = environ
    while let entry = pointer.pointee {
      entries.append(String(cString: entry))
      pointer += 1
    }
    return entries
  }

  /// The size of the terminal on `descriptor` in columns and rows (ioctl TIOCGWINSZ), or
  /// nil when it is not a terminal or does not know.
  public static func terminalSize(_ descriptor: FileDescriptor) -> (width: Int, height: Int)? {
    var size = winsize()
    guard ioctl(descriptor.rawValue, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0,
      size.ws_row > 0
    else { return nil }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// This machine's host name (gethostname), or nil when it has none.
  public static var hostName: String? {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0, buffer[0] != 0 else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Writes out what the C library holds back of standard output (fflush), so a message
  /// that follows on standard error comes after it.
  public static func flushStandardOutput() {
    fflush(nil)
  }

  /// Nanoseconds on CLOCK_MONOTONIC (clock_gettime): time since boot that never jumps.
  public static var monotonicNanoseconds: Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
  }

  /// The resolution of CLOCK_MONOTONIC in nanoseconds (clock_getres).
  public static var monotonicResolutionNanoseconds: Int64 {
    var spec = timespec()
    clock_getres(CLOCK_MONOTONIC, &spec)
    return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
  }

  /// Has `body` run when the process exits through exit() or by returning from main
  /// (atexit); not when a signal kills it.
  public static func atExit(_ body: @escaping @convention(c) () -> Void) {
    atexit(body)
  }

  /// Blocks the calling thread for `duration` (nanosleep, resumed after a signal). Only
  /// for threads of their own, never for the concurrency pool's.
  public static func blockThread(for duration: Duration) {
    let (seconds, attoseconds) = duration.components
    guard seconds > 0 || attoseconds > 0 else { return }
    var wanted = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&wanted, &remaining) != 0 && errno == EINTR { wanted = remaining }
  }

  /// How a child process ended.
  public enum Termination: Equatable, Sendable, CustomStringConvertible {
    /// It exited with this code.
    case exited(Int32)
    /// This signal ended it.
    case signalled(Int32)

    /// The status a shell reports: the exit code, or 128 plus the signal.
    public var shellStatus: Int32 {
      switch self {
      case .exited(let code): code
      case .signalled(let signal): 128 + signal
      }
    }

    /// "exit 78", "killed by signal 9".
    public var description: String {
      switch self {
      case .exited(let code): "exit \(code)"
      case .signalled(let signal): "killed by signal \(signal)"
      }
    }
  }

  /// Where a child's standard stream comes from or goes to.
  public enum ChildStream: Sendable {
    /// /dev/null.
    case null
    /// A descriptor of this process, which the child gets a copy of.
    case descriptor(FileDescriptor)
    /// The file at this path, created or emptied, mode 0600 (for output).
    case file(String)
    /// Wherever the child's standard output goes (for standard error).
    case standardOutput
  }

  /// Starts the program at `arguments[0]` with `arguments` (posix_spawn), every signal's
  /// handling at its default and none blocked, whatever this thread blocks.
  /// - Parameters:
  ///   - environment: its `NAME=value` entries; nil passes on this process's.
  ///   - input: its standard input.
  ///   - output: its standard output.
  ///   - error: its standard error.
  ///   - ownProcessGroup: whether it leads a process group of its own, so that the
  ///     terminal's signals (Ctrl-C) are not its to handle.
  /// - Returns: its process id; `reap` must collect it.
  /// - Throws: the `Errno` when it cannot be started.
  public static func spawn(
    _ arguments: [String], environment: [String]? = nil, input: ChildStream = .null,
    output: ChildStream, error: ChildStream = .standardOutput, ownProcessGroup: Bool = false
  ) throws(Errno) -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (stream, target) in [
      (input, STDIN_FILENO), (output, STDOUT_FILENO), (error, STDERR_FILENO),
    ] {
      let writes = target != STDIN_FILENO
      switch stream {
      case .null:
        posix_spawn_file_actions_addopen(
          &actions, target, "/dev/null", writes ? O_WRONLY : O_RDONLY, 0)
      case .descriptor(let descriptor):
        posix_spawn_file_actions_adddup2(&actions, descriptor.rawValue, target)
      case .file(let path):
        posix_spawn_file_actions_addopen(
          &actions, target, path, writes ? O_WRONLY | O_CREAT | O_TRUNC : O_RDONLY, 0o600)
      case .standardOutput:
        posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, target)
      }
    }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var every = sigset_t()
    sigfillset(&every)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &every)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setpgroup(&attributes, 0)
    let group = ownProcessGroup ? POSIX_SPAWN_SETPGROUP : 0
    posix_spawnattr_setflags(
      &attributes, Int16(group | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    let argv = arguments.map { strdup($0) } + [nil]
    let envp = (environment ?? environmentEntries).map { strdup($0) } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var child = pid_t()
    let result = posix_spawn(&child, arguments[0], &actions, &attributes, argv, envp)
    guard result == 0 else { throw Errno(rawValue: result) }
    return child
  }

  /// Ends a process at once (kill, SIGKILL).
  public static func kill(_ processID: Int32) {
    _ = Glibc.kill(processID, SIGKILL)
  }

  /// Asks a process to stop (kill, SIGTERM).
  public static func terminate(_ processID: Int32) {
    _ = Glibc.kill(processID, SIGTERM)
  }

  /// Kills every process of the group `processID` leads (kill, SIGKILL to -pid).
  public static func killGroup(_ processID: Int32) {
    _ = Glibc.kill(-processID, SIGKILL)
  }

  /// How a child of this process ended, collecting it (waitpid); nil while it runs.
  /// - Parameter waiting: whether to block until it has ended.
  public static func reap(_ processID: Int32, waiting: Bool) -> Termination? {
    var status: Int32 = 0
    while true {
      let result = waitpid(processID, &status, waiting ? 0 : WNOHANG)
      if result == processID { break }
      if result < 0 && errno == EINTR { continue }
      return nil
    }
    return status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
  }

  /// A terminal's line settings (termios), kept to be put back exactly.
  public struct TerminalSettings: @unchecked Sendable {
    fileprivate var value: termios

    /// The settings of the terminal on `descriptor` now (tcgetattr).
    /// - Throws: `Errno` when it is not a terminal or cannot be read.
    public static func current(of descriptor: FileDescriptor) throws(Errno) -> TerminalSettings {
      var value = termios()
      guard tcgetattr(descriptor.rawValue, &value) == 0 else { throw POSIX.lastError }
      return TerminalSettings(value: value)
    }

    /// These settings in raw mode: keys arrive one by one, unechoed, and Ctrl-C and
    /// Ctrl-Z arrive as keys, not signals; output processing stays on, so "\n" still
    /// returns the carriage.
    public var raw: TerminalSettings {
      var raw = value
      raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
      raw.c_cflag |= tcflag_t(CS8)
      raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
      withUnsafeMutableBytes(of: &raw.c_cc) { controls in
        controls[Int(VMIN)] = 1
        controls[Int(VTIME)] = 0
      }
      return TerminalSettings(value: raw)
    }

    /// Makes these the settings of the terminal on `descriptor`; keys typed but not read
    /// yet are dropped, not handed to whatever reads next (tcsetattr, TCSAFLUSH).
    /// - Throws: `Errno` when the terminal refuses them.
    public func apply(to descriptor: FileDescriptor) throws(Errno) {
      var value = value
      guard tcsetattr(descriptor.rawValue, TCSAFLUSH, &value) == 0 else { throw POSIX.lastError }
    }
  }
}

// MARK: - Files: what swift-system's FileDescriptor and FilePath do not wrap

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

  /// The effective user ID of this process (geteuid): 0 when it runs as root.
  public static var effectiveUserID: UInt32 { geteuid() }

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

  /// A date and time on the calendar: year (e.g. 2026), month 1-12, day 1-31, hour 0-23,
  /// minute, second.
  public struct CalendarTime: Equatable, Sendable {
    /// The year, e.g. 2026.
    public var year: Int
    /// The month, 1 to 12.
    public var month: Int
    /// The day of the month, 1 to 31.
    public var day: Int
    /// The hour, 0 to 23.
    public var hour: Int
    /// The minute, 0 to 59.
    public var minute: Int
    /// The second, 0 to 60 (a leap second).
    public var second: Int

    /// A date and time from its fields.
    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
      (self.year, self.month, self.day) = (year, month, day)
      (self.hour, self.minute, self.second) = (hour, minute, second)
    }
  }

  /// The local date and time of a count of seconds since 1970 (localtime_r, which reads
  /// TZ or /etc/localtime).
  public static func localTime(epochSeconds: Int) -> CalendarTime {
    var seconds = time_t(epochSeconds)
    var fields = tm()
    localtime_r(&seconds, &fields)
    return CalendarTime(
      year: Int(fields.tm_year) + 1900, month: Int(fields.tm_mon) + 1, day: Int(fields.tm_mday),
      hour: Int(fields.tm_hour), minute: Int(fields.tm_min), second: Int(fields.tm_sec))
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
