import FoundationEssentials
import SimonControl
import SimonSim

#if canImport(Glibc)
  import Glibc
#endif

/// A simond that `simonctl play` starts for itself: `--hardware sim --audio none` on a
/// socket in a fresh temporary directory, its log in a file there, in a process group of
/// its own (the terminal's signals are simonctl's to handle). `stop()` ends it with
/// SIGTERM and removes the directory.
///
/// Waiting for it to start or stop checks every 20 ms, bounded; nothing runs between.
/// Does not promise to stop a simond whose simonctl was killed with SIGKILL.
final class OwnDaemon {
  /// How long simond may take to open its socket.
  static let startLimit = Duration.seconds(10)
  /// How long simond may take to stop after SIGTERM before it is killed.
  static let stopLimit = Duration.seconds(3)

  /// simond's process id.
  let pid: pid_t
  /// The socket it serves.
  let socketPath: String
  /// Its control socket: the user's usual one, unless another simond serves that.
  let controlPath: String
  private let directory: String
  private let logPath: String
  private var exitStatus: Int32?
  private var stopped = false

  /// Starts `executable` with the cabinet's options.
  /// - Parameters:
  ///   - config: passed on as `--config`.
  ///   - stateDirectory: passed on as `--state-dir`.
  /// - Throws: `ClientFailure` when no temporary directory or process could be made.
  init(executable: String, config: String?, stateDirectory: String?) throws(ClientFailure) {
    var template = Array("\(Self.temporaryRoot())/simonctl-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      throw ClientFailure(
        "cannot make a temporary directory for simond's socket: "
          + String(cString: strerror(errno)), code: ExitStatus.unavailable)
    }
    directory = String(cString: made)
    socketPath = directory + "/sim.sock"
    logPath = directory + "/simond.log"
    controlPath = Self.controlSocket(private: directory + "/control.sock")
    var arguments = [
      executable, "--hardware", "sim", "--sim-socket", socketPath, "--audio", "none",
      "--control-socket", controlPath,
    ]
    if let config { arguments += ["--config", config] }
    if let stateDirectory { arguments += ["--state-dir", stateDirectory] }
    do {
      pid = try Self.spawn(arguments, output: logPath)
    } catch {
      rmdir(directory)
      throw error
    }
  }

  deinit { stop() }

  /// Connects to simond once its socket is up.
  /// - Parameter giveUp: asked between tries; when it says true, the wait ends.
  /// - Returns: the client, or nil when `giveUp` ended the wait.
  /// - Throws: `ClientFailure` with simond's log when it stopped first or took too long.
  func connect(giveUp: () -> Bool) async throws(ClientFailure) -> SimClient? {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: Self.startLimit)
    while true {
      do {
        return try SimClient(path: socketPath)
      } catch let error where error.kind == .notRunning || error.kind == .refused {
        if let status = reap() {
          let hint =
            Self.exitCode(status) == ExitStatus.cantCreate
            ? " Give it a state directory this user may write with --state-dir DIR." : ""
          throw ClientFailure(
            "simond stopped before its socket was ready (\(Self.describe(status))).\(hint)"
              + log(), code: ExitStatus.unavailable)
        }
        if giveUp() { return nil }
        guard clock.now < deadline else {
          throw ClientFailure(
            "simond did not open its socket \(socketPath) within \(Self.startLimit)." + log(),
            code: ExitStatus.unavailable)
        }
        try? await Task.sleep(for: .milliseconds(20))
      } catch {
        throw ClientFailure(error.message, code: ExitStatus.unavailable)
      }
    }
  }

  /// What simond has logged, for an error message: "\nsimond's log:\n...", or nothing.
  func log() -> String {
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: logPath)), !data.isEmpty else {
      return ""
    }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").suffix(20)
    return "\nsimond's log:\n" + lines.joined(separator: "\n")
  }

  /// Stops simond (SIGTERM; SIGKILL to its process group after `stopLimit`), waits for it
  /// and removes its temporary directory. Safe to call twice.
  func stop() {
    guard !stopped else { return }
    stopped = true
    if reap() == nil {
      kill(pid, SIGTERM)
      let clock = ContinuousClock()
      let deadline = clock.now.advanced(by: Self.stopLimit)
      while reap() == nil, clock.now < deadline { usleep(20_000) }
      if exitStatus == nil {
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
      }
    }
    unlink(socketPath)
    unlink(logPath)
    rmdir(directory)
  }

  /// simond's wait status once it has ended (waitpid WNOHANG); nil while it runs.
  private func reap() -> Int32? {
    if let exitStatus { return exitStatus }
    var status: Int32 = 0
    guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
    exitStatus = status
    return status
  }

  /// The user's usual control socket, so `simonctl status` finds this game, unless a
  /// simond serves it already; then a private one.
  private static func controlSocket(private: String) -> String {
    let usual = ControlSocketPath.daemonPath(
      environment: ProcessInfo.processInfo.environment, uid: getuid())
    guard let live = try? ControlClient(path: usual) else { return usual }
    _ = live
    return `private`
  }

  /// Where the temporary directory goes: $TMPDIR when the socket path fits under it.
  private static func temporaryRoot() -> String {
    let root = ProcessInfo.processInfo.environment["TMPDIR"].map {
      $0.hasSuffix("/") ? String($0.dropLast()) : $0
    }
    guard let root, !root.isEmpty, root.utf8.count + "/simonctl-XXXXXX/sim.sock".count <= 100
    else { return "/tmp" }
    return root
  }

  /// Starts a process (posix_spawn): standard input from /dev/null, standard output and
  /// error to `output`, default signal handling, a process group of its own.
  private static func spawn(_ arguments: [String], output: String) throws(ClientFailure) -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, STDOUT_FILENO, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO)

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
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid = pid_t()
    let result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard result == 0 else {
      throw ClientFailure(
        "cannot start \(arguments[0]): \(String(cString: strerror(result)))",
        code: ExitStatus.unavailable)
    }
    return pid
  }

  /// The exit code of a wait status, or nil when a signal ended the process.
  private static func exitCode(_ status: Int32) -> Int32? {
    status & 0x7F == 0 ? (status >> 8) & 0xFF : nil
  }

  /// "exit 78", "killed by signal 9".
  private static func describe(_ status: Int32) -> String {
    exitCode(status).map { "exit \($0)" } ?? "killed by signal \(status & 0x7F)"
  }
}
