import SimonPOSIX
import Testing

@Suite("The calendar in local time")
struct CalendarTimeTests {
  @Test func theISODatePadsTheYearTheMonthAndTheDay() {
    let time = { (year: Int, month: Int, day: Int) in
      POSIX.CalendarTime(year: year, month: month, day: day, hour: 23, minute: 59, second: 60)
    }
    #expect(time(2026, 11, 29).isoDate == "2026-11-29")
    #expect(time(2026, 1, 5).isoDate == "2026-01-05")
    #expect(time(970, 12, 31).isoDate == "0970-12-31")
    #expect(time(1970, 1, 1).isoDate == "1970-01-01")
  }
}
