import FoundationEssentials
import SimonControl
import SimonPOSIX
import SimonSim

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
  let pid: Int32
  /// The socket it serves.
  let socketPath: String
  /// Its control socket: the user's usual one, unless another simond serves that.
  let controlPath: String
  /// The user's usual control socket when another simond serves it (this one then serves
  /// a private socket, which a plain `simonctl` does not find); nil otherwise.
  let usualTaken: String?
  private let directory: String
  private let logPath: String
  private var termination: POSIX.Termination?
  private var stopped = false

  /// Starts `executable` with the cabinet's options.
  /// - Parameters:
  ///   - config: passed on as `--config`.
  ///   - stateDirectory: passed on as `--state-dir`.
  /// - Throws: `ClientFailure` when no temporary directory or process could be made.
  init(executable: String, config: String?, stateDirectory: String?) throws(ClientFailure) {
    do {
      directory = try POSIX.makeTemporaryDirectory(prefix: "\(Self.temporaryRoot())/simonctl-")
    } catch {
      throw ClientFailure(
        "cannot make a temporary directory for simond's socket: \(error)",
        code: ExitStatus.unavailable)
    }
    socketPath = directory + "/sim.sock"
    logPath = directory + "/simond.log"
    let usual = ControlSocketPath.daemonPath(
      environment: ProcessInfo.processInfo.environment, uid: POSIX.userID)
    if (try? ControlClient(path: usual)) != nil {
      controlPath = directory + "/control.sock"
      usualTaken = usual
    } else {
      controlPath = usual
      usualTaken = nil
    }
    var arguments = [
      executable, "--hardware", "sim", "--sim-socket", socketPath, "--audio", "none",
      "--control-socket", controlPath,
    ]
    if let config { arguments += ["--config", config] }
    if let stateDirectory { arguments += ["--state-dir", stateDirectory] }
    do {
      pid = try POSIX.spawn(arguments, output: .file(logPath), ownProcessGroup: true)
    } catch {
      POSIX.removeDirectory(directory)
      throw ClientFailure("cannot start \(executable): \(error)", code: ExitStatus.unavailable)
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
        if let ending = reap() {
          let hint =
            ending == .exited(ExitStatus.cantCreate)
            ? " Give it a state directory this user may write with --state-dir DIR." : ""
          throw ClientFailure(
            "simond stopped before its socket was ready (\(ending)).\(hint)"
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
      POSIX.terminate(pid)
      let clock = ContinuousClock()
      let deadline = clock.now.advanced(by: Self.stopLimit)
      while reap() == nil, clock.now < deadline { POSIX.blockThread(for: .milliseconds(20)) }
      if termination == nil {
        POSIX.killGroup(pid)
        termination = POSIX.reap(pid, waiting: true)
      }
    }
    POSIX.removeFile(socketPath)
    POSIX.removeFile(logPath)
    POSIX.removeDirectory(directory)
  }

  /// How simond ended, once it has; nil while it runs.
  private func reap() -> POSIX.Termination? {
    if termination == nil { termination = POSIX.reap(pid, waiting: false) }
    return termination
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
}
