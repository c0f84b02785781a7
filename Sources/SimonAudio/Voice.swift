/// One tone inside the synthesizer: an oscillator with its own envelope.
///
/// The oscillator is a point turning on the unit circle by the tone's angle per frame (a
/// few multiplications per sample, where a sine per sample cost most of the synthesizer's
/// time); its height is the sine. Rounding moves the point off the circle by about 1e-16
/// of its radius a frame, 2e-8 after an hour's hold, so it is never corrected. The envelope
/// moves in straight lines: from silence to the tone's level in exactly the attack time,
/// and from wherever it is to silence in exactly the release time.
struct Voice: Equatable, Sendable {
  /// The frequency in hertz.
  let hertz: Double
  /// The cycle's shape.
  let waveform: Waveform
  /// The oscillator's point across: the cosine of its phase (1 at phase 0).
  private var cosine = 1.0
  /// The oscillator's point up: the sine of its phase, the sample before the envelope.
  private var sine = 0.0
  /// The cosine of the angle the point turns by each frame, at the voice's sample rate.
  private var turnCosine = 1.0
  /// The sine of that angle.
  private var turnSine = 0.0
  /// The envelope's level now, as a fraction of full scale.
  var gain = 0.0
  /// The level the envelope is moving to; 0 once the voice is released.
  var target: Double
  /// How far the envelope moves per frame toward `target` (negative when falling).
  var step: Double
  /// The frames left until the envelope reaches `target`.
  var rampFrames: Int
  /// For a tone of a set length, the frames left before its release starts.
  var holdFrames: Int?

  /// A silent voice at phase 0, turning for its frequency at `sampleRate`.
  init(hertz: Double, sampleRate: Int, holdFrames: Int?) {
    self.hertz = hertz
    self.waveform = .forTone(hertz: hertz)
    self.target = 0
    self.step = 0
    self.rampFrames = 0
    self.holdFrames = holdFrames
    tune(sampleRate: sampleRate)
  }

  /// Whether the voice has been released (it is fading out or gone).
  var isReleased: Bool { target == 0 }

  /// Whether the voice has faded out completely and can be dropped.
  var isFinished: Bool { target == 0 && gain == 0 }

  /// Turns for the voice's frequency at another sample rate from now on.
  mutating func tune(sampleRate: Int) {
    (turnCosine, turnSine) = Waveform.turn(hertz: hertz, sampleRate: sampleRate)
  }

  /// Goes back to phase 0.
  mutating func restartPhase() {
    cosine = 1
    sine = 0
  }

  /// Starts the release: the level falls to silence in `releaseFrames`.
  mutating func release(over releaseFrames: Int) {
    holdFrames = nil
    ramp(to: 0, over: releaseFrames)
  }

  /// Moves the level to `level` in a straight line over `frames`.
  mutating func ramp(to level: Double, over frames: Int) {
    target = level
    rampFrames = max(frames, 1)
    step = (level - gain) / Double(rampFrames)
  }

  /// The next sample, from -gain to gain, turning the oscillator and moving the envelope
  /// by one frame.
  mutating func next(releaseFrames: Int) -> Double {
    if rampFrames > 0 {
      rampFrames -= 1
      gain = rampFrames == 0 ? target : gain + step
    }
    let value = gain * waveform.value(ofSine: sine)
    (cosine, sine) = (
      cosine * turnCosine - sine * turnSine, cosine * turnSine + sine * turnCosine
    )
    if let frames = holdFrames {
      if frames <= 1 {
        release(over: releaseFrames)
      } else {
        holdFrames = frames - 1
      }
    }
    return value
  }
}
