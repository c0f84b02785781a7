import SimonPOSIX

/// Tells systemd how the service is doing (sd_notify, written by hand: it is one
/// datagram to the socket in `$NOTIFY_SOCKET`, a path or an abstract `@name`).
///
/// Without `$NOTIFY_SOCKET` (not started by systemd as `Type=notify`) every call does
/// nothing. Failures to send are ignored, as sd_notify does: systemd's watchdog notices.
public struct SystemdNotifier: Sendable {
  private let socketPath: String?
  /// Half the watchdog interval systemd asked for, or nil when it asked for none.
  public let watchdogInterval: Duration?

  /// A notifier for the environment this process was started in.
  public init(environment: [String: String]) {
    let path = environment["NOTIFY_SOCKET"]
    socketPath = (path?.isEmpty ?? true) ? nil : path
    let pid = environment["WATCHDOG_PID"].flatMap { Int32($0) }
    if let usec = environment["WATCHDOG_USEC"].flatMap({ Int64($0) }), usec > 0,
      pid == nil || pid == POSIX.processID
    {
      watchdogInterval = .microseconds(usec / 2)
    } else {
      watchdogInterval = nil
    }
  }

  /// Whether systemd listens.
  public var isActive: Bool { socketPath != nil }

  /// `READY=1` with a status line.
  public func ready(status: String) { send("READY=1\nSTATUS=\(status)") }

  /// `STATUS=...`.
  public func status(_ text: String) { send("STATUS=\(text)") }

  /// `RELOADING=1` with the monotonic time systemd 253 and later want.
  public func reloading() {
    send("RELOADING=1\nMONOTONIC_USEC=\(POSIX.monotonicNanoseconds / 1000)")
  }

  /// `STOPPING=1`.
  public func stopping() { send("STOPPING=1") }

  /// `WATCHDOG=1`.
  public func watchdog() { send("WATCHDOG=1") }

  /// Sends one datagram (sendto on a fresh AF_UNIX SOCK_DGRAM socket).
  public func send(_ message: String) {
    guard let socketPath, let address = UnixSocketAddress(systemdName: socketPath) else { return }
    address.sendDatagram(Array(message.utf8))
  }
}
