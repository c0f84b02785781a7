/// One tone inside the synthesizer: an oscillator with its own envelope.
///
/// The envelope moves in straight lines: from silence to the tone's level in exactly the
/// attack time, and from wherever it is to silence in exactly the release time.
struct Voice: Equatable, Sendable {
  /// The frequency in hertz.
  let hertz: Double
  /// The cycle's shape.
  let waveform: Waveform
  /// Where in the cycle the oscillator is, in cycles (0 up to 1).
  var phase = 0.0
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

  /// Whether the voice has been released (it is fading out or gone).
  var isReleased: Bool { target == 0 }

  /// Whether the voice has faded out completely and can be dropped.
  var isFinished: Bool { target == 0 && gain == 0 }

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

  /// The next sample, from -gain to gain, advancing the oscillator by `increment` cycles
  /// and the envelope by one frame.
  mutating func next(increment: Double, releaseFrames: Int) -> Double {
    if rampFrames > 0 {
      rampFrames -= 1
      gain = rampFrames == 0 ? target : gain + step
    }
    let value = gain * waveform.value(atPhase: phase)
    phase += increment
    if phase >= 1 { phase -= 1 }
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
