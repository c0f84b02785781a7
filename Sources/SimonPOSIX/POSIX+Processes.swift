import Glibc
import SystemPackage

/// Child processes: starting one with its streams, signalling it, collecting how it ended.
extension POSIX {
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
}
