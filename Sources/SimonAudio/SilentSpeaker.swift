import SimonHardware

/// A speaker that never sounds: for `--audio none`, and for when sound is switched off.
///
/// The daemon can hand this to whatever plays tones instead of checking a setting before
/// each call; switching sound off while a tone sounds should stop that tone on the real
/// speaker first.
public struct SilentSpeaker: Speaker {
  /// A silent speaker.
  public init() {}

  /// Does nothing.
  public func startTone(hertz: Double, volume: Int) {}

  /// Does nothing.
  public func stopTone() {}
}
