import Logging
import SimonAudio
import SimonHardware

/// The speaker simonctl plays through, on the configured ALSA device: the one place that
/// picks it. Like the daemon's, it never fails: without a device the check is silent
/// and says so once.
func makeSpeaker(device: String) -> ALSASpeaker {
  ALSASpeaker(configuration: .init(device: device), logger: Logger(label: "simonctl"))
}
