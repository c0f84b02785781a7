import Logging
import SimonHardware
import SimonPOSIX

/// The speaker's engine: takes its commands, keeps a device open and prepared, renders the
/// synthesizer into it while something sounds, and survives every fault.
///
/// It never blocks and reads the time only from its clock: each `step()` does one piece of
/// work and says what to wait for before the next (`AudioWait`). The audio thread's loop
/// (`AudioLoop`) does the waiting; a test steps it on a manual clock.
///
/// The device is opened on the first step and stays open. While a tone sounds the stream
/// runs. Once the tone's release is written, a buffer of silence follows it (so every
/// sounding frame has been played), then the stream is dropped and prepared again: a
/// prepared stream makes no interrupts, and the engine asks for a command with no
/// deadline. The next tone's first period starts the stream (its start threshold is one
/// period), so it is heard from its first frame, with no silence queued ahead of it.
///
/// A device that cannot be opened, or fails while in use, is logged once and tried again
/// every `retryInterval` while a tone is held. A device found gone at the first write
/// after an idle spell is reopened at once. Underruns are recovered at once, and counted:
/// the shutdown logs how many there were (`finishedLine`), one line at info level.
final class AudioEngine {
  /// How long a wait for room in the device may last before the engine looks again.
  static let deviceWait: Duration = .milliseconds(100)
  /// How long a running device may take no samples before it counts as lost.
  static let stallLimit: Duration = .seconds(1)
  /// How long the shutdown may spend playing out a release.
  static let shutdownLimit: Duration = .milliseconds(250)

  /// Where the device stands.
  private enum Device {
    /// None open: not yet, or lost. It may be opened from `retryAt` (nil: at once).
    case closed(retryAt: MonotonicInstant?)
    /// Open, stopped and prepared: the next write of a period starts it.
    case prepared(any PCMStream)
    /// Open and playing what is written.
    case running(any PCMStream)
  }

  private let configuration: ALSASpeaker.Configuration
  private let opener: any PCMOpener
  private let logger: Logger
  private let onOnset: (@Sendable (Duration) -> Void)?
  private let now: () -> MonotonicInstant

  private var device = Device.closed(retryAt: nil)
  private var shutdownDeadline: MonotonicInstant?
  private var synth: ToneSynthesizer
  private var pacer: Pacer
  private var mono: [Int16] = []
  private var pending: [Int16] = []
  private var pendingOffset = 0
  /// Frames rendered, since the last sound, that were silent from their first to last.
  private var silentFrames = 0
  private var lastProgress: MonotonicInstant?
  /// Whether the engine waited for a command on the prepared stream since it last wrote
  /// to it: a failure then means the device went away while idle.
  private var idleSinceWrite = false
  private var fault: String?
  private var streamUnderruns = 0
  private var onsets: [MonotonicInstant] = []
  private var counts = SpeakerStatus()

  /// An engine for a speaker's configuration, opening devices with `opener`, reading the
  /// time from `clock`, logging faults to `logger` and reporting each tone's onset latency
  /// (from its command's `requested` to its first frames written) to `onOnset`.
  init<EngineClock: Clock>(
    configuration: ALSASpeaker.Configuration, opener: any PCMOpener, clock: EngineClock,
    logger: Logger, onOnset: (@Sendable (Duration) -> Void)?
  ) where EngineClock.Instant == MonotonicInstant {
    self.configuration = configuration
    self.opener = opener
    self.logger = logger
    self.onOnset = onOnset
    self.now = { clock.now }
    let asked = configuration.streamFormat
    synth = ToneSynthesizer(sampleRate: asked.rate)
    pacer = Pacer(rate: asked.rate, capacity: asked.bufferFrames)
  }

  /// The open stream, if any: what the thread waits on for room.
  var stream: (any PCMStream)? {
    switch device {
    case .closed: nil
    case .prepared(let stream), .running(let stream): stream
    }
  }

  /// What the engine reports of itself now.
  var status: SpeakerStatus {
    var status = counts
    status.isOpen = stream != nil
    if case .running = device { status.isRunning = true }
    status.isSounding = synth.isSounding
    status.isFaulted = fault != nil
    return status
  }

  /// Carries out a command from the speaker. Tones asked for after a shutdown are ignored.
  func apply(_ command: SpeakerCommand) {
    counts.applied += 1
    switch command {
    case .start(let hertz, let volume, let duration, let requested):
      guard shutdownDeadline == nil else { return }
      synth.start(hertz: hertz, volume: volume, duration: duration)
      if synth.isHeld { onsets.append(requested) }
    case .stop:
      synth.stop()
      // With no device open, a release has nothing to fade: drop it rather than open a
      // device (or retry a failing one) only to play it.
      if case .closed = device { synth.outputLost() }
    case .shutdown:
      synth.stop()
      if shutdownDeadline == nil { shutdownDeadline = now().advanced(by: Self.shutdownLimit) }
    }
  }

  /// One piece of work (open, start, write, stop, close), or none; returns what to wait
  /// for before the next step.
  func step() -> AudioWait {
    guard !counts.isFinished else { return .finished }
    counts.steps += 1
    let now = now()
    switch device {
    case .closed(let retryAt):
      if shutdownDeadline != nil { return finish() }
      // The first step opens the device, so that the first tone, too, finds it prepared.
      guard synth.isSounding || counts.openAttempts == 0 else {
        onsets.removeAll()
        return .command
      }
      if let retryAt, now < retryAt { return .commandOr(deadline: retryAt) }
      open(now: now)
      return .none
    case .prepared(let stream):
      guard synth.isSounding else {
        if shutdownDeadline != nil { return finish() }
        idleSinceWrite = true
        return .command
      }
      device = .running(stream)
      counts.starts += 1
      lastProgress = now
      return pump(stream, now: now)
    case .running(let stream):
      let playedOut = !synth.isSounding && pendingOffset == pending.count
      if let shutdownDeadline, playedOut || now >= shutdownDeadline { return finish() }
      if playedOut && silentFrames >= tailFrames(stream.format) {
        stop(stream, now: now)
        return .none
      }
      return pump(stream, now: now)
    }
  }

  /// The silence written after the last sound before the stream stops: a buffer, so that
  /// the drop discards only silence, and `holdOpen` more.
  private func tailFrames(_ format: StreamFormat) -> Int {
    format.bufferFrames + synth.frames(configuration.holdOpen)
  }

  /// Writes what there is room for, or says what to wait for.
  private func pump(_ stream: any PCMStream, now: MonotonicInstant) -> AudioWait {
    let available: Int
    do {
      available = try stream.available()
    } catch {
      failed(stream, error, now: now)
      return .none
    }
    let room = pacer.room(deviceAvailable: available, now: now)
    let period = stream.format.periodFrames
    let needed = onsets.isEmpty ? period : 1
    if room >= needed {
      write(stream, frames: min(room, period), now: now)
      return .none
    }
    if pacer.devicePaces {
      if givenUp(stream, now: now) { return .none }
      return .roomOrCommand(deadline: now.advanced(by: Self.deviceWait))
    }
    return .commandOr(deadline: now.advanced(by: pacer.delay(untilRoomFor: needed)))
  }

  /// Gives the device up when it has taken nothing for `stallLimit` and has no room now.
  ///
  /// Asked only when the device refuses samples: a thread kept off the processor for a
  /// second (a loaded machine, an emulator) finds room when it comes back, and that is
  /// an underrun at worst, not a lost device.
  private func givenUp(_ stream: any PCMStream, now: MonotonicInstant) -> Bool {
    guard let lastProgress, lastProgress.duration(to: now) > Self.stallLimit else {
      return false
    }
    let error = AudioError(code: ALSACode.timedOut, description: "it stopped taking samples")
    lost(stream, error, now: now)
    return true
  }

  private func write(_ stream: any PCMStream, frames: Int, now: MonotonicInstant) {
    let channels = stream.format.channels
    if pendingOffset == pending.count {
      render(frames: frames, channels: channels)
    }
    let result = pending.withUnsafeBufferPointer { samples -> Result<Int, AudioError> in
      Result { () throws(AudioError) -> Int in
        try stream.write(UnsafeBufferPointer(rebasing: samples[pendingOffset...]))
      }
    }
    switch result {
    case .success(let taken):
      guard taken > 0 else {
        _ = givenUp(stream, now: now)
        return
      }
      pendingOffset += taken * channels
      pacer.wrote(taken, now: now)
      lastProgress = now
      idleSinceWrite = false
      counts.framesWritten += taken
      for requested in onsets { onOnset?(requested.duration(to: now)) }
      onsets.removeAll()
    case .failure(let error):
      failed(stream, error, now: now)
    }
  }

  private func render(frames: Int, channels: Int) {
    let wasSounding = synth.isSounding
    if mono.count != frames { mono = [Int16](repeating: 0, count: frames) }
    mono.withUnsafeMutableBufferPointer { synth.render(into: $0) }
    silentFrames = wasSounding ? 0 : silentFrames + frames
    if channels == 1 {
      pending = mono
    } else {
      pending.removeAll(keepingCapacity: true)
      for sample in mono {
        for _ in 0..<channels { pending.append(sample) }
      }
    }
    pendingOffset = 0
  }

  private func open(now: MonotonicInstant) {
    let name = configuration.device
    counts.openAttempts += 1
    do {
      let opened = try opener.open(name, asking: configuration.streamFormat)
      let format = opened.format
      device = .prepared(opened)
      counts.opens += 1
      counts.format = format
      synth.setSampleRate(format.rate)
      pacer = Pacer(rate: format.rate, capacity: format.bufferFrames)
      discardPending()
      silentFrames = 0
      streamUnderruns = 0
      lastProgress = nil
      idleSinceWrite = false
      let described =
        "audio device '\(name)' open: \(format.rate) Hz, \(format.channels) channel(s), "
        + "period \(format.periodFrames) frames, buffer \(format.bufferFrames) frames "
        + "(\(format.bufferMilliseconds) ms)"
      if counts.opens == 1 { logger.info("\(described)") } else { logger.debug("\(described)") }
      if counts.opens == 1 && format.bufferMilliseconds > 10 {
        logger.warning(
          "audio device '\(name)' queues \(format.bufferMilliseconds) ms: tones will lag; a hw: or plughw: device queues less"
        )
      }
      if fault != nil {
        logger.notice("audio device '\(name)' is back")
        fault = nil
      }
    } catch {
      device = .closed(retryAt: now.advanced(by: configuration.retryInterval))
      synth.outputLost()
      onsets.removeAll()
      report(error.openFailure(device: name))
    }
  }

  /// Stops the stream once what sounded has played out (dropping only silence) and
  /// prepares it for the next tone.
  private func stop(_ stream: any PCMStream, now: MonotonicInstant) {
    // Not a drain: it would block the thread until the buffer has played, deaf to a new
    // tone, and leave the stream needing a prepare all the same.
    stream.drop()
    do {
      try stream.prepare()
    } catch {
      lost(stream, error, now: now)
      return
    }
    device = .prepared(stream)
    discardPending()
    pacer.reset()
    silentFrames = 0
    lastProgress = nil
  }

  private func failed(_ stream: any PCMStream, _ error: AudioError, now: MonotonicInstant) {
    guard error.isUnderrun else {
      lost(stream, error, now: now)
      return
    }
    do {
      try stream.recover(from: error)
    } catch {
      lost(stream, error, now: now)
      return
    }
    streamUnderruns += 1
    counts.underruns += 1
    let message = "underrun on audio device '\(configuration.device)' (\(error)); recovered"
    if streamUnderruns == 1 {
      logger.warning("\(message)")
    } else {
      logger.debug("\(message), \(streamUnderruns) since it opened")
    }
    synth.fadeInAfterGap()
    discardPending()
    pacer.reset()
  }

  private func lost(_ stream: any PCMStream, _ error: AudioError, now: MonotonicInstant) {
    stream.drop()
    stream.close()
    discardPending()
    lastProgress = nil
    if idleSinceWrite {
      // It went away while idle (unplugged, say): the tone that found out has not been
      // heard, so it is kept, and the device is reopened at once.
      device = .closed(retryAt: nil)
      synth.fadeInAfterGap()
    } else {
      device = .closed(retryAt: now.advanced(by: configuration.retryInterval))
      synth.outputLost()
      onsets.removeAll()
    }
    idleSinceWrite = false
    report("audio device '\(configuration.device)' failed: \(error)")
  }

  /// Logs a fault once, when it begins: while it lasts (until the device is back),
  /// retries say nothing at any log level.
  private func report(_ message: String) {
    guard fault == nil else { return }
    logger.error(
      "\(message); the game goes on silently, and the speaker retries while a tone is asked for"
    )
    fault = message
  }

  private func discardPending() {
    pending.removeAll(keepingCapacity: true)
    pendingOffset = 0
  }

  /// Plays out what is queued (a running stream), closes the device and ends the engine.
  private func finish() -> AudioWait {
    switch device {
    case .running(let stream):
      stream.drain()
      stream.close()
    case .prepared(let stream):
      stream.close()
    case .closed:
      break
    }
    device = .closed(retryAt: nil)
    counts.isFinished = true
    logger.info("\(finishedLine)")
    return .finished
  }

  /// What the shutdown logs: the underruns recovered since the engine was made, beside the
  /// audio written, so that an operator can tell a starved speaker from a sound one (e.g.
  /// "audio device 'default' closed: 2 underrun(s) recovered in 41.3 s of audio written").
  private var finishedLine: String {
    let rate = counts.format?.rate ?? ALSASpeaker.Configuration.sampleRate
    let tenths = counts.framesWritten * 10 / max(rate, 1)
    return "audio device '\(configuration.device)' closed: \(counts.underruns) underrun(s) "
      + "recovered in \(tenths / 10).\(tenths % 10) s of audio written"
  }
}
