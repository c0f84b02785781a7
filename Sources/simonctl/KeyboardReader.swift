import SimonHardware
import SimonPOSIX

#if canImport(Glibc)
  import Glibc
#endif

/// Reads the keyboard on a thread of its own that blocks in read() (or poll(), should
/// the terminal be non-blocking): the bytes of each read become one `.keys` event; the
/// end of input becomes `.keyboardClosed`.
enum KeyboardReader {
  /// Starts reading standard input.
  /// - Returns: false when no thread could be started.
  static func start(_ deliver: @escaping @Sendable (PlayEvent) -> Void) -> Bool {
    BackgroundThread.start {
      var buffer = [UInt8](repeating: 0, count: 64)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count > 0 {
          deliver(.keys(Array(buffer[..<count])))
        } else if count < 0, errno == EINTR {
          continue
        } else if count < 0, errno == EAGAIN {
          // Another program left the terminal non-blocking: wait for a key, not spin.
          var entry = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
          _ = poll(&entry, 1, -1)
        } else {
          deliver(.keyboardClosed)
          return
        }
      }
    }
  }
}
