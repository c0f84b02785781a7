import SimonHardware

/// The speaker simonctl plays through: the one place that picks it.
func makeSpeaker() -> any Speaker {
  PrintingSpeaker()
}

/// A speaker that prints each tone it is asked for, "(tone 415 Hz)".
struct PrintingSpeaker: Speaker {
  /// Prints the tone's frequency.
  func startTone(hertz: Double, volume: Int) {
    Console.say("(tone \(HardwareReport.number(hertz)) Hz)")
  }

  /// Prints nothing: the tone's start said enough.
  func stopTone() {}
}
