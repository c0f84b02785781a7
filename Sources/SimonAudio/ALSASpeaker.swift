import Logging
import SimonHardware
import SimonPOSIX
import Synchronization

/// The cabinet's speaker on any ALSA PCM: clean tones, started at once, that never stop
/// the game.
///
/// A dedicated audio thread owns the device; `startTone` and `stopTone` only queue a
/// command and wake it (one short lock and an eventfd write), so they return at once and
/// are safe from any thread, task or actor. The thread opens the device when the speaker
/// is made and keeps it open. Between tones the stream is stopped and prepared: it makes no
/// interrupts and the thread blocks with no timeout, so an idle cabinet does not wake; the
/// next tone's first period starts it again, so every tone, the first after a pause too, is
/// handed to the device within about a period of `startTone`.
///
/// Faults never reach the caller. A device that cannot be opened, or that fails while in
/// use, is logged once; the game goes on silently while the speaker retries every
/// `Configuration.retryInterval`, only while a tone is held, and logs again when the
/// device is back. A device that went away while idle is found by the next tone and
/// reopened at once. Underruns are recovered at once (the tone fades back in).
///
/// Not promised: that a tone is heard. A tone asked for while the device is missing
/// sounds from when the device returns, if it is still held.
public final class ALSASpeaker: Speaker {
  /// Where the speaker plays and how it paces itself.
  public struct Configuration: Equatable, Sendable {
    /// The ALSA PCM name, e.g. `default`, `plughw:CARD=Device`, `hw:1,0`.
    public var device: String
    /// Frames per period asked of the device: how often the audio thread wakes while
    /// the device plays (128 frames is 2.7 ms at 48 kHz). A stopped device starts once a
    /// period is written, as a tone's first write is.
    public var periodFrames: Int
    /// Frames of buffer asked of the device: at most this much is queued ahead of the
    /// speaker (384 frames is 8 ms at 48 kHz). The device may give more.
    public var bufferFrames: Int
    /// How long the device keeps playing silence after the last tone has played out,
    /// before it stops and waits, prepared, for the next. It stays open either way; zero
    /// (the default) stops it at once, so nothing wakes between tones and the next tone is
    /// not queued behind silence.
    public var holdOpen: Duration
    /// How often a failing device is tried again while a tone is held.
    public var retryInterval: Duration
    /// When set, the audio thread runs in the real-time FIFO class at this priority
    /// (1-99), so a busy CPU delays tones less and underruns less. The process needs the
    /// right (root, CAP_SYS_NICE, or an RLIMIT_RTPRIO of at least this, e.g. systemd's
    /// `LimitRTPRIO=`); without it, a warning is logged and the thread runs as usual.
    public var realtimePriority: Int32?

    /// The frames per second asked of the device.
    public static let sampleRate = 48_000

    /// A configuration with every value given; the defaults suit a cabinet.
    public init(
      device: String = "default", periodFrames: Int = 128, bufferFrames: Int = 384,
      holdOpen: Duration = .zero, retryInterval: Duration = .seconds(1),
      realtimePriority: Int32? = nil
    ) {
      self.device = device
      self.periodFrames = periodFrames
      self.bufferFrames = bufferFrames
      self.holdOpen = holdOpen
      self.retryInterval = retryInterval
      self.realtimePriority = realtimePriority
    }

    /// The format asked of the device: S16_LE mono at 48 kHz, period and buffer as set
    /// (at least 16 frames and two periods).
    var streamFormat: StreamFormat {
      let period = max(periodFrames, 16)
      return StreamFormat(
        rate: Self.sampleRate, channels: 1, periodFrames: period,
        bufferFrames: max(bufferFrames, 2 * period))
    }
  }

  private let mailbox: Mailbox?
  private let thread: Mutex<SystemThread?>
  private let clock = MonotonicClock()

  /// A speaker on `configuration.device`, logging faults to `logger`. Its thread opens the
  /// device at once; this never fails nor waits (a speaker that cannot start its thread
  /// logs that and stays silent).
  /// - Parameter onOnset: called on the audio thread each time a tone's first samples
  ///   have been handed to the device, with the time since `startTone` was called; for
  ///   measuring latency. It must return quickly.
  public init(
    configuration: Configuration, logger: Logger,
    onOnset: (@Sendable (Duration) -> Void)? = nil
  ) {
    let wake: WakeSignal
    do {
      wake = try WakeSignal()
    } catch {
      logger.error("the speaker is silent: no descriptor for its audio thread: \(error)")
      mailbox = nil
      thread = Mutex(nil)
      return
    }
    let mailbox = Mailbox(wake: wake)
    let clock = clock
    let thread = SystemThread.start(named: "simon-audio") {
      let engine = AudioEngine(
        configuration: configuration, opener: ALSAOpener(), clock: clock, logger: logger,
        onOnset: onOnset)
      AudioLoop(
        engine: engine, mailbox: mailbox, clock: clock,
        realtimePriority: configuration.realtimePriority, logger: logger
      ).run()
    }
    if thread == nil { logger.error("the speaker is silent: the system refused its audio thread") }
    self.mailbox = thread == nil ? nil : mailbox
    self.thread = Mutex(thread)
  }

  deinit { shutdown() }

  /// Starts a tone, replacing any that sounds (cross-fading over a few milliseconds).
  /// Returns at once; the tone's first samples reach the device within about a period,
  /// and a stopped device starts with them.
  /// A volume of 0 only stops what sounds.
  public func startTone(hertz: Double, volume: Int) {
    post(.start(hertz: hertz, volume: volume, duration: nil, requested: clock.now))
  }

  /// Starts a tone that releases by itself `duration` after its attack started, counted
  /// in samples, not on a clock; replaces any tone. Returns at once.
  public func playTone(hertz: Double, volume: Int, duration: Duration) {
    post(.start(hertz: hertz, volume: volume, duration: duration, requested: clock.now))
  }

  /// Stops the tone with a short release so it does not click. Returns at once.
  public func stopTone() {
    post(.stop)
  }

  /// Releases any tone, plays out what is queued, closes the device and ends the audio
  /// thread; returns when it has ended (within about a quarter of a second). Later tones
  /// are ignored. Safe to call more than once; deinit calls it.
  public func shutdown() {
    guard let thread = thread.withLock({ $0.take() }) else { return }
    mailbox?.post(.shutdown)
    thread.join()
  }

  /// The buffer the device accepted when it was last opened (at most this much sound is
  /// queued ahead of the speaker); nil before a device was opened.
  public var acceptedBuffer: Duration? {
    status.format.map { .microseconds(Int64($0.bufferMilliseconds * 1000)) }
  }

  /// What the audio thread last reported.
  var status: SpeakerStatus { mailbox?.status ?? SpeakerStatus(isFinished: true) }

  /// Whether every tone asked for has been played out (or dropped for a fault).
  var isSettled: Bool { mailbox?.isSettled ?? true }

  private func post(_ command: SpeakerCommand) {
    guard let mailbox, !mailbox.status.isFinished else { return }
    mailbox.post(command)
  }
}
