extension Scanner {
  /// Reads a value that is not a string, array or inline table: a boolean, an integer,
  /// a float, or a date-time, date or time. `expected` names what should be here, for
  /// the error when nothing is.
  mutating func readBareValue(expected: String) throws(TOMLError) -> TOMLValue.Content {
    let start = position
    while let byte = peek(), byte.isBareValueCharacter { position += 1 }
    // A date, a space and a time make one date-time.
    if position - start == 10, peek() == .space, peek(1)?.isDigit == true,
      peek(2)?.isDigit == true, peek(3) == .colon
    {
      position += 1
      while let byte = peek(), byte.isBareValueCharacter { position += 1 }
    }
    guard position > start else { throw self.expected(expected) }
    let token = Array(bytes[start..<position])
    let text = String(decoding: token, as: UTF8.self)
    switch text {
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "inf", "+inf": return .float(.infinity)
    case "-inf": return .float(-.infinity)
    case "nan", "+nan": return .float(.nan)
    case "-nan": return .float(-.nan)
    default: break
    }
    if token.looksLikeDateOrTime {
      if let problem = dateTimeProblem(token) {
        throw error("\(quote(text)) is not a valid date or time: \(problem)", at: start)
      }
      return .dateTime(text)
    }
    guard token[0].isDigit || [.plus, .minus, .dot].contains(token[0]) else {
      throw error("\(quote(text)) is not a value (a string needs quotes)", at: start)
    }
    return try number(token, at: start)
  }

  // MARK: Numbers

  private func number(_ token: [UInt8], at start: Int) throws(TOMLError) -> TOMLValue.Content {
    let text = String(decoding: token, as: UTF8.self)
    func invalid(_ reason: String) -> TOMLError {
      error("\(quote(text)) is not a valid number: \(reason)", at: start)
    }
    func tooLarge() -> TOMLError {
      error(
        "\(quote(text)) does not fit in an integer (\(Int.min) to \(Int.max))", at: start)
    }
    var body = token[...]
    var sign: UInt8?
    if let first = body.first, first == .plus || first == .minus {
      sign = first
      body = body.dropFirst()
    }

    let prefixes: [UInt8: Int] = [
      UInt8(ascii: "x"): 16, UInt8(ascii: "o"): 8, UInt8(ascii: "b"): 2,
    ]
    if body.count >= 2, body.first == UInt8(ascii: "0"),
      let radix = prefixes[body[body.startIndex + 1]]
    {
      guard sign == nil else { throw invalid("a sign cannot come before 0x, 0o or 0b") }
      let digits = body.dropFirst(2)
      if let problem = digits.digitGroupProblem(radix: radix) { throw invalid(problem) }
      guard let value = Int(digits.withoutUnderscores, radix: radix) else { throw tooLarge() }
      return .integer(value)
    }

    let whole = body.prefix { $0.isDigit || $0 == .underscore }
    var rest = body.dropFirst(whole.count)
    if let problem = whole.digitGroupProblem(radix: 10) {
      throw invalid(
        whole.isEmpty && rest.first == .dot ? "a decimal point needs digits before it" : problem)
    }
    if whole.count > 1, whole.first == UInt8(ascii: "0") {
      throw invalid("leading zeros are not allowed")
    }
    var isFloat = false
    if rest.first == .dot {
      let fraction = rest.dropFirst().prefix { $0.isDigit || $0 == .underscore }
      if let problem = fraction.digitGroupProblem(radix: 10) {
        throw invalid(fraction.isEmpty ? "a decimal point needs digits after it" : problem)
      }
      rest = rest.dropFirst(1 + fraction.count)
      isFloat = true
    }
    if rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") {
      rest = rest.dropFirst()
      if rest.first == .plus || rest.first == .minus { rest = rest.dropFirst() }
      let exponent = rest.prefix { $0.isDigit || $0 == .underscore }
      if let problem = exponent.digitGroupProblem(radix: 10) {
        throw invalid(exponent.isEmpty ? "an exponent needs digits" : problem)
      }
      rest = rest.dropFirst(exponent.count)
      isFloat = true
    }
    if let unexpected = rest.first {
      throw invalid("\(quote(String(decoding: [unexpected], as: UTF8.self))) is unexpected")
    }
    let signText = sign == .minus ? "-" : ""
    if !isFloat {
      guard let value = Int(signText + whole.withoutUnderscores) else { throw tooLarge() }
      return .integer(value)
    }
    let digits = body.withoutUnderscores
    guard let value = Double(signText + digits) else { throw invalid("not a float") }
    return .float(value)
  }

  // MARK: Dates and times

  /// What makes a date-time, date or time token invalid, or nil when it is valid:
  /// YYYY-MM-DD, HH:MM:SS with an optional fraction, or a date, "T" (or "t" or a space)
  /// and a time with an optional offset (Z, z, +HH:MM or -HH:MM).
  private func dateTimeProblem(_ token: [UInt8]) -> String? {
    var index = 0
    func number(_ length: Int) -> Int? {
      guard index + length <= token.count else { return nil }
      var value = 0
      for byte in token[index..<index + length] {
        guard byte.isDigit else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      index += length
      return value
    }
    func skip(_ byte: UInt8) -> Bool {
      guard index < token.count, token[index] == byte else { return false }
      index += 1
      return true
    }

    var hasDate = false
    if token.count > 4, token[4] == .minus {
      guard let year = number(4), skip(.minus), let month = number(2), skip(.minus),
        let day = number(2)
      else { return "expected a date as YYYY-MM-DD" }
      guard (1...12).contains(month) else { return "there is no month \(month)" }
      let days = daysIn(month: month, year: year)
      guard (1...days).contains(day) else {
        return "month \(month) of \(year) has \(days) days"
      }
      if index == token.count { return nil }
      guard [UInt8(ascii: "T"), UInt8(ascii: "t"), .space].contains(token[index]) else {
        return "expected \"T\" or a space between the date and the time"
      }
      index += 1
      hasDate = true
    }
    guard let hour = number(2), skip(.colon), let minute = number(2), skip(.colon),
      let second = number(2)
    else { return "expected a time as HH:MM:SS (the seconds are required)" }
    guard hour <= 23 else { return "the hour must be from 00 to 23" }
    guard minute <= 59 else { return "the minute must be from 00 to 59" }
    guard second <= 60 else { return "the second must be from 00 to 60" }
    if skip(.dot) {
      let start = index
      while index < token.count, token[index].isDigit { index += 1 }
      guard index > start else { return "expected digits after the decimal point" }
    }
    if index == token.count { return nil }
    guard hasDate else { return "a time without a date cannot have an offset" }
    if !skip(UInt8(ascii: "Z")) && !skip(UInt8(ascii: "z")) {
      guard skip(.plus) || skip(.minus), let hours = number(2), skip(.colon),
        let minutes = number(2)
      else { return "expected an offset as Z, +HH:MM or -HH:MM" }
      guard hours <= 23, minutes <= 59 else { return "the offset must be from 00:00 to 23:59" }
    }
    return index == token.count ? nil : "unexpected text after the offset"
  }

  private func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}

extension UInt8 {
  /// A character that can be part of a boolean, number, date or time.
  fileprivate var isBareValueCharacter: Bool {
    isLetter || isDigit || self == .underscore || self == .plus || self == .minus
      || self == .dot || self == .colon
  }
}

extension Collection<UInt8> {
  /// Starts like a date (four digits and "-") or a time (two digits and ":").
  fileprivate var looksLikeDateOrTime: Bool {
    let bytes = Array(prefix(5))
    return (bytes.count == 5 && bytes[..<4].allSatisfy(\.isDigit) && bytes[4] == .minus)
      || (bytes.count >= 3 && bytes[..<2].allSatisfy(\.isDigit) && bytes[2] == .colon)
  }

  /// What is wrong with digits that may be grouped by underscores, or nil: there must be
  /// a digit, each a digit of `radix`, each underscore between two digits.
  fileprivate func digitGroupProblem(radix: Int) -> String? {
    guard !isEmpty else { return "expected digits" }
    var previous: UInt8?
    for byte in self {
      if byte == .underscore {
        guard let previous, previous != .underscore else {
          return "an underscore must be between two digits"
        }
      } else if byte.hexadecimalValue.map({ Int($0) >= radix }) ?? true {
        let kind = [2: "binary", 8: "octal", 10: "decimal", 16: "hexadecimal"][radix] ?? ""
        let character = quote(String(decoding: [byte], as: UTF8.self))
        return "\(character) is not a \(kind) digit"
      }
      previous = byte
    }
    return previous == .underscore ? "an underscore must be between two digits" : nil
  }

  /// The text without its underscores.
  fileprivate var withoutUnderscores: String {
    String(decoding: filter { $0 != .underscore }, as: UTF8.self)
  }
}
