import Foundation
import SimonHardware
import Testing

@testable import SimonAudio

/// The engine on the real alsa-lib (its `file` plugin over `null`, which takes samples as
/// fast as they come, so the engine paces itself on the clock) and a manual clock.
@Suite struct EngineOnALSATests {
  @Test func aToneAfterFiveSecondsOfIdleIsWrittenToThePreparedPCMTheInstantItIsAsked()
    async throws
  {
    let path = Capture.temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let driver = EngineDriver(
      configuration: .init(device: Capture.device(path: path)), opener: ALSAOpener())
    #expect(try await driver.runUntilIdle() == [.command])
    driver.playTone(hertz: 415, volume: 60, duration: .milliseconds(30))
    try await driver.runUntilIdle()
    #expect(try await driver.run(for: .seconds(5)) == [.command])

    driver.playTone(hertz: 310, volume: 60, duration: .milliseconds(30))
    try await driver.run(for: .zero)
    #expect(driver.onsets == [.zero, .zero])
    let status = driver.status
    #expect(status.opens == 1 && status.starts == 2 && status.isRunning)
    #expect(status.framesWritten == 17 * 128 + 384, "the first tone and a buffer of this one")

    try await driver.runUntilIdle()
    driver.shutdown()
    #expect(try await driver.runUntilIdle() == [.finished])
    let samples = try WAVFile(path: path).samples
    #expect(samples.count == 2 * 17 * 128)
    let first = try #require(SignalAnalysis.soundingRange(Array(samples[..<(17 * 128)])))
    let second = try #require(SignalAnalysis.soundingRange(Array(samples[(17 * 128)...])))
    #expect(abs(first.count - 35 * 48) <= 2 && abs(second.count - 35 * 48) <= 2)
    #expect(second.lowerBound <= 1, "nothing is queued ahead of the tone")
  }

  @Test func anUnopenableDeviceIsTriedAgainOnlyWhileAToneIsHeldAndLoggedOnce() async throws {
    let driver = EngineDriver(
      configuration: .init(device: "simon-no-such-pcm", retryInterval: .milliseconds(5)),
      opener: ALSAOpener())
    #expect(try await driver.runUntilIdle() == [.command])
    driver.startTone(hertz: 415, volume: 60)
    try await driver.run(for: .milliseconds(20))
    driver.stopTone()
    #expect(try await driver.run(for: .seconds(5)) == [.command])
    driver.startTone(hertz: 310, volume: 60)
    try await driver.run(for: .milliseconds(10))
    driver.stopTone()
    #expect(try await driver.runUntilIdle() == [.command])
    #expect(driver.status.openAttempts == 1 + 4 + 3)
    #expect(driver.status.isFaulted)
    let errors = driver.log.lines(atLeast: .warning)
    #expect(errors.count == 1)
    #expect(errors.first?.message.contains("'simon-no-such-pcm'") == true)
    // Once per fault at every level: the retries that fail alike say nothing, even in a
    // debug log.
    let mentions = driver.log.lines(atLeast: .trace).filter {
      $0.message.contains("simon-no-such-pcm")
    }
    #expect(mentions.count == 1, "\(mentions.map(\.message))")
  }
}
