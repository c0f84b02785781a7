import Glibc
import SimonHardware
import SimonPOSIX
import Synchronization

@testable import SimonAudio

/// A sound card on a manual clock that a test can unplug and plug back, recording what is
/// done to it.
///
/// Like an ALSA hw device with the speaker's settings: prepared when opened; started by a
/// write that brings a period or more into its buffer (the start threshold); while
/// running it plays `rate` frames per second of clock time and underruns when its buffer
/// runs dry; dropped, it discards what it holds and needs a prepare.
final class FakeDevice: PCMOpener {
  /// Something done to the device, or by it.
  enum Event: Equatable, Sendable {
    /// Opened and prepared.
    case opened
    /// An open refused (unplugged).
    case openRefused
    /// A write brought a period into the prepared buffer: playback started.
    case started
    /// Frames written (consecutive writes are summed).
    case wrote(frames: Int)
    /// The buffer ran dry while running.
    case underran
    /// Recovered from an underrun (prepared again).
    case recovered
    /// Stopped, discarding the frames it held, `audible` of them not silent.
    case dropped(audible: Int)
    /// Prepared after a drop.
    case prepared
    /// Played out what it held, then stopped.
    case drained
    /// Closed.
    case closed
  }

  /// An event and when it happened, counted from the clock's start.
  struct Entry: Equatable, Sendable, CustomStringConvertible {
    /// When.
    var at: Duration
    /// What.
    var event: Event

    init(_ at: Duration, _ event: Event) {
      self.at = at
      self.event = event
    }

    var description: String { "\(at): \(event)" }
  }

  private enum Playback {
    /// Ready: the write that brings a period starts it.
    case prepared
    /// Playing since the instant.
    case running(since: MonotonicInstant)
    /// Ran dry: writes fail until it is recovered.
    case underrun
    /// Dropped or drained: writes fail until it is prepared.
    case stopped
    /// Closed.
    case closed
  }

  private struct State {
    var plugged = true
    /// Counts the unplugs: a stream opened before the last one stays gone.
    var generation = 0
    var entries: [Entry] = []
    var samples: [Int16] = []
    var playback = Playback.closed
    /// Frames written since the stream was last prepared.
    var written = 0
    /// When the open stream stopped taking samples (a hung device); the next open clears it.
    var hungAt: MonotonicInstant?
  }

  private let clock: ManualClock
  private let start: MonotonicInstant
  private let state = Mutex(State())
  /// The frames per second it plays.
  let rate = 48_000
  /// Frames per period: the start threshold and the room a wait waits for.
  let periodFrames = 128
  /// Frames its buffer holds.
  let bufferFrames = 384

  /// A card on `clock`, plugged in.
  init(clock: ManualClock) {
    self.clock = clock
    self.start = clock.now
  }

  /// Whether the card is there: unplugging fails the open stream for good, and every open
  /// until it is plugged back.
  var plugged: Bool {
    get { state.withLock { $0.plugged } }
    set {
      state.withLock { state in
        if state.plugged && !newValue { state.generation += 1 }
        state.plugged = newValue
      }
    }
  }

  /// Makes the open stream stop taking samples, as a hung device does; the next open works.
  func hang() { state.withLock { $0.hungAt = clock.now } }

  /// Every sample written so far, whether played or dropped.
  var samples: [Int16] { state.withLock { $0.samples } }

  /// What was done so far, in order.
  var entries: [Entry] { state.withLock { $0.entries } }

  /// The events so far, without their times.
  var events: [Event] { entries.map(\.event) }

  /// When a running stream will have room for a period; nil when it is not running, or
  /// hung.
  var roomAt: MonotonicInstant? {
    state.withLock { state in
      guard state.hungAt == nil, case .running(let since) = state.playback else { return nil }
      let mustPlay = state.written - (bufferFrames - periodFrames)
      return since.advanced(by: time(of: max(mustPlay, 0)))
    }
  }

  func open(_ device: String, asking format: StreamFormat) throws(AudioError) -> any PCMStream {
    let result = state.withLock { state -> Result<Int, AudioError> in
      guard state.plugged else {
        record(.openRefused, &state)
        return .failure(AudioError(code: ALSACode.noEntry, description: "No such device"))
      }
      prepare(&state)
      state.hungAt = nil
      record(.opened, &state)
      return .success(state.generation)
    }
    return Stream(
      device: self, generation: try result.get(),
      format: StreamFormat(
        rate: rate, channels: format.channels, periodFrames: periodFrames,
        bufferFrames: bufferFrames))
  }

  private func time(of frames: Int) -> Duration {
    .nanoseconds((Int64(frames) * 1_000_000_000 + Int64(rate) - 1) / Int64(rate))
  }

  /// Frames played since the stream started, as of now; marks an underrun when the
  /// buffer ran dry.
  private func played(_ state: inout State) -> Int {
    guard case .running(let since) = state.playback else { return 0 }
    let now = min(clock.now, state.hungAt ?? clock.now)
    let (seconds, attoseconds) = since.duration(to: now).components
    let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    let frames = Int(nanoseconds * Int64(rate) / 1_000_000_000)
    if frames >= state.written {
      state.playback = .underrun
      state.entries.append(Entry(start.duration(to: since) + time(of: state.written), .underran))
      return state.written
    }
    return frames
  }

  private func queued(_ state: inout State) -> Int {
    switch state.playback {
    case .prepared: state.written
    case .running: state.written - played(&state)
    case .underrun, .stopped, .closed: 0
    }
  }

  private func record(_ event: Event, _ state: inout State) {
    let at = start.duration(to: clock.now)
    if case .wrote(let frames) = event, let last = state.entries.last,
      case .wrote(let before) = last.event
    {
      state.entries[state.entries.count - 1].event = .wrote(frames: before + frames)
      return
    }
    state.entries.append(Entry(at, event))
  }

  private static let gone = AudioError(code: ALSACode.noDevice, description: "No such device")

  private final class Stream: PCMStream {
    let device: FakeDevice
    let generation: Int
    let format: StreamFormat

    init(device: FakeDevice, generation: Int, format: StreamFormat) {
      self.device = device
      self.generation = generation
      self.format = format
    }

    /// Whether the card this stream was opened on is still there.
    func isThere(_ state: State) -> Bool { state.plugged && state.generation == generation }

    func available() throws(AudioError) -> Int {
      let result = device.state.withLock { state -> Result<Int, AudioError> in
        guard isThere(state) else { return .failure(FakeDevice.gone) }
        if case .underrun = state.playback {
          return .failure(AudioError(code: ALSACode.underrun, description: "Broken pipe"))
        }
        return .success(format.bufferFrames - device.queued(&state))
      }
      return try result.get()
    }

    func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioError) -> Int {
      let result = device.state.withLock { state -> Result<Int, AudioError> in
        guard isThere(state) else { return .failure(FakeDevice.gone) }
        let room = format.bufferFrames - device.queued(&state)
        switch state.playback {
        case .underrun:
          return .failure(AudioError(code: ALSACode.underrun, description: "Broken pipe"))
        case .stopped, .closed:
          return .failure(AudioError(code: -EBADFD, description: "File descriptor in bad state"))
        case .prepared, .running: break
        }
        let frames = min(samples.count / format.channels, room)
        guard frames > 0 else { return .success(0) }
        if case .prepared = state.playback, state.written + frames >= device.periodFrames {
          state.playback = .running(since: device.clock.now)
          device.record(.started, &state)
        }
        state.samples.append(contentsOf: samples.prefix(frames * format.channels))
        state.written += frames
        device.record(.wrote(frames: frames), &state)
        return .success(frames)
      }
      return try result.get()
    }

    func recover(from error: AudioError) throws(AudioError) {
      let result = device.state.withLock { state -> Result<Void, AudioError> in
        guard isThere(state) else { return .failure(FakeDevice.gone) }
        device.prepare(&state)
        device.record(.recovered, &state)
        return .success(())
      }
      try result.get()
    }

    func wait(orWake wake: WakeSignal, timeout: Duration) { wake.wait(timeout: timeout) }

    func drain() {
      device.state.withLock { state in
        state.playback = .stopped
        device.record(.drained, &state)
      }
    }

    func drop() {
      device.state.withLock { state in
        let queued = device.queued(&state)
        let discarded = state.samples.suffix(queued * format.channels)
        state.playback = .stopped
        device.record(.dropped(audible: discarded.count { $0 != 0 } / format.channels), &state)
      }
    }

    func prepare() throws(AudioError) {
      let result = device.state.withLock { state -> Result<Void, AudioError> in
        guard isThere(state) else { return .failure(FakeDevice.gone) }
        device.prepare(&state)
        device.record(.prepared, &state)
        return .success(())
      }
      try result.get()
    }

    func close() {
      device.state.withLock { state in
        state.playback = .closed
        device.record(.closed, &state)
      }
    }
  }

  private func prepare(_ state: inout State) {
    state.playback = .prepared
    state.written = 0
  }
}
