import Testing

@testable import SimonAudio

/// Faults that a real device shows only when unplugged or starved, on a fake device.
@Suite struct SpeakerFaultTests {
  func speaker(_ device: FakeDevice, _ log: LogRecord) -> ALSASpeaker {
    ALSASpeaker(
      configuration: .init(device: "fake", retryInterval: .milliseconds(5)),
      logger: log.logger(), opener: device, onOnset: nil)
  }

  @Test func aDeviceLostMidToneIsLoggedOnceRetriedAndComesBack() async throws {
    let device = FakeDevice()
    let log = LogRecord()
    let speaker = speaker(device, log)
    speaker.startTone(hertz: 415, volume: 60)
    try await waitUntil("the tone is written") { speaker.status.framesWritten > 1_000 }
    device.plugged = false
    try await waitUntil("the loss is seen") { speaker.status.isFaulted }
    let attempts = speaker.status.openAttempts
    try await waitUntil("the open is retried") { speaker.status.openAttempts >= attempts + 3 }
    let written = speaker.status.framesWritten
    device.plugged = true
    try await waitUntil("the device is back") {
      speaker.status.opens == 2 && speaker.status.framesWritten > written + 1_000
    }
    #expect(!speaker.status.isFaulted)
    speaker.stopTone()
    speaker.shutdown()
    let errors = log.lines(atLeast: .error)
    #expect(errors.count == 1)
    #expect(errors.first?.message.contains("audio device 'fake' failed") == true)
    #expect(log.all.contains { $0.level == .notice && $0.message.contains("is back") })
  }

  @Test func anUnderrunIsRecoveredAndTheToneFadesBackIn() async throws {
    let device = FakeDevice()
    let log = LogRecord()
    let speaker = speaker(device, log)
    speaker.startTone(hertz: 415, volume: 100)
    try await waitUntil("the tone is written") { speaker.status.framesWritten > 1_000 }
    let before = device.samples.count
    device.causeUnderrun()
    device.causeUnderrun()
    try await waitUntil("the tone is written again") { device.samples.count > before + 1_000 }
    speaker.shutdown()
    #expect(speaker.status.underruns == 2)
    #expect(speaker.status.opens == 1)
    #expect(log.lines(atLeast: .warning).count == 1)
    let resumed = device.samples[before...]
    #expect(abs(Int(resumed.first!)) < 200)
  }

  @Test func nothingIsRetriedWhileNothingIsAskedToSound() async throws {
    let device = FakeDevice()
    device.plugged = false
    let log = LogRecord()
    let speaker = speaker(device, log)
    speaker.startTone(hertz: 415, volume: 60)
    try await waitUntil("the open is retried") { speaker.status.openAttempts >= 2 }
    speaker.stopTone()
    try await waitUntil("nothing sounds") { speaker.isSettled }
    let turns = speaker.status.turns
    try await Task.sleep(for: .milliseconds(50))
    #expect(speaker.status.turns == turns)
    device.plugged = true
    speaker.playTone(hertz: 310, volume: 60, duration: .milliseconds(10))
    try await waitUntil("the tone is played") { speaker.isSettled && speaker.status.opens == 1 }
    speaker.shutdown()
    #expect(log.lines(atLeast: .error).count == 1)
  }

  @Test func retriesAreSpacedAndAStopOpensNothing() async throws {
    let device = FakeDevice()
    device.plugged = false
    let speaker = ALSASpeaker(
      configuration: .init(device: "fake", retryInterval: .seconds(3_600)),
      logger: LogRecord().logger(), opener: device, onOnset: nil)
    speaker.startTone(hertz: 415, volume: 60)
    try await waitUntil("the open failed") { speaker.status.isFaulted }
    let applied = speaker.status.applied
    speaker.startTone(hertz: 310, volume: 60)
    try await waitUntil("the tone is taken") { speaker.status.applied == applied + 1 }
    speaker.stopTone()
    try await waitUntil("nothing sounds") { speaker.isSettled }
    #expect(speaker.status.openAttempts == 1)
    speaker.startTone(hertz: 415, volume: 60)
    speaker.stopTone()
    try await waitUntil("nothing sounds") { speaker.isSettled }
    #expect(speaker.status.openAttempts == 1)
    speaker.shutdown()
  }

  @Test func shutdownPlaysTheReleaseAndEndsTheThread() async throws {
    let device = FakeDevice()
    let speaker = speaker(device, LogRecord())
    speaker.startTone(hertz: 415, volume: 100)
    try await waitUntil("the tone is written") { speaker.status.framesWritten > 1_000 }
    speaker.shutdown()
    #expect(speaker.status.isFinished)
    #expect(!speaker.status.isOpen)
    #expect(device.samples.suffix(3).allSatisfy { abs(Int($0)) < 200 })
    speaker.startTone(hertz: 415, volume: 100)
    speaker.shutdown()
  }
}
