import FoundationEssentials
import SimonScores
import SimonStateFiles
import Testing

@Suite struct TimestampsTests {
  @Test(arguments: [
    (0.0, "1970-01-01T00:00:00.000Z"),
    (1_795_289_825.123, "2026-11-21T19:37:05.123Z"),
    (951_782_400, "2000-02-29T00:00:00.000Z"),
    (4_107_542_399.999, "2100-02-28T23:59:59.999Z"),
    (-1.5, "1969-12-31T23:59:58.500Z"),
  ])
  func writesUTCByHand(_ seconds: Double, _ text: String) {
    let date = Date(timeIntervalSince1970: seconds)
    #expect(Timestamps.utc(date) == text)
    #expect(Timestamps.parseUTC(text) == date)
  }

  @Test func roundTripsEveryDayOfFourHundredYears() {
    var seconds = -2_208_988_800.0  // 1900-01-01
    for _ in 0..<(146_097 / 7) {
      let date = Date(timeIntervalSince1970: seconds + 45_296.789)
      #expect(Timestamps.parseUTC(Timestamps.utc(date)) == date)
      seconds += 7 * 86_400
    }
  }

  @Test func readsOtherFractionLengths() {
    #expect(
      Timestamps.parseUTC("2026-11-21T19:37:05Z") == Date(timeIntervalSince1970: 1_795_289_825))
    #expect(
      Timestamps.parseUTC("2026-11-21T19:37:05.1Z") == Date(timeIntervalSince1970: 1_795_289_825.1))
    #expect(
      Timestamps.parseUTC("2026-11-21T19:37:05.123456789Z")
        == Date(timeIntervalSince1970: 1_795_289_825.123))
  }

  @Test(arguments: [
    "", "2026-11-21", "2026-11-21T19:37:05", "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z",
    "2026-11-21 19:37:05Z", "2026-11-21T24:00:00Z", "2026-11-21T19:37:05.Z", "x026-11-21T19:37:05Z",
  ])
  func refusesAnythingElse(_ text: String) {
    #expect(Timestamps.parseUTC(text) == nil)
  }

  @Test func compactFormForFileNames() {
    #expect(Timestamps.compactUTC(time()) == "20261121T193705Z")
  }
}
