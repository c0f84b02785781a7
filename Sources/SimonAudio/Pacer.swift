import SimonHardware
import SimonPOSIX

/// Keeps the writer no more than one device buffer ahead of the speaker, whether or not
/// the device itself makes the writer wait.
///
/// A sound card takes samples at its own pace: its free room (`avail`) says how much it
/// will take, and what it holds says how far ahead the writer is. Some PCMs take
/// everything at once (ALSA's `null`, the `file` plugin over it): for those, the pacer
/// counts the queue down at the stream's rate on the times it is handed (the engine's
/// clock), so the writer still produces sound at the speed it would be heard. Whenever the device reports
/// frames queued, its count is taken as the truth, so a card's clock, which drifts from
/// the system's, is followed.
struct Pacer: Sendable {
  /// The stream's frames per second.
  let rate: Int
  /// The most frames that may be queued: the device buffer.
  let capacity: Int
  private var queued = 0.0
  private var stamp: MonotonicInstant?
  /// Whether the device's own count decided the last `room` (false: the clock did).
  private(set) var devicePaces = false

  /// A pacer for a stream of `rate` frames per second and a buffer of `capacity` frames.
  init(rate: Int, capacity: Int) {
    self.rate = rate
    self.capacity = capacity
  }

  /// The frames that may be written now, given the device's free room.
  mutating func room(deviceAvailable: Int, now: MonotonicInstant) -> Int {
    countDown(to: now)
    let available = max(0, min(deviceAvailable, capacity))
    let deviceQueued = capacity - available
    if deviceQueued > 0 {
      devicePaces = true
      queued = Double(deviceQueued)
      return available
    }
    devicePaces = false
    return max(0, min(available, capacity - Int(queued.rounded(.up))))
  }

  /// Counts frames just written.
  mutating func wrote(_ frames: Int, now: MonotonicInstant) {
    countDown(to: now)
    queued += Double(frames)
  }

  /// How long until `frames` of room open up on the clock (zero when they are there).
  func delay(untilRoomFor frames: Int) -> Duration {
    let excess = queued - Double(capacity - frames)
    guard excess > 0 else { return .zero }
    return .nanoseconds(Int64((excess / Double(rate) * 1e9).rounded(.up)))
  }

  /// Forgets the queue (after the stream was restarted).
  mutating func reset() {
    queued = 0
    stamp = nil
    devicePaces = false
  }

  private mutating func countDown(to now: MonotonicInstant) {
    if let stamp {
      let (seconds, attoseconds) = stamp.duration(to: now).components
      let elapsed = Double(seconds) + Double(attoseconds) * 1e-18
      queued = max(0, queued - elapsed * Double(rate))
    }
    stamp = now
  }
}
