import SimonTransport

/// Where the simulated cabinet's socket is when no `--sim-socket` is given.
public enum SimSocketPath {
  /// `$RUNTIME_DIRECTORY/sim.sock` under systemd, else `$XDG_RUNTIME_DIR/simond.sock`,
  /// else `/tmp/simond-UID.sock`.
  /// - Parameters:
  ///   - environment: the process's environment.
  ///   - uid: the user's id, for the last fallback.
  public static func defaultPath(environment: [String: String], uid: UInt32) -> String {
    if let runtime = environment["RUNTIME_DIRECTORY"]?.split(separator: ":").first {
      return "\(runtime)/sim.sock"
    }
    if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
      return "\(runtime)/simond.sock"
    }
    return "/tmp/simond-\(uid).sock"
  }
}

extension SocketService {
  /// simond's simulated cabinet (`--hardware sim`).
  public static let simulatedCabinet = SocketService(
    name: "simulated cabinet", pathOption: "--sim-socket",
    startOptions: "--hardware sim --sim-socket")
}
