import FoundationEssentials
import SimonJSON

/// Dates as text without any locale machinery: UTC ISO 8601 for files (computed by
/// hand, proleptic Gregorian calendar), local time for tables. Millisecond precision;
/// anything finer is rounded away.
public enum Timestamps {
  /// "2026-11-21T19:37:05.123Z": the form state files hold.
  public static func utc(_ date: Date) -> String {
    var bytes: [UInt8] = []
    appendUTC(epochMilliseconds(date), to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// "20261121T193705Z": UTC to the second, for file names.
  public static func compactUTC(_ date: Date) -> String {
    let fields = utcFields(epochMilliseconds(date))
    var bytes: [UInt8] = []
    append(fields.year, 4, &bytes)
    append(fields.month, 2, &bytes)
    append(fields.day, 2, &bytes)
    bytes.append(UInt8(ascii: "T"))
    append(fields.hour, 2, &bytes)
    append(fields.minute, 2, &bytes)
    append(fields.second, 2, &bytes)
    bytes.append(UInt8(ascii: "Z"))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// "2026-11-21 20:37": local time (the TZ environment variable, else /etc/localtime),
  /// to the minute, for tables people read.
  public static func localMinute(_ date: Date) -> String {
    let seconds = floorDivide(epochMilliseconds(date), 1000).0
    let fields = localCalendarFields(epochSeconds: seconds)
    var bytes: [UInt8] = []
    appendDay(year: fields.year, month: fields.month, day: fields.day, to: &bytes)
    bytes.append(UInt8(ascii: " "))
    append(fields.hour, 2, &bytes)
    bytes.append(UInt8(ascii: ":"))
    append(fields.minute, 2, &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// "2026-11-23": the Monday that begins the date's week in local time (as
  /// `localMinute`), for progress by week.
  public static func localWeek(_ date: Date) -> String {
    let seconds = floorDivide(epochMilliseconds(date), 1000).0
    let fields = localCalendarFields(epochSeconds: seconds)
    let days = daysSince1970(year: fields.year, month: fields.month, day: fields.day)
    // 1970-01-01 was a Thursday: three days after a Monday. The first week of year 0000,
    // the first a file can hold, begins on its first day.
    let monday = max(days - floorDivide(days + 3, 7).1, firstDay)
    let week = utcFields(monday * 86_400_000)
    var bytes: [UInt8] = []
    appendDay(year: week.year, month: week.month, day: week.day, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Reads the form `utc(_:)` writes; the fraction may have 1 to 9 digits (rounded down to
  /// milliseconds) or be left out. Nil for anything else, including impossible dates.
  public static func parseUTC(_ text: String) -> Date? {
    parseUTCMilliseconds(text).map { date(epochMilliseconds: $0) }
  }

  // MARK: - Internal

  /// Appends "2026-11-21T19:37:05.123Z" for milliseconds since 1970.
  package static func appendUTC(_ milliseconds: Int, to writer: inout JSONWriter) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
      var count = 0
      let fields = utcFields(milliseconds)
      func put(_ value: Int, _ width: Int, then separator: UInt8) {
        var value = value
        for index in stride(from: width - 1, through: 0, by: -1) {
          buffer[count + index] = UInt8(ascii: "0") + UInt8(value % 10)
          value /= 10
        }
        buffer[count + width] = separator
        count += width + 1
      }
      put(fields.year, 4, then: UInt8(ascii: "-"))
      put(fields.month, 2, then: UInt8(ascii: "-"))
      put(fields.day, 2, then: UInt8(ascii: "T"))
      put(fields.hour, 2, then: UInt8(ascii: ":"))
      put(fields.minute, 2, then: UInt8(ascii: ":"))
      put(fields.second, 2, then: UInt8(ascii: "."))
      put(fields.millisecond, 3, then: UInt8(ascii: "Z"))
      writer.append(UnsafeRawBufferPointer(start: buffer.baseAddress, count: count))
    }
  }

  /// Appends "2026-11-21T19:37:05.123Z" for milliseconds since 1970.
  package static func appendUTC(_ milliseconds: Int, to bytes: inout [UInt8]) {
    let fields = utcFields(milliseconds)
    appendDay(year: fields.year, month: fields.month, day: fields.day, to: &bytes)
    bytes.append(UInt8(ascii: "T"))
    append(fields.hour, 2, &bytes)
    bytes.append(UInt8(ascii: ":"))
    append(fields.minute, 2, &bytes)
    bytes.append(UInt8(ascii: ":"))
    append(fields.second, 2, &bytes)
    bytes.append(UInt8(ascii: "."))
    append(fields.millisecond, 3, &bytes)
    bytes.append(UInt8(ascii: "Z"))
  }

  /// Milliseconds since 1970 of the text `utc(_:)` writes, or nil.
  package static func parseUTCMilliseconds(_ text: String) -> Int? {
    var text = text
    return text.withUTF8 { bytes -> Int? in
      guard bytes.count >= 20, bytes[bytes.count - 1] == UInt8(ascii: "Z") else { return nil }
      func number(_ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<start + count {
          let byte = bytes[index]
          guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
          value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
      }
      guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
        bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
        bytes[16] == UInt8(ascii: ":"),
        let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
        let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
        (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
        hour < 24, minute < 60, second < 60
      else { return nil }
      var millisecond = 0
      if bytes.count > 20 {
        let digits = bytes.count - 21
        guard bytes[19] == UInt8(ascii: "."), (1...9).contains(digits),
          var fraction = number(20, digits)
        else { return nil }
        if digits < 3 {
          for _ in digits..<3 { fraction *= 10 }
        } else {
          for _ in 3..<digits { fraction /= 10 }
        }
        millisecond = fraction
      }
      let days = daysSince1970(year: year, month: month, day: day)
      return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millisecond
    }
  }

  /// The earliest and latest times the text form holds: years 0000 to 9999.
  package static let representable = -62_167_219_200_000...253_402_300_799_999

  /// The date rounded to whole milliseconds since 1970, clamped to the years 0000-9999
  /// (a date outside them, or not finite, could not be written and read back).
  package static func epochMilliseconds(_ date: Date) -> Int {
    let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
    guard milliseconds.isFinite else { return 0 }
    let clamped = min(
      max(milliseconds, Double(representable.lowerBound)), Double(representable.upperBound))
    return Int(clamped)
  }

  /// The date of whole milliseconds since 1970.
  package static func date(epochMilliseconds: Int) -> Date {
    Date(timeIntervalSince1970: Double(epochMilliseconds) / 1000)
  }

  // MARK: - Calendar arithmetic (H. Hinnant's days_from_civil and civil_from_days)

  private struct Fields {
    package var year, month, day, hour, minute, second, millisecond: Int
  }

  private static func utcFields(_ milliseconds: Int) -> Fields {
    let (days, inDay) = floorDivide(milliseconds, 86_400_000)
    let shifted = days + 719_468
    let era = floorDivide(shifted, 146_097).0
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return Fields(
      year: year, month: month, day: day, hour: inDay / 3_600_000,
      minute: inDay / 60_000 % 60, second: inDay / 1000 % 60, millisecond: inDay % 1000)
  }

  /// 0000-01-01, the first day a state file's time can name, in days since 1970.
  private static let firstDay = daysSince1970(year: 0, month: 1, day: 1)

  private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = floorDivide(shiftedYear, 400).0
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Appends "2026-11-23".
  private static func appendDay(year: Int, month: Int, day: Int, to bytes: inout [UInt8]) {
    append(year, 4, &bytes)
    bytes.append(UInt8(ascii: "-"))
    append(month, 2, &bytes)
    bytes.append(UInt8(ascii: "-"))
    append(day, 2, &bytes)
  }

  private static func append(_ value: Int, _ width: Int, _ bytes: inout [UInt8]) {
    var divisor = 1
    for _ in 1..<width { divisor *= 10 }
    var value = value
    if value >= divisor * 10 {
      bytes.append(contentsOf: String(value).utf8)
      return
    }
    while divisor > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(value / divisor))
      value %= divisor
      divisor /= 10
    }
  }

  private static func floorDivide(_ value: Int, _ divisor: Int) -> (Int, Int) {
    let remainder = ((value % divisor) + divisor) % divisor
    return ((value - remainder) / divisor, remainder)
  }
}
