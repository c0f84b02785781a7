/// A sound the game asks for; the tone set turns it into a frequency.
public enum Tone: Equatable, Hashable, Sendable {
  /// A pad's own tone.
  case pad(Pad)
  /// The error tone: 42 Hz (orig).
  case razz
  /// The short countdown tick.
  case tick
  /// One note of the new-best fanfare, by its place in `ToneSet.fanfare`.
  case fanfare(Int)
}

/// Which frequencies the pads sound at (docs/design.md section 1). The only place they are written.
public enum ToneSet: String, CaseIterable, Codable, Sendable {
  /// The original Simon's tones (orig).
  case classic
  /// Do, re, mi, fa from middle C.
  case solfege

  /// The notes of the new-best fanfare in hertz (C5 E5 G5 C6), the same in both sets.
  public static let fanfare: [Double] = [523.25, 659.25, 783.99, 1046.50]

  /// The razz frequency (orig).
  public static let razzHertz = 42.0

  /// The countdown tick frequency.
  public static let tickHertz = 1000.0

  /// The frequency of a pad's tone in this set.
  public func hertz(of pad: Pad) -> Double {
    switch (self, pad) {
    case (.classic, .green): 415
    case (.classic, .red): 310
    case (.classic, .yellow): 252
    case (.classic, .blue): 209
    case (.solfege, .green): 261.63
    case (.solfege, .red): 293.66
    case (.solfege, .yellow): 329.63
    case (.solfege, .blue): 349.23
    }
  }

  /// The frequency of any tone in this set.
  public func hertz(of tone: Tone) -> Double {
    switch tone {
    case .pad(let pad): hertz(of: pad)
    case .razz: Self.razzHertz
    case .tick: Self.tickHertz
    case .fanfare(let note): Self.fanfare[note % Self.fanfare.count]
    }
  }
}
