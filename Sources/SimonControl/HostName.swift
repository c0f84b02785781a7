import Glibc

/// This machine's name: the cabinet's id in the control socket's hello, and the venue
/// bridge's by default.
public enum HostName {
  /// The host's name (gethostname), or "cabinet" when it has none.
  public static var current: String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0, buffer[0] != 0 else { return "cabinet" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
