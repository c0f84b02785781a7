/// Turns "start a tone" and "stop the tone" into 16-bit samples that never click.
///
/// Pure: no device, no clock; time is the count of frames rendered. Every tone fades in
/// over `attack` and out over `release`. A tone that replaces another cross-fades with it
/// over the same few milliseconds, so the waveform never jumps, and the sum of the
/// fading and the rising tone never exceeds the louder of the two. A tone sounds until
/// it is stopped or replaced, or for a set length.
struct ToneSynthesizer: Sendable {
  /// The time a tone takes to rise from silence to its level.
  static let attack: Duration = .milliseconds(5)
  /// The time a tone takes to fall from its level to silence.
  static let release: Duration = .milliseconds(5)
  /// The peak level at 100 % volume, as a fraction of 16-bit full scale (about -1 dBFS).
  static let fullScale = 0.9

  /// The frames per second the samples are rendered at.
  private(set) var sampleRate: Int
  private var voices: [Voice] = []

  /// A silent synthesizer rendering at `sampleRate` frames per second.
  init(sampleRate: Int) {
    self.sampleRate = sampleRate
  }

  /// Whether anything sounds or fades: false once the last release has ended.
  var isSounding: Bool { !voices.isEmpty }

  /// Whether a tone is held (started and neither stopped nor replaced nor run out).
  var isHeld: Bool { voices.contains { !$0.isReleased } }

  /// The attack time in frames at the current rate.
  var attackFrames: Int { frames(Self.attack) }

  /// The release time in frames at the current rate.
  var releaseFrames: Int { frames(Self.release) }

  /// The level of a volume in percent (clamped to 0-100): linear in amplitude, so 50 %
  /// is half the amplitude (-6 dB) of 100 %.
  static func level(volume: Int) -> Double {
    Double(min(max(volume, 0), 100)) / 100 * fullScale
  }

  /// The frames a duration lasts at the current rate, rounded to the nearest frame.
  func frames(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    let exact = (Double(seconds) + Double(attoseconds) * 1e-18) * Double(sampleRate)
    return Int(exact.rounded())
  }

  /// Renders at another rate from now on (after a device chose a different rate).
  mutating func setSampleRate(_ rate: Int) {
    sampleRate = rate
    for index in voices.indices { voices[index].tune(sampleRate: rate) }
  }

  /// Starts a tone, replacing (cross-fading out) any that sounds. A volume of 0, or a
  /// frequency that cannot be played (not above 0 and below half the sample rate), only
  /// stops what sounds.
  /// - Parameters:
  ///   - hertz: the frequency.
  ///   - volume: loudness in percent, 0-100.
  ///   - duration: when given, the tone's release starts this long after its attack
  ///     started, as if it were stopped then; otherwise it sounds until stopped.
  mutating func start(hertz: Double, volume: Int, duration: Duration? = nil) {
    stop()
    let level = Self.level(volume: volume)
    guard level > 0, hertz.isFinite, hertz > 0, hertz < Double(sampleRate) / 2 else { return }
    var voice = Voice(
      hertz: hertz, sampleRate: sampleRate, holdFrames: duration.map { max(frames($0), 1) })
    voice.ramp(to: level, over: attackFrames)
    voices.append(voice)
  }

  /// Releases every tone: each fades to silence over `release`.
  mutating func stop() {
    let releaseFrames = releaseFrames
    for index in voices.indices where !voices[index].isReleased {
      voices[index].release(over: releaseFrames)
    }
  }

  /// After a gap in the output (an underrun): every held tone fades in again from
  /// silence instead of resuming mid-wave; fading tones are dropped.
  mutating func fadeInAfterGap() {
    voices.removeAll { $0.isReleased }
    let attackFrames = attackFrames
    for index in voices.indices {
      voices[index].gain = 0
      voices[index].restartPhase()
      voices[index].ramp(to: voices[index].target, over: attackFrames)
    }
  }

  /// After the output was lost: only tones held until stopped are kept (to fade in when
  /// the output is back); fading tones and tones of a set length are dropped.
  mutating func outputLost() {
    voices.removeAll { $0.isReleased || $0.holdFrames != nil }
    fadeInAfterGap()
  }

  /// Renders the next `buffer.count` mono frames.
  mutating func render(into buffer: UnsafeMutableBufferPointer<Int16>) {
    let releaseFrames = releaseFrames
    // A finished voice adds silence until it is dropped, after the last frame.
    voices.withUnsafeMutableBufferPointer { voices in
      for frame in buffer.indices {
        var sum = 0.0
        for index in voices.indices { sum += voices[index].next(releaseFrames: releaseFrames) }
        // Half away from zero, as `rounded()`, without its call into libm on x86-64.
        let scaled = max(-1, min(1, sum)) * Double(Int16.max)
        buffer[frame] = Int16(scaled + (scaled < 0 ? -0.5 : 0.5))
      }
    }
    voices.removeAll(where: \.isFinished)
  }

  /// Renders the next `count` mono frames into a new array.
  mutating func render(count: Int) -> [Int16] {
    var samples = [Int16](repeating: 0, count: count)
    samples.withUnsafeMutableBufferPointer { render(into: $0) }
    return samples
  }
}
