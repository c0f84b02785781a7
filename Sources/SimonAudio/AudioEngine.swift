import Logging
import SimonHardware

/// The audio thread's loop: takes the speaker's commands, keeps a device open while
/// something sounds, renders the synthesizer into it, and survives every fault.
///
/// One thread owns an engine. It sleeps in `poll` on the device and the mailbox's wake
/// signal, so a command is seen at once. With nothing to sound and the device closed,
/// it blocks with no timeout: no wake-ups while idle.
final class AudioEngine {
  /// How long a wait on the device may last before the loop looks again.
  static let deviceWait: Duration = .milliseconds(100)
  /// How long an open device may take no samples before it counts as lost.
  static let stallLimit: Duration = .seconds(1)
  /// How long the shutdown may spend playing out a release.
  static let shutdownLimit: Duration = .milliseconds(250)

  private let configuration: ALSASpeaker.Configuration
  private let opener: any PCMOpener
  private let mailbox: Mailbox
  private let logger: Logger
  private let onOnset: (@Sendable (Duration) -> Void)?
  private let clock = MonotonicClock()

  private var stream: (any PCMStream)?
  private var synth: ToneSynthesizer
  private var pacer: Pacer
  private var mono: [Int16] = []
  private var pending: [Int16] = []
  private var pendingOffset = 0
  private var silentFrames = 0
  private var lastProgress: MonotonicInstant?
  private var retryAt: MonotonicInstant?
  private var fault: String?
  private var streamUnderruns = 0
  private var onsets: [MonotonicInstant] = []
  private var status = SpeakerStatus()

  /// An engine for a speaker's configuration, reading `mailbox`, opening devices with
  /// `opener`, logging faults to `logger` and reporting each tone's onset latency to
  /// `onOnset`.
  init(
    configuration: ALSASpeaker.Configuration, opener: any PCMOpener, mailbox: Mailbox,
    logger: Logger, onOnset: (@Sendable (Duration) -> Void)?
  ) {
    self.configuration = configuration
    self.opener = opener
    self.mailbox = mailbox
    self.logger = logger
    self.onOnset = onOnset
    let asked = configuration.streamFormat
    synth = ToneSynthesizer(sampleRate: asked.rate)
    pacer = Pacer(rate: asked.rate, capacity: asked.bufferFrames)
  }

  /// Runs until a shutdown command has been carried out.
  func run() {
    if let priority = configuration.realtimePriority {
      let error = AudioThread.makeCurrentRealtime(priority: priority)
      if error != 0 {
        logger.warning(
          "the audio thread cannot run at real-time priority \(priority): \(AudioError(code: -error)); it runs at normal priority"
        )
      }
    }
    while true {
      for command in mailbox.take() {
        if command == .shutdown {
          finish()
          return
        }
        apply(command)
      }
      status.turns += 1
      publish()
      step()
    }
  }

  private func apply(_ command: SpeakerCommand) {
    status.applied += 1
    switch command {
    case .start(let hertz, let volume, let duration, let requested):
      synth.start(hertz: hertz, volume: volume, duration: duration)
      if synth.isHeld { onsets.append(requested) }
    case .stop:
      synth.stop()
      // With no device open, a release has nothing to fade: drop it rather than open a
      // device (or retry a failing one) only to play it.
      if stream == nil { synth.outputLost() }
    case .shutdown:
      break
    }
  }

  /// One turn of the loop: block, open, close, write, or wait for room.
  private func step() {
    guard let stream else {
      if !synth.isSounding {
        onsets.removeAll()
        mailbox.wake.wait(timeout: nil)
        return
      }
      let now = clock.now
      if let retryAt, now < retryAt {
        mailbox.wake.wait(timeout: now.duration(to: retryAt))
        return
      }
      open()
      return
    }
    let holdOpen = synth.frames(configuration.holdOpen)
    if !synth.isSounding && pendingOffset == pending.count && silentFrames >= holdOpen {
      closeStream(stream, reason: "idle")
      return
    }
    pump(stream)
  }

  /// Writes what there is room for, or waits for room or a command.
  private func pump(_ stream: any PCMStream) {
    let now = clock.now
    if let lastProgress, lastProgress.duration(to: now) > Self.stallLimit {
      lost(stream, AudioError(code: -Errno.timedOut, description: "it stopped taking samples"))
      return
    }
    let available: Int
    do {
      available = try stream.available()
    } catch {
      failed(stream, error)
      return
    }
    let room = pacer.room(deviceAvailable: available, now: now)
    let period = stream.format.periodFrames
    let needed = onsets.isEmpty ? period : 1
    if room >= needed {
      write(stream, frames: min(room, period))
    } else if pacer.devicePaces {
      stream.wait(orWake: mailbox.wake, timeout: Self.deviceWait)
    } else {
      mailbox.wake.wait(timeout: pacer.delay(untilRoomFor: needed))
    }
  }

  private func write(_ stream: any PCMStream, frames: Int) {
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
      guard taken > 0 else { return }
      let now = clock.now
      pendingOffset += taken * channels
      pacer.wrote(taken, now: now)
      lastProgress = now
      status.framesWritten += taken
      for requested in onsets { onOnset?(requested.duration(to: now)) }
      onsets.removeAll()
    case .failure(let error):
      failed(stream, error)
    }
  }

  private func render(frames: Int, channels: Int) {
    if mono.count != frames { mono = [Int16](repeating: 0, count: frames) }
    mono.withUnsafeMutableBufferPointer { synth.render(into: $0) }
    silentFrames = synth.isSounding ? 0 : silentFrames + frames
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

  private func open() {
    let device = configuration.device
    status.openAttempts += 1
    do {
      let opened = try opener.open(device, asking: configuration.streamFormat)
      let format = opened.format
      stream = opened
      status.opens += 1
      status.format = format
      synth.setSampleRate(format.rate)
      pacer = Pacer(rate: format.rate, capacity: format.bufferFrames)
      discardPending()
      silentFrames = 0
      streamUnderruns = 0
      lastProgress = clock.now
      retryAt = nil
      let described =
        "audio device '\(device)' open: \(format.rate) Hz, \(format.channels) channel(s), "
        + "period \(format.periodFrames) frames, buffer \(format.bufferFrames) frames "
        + "(\(format.bufferMilliseconds) ms)"
      if status.opens == 1 { logger.info("\(described)") } else { logger.debug("\(described)") }
      if status.opens == 1 && format.bufferMilliseconds > 10 {
        logger.warning(
          "audio device '\(device)' queues \(format.bufferMilliseconds) ms: tones will lag; a hw: or plughw: device queues less"
        )
      }
      if fault != nil {
        logger.notice("audio device '\(device)' is back")
        fault = nil
      }
    } catch {
      retryAt = clock.now.advanced(by: configuration.retryInterval)
      synth.outputLost()
      onsets.removeAll()
      report(error.openFailure(device: device))
    }
  }

  private func failed(_ stream: any PCMStream, _ error: AudioError) {
    guard error.isUnderrun else {
      lost(stream, error)
      return
    }
    do {
      try stream.recover(from: error)
    } catch {
      lost(stream, error)
      return
    }
    streamUnderruns += 1
    status.underruns += 1
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

  private func lost(_ stream: any PCMStream, _ error: AudioError) {
    stream.drop()
    stream.close()
    self.stream = nil
    discardPending()
    synth.outputLost()
    onsets.removeAll()
    lastProgress = nil
    retryAt = clock.now.advanced(by: configuration.retryInterval)
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

  private func closeStream(_ stream: any PCMStream, reason: String) {
    stream.drop()
    stream.close()
    self.stream = nil
    discardPending()
    lastProgress = nil
    logger.debug("audio device '\(configuration.device)' closed (\(reason))")
  }

  private func discardPending() {
    pending.removeAll(keepingCapacity: true)
    pendingOffset = 0
  }

  /// Releases the tone, plays the release out (for a bounded time), drains and closes.
  private func finish() {
    synth.stop()
    let deadline = clock.now.advanced(by: Self.shutdownLimit)
    while let stream, synth.isSounding || pendingOffset < pending.count, clock.now < deadline {
      pump(stream)
    }
    if let stream {
      stream.drain()
      stream.close()
      self.stream = nil
    }
    status.isFinished = true
    publish()
  }

  private func publish() {
    status.isOpen = stream != nil
    status.isSounding = synth.isSounding
    status.isFaulted = fault != nil
    mailbox.publish(status)
  }
}
