import SimonHardware
import Testing

@testable import SimonAudio

/// The engine on a fake card and a manual clock: what it does to the device, when, and
/// how long its thread would sleep.
///
/// The card's numbers: 48 kHz, periods of 128 frames (2.667 ms), a buffer of 384 (8 ms).
@Suite struct AudioEngineTests {
  typealias Entry = FakeDevice.Entry

  /// The time 128 frames take at 48 kHz, rounded up to the nanosecond, `count` times.
  static func periods(_ count: Int) -> Duration {
    .nanoseconds((Int64(count) * 128 * 1_000_000_000 + 47_999) / 48_000)
  }

  @Test func theDeviceIsOpenedAtOnceThenTheThreadSleepsWithNoTimeout() async throws {
    let driver = EngineDriver()
    #expect(try await driver.runUntilIdle() == [.command])
    #expect(driver.device.entries == [Entry(.zero, .opened)])
    let steps = driver.status.steps
    #expect(try await driver.run(for: .seconds(5)) == [.command])
    #expect(driver.status.steps == steps + 1, "one step in five seconds of idle")
    #expect(driver.status.isOpen && !driver.status.isRunning)
  }

  @Test func aToneAfterFiveSecondsOfIdleStartsThePreparedDeviceTheInstantItIsAsked()
    async throws
  {
    let driver = EngineDriver()
    try await driver.runUntilIdle()
    driver.playTone(hertz: 415, volume: 60, duration: .milliseconds(30))
    try await driver.runUntilIdle()
    let idleFrom = driver.elapsed
    let stepsBefore = driver.status.steps
    #expect(try await driver.run(for: .seconds(5)) == [.command])
    #expect(driver.status.steps == stepsBefore + 1)

    let asked = driver.elapsed
    driver.startTone(hertz: 310, volume: 60)
    try await driver.run(for: .zero)
    // The tone of 30 ms and its release of 5 ms are 1680 frames: 14 periods hold sound,
    // then 3 periods (a buffer) of silence, written once 1792 frames had played; then
    // the drop discards only that silence.
    #expect(idleFrom == Self.periods(14))
    #expect(
      driver.device.entries == [
        Entry(.zero, .opened),
        Entry(.zero, .started),
        Entry(.zero, .wrote(frames: 17 * 128)),
        Entry(idleFrom, .dropped(audible: 0)),
        Entry(idleFrom, .prepared),
        Entry(asked, .started),
        Entry(asked, .wrote(frames: 384)),
      ])
    #expect(driver.onsets == [.zero, .zero])
    #expect(asked == idleFrom + .seconds(5))
    let second = driver.device.samples[(17 * 128)...]
    #expect(second.prefix(4).contains { $0 != 0 }, "no silence is queued ahead of the tone")
  }

  @Test func aHeldToneStopsTheDeviceOnceItsReleaseHasPlayed() async throws {
    let driver = EngineDriver()
    driver.startTone(hertz: 252, volume: 100)
    try await driver.run(for: .milliseconds(100))
    #expect(driver.status.isRunning)
    driver.stopTone()
    try await driver.runUntilIdle()
    let entries = driver.device.entries
    #expect(entries.map(\.event).suffix(2) == [.dropped(audible: 0), .prepared])
    #expect(entries.filter { $0.event == .started }.count == 1)
    #expect(!entries.contains { $0.event == .underran })
    let samples = driver.device.samples
    let lastSound = try #require(samples.lastIndex { $0 != 0 })
    #expect(samples.count - lastSound - 1 >= 384, "a buffer of silence follows the release")
    #expect(abs(Int(samples[lastSound])) < 200, "the release ends quietly")
  }

  @Test func aToneDuringTheSilenceAfterAnotherKeepsTheDeviceRunning() async throws {
    let driver = EngineDriver()
    driver.playTone(hertz: 415, volume: 60, duration: .milliseconds(10))
    try await driver.run(for: .milliseconds(12))
    #expect(driver.status.isRunning && !driver.status.isSounding)
    driver.playTone(hertz: 209, volume: 60, duration: .milliseconds(10))
    try await driver.runUntilIdle()
    #expect(
      driver.device.events == [
        .opened, .started, .wrote(frames: driver.status.framesWritten), .dropped(audible: 0),
        .prepared,
      ])
    #expect(driver.onsets == [.zero, .zero])
  }

  @Test func holdOpenKeepsTheDevicePlayingSilenceThatLong() async throws {
    let driver = EngineDriver(holdOpen: .milliseconds(100))
    driver.playTone(hertz: 415, volume: 60, duration: .milliseconds(30))
    try await driver.runUntilIdle()
    // 14 periods of sound, then 4800 + 384 frames of silence: 41 periods (rounded up),
    // the last written once 52 periods had played.
    #expect(
      driver.device.entries.suffix(3) == [
        Entry(.zero, .wrote(frames: 55 * 128)),
        Entry(Self.periods(52), .dropped(audible: 0)),
        Entry(Self.periods(52), .prepared),
      ])
  }

  @Test func aRunningDeviceWakesTheThreadOncePerPeriod() async throws {
    let driver = EngineDriver()
    driver.startTone(hertz: 415, volume: 60)
    // 80 ms are 30 periods: a sleep for each, and the one it is in when the clock stops.
    let waits = try await driver.run(for: .milliseconds(80))
    #expect(waits.count == 31)
    #expect(
      waits.allSatisfy {
        if case .roomOrCommand = $0 { true } else { false }
      })
  }

  @Test func aLongIdleIsNotTakenForAStalledDevice() async throws {
    let driver = EngineDriver()
    driver.playTone(hertz: 415, volume: 60, duration: .milliseconds(10))
    try await driver.runUntilIdle()
    try await driver.run(for: .seconds(5))
    driver.playTone(hertz: 415, volume: 60, duration: .milliseconds(10))
    try await driver.runUntilIdle()
    #expect(driver.status.opens == 1 && driver.status.starts == 2)
    #expect(!driver.status.isFaulted)
    #expect(driver.log.lines(atLeast: .warning).isEmpty)
  }

  @Test func volumeZeroWritesNothing() async throws {
    let driver = EngineDriver()
    driver.startTone(hertz: 415, volume: 0)
    driver.stopTone()
    #expect(try await driver.runUntilIdle() == [.command])
    #expect(driver.device.events == [.opened])
    #expect(driver.onsets.isEmpty)
  }
}
