import Logging
import SimonAudio
import SimonHardware

/// The speaker `simonctl play` sounds the cabinet's tones through: the configured ALSA
/// device, silent where there is no sound card (quietly: nothing may write over the
/// screen). The tones also show on screen ("♪ 415 Hz"). The one place that picks it.
func makeToneSpeaker(device: String) -> ALSASpeaker {
  makeSpeaker(device: device, quiet: true)
}
