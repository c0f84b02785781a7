import Logging
import SimonAudio
import SimonHardware

/// The speaker simonctl plays through, on the configured ALSA device: the one place that
/// picks it. Like the daemon's, it never fails: without a device the check is silent
/// and says so once, on standard error (`quiet`: not at all, for full-screen use).
func makeSpeaker(device: String, quiet: Bool = false) -> ALSASpeaker {
  var logger = Logger(label: "simonctl") { label in
    StreamLogHandler.standardError(label: label)
  }
  if quiet { logger.logLevel = .critical }
  return ALSASpeaker(configuration: .init(device: device), logger: logger)
}
