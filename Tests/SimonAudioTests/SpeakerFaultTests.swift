import SimonHardware
import Testing

@testable import SimonAudio

/// Faults that a real device shows only when unplugged or starved, on a fake card and a
/// manual clock: every open, write and retry, with its time.
@Suite struct SpeakerFaultTests {
  typealias Entry = FakeDevice.Entry

  @Test func aDeviceLostMidToneIsLoggedOnceRetriedAndComesBack() async throws {
    let driver = EngineDriver(retryInterval: .milliseconds(5))
    driver.startTone(hertz: 415, volume: 60)
    try await driver.run(for: .milliseconds(50))
    driver.device.plugged = false
    try await driver.run(for: .milliseconds(20))
    driver.device.plugged = true
    try await driver.run(for: .milliseconds(10))
    let entries = driver.device.entries
    // By 50 ms, 18 periods had played and 3 more were queued (18.75 periods' time).
    #expect(
      entries == [
        Entry(.zero, .opened), Entry(.zero, .started), Entry(.zero, .wrote(frames: 21 * 128)),
        Entry(.milliseconds(50), .dropped(audible: 288)), Entry(.milliseconds(50), .closed),
        Entry(.milliseconds(55), .openRefused), Entry(.milliseconds(60), .openRefused),
        Entry(.milliseconds(65), .openRefused), Entry(.milliseconds(70), .openRefused),
        Entry(.milliseconds(75), .opened), Entry(.milliseconds(75), .started),
        Entry(.milliseconds(75), .wrote(frames: 384 + 128)),
      ])
    #expect(!driver.status.isFaulted)
    let errors = driver.log.lines(atLeast: .error)
    #expect(errors.map(\.message).count == 1)
    #expect(errors.first?.message.contains("audio device 'fake' failed") == true)
    #expect(driver.log.all.contains { $0.level == .notice && $0.message.contains("is back") })
  }

  @Test func aDeviceUnpluggedWhileIdleIsReopenedByTheNextToneAtOnce() async throws {
    let driver = EngineDriver(retryInterval: .seconds(1))
    driver.playTone(hertz: 415, volume: 60, duration: .milliseconds(30))
    try await driver.runUntilIdle()
    driver.device.plugged = false
    #expect(try await driver.run(for: .seconds(5)) == [.command], "idle: nothing looks")
    driver.device.plugged = true
    let asked = driver.elapsed
    driver.startTone(hertz: 310, volume: 60)
    try await driver.run(for: .zero)
    #expect(
      driver.device.entries.suffix(5) == [
        Entry(asked, .dropped(audible: 0)), Entry(asked, .closed), Entry(asked, .opened),
        Entry(asked, .started), Entry(asked, .wrote(frames: 384)),
      ])
    #expect(driver.onsets.last == .zero)
    #expect(driver.log.lines(atLeast: .error).count == 1)
  }

  @Test func aDeviceThatStopsTakingSamplesIsGivenUpAfterASecondAndReopened() async throws {
    let driver = EngineDriver(retryInterval: .milliseconds(5))
    driver.startTone(hertz: 415, volume: 60)
    try await driver.run(for: .milliseconds(20))
    driver.device.hang()
    try await driver.run(for: .milliseconds(1_005))
    // Last written at 18.667 ms (10 periods, 2.5 of them still queued at 20 ms); the
    // thread looks every 100 ms, and at 1020 ms the device has taken nothing for over 1 s.
    let given = driver.device.entries.drop { $0.event == .opened || $0.event == .started }
    #expect(
      Array(given.prefix(6)) == [
        Entry(.zero, .wrote(frames: 10 * 128)),
        Entry(.milliseconds(1_020), .dropped(audible: 320)),
        Entry(.milliseconds(1_020), .closed), Entry(.milliseconds(1_025), .opened),
        Entry(.milliseconds(1_025), .started), Entry(.milliseconds(1_025), .wrote(frames: 384)),
      ])
    let errors = driver.log.lines(atLeast: .warning).map(\.message)
    #expect(errors.count == 1 && errors[0].contains("stopped taking samples"), "\(errors)")
  }

  @Test func aThreadKeptOffTheProcessorForOverASecondIsAnUnderrunNotALostDevice() async throws {
    let driver = EngineDriver()
    driver.startTone(hertz: 415, volume: 100)
    try await driver.run(for: .milliseconds(20))
    // A loaded machine or an emulator keeps the audio thread off for 1.5 s: the device
    // ran dry long ago, but it takes samples again, so it is not given up.
    await driver.clock.advance(by: .milliseconds(1_500))
    try await driver.run(for: .milliseconds(20))
    let events = driver.device.entries.map(\.event)
    #expect(!events.contains(.closed), "\(driver.device.entries)")
    #expect(events.filter { $0 == .underran }.count == 1)
    #expect(driver.status.opens == 1 && !driver.status.isFaulted)
    #expect(driver.log.lines(atLeast: .error).isEmpty)
  }

  @Test func anUnderrunIsRecoveredAndTheToneFadesBackIn() async throws {
    let driver = EngineDriver()
    driver.startTone(hertz: 415, volume: 100)
    try await driver.run(for: .milliseconds(20))
    let before = driver.device.samples.count
    // The thread is kept off the processor for 20 ms: the 8 ms buffer runs dry.
    await driver.clock.advance(by: .milliseconds(20))
    try await driver.run(for: .milliseconds(10))
    let ranDry = try #require(driver.device.entries.first { $0.event == .underran })
    #expect(ranDry.at == AudioEngineTests.periods(10))
    #expect(
      driver.device.entries.drop { $0.event != .underran }.map(\.event).prefix(4) == [
        .underran, .recovered, .started, .wrote(frames: 384 + 3 * 128),
      ])
    #expect(driver.status.underruns == 1 && driver.status.opens == 1)
    #expect(driver.log.lines(atLeast: .warning).count == 1)
    let resumed = driver.device.samples[before...]
    #expect(abs(Int(resumed.first!)) < 200)
  }

  @Test func nothingIsRetriedWhileNothingIsAskedToSound() async throws {
    let driver = EngineDriver(retryInterval: .milliseconds(5))
    driver.device.plugged = false
    #expect(try await driver.runUntilIdle() == [.command])
    driver.startTone(hertz: 415, volume: 60)
    try await driver.run(for: .milliseconds(12))
    driver.stopTone()
    #expect(try await driver.run(for: .seconds(5)) == [.command])
    driver.device.plugged = true
    driver.playTone(hertz: 310, volume: 60, duration: .milliseconds(10))
    try await driver.runUntilIdle()
    let retried = Duration.milliseconds(12) + .seconds(5)
    #expect(
      driver.device.entries.prefix(4) == [
        Entry(.zero, .openRefused), Entry(.milliseconds(5), .openRefused),
        Entry(.milliseconds(10), .openRefused), Entry(retried, .opened),
      ])
    #expect(driver.log.lines(atLeast: .error).count == 1)
  }

  @Test func retriesAreSpacedAndAStopOpensNothing() async throws {
    let driver = EngineDriver(retryInterval: .seconds(3_600))
    driver.device.plugged = false
    try await driver.runUntilIdle()
    driver.startTone(hertz: 415, volume: 60)
    let waits = try await driver.run(for: .seconds(1))
    #expect(waits == [.commandOr(deadline: driver.start.advanced(by: .seconds(3_600)))])
    driver.stopTone()
    #expect(try await driver.runUntilIdle() == [.command])
    driver.startTone(hertz: 415, volume: 60)
    driver.stopTone()
    #expect(try await driver.runUntilIdle() == [.command])
    #expect(driver.device.events == [.openRefused])
    #expect(driver.status.openAttempts == 1)
  }

  @Test func shutdownPlaysTheReleaseAndEnds() async throws {
    let driver = EngineDriver()
    driver.startTone(hertz: 415, volume: 100)
    try await driver.run(for: .milliseconds(20))
    driver.shutdown()
    #expect(try await driver.runUntilIdle().last == .finished)
    #expect(driver.device.events.suffix(2) == [.drained, .closed])
    #expect(driver.status.isFinished && !driver.status.isOpen)
    #expect(driver.device.samples.suffix(3).allSatisfy { abs(Int($0)) < 200 })
    driver.startTone(hertz: 415, volume: 100)
    #expect(driver.engine.step() == .finished)
    #expect(driver.device.events.suffix(2) == [.drained, .closed])
  }

  @Test func theShutdownLogsTheUnderrunsRecoveredSinceTheStart() async throws {
    let driver = EngineDriver()
    // Two tones, each starved once: the thread kept off the processor for 20 ms.
    for hertz in [415.0, 310] {
      driver.startTone(hertz: hertz, volume: 100)
      try await driver.run(for: .milliseconds(20))
      await driver.clock.advance(by: .milliseconds(20))
      try await driver.run(for: .milliseconds(10))
      driver.stopTone()
      try await driver.runUntilIdle()
    }
    #expect(driver.device.events.filter { $0 == .underran }.count == 2)
    #expect(driver.status.underruns == 2)
    #expect(!driver.log.all.contains { $0.message.contains("closed:") }, "not before shutdown")
    driver.shutdown()
    try await driver.runUntilIdle()
    let tenths = driver.status.framesWritten * 10 / 48_000
    #expect(tenths > 0)
    let closing = driver.log.all.filter { $0.message.contains("closed:") }
    #expect(closing.count == 1)
    #expect(closing.first?.level == .info)
    #expect(
      closing.first?.message
        == "audio device 'fake' closed: 2 underrun(s) recovered in "
        + "\(tenths / 10).\(tenths % 10) s of audio written")
  }

  @Test func aShutdownWithNoUnderrunSaysSo() async throws {
    let driver = EngineDriver()
    driver.playTone(hertz: 415, volume: 60, duration: .milliseconds(30))
    try await driver.runUntilIdle()
    driver.shutdown()
    try await driver.runUntilIdle()
    // The 30 ms tone, its 5 ms release and a buffer of silence: 14 + 3 periods, 0.045 s.
    #expect(driver.status.framesWritten == 17 * 128)
    #expect(
      driver.log.all.last?.message
        == "audio device 'fake' closed: 0 underrun(s) recovered in 0.0 s of audio written")
  }

  @Test func shutdownWhileIdleClosesThePreparedDevice() async throws {
    let driver = EngineDriver()
    try await driver.runUntilIdle()
    driver.shutdown()
    #expect(try await driver.runUntilIdle() == [.finished])
    #expect(driver.device.events == [.opened, .closed])
  }
}
