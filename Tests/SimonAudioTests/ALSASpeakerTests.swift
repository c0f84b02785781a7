import Foundation
import SimonGame
import SimonHardware
import Synchronization
import Testing

@testable import SimonAudio

/// The speaker through the real alsa-lib, into its `file` plugin.
@Suite struct ALSASpeakerTests {
  static let peak100 = ToneSynthesizer.level(volume: 100) * Double(Int16.max)

  /// The samples between the attack and the release of the first tone captured; a
  /// failure, not a crash, when the capture holds less than the tone.
  func steady(_ capture: Capture, ms: Int) throws -> ArraySlice<Int16> {
    let range = try #require(SignalAnalysis.soundingRange(capture.samples))
    let margin = 5 * capture.rate / 1000 + 10
    let end = range.lowerBound + ms * capture.rate / 1000
    try #require(
      end - margin <= capture.samples.count,
      "the capture ends \(capture.samples.count - range.lowerBound) frames into a tone of \(ms * capture.rate / 1000)"
    )
    return capture.samples[(range.lowerBound + margin)..<(end - margin)]
  }

  @Test(arguments: ToneSet.allCases, Pad.allCases)
  func everyPadSoundsAtItsFrequency(toneSet: ToneSet, pad: Pad) async throws {
    let hertz = toneSet.hertz(of: pad)
    let capture = try await Capture.record { speaker in
      speaker.playTone(hertz: hertz, volume: 80, duration: .milliseconds(150))
    }
    #expect(capture.rate == 48_000)
    let measured = SignalAnalysis.frequency(try steady(capture, ms: 150), rate: capture.rate)
    #expect(abs(measured - hertz) < 0.02, "\(toneSet) \(pad): \(measured) Hz")
  }

  @Test func theRazzSoundsAt42HertzForItsWholeLength() async throws {
    let capture = try await Capture.record { speaker in
      speaker.playTone(hertz: ToneSet.razzHertz, volume: 60, duration: Timings.razz)
    }
    let range = try #require(SignalAnalysis.soundingRange(capture.samples))
    let expected = 1_500 * 48 + 5 * 48
    #expect(abs(range.count - expected) <= 24, "sounded \(range.count) frames")
    let measured = SignalAnalysis.frequency(try steady(capture, ms: 1_500), rate: capture.rate)
    #expect(abs(measured - 42) < 0.01, "razz: \(measured) Hz")
  }

  @Test(arguments: [120, 420])
  func aToneLastsAsLongAsAsked(ms: Int) async throws {
    let capture = try await Capture.record { speaker in
      speaker.playTone(hertz: 310, volume: 60, duration: .milliseconds(ms))
    }
    let range = try #require(SignalAnalysis.soundingRange(capture.samples))
    #expect(abs(range.count - (ms + 5) * 48) <= 24, "sounded \(range.count) frames")
  }

  @Test(arguments: [415.0, 209, 42])
  func onsetAndEndDoNotClick(hertz: Double) async throws {
    let capture = try await Capture.record { speaker in
      speaker.playTone(hertz: hertz, volume: 100, duration: .milliseconds(200))
    }
    let range = try #require(SignalAnalysis.soundingRange(capture.samples))
    let samples = capture.samples
    #expect(abs(Int(samples[range.lowerBound])) < Int(Self.peak100 / 100))
    #expect(abs(Int(samples[range.upperBound])) < Int(Self.peak100 / 100))
    let drive = Waveform.forTone(hertz: hertz) == .buzz ? Waveform.buzzDrive : 1
    #expect(
      SignalAnalysis.largestStep(samples)
        <= SignalAnalysis.cleanStep(hertz: hertz, peak: Self.peak100, rate: 48_000, drive: drive))
  }

  @Test func aToneReplacedMidwayDoesNotClick() async throws {
    let capture = try await Capture.record { speaker in
      speaker.startTone(hertz: 415, volume: 100)
      try await waitUntil("some of the first tone is written") {
        speaker.status.framesWritten > 4_800
      }
      speaker.playTone(hertz: 209, volume: 100, duration: .milliseconds(50))
    }
    let samples = capture.samples
    #expect(
      SignalAnalysis.largestStep(samples)
        <= SignalAnalysis.cleanStep(hertz: 415, peak: Self.peak100, rate: 48_000))
    #expect(samples.allSatisfy { Double(abs(Int($0))) <= Self.peak100 + 1 })
  }

  @Test func aHeldToneSoundsUntilStoppedAndEndsClean() async throws {
    let capture = try await Capture.record { speaker in
      speaker.startTone(hertz: 252, volume: 60)
      try await waitUntil("the tone is written") { speaker.status.framesWritten > 2_400 }
      speaker.stopTone()
    }
    let range = try #require(SignalAnalysis.soundingRange(capture.samples))
    #expect(range.count > 2_400)
    let peak = ToneSynthesizer.level(volume: 60) * Double(Int16.max)
    #expect(abs(Int(capture.samples[range.upperBound])) < Int(peak / 100))
    #expect(
      SignalAnalysis.largestStep(capture.samples)
        <= SignalAnalysis.cleanStep(hertz: 252, peak: peak, rate: 48_000))
  }

  @Test func volumeScalesTheRMS() async throws {
    func rms(_ volume: Int) async throws -> Double {
      let capture = try await Capture.record { speaker in
        speaker.playTone(hertz: 310, volume: volume, duration: .milliseconds(100))
      }
      return SignalAnalysis.rms(try steady(capture, ms: 100))
    }
    let full = try await rms(100)
    let half = try await rms(50)
    let fifth = try await rms(20)
    #expect(abs(half / full - 0.5) < 0.002)
    #expect(abs(fifth / full - 0.2) < 0.002)
    #expect(abs(full - Self.peak100 / 2.squareRoot()) < Self.peak100 * 0.01)
  }

  @Test func volumeZeroSoundsNothing() async throws {
    let capture = try await Capture.record { speaker in
      speaker.startTone(hertz: 415, volume: 0)
      speaker.stopTone()
    }
    #expect(capture.samples.allSatisfy { $0 == 0 })
    #expect(capture.status.framesWritten == 0)
  }

  @Test func anUnopenableDeviceLeavesTheCallerRunningAndLogsOnce() async throws {
    let log = LogRecord()
    let speaker = ALSASpeaker(
      configuration: .init(device: "simon-no-such-pcm", retryInterval: .milliseconds(5)),
      logger: log.logger())
    speaker.startTone(hertz: 415, volume: 60)
    try await waitUntil("the open was retried") { speaker.status.openAttempts >= 3 }
    speaker.stopTone()
    speaker.startTone(hertz: 310, volume: 60)
    try await waitUntil("the open was retried again") { speaker.status.openAttempts >= 5 }
    speaker.stopTone()
    try await waitUntil("nothing is asked to sound") { speaker.isSettled }
    #expect(speaker.status.isFaulted)
    speaker.shutdown()
    let errors = log.lines(atLeast: .warning)
    #expect(errors.count == 1)
    #expect(errors.first?.message.contains("'simon-no-such-pcm'") == true)
  }

  @Test func theDeviceStaysOpenAndEveryToneStartsItAgain() async throws {
    let path = Capture.temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let onsets = Mutex<[Duration]>([])
    let speaker = ALSASpeaker(
      configuration: .init(device: Capture.device(path: path)), logger: LogRecord().logger()
    ) { latency in onsets.withLock { $0.append(latency) } }
    try await waitUntil("the device is open and prepared") {
      speaker.status.isOpen && !speaker.status.isRunning
    }
    for tone in 1...3 {
      speaker.playTone(hertz: 415, volume: 60, duration: .milliseconds(20))
      try await waitUntil("tone \(tone) has played and the device stopped") {
        speaker.isSettled && speaker.status.starts == tone && !speaker.status.isRunning
      }
    }
    speaker.shutdown()
    #expect(speaker.status.opens == 1 && speaker.status.openAttempts == 1)
    #expect(onsets.withLock { $0.count } == 3)
  }

  @Test func aSpeakerAskedForRealtimePriorityPlaysWithOrWithoutTheRight() async throws {
    let path = Capture.temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let log = LogRecord()
    let speaker = ALSASpeaker(
      configuration: .init(device: Capture.device(path: path), realtimePriority: 10),
      logger: log.logger())
    speaker.playTone(hertz: 415, volume: 60, duration: .milliseconds(20))
    try await waitUntil("the tone has ended") { speaker.isSettled }
    speaker.shutdown()
    #expect(speaker.status.framesWritten >= 25 * 48)
    #expect(log.lines(atLeast: .error).isEmpty)
    #expect(log.lines(atLeast: .warning).count <= 1)
  }

  @Test func startToneReturnsWithoutWaitingForTheDevice() async throws {
    _ = try await Capture.record { speaker in
      for _ in 0..<1_000 {
        speaker.startTone(hertz: 415, volume: 60)
        speaker.stopTone()
      }
    }
  }
}
