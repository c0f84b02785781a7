import Glibc
import SystemPackage

/// The calendar in local time.
extension POSIX {
  /// A date and time on the calendar: year (e.g. 2026), month 1-12, day 1-31, hour 0-23,
  /// minute, second.
  public struct CalendarTime: Equatable, Sendable {
    /// The year, e.g. 2026.
    public var year: Int
    /// The month, 1 to 12.
    public var month: Int
    /// The day of the month, 1 to 31.
    public var day: Int
    /// The hour, 0 to 23.
    public var hour: Int
    /// The minute, 0 to 59.
    public var minute: Int
    /// The second, 0 to 60 (a leap second).
    public var second: Int

    /// A date and time from its fields.
    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
      (self.year, self.month, self.day) = (year, month, day)
      (self.hour, self.minute, self.second) = (hour, minute, second)
    }

    /// The date as ISO 8601 writes it: "2026-11-29".
    public var isoDate: String {
      func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
      }
      return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }
  }

  /// The local date and time of a count of seconds since 1970 (localtime_r, which reads
  /// TZ or /etc/localtime).
  public static func localTime(epochSeconds: Int) -> CalendarTime {
    var seconds = time_t(epochSeconds)
    var fields = tm()
    localtime_r(&seconds, &fields)
    return CalendarTime(
      year: Int(fields.tm_year) + 1900, month: Int(fields.tm_mon) + 1, day: Int(fields.tm_mday),
      hour: Int(fields.tm_hour), minute: Int(fields.tm_min), second: Int(fields.tm_sec))
  }
}
