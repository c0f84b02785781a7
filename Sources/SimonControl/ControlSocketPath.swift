import SimonTransport

/// Where simond's control socket is (docs/design.md section 10).
public enum ControlSocketPath {
  /// Where simond serves it when no `--control-socket` is given:
  /// `$RUNTIME_DIRECTORY/control.sock` under systemd (`/run/simon-cabinet/control.sock`),
  /// else `$XDG_RUNTIME_DIR/simond-control.sock`, else `/tmp/simond-control-UID.sock`.
  public static func daemonPath(environment: [String: String], uid: UInt32) -> String {
    if let runtime = environment["RUNTIME_DIRECTORY"]?.split(separator: ":").first {
      return "\(runtime)/control.sock"
    }
    return userPath(environment: environment, uid: uid)
  }

  /// The installed service's socket.
  public static let servicePath = "/run/simon-cabinet/control.sock"

  /// Where a tool looks for it, in order: the daemon's own rule, the installed service's
  /// path, then the user's own (a simond started by hand).
  public static func candidates(environment: [String: String], uid: UInt32) -> [String] {
    var paths = [daemonPath(environment: environment, uid: uid), servicePath]
    paths.append(userPath(environment: environment, uid: uid))
    var seen: Set<String> = []
    return paths.filter { seen.insert($0).inserted }
  }

  private static func userPath(environment: [String: String], uid: UInt32) -> String {
    if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
      return "\(runtime)/simond-control.sock"
    }
    return "/tmp/simond-control-\(uid).sock"
  }
}

extension SocketService {
  /// simond's control socket, which it always serves.
  public static let controlSocket = SocketService(
    name: "control socket", pathOption: "--control-socket", startOptions: "--control-socket")
}
