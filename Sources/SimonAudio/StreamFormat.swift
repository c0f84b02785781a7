/// How a playback stream is set up: what is asked of a device, or what it accepted.
struct StreamFormat: Equatable, Sendable {
  /// Frames per second.
  var rate: Int
  /// Interleaved channels per frame; every channel carries the same mono signal.
  var channels: Int
  /// Frames per period: the device wakes the writer once per period.
  var periodFrames: Int
  /// Frames the device buffer holds: at most this much is queued ahead of the speaker.
  var bufferFrames: Int

  /// The length of the device buffer in milliseconds.
  var bufferMilliseconds: Double { Double(bufferFrames) * 1000 / Double(rate) }

  /// The length of a period in milliseconds.
  var periodMilliseconds: Double { Double(periodFrames) * 1000 / Double(rate) }
}
