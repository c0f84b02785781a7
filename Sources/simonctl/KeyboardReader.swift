import SimonHardware
import SimonPOSIX
import SystemPackage

/// Reads the keyboard on a thread of its own that blocks in read() (or poll(), should
/// the terminal be non-blocking): the bytes of each read become one `.keys` event; the
/// end of input becomes `.keyboardClosed`.
enum KeyboardReader {
  /// Starts reading standard input.
  /// - Returns: false when no thread could be started.
  static func start(_ deliver: @escaping @Sendable (PlayEvent) -> Void) -> Bool {
    BackgroundThread.start(named: "simon-keys") {
      var buffer = [UInt8](repeating: 0, count: 64)
      while true {
        do {
          let count = try buffer.withUnsafeMutableBytes {
            try FileDescriptor.standardInput.read(into: $0)
          }
          guard count > 0 else { break }
          deliver(.keys(Array(buffer[..<count])))
        } catch Errno.resourceTemporarilyUnavailable {
          // Another program left the terminal non-blocking: wait for a key, not spin.
          Poll.waitUntilReadable(.standardInput)
        } catch {
          break
        }
      }
      deliver(.keyboardClosed)
    }
  }
}
