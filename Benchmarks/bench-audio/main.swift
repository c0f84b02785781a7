// Measures how fast the speaker turns `startTone` into samples handed to the device.
// Runs on the alsa-lib `file` plugin (a WAV file over the unpaced `null` PCM), which
// needs no sound card; the speaker paces itself on the clock there as a card would. It
// exits 1, saying why, when a series' tones reach the device not at all.
//   bench-audio [--smoke]
import ArgumentParser
import Glibc
import Logging
import SimonAudio
import SimonGame
import SimonHardware
import SimonPOSIX
import Synchronization

struct Options: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench-audio",
    abstract: "Times a tone from startTone to its first samples handed to the device.")

  @Flag(
    help:
      "A short run that shows it still works: 10, 10 and 3 tones, not 400, 400 and 40. Its figures are not worth reading."
  )
  var smoke = false
}
let options = Options.parseOrExit()

let path = "/tmp/bench-audio-\(MonotonicClock().now.nanoseconds).wav"
let device = "file:FILE=\"\(path)\",FORMAT=wav"
let clock = MonotonicClock()
let logger = {
  var logger = Logger(label: "bench-audio")
  logger.logLevel = .warning
  return logger
}()

/// Plays `count` pad tones (held `hold`, then `gap` of silence) and returns the onset
/// latencies and the time each `startTone` call took.
func measure(
  _ configuration: ALSASpeaker.Configuration, count: Int, hold: Duration, gap: Duration
) async throws -> (onsets: [Duration], calls: [Duration], buffer: Duration?) {
  let onsets = Mutex<[Duration]>([])
  let speaker = ALSASpeaker(configuration: configuration, logger: logger) { latency in
    onsets.withLock { $0.append(latency) }
  }
  var calls: [Duration] = []
  for index in 0..<count {
    let pad = Pad.allCases[index % Pad.allCases.count]
    let before = clock.now
    speaker.startTone(hertz: ToneSet.classic.hertz(of: pad), volume: 60)
    calls.append(before.duration(to: clock.now))
    try await Task.sleep(for: hold)
    speaker.stopTone()
    try await Task.sleep(for: gap)
  }
  speaker.shutdown()
  return (onsets.withLock { $0 }, calls, speaker.acceptedBuffer)
}

/// Ends the run, saying why on standard error.
func fail(_ why: String) -> Never {
  _ = unlink(path)
  var message = "bench-audio: \(why)\n"
  message.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
  exit(1)
}

let asked = ALSASpeaker.Configuration(device: device)
let (tones, pausedTones) = options.smoke ? (10, 3) : (400, 40)
let series: [(onsets: [Duration], calls: [Duration], buffer: Duration?)]
do {
  let warm = try await measure(
    asked, count: tones, hold: .milliseconds(12), gap: .milliseconds(8))
  let realtime = try await measure(
    ALSASpeaker.Configuration(device: device, realtimePriority: 10), count: tones,
    hold: .milliseconds(12), gap: .milliseconds(8))
  let cold = try await measure(
    ALSASpeaker.Configuration(device: device, holdOpen: .zero), count: pausedTones,
    hold: .milliseconds(12), gap: .milliseconds(30))
  series = [warm, realtime, cold]
} catch {
  fail("\(error)")
}
_ = unlink(path)
for (name, measured) in zip(["device open", "real-time priority", "stream stopped"], series)
where measured.onsets.isEmpty {
  fail("\(name): no tone reached the device \(device) (the speaker's warnings above say why)")
}
let (warm, realtime, cold) = (series[0], series[1], series[2])

let askedBuffer = Duration.microseconds(
  Int64(asked.bufferFrames * 1_000_000 / ALSASpeaker.Configuration.sampleRate))
let accepted = warm.buffer ?? askedBuffer

/// "met" or "MISSED".
func verdict(_ met: Bool) -> String { met ? "met" : "MISSED" }

/// The latency row's figures and its targets: p50 under 1 ms, p99 at most 10 ms.
func latency(_ samples: [Duration]) -> String {
  let statistics = Statistics(samples)
  return statistics.summary + "; targets p50 under 1 ms: "
    + verdict(statistics.percentile(0.5) < .milliseconds(1)) + ", p99 at most 10 ms: "
    + verdict(statistics.percentile(0.99) <= .milliseconds(10))
}

print("device: \(device) (alsa-lib file plugin over null: no sound card)")
print(
  "buffer: asked \(asked.bufferFrames) frames = \(milliseconds(askedBuffer)), "
    + "accepted \(milliseconds(accepted)); target at most 10 ms: "
    + verdict(accepted <= .milliseconds(10)))
print("startTone call:        \(Statistics(warm.calls).summary)")
print("startTone to first samples written (snd_pcm_writei returned):")
print("  device open:         \(latency(warm.onsets))")
print("  real-time priority:  \(latency(realtime.onsets))")
print("  stream stopped:      \(latency(cold.onsets)) (the first tone after a pause)")
