import SimonPOSIX

/// This machine's name: the cabinet's id in the control socket's hello, and the venue
/// bridge's by default.
public enum HostName {
  /// The host's name (gethostname), or "cabinet" when it has none.
  public static var current: String {
    POSIX.hostName ?? "cabinet"
  }
}
