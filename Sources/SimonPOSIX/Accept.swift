import CSimonPOSIX

/// Listening sockets.
public enum Listener {
  /// Accepts one pending connection, already non-blocking and close-on-exec (no child
  /// spawned meanwhile can inherit it).
  /// - Returns: the connection's descriptor, or -1 with errno (EAGAIN when none waits).
  public static func accept(_ listener: Int32) -> Int32 {
    csimonposix_accept(listener)
  }
}
