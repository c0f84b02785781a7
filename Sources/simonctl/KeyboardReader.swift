import SimonHardware

#if canImport(Glibc)
  import Glibc
#endif

/// Reads the keyboard on a thread of its own that blocks in read(): the bytes of each
/// read become one `.keys` event; the end of input becomes `.keyboardClosed`.
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
        } else if count < 0, errno == EINTR || errno == EAGAIN {
          continue
        } else {
          deliver(.keyboardClosed)
          return
        }
      }
    }
  }
}
