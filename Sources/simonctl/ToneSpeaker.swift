import SimonHardware

/// The speaker `simonctl play` sounds the cabinet's tones through, or nil to play
/// silently: the tones still show on screen ("♪ 415 Hz"). The one place that picks it.
func makeToneSpeaker() -> (any Speaker)? {
  nil
}
