import Logging
import SimonHardware

/// Makes the ALSA speaker for the configured device.
enum AudioBackend {
  static func speaker(device: String, logger: Logger) -> (any Speaker)? {
    nil
  }
}
