/// An error code from alsa-lib or the system (a negative errno), with its description.
struct AudioError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The negative errno, as alsa-lib returns it.
  var code: Int32
  /// What the code means, for people.
  var description: String

  /// Whether the error is an underrun or a suspend, which `recover` can clear.
  var isUnderrun: Bool { code == ALSACode.underrun || code == ALSACode.suspended }

  /// Whether a non-blocking call found no room and should be retried after a wait.
  var isWouldBlock: Bool { code == ALSACode.again }
}

/// An open playback stream, as the audio engine uses it. One thread owns it.
protocol PCMStream: AnyObject {
  /// What the device accepted.
  var format: StreamFormat { get }
  /// The frames that can be written without waiting.
  /// - Throws: `AudioError` when the stream needs recovering or is gone.
  func available() throws(AudioError) -> Int
  /// Writes interleaved frames without waiting; returns how many were taken (0 when
  /// there was no room).
  /// - Throws: `AudioError` on an underrun or when the device is gone.
  func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioError) -> Int
  /// Makes the stream writable again after an underrun or suspend.
  /// - Throws: `AudioError` when it cannot be recovered.
  func recover(from error: AudioError) throws(AudioError)
  /// Waits until there is room for a period, `wake` is signalled, or `timeout` passes.
  func wait(orWake wake: WakeSignal, timeout: Duration)
  /// Plays what is queued, then stops.
  func drain()
  /// Stops at once, discarding what is queued.
  func drop()
  /// Makes a stopped stream ready to start again: the next write of a period starts it.
  /// A prepared stream makes no interrupts.
  /// - Throws: `AudioError` when the device is gone.
  func prepare() throws(AudioError)
  /// Closes the stream; it is not used again.
  func close()
}

/// Opens playback streams by device name.
protocol PCMOpener: Sendable {
  /// Opens `device`, asking for `format`, for non-blocking writes.
  /// - Throws: `AudioError` when the device cannot be opened or set up.
  func open(_ device: String, asking format: StreamFormat) throws(AudioError) -> any PCMStream
}

extension AudioError {
  /// The sentence for a device that cannot be opened, naming it, with a hint for the
  /// usual cause.
  func openFailure(device: String) -> String {
    let hint =
      code == ALSACode.noEntry
      ? " (no such PCM, or no sound card; `aplay -L` lists the PCMs)"
      : code == ALSACode.busy ? " (another program is using it)" : ""
    return "cannot open audio device '\(device)': \(description)\(hint)"
  }
}
