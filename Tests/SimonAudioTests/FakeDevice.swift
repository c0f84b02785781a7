import Synchronization

@testable import SimonAudio

/// A sound device a test can unplug, plug back and make underrun; it takes samples as
/// fast as they come, as ALSA's `null` PCM does, and keeps them.
final class FakeDevice: PCMOpener {
  private struct State {
    var plugged = true
    var underrunsToCause = 0
    var samples: [Int16] = []
  }

  private let state = Mutex(State())

  /// Whether the device is there: unplugging fails the open stream and every open.
  var plugged: Bool {
    get { state.withLock { $0.plugged } }
    set { state.withLock { $0.plugged = newValue } }
  }

  /// Makes the next write report an underrun.
  func causeUnderrun() { state.withLock { $0.underrunsToCause += 1 } }

  /// Every sample written so far.
  var samples: [Int16] { state.withLock { $0.samples } }

  func open(_ device: String, asking format: StreamFormat) throws(AudioError) -> any PCMStream {
    guard plugged else { throw AudioError(code: -Errno.noEntry, description: "No such device") }
    return Stream(device: self, format: format)
  }

  private final class Stream: PCMStream {
    let device: FakeDevice
    let format: StreamFormat

    init(device: FakeDevice, format: StreamFormat) {
      self.device = device
      self.format = format
    }

    func available() throws(AudioError) -> Int {
      guard device.plugged else { throw AudioError(code: -Errno.noDevice, description: "gone") }
      return format.bufferFrames
    }

    func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioError) -> Int {
      let result = device.state.withLock { state -> Result<Int, AudioError> in
        guard state.plugged else {
          return .failure(AudioError(code: -Errno.noDevice, description: "No such device"))
        }
        if state.underrunsToCause > 0 {
          state.underrunsToCause -= 1
          return .failure(AudioError(code: -Errno.pipe, description: "Broken pipe"))
        }
        state.samples.append(contentsOf: samples)
        return .success(samples.count / format.channels)
      }
      return try result.get()
    }

    func recover(from error: AudioError) throws(AudioError) {
      guard device.plugged else { throw AudioError(code: -Errno.noDevice, description: "gone") }
    }

    func wait(orWake wake: WakeSignal, timeout: Duration) { wake.wait(timeout: timeout) }
    func drain() {}
    func drop() {}
    func close() {}
  }
}
