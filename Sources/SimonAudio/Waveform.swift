import Glibc

/// The shape of one cycle of a tone.
enum Waveform: Equatable, Sendable {
  /// A pure sine: the pad tones, the tick and the fanfare.
  case sine
  /// A sine driven into soft clipping: nearly square, rich in odd harmonics, with no
  /// corner sharper than the sine's own slope. Low tones get it because small cabinet
  /// speakers cannot reproduce a low sine (the 42 Hz razz would be all but inaudible);
  /// the harmonics make them heard, as the original's square-wave razz was.
  case buzz

  /// Tones below this frequency get the `buzz` shape.
  static let buzzBelowHertz = 100.0

  /// How hard `buzz` drives the sine into clipping.
  static let buzzDrive = 3.0

  /// The shape a tone of this frequency is played with.
  static func forTone(hertz: Double) -> Waveform {
    hertz < buzzBelowHertz ? .buzz : .sine
  }

  /// The value, from -1 to 1, where the underlying sine stands at `sine`.
  func value(ofSine sine: Double) -> Double {
    switch self {
    case .sine: return sine
    case .buzz: return max(-1, min(1, sine * Self.buzzDrive))
    }
  }

  /// The turn of the oscillator per frame for a frequency at a sample rate: the cosine and
  /// sine of its angle (libm's, once per tone, not once per sample).
  static func turn(hertz: Double, sampleRate: Int) -> (cosine: Double, sine: Double) {
    let angle = 2 * Double.pi * hertz / Double(sampleRate)
    return (cos(angle), sin(angle))
  }
}
