import Foundation
import SimonHardware
import Testing

@testable import SimonAudio

@Suite struct SoundCheckTests {
  @Test func playsTheToneForItsLength() throws {
    let path = Capture.temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try SoundCheck.play(
      hertz: 415, volume: 60, duration: .milliseconds(250), device: Capture.device(path: path))
    let file = try WAVFile(path: path)
    let range = try #require(SignalAnalysis.soundingRange(file.samples))
    #expect(abs(range.count - 255 * 48) <= 24)
    let steady = file.samples[(range.lowerBound + 300)..<(range.upperBound - 300)]
    #expect(abs(SignalAnalysis.frequency(steady, rate: file.rate) - 415) < 0.02)
  }

  @Test func aMissingDeviceIsAnErrorNamingIt() {
    #expect {
      try SoundCheck.play(
        hertz: 415, volume: 60, duration: .milliseconds(10), device: "simon-no-such-pcm")
    } throws: { error in
      guard let error = error as? HardwareError else { return false }
      return error.kind == .noDevice && error.message.contains("'simon-no-such-pcm'")
    }
  }
}
