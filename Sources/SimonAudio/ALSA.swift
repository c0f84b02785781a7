import CALSA

// Every call into the CALSA shim lives in this file.

/// The negative errno values the audio code tells apart, as alsa-lib returns them.
enum ALSACode {
  /// -EAGAIN: no room in a non-blocking stream.
  static let again = Int32(CALSA_AGAIN)
  /// -EPIPE: an underrun.
  static let underrun = Int32(CALSA_UNDERRUN)
  /// -ESTRPIPE: the device was suspended.
  static let suspended = Int32(CALSA_SUSPENDED)
  /// -ENOENT: no such PCM, or no sound card.
  static let noEntry = Int32(CALSA_NO_ENTRY)
  /// -EBUSY: another program holds the device.
  static let busy = Int32(CALSA_BUSY)
  /// -EACCES: the device exists but this user may not open it.
  static let access = Int32(CALSA_ACCESS)
  /// -EPERM: not permitted.
  static let permission = Int32(CALSA_PERMISSION)
  /// -ENODEV: the device went away.
  static let noDevice = Int32(CALSA_NO_DEVICE)
  /// -ETIMEDOUT: the device stopped taking samples.
  static let timedOut = Int32(CALSA_TIMED_OUT)
}

extension AudioError {
  /// The error for a negative code returned by the shim, described by `calsa_strerror`.
  init(code: Int32) {
    self.init(code: code, description: String(cString: calsa_strerror(code)))
  }
}

/// An ALSA playback PCM opened through the CALSA shim.
final class ALSAPCM: PCMStream {
  private var handle: OpaquePointer?
  let format: StreamFormat

  private init(handle: OpaquePointer, format: StreamFormat) {
    self.handle = handle
    self.format = format
  }

  /// Opens the PCM `device` asking for `format` (`calsa_open`: interleaved S16_LE,
  /// playback starting after one period). It never waits for a busy device.
  /// - Parameter blocking: whether writes wait for room.
  /// - Throws: `AudioError` when the device cannot be opened or set up.
  static func open(_ device: String, asking format: StreamFormat, blocking: Bool)
    throws(AudioError) -> ALSAPCM
  {
    var params = calsa_params(
      rate: UInt32(format.rate), channels: UInt32(format.channels),
      period_frames: UInt(format.periodFrames), buffer_frames: UInt(format.bufferFrames))
    var handle: OpaquePointer?
    let result = calsa_open(&handle, device, blocking ? 1 : 0, &params)
    guard result == 0, let handle else { throw AudioError(code: result) }
    let accepted = StreamFormat(
      rate: Int(params.rate), channels: Int(params.channels),
      periodFrames: Int(params.period_frames), bufferFrames: Int(params.buffer_frames))
    return ALSAPCM(handle: handle, format: accepted)
  }

  deinit { close() }

  /// The frames writable now (`calsa_avail`).
  func available() throws(AudioError) -> Int {
    guard let handle else { throw AudioError(code: ALSACode.noDevice) }
    let result = calsa_avail(handle)
    if result < 0 { throw AudioError(code: Int32(result)) }
    return result
  }

  /// Writes interleaved frames (`calsa_write`); 0 when a non-blocking stream is full.
  func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioError) -> Int {
    guard let handle else { throw AudioError(code: ALSACode.noDevice) }
    guard let base = samples.baseAddress, !samples.isEmpty else { return 0 }
    let result = calsa_write(handle, base, UInt(samples.count / format.channels))
    if result == Int(ALSACode.again) { return 0 }
    if result < 0 { throw AudioError(code: Int32(result)) }
    return result
  }

  /// Recovers after an underrun or suspend (`calsa_recover`).
  func recover(from error: AudioError) throws(AudioError) {
    guard let handle else { throw AudioError(code: ALSACode.noDevice) }
    let result = calsa_recover(handle, error.code)
    if result < 0 { throw AudioError(code: result) }
  }

  /// Waits for room, a wake-up or the timeout (`calsa_wait` on the PCM and `wake`).
  func wait(orWake wake: WakeSignal, timeout: Duration) {
    guard let handle else { return }
    _ = calsa_wait(handle, wake.descriptor, timeout.nanosecondsClamped)
  }

  /// Plays what is queued and stops (`calsa_drain`).
  func drain() {
    if let handle { _ = calsa_drain(handle) }
  }

  /// Stops at once (`calsa_drop`).
  func drop() {
    if let handle { _ = calsa_drop(handle) }
  }

  /// Makes the stopped PCM ready to start again (`calsa_prepare`).
  func prepare() throws(AudioError) {
    guard let handle else { throw AudioError(code: ALSACode.noDevice) }
    let result = calsa_prepare(handle)
    if result < 0 { throw AudioError(code: result) }
  }

  /// Closes the PCM (`calsa_close`); later calls do nothing.
  func close() {
    if let handle { calsa_close(handle) }
    handle = nil
  }
}

/// A descriptor the audio thread sleeps on, which any thread can signal (an eventfd).
final class WakeSignal: Sendable {
  /// The descriptor, for `calsa_wait`.
  let descriptor: Int32

  /// A new, unsignalled wake descriptor (`calsa_wake_open`).
  /// - Throws: `AudioError` when the system has no descriptor to spare.
  init() throws(AudioError) {
    let result = calsa_wake_open()
    if result < 0 { throw AudioError(code: result) }
    descriptor = result
  }

  deinit { calsa_wake_close(descriptor) }

  /// Wakes the sleeper, or makes its next wait return at once (`calsa_wake_signal`).
  func signal() {
    _ = calsa_wake_signal(descriptor)
  }

  /// Clears a signal (`calsa_wake_clear`).
  func clear() {
    _ = calsa_wake_clear(descriptor)
  }

  /// Sleeps until signalled or, when given, until `timeout` passes (`calsa_wait`).
  func wait(timeout: Duration?) {
    _ = calsa_wait(nil, descriptor, timeout.map(\.nanosecondsClamped) ?? -1)
  }
}

/// Opens real ALSA PCMs.
struct ALSAOpener: PCMOpener {
  /// Opens `device` non-blocking (`calsa_open`).
  func open(_ device: String, asking format: StreamFormat) throws(AudioError) -> any PCMStream {
    try ALSAPCM.open(device, asking: format, blocking: false)
  }
}

extension Duration {
  /// The duration in nanoseconds, 0 for negative durations, clamped to `Int64.max`.
  var nanosecondsClamped: Int64 {
    let (seconds, attoseconds) = components
    if seconds < 0 || (seconds == 0 && attoseconds < 0) { return 0 }
    if seconds >= Int64.max / 1_000_000_000 { return .max }
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}
