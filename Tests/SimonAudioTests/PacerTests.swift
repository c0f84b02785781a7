import SimonHardware
import SimonPOSIX
import Testing

@testable import SimonAudio

@Suite struct PacerTests {
  let start = MonotonicInstant(sinceBoot: .seconds(100))

  @Test func aDeviceThatTakesEverythingIsPacedByTheClock() {
    var pacer = Pacer(rate: 48_000, capacity: 384)
    #expect(pacer.room(deviceAvailable: 384, now: start) == 384)
    pacer.wrote(384, now: start)
    #expect(pacer.room(deviceAvailable: 384, now: start) == 0)
    #expect(!pacer.devicePaces)
    #expect(pacer.delay(untilRoomFor: 128) == .nanoseconds(2_666_667))
    let later = start.advanced(by: .microseconds(2_667))
    #expect(pacer.room(deviceAvailable: 384, now: later) == 128)
    #expect(pacer.delay(untilRoomFor: 128) == .zero)
  }

  @Test func aDeviceThatHoldsFramesPacesItself() {
    var pacer = Pacer(rate: 48_000, capacity: 384)
    pacer.wrote(384, now: start)
    let later = start.advanced(by: .seconds(1))
    #expect(pacer.room(deviceAvailable: 100, now: later) == 100)
    #expect(pacer.devicePaces)
    #expect(pacer.delay(untilRoomFor: 128) > .zero)
  }

  @Test func resetForgetsTheQueue() {
    var pacer = Pacer(rate: 48_000, capacity: 384)
    pacer.wrote(384, now: start)
    pacer.reset()
    #expect(pacer.room(deviceAvailable: 384, now: start) == 384)
  }
}
