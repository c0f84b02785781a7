import Glibc
import SystemPackage

/// The process-wide facts and small calls the programs need that swift-system does not
/// wrap: who runs them, their environment, the host, the monotonic clock; and, in the
/// files beside this one, paths (`POSIX+Paths`), files and locks (`POSIX+Files`), child
/// processes (`POSIX+Processes`), the terminal (`POSIX+Terminal`) and the local calendar
/// (`POSIX+LocalTime`).
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

  /// This program's own file (readlink of /proc/self/exe), or nil when /proc is not there.
  public static var executablePath: String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
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

  /// This machine's host name (gethostname), or nil when it has none.
  public static var hostName: String? {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0, buffer[0] != 0 else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
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
  /// The effective user ID of this process (geteuid): 0 when it runs as root.
  public static var effectiveUserID: UInt32 { geteuid() }
}
