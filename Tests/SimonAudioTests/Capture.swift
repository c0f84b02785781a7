import Foundation
import Logging
import SimonHardware
import SimonProcessSupport

@testable import SimonAudio

/// Runs a speaker on the alsa-lib `file` plugin (over the `null` PCM) and reads back what
/// it played. The `null` PCM is not paced; the speaker paces itself on the clock, but
/// nothing here depends on how fast: tones of a set length are exact in samples.
struct Capture {
  /// What the speaker wrote, first channel.
  var samples: [Int16]
  /// The file's frame rate.
  var rate: Int
  /// The log lines of the speaker.
  var log: LogRecord
  /// The speaker's last status.
  var status: SpeakerStatus

  /// A PCM name that writes a WAV file to `path`.
  static func device(path: String) -> String { "file:FILE=\"\(path)\",FORMAT=wav" }

  /// A fresh path for a capture file.
  static func temporaryPath() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("simon-audio-\(UUID().uuidString).wav").path
  }

  /// Plays with a fresh speaker writing to a temporary WAV file, waits until nothing
  /// sounds, shuts the speaker down (which closes the file), and reads the file.
  static func record(_ play: (ALSASpeaker) async throws -> Void) async throws -> Capture {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let log = LogRecord()
    let speaker = ALSASpeaker(
      configuration: .init(device: device(path: path)), logger: log.logger())
    try await play(speaker)
    try await waitUntil("the tone has ended") { speaker.isSettled }
    speaker.shutdown()
    let status = speaker.status
    guard FileManager.default.fileExists(atPath: path) else {
      return Capture(
        samples: [], rate: ALSASpeaker.Configuration.sampleRate, log: log, status: status)
    }
    let file = try WAVFile(path: path)
    return Capture(samples: file.samples, rate: file.rate, log: log, status: status)
  }
}

/// Why a wait gave up.
struct WaitTimedOut: Error, CustomStringConvertible {
  /// What was waited for.
  var description: String
}

/// Waits until `condition` holds, checking every 2 ms (a test acts mid-tone); throws after
/// 90 s (a generous bound that is never reached unless something is broken: under
/// ThreadSanitizer on a busy 2-core machine a 1.5 s razz took 46 s to play).
func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
  guard await eventually(timeout: 90, every: .milliseconds(2), condition) else {
    throw WaitTimedOut(description: "timed out waiting until \(what)")
  }
}
