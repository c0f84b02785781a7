import SimonJSON
import SimonStateFiles

/// Where a record's members go, in order (`GameRecord.members(to:)` names them once):
/// the score file's writer on its fast path, or any `Encoder`.
protocol GameRecordSink: ~Copyable {
  associatedtype Failure: Error
  mutating func member(_ key: StaticString, _ value: Int) throws(Failure)
  mutating func member(_ key: StaticString, _ value: String) throws(Failure)
  mutating func member(_ key: StaticString, _ values: [String]) throws(Failure)
  mutating func member(_ key: StaticString, _ lists: [[Int]]) throws(Failure)
  /// A wall-clock time, written as UTC ISO 8601 to the millisecond.
  mutating func member(_ key: StaticString, utcMilliseconds: Int) throws(Failure)
}

/// The score file's writer: `"key": value` on one line, members separated by `, `.
extension JSONWriter: GameRecordSink {
  mutating func member(_ key: StaticString, _ value: Int) {
    open(key)
    integer(value)
  }

  mutating func member(_ key: StaticString, _ value: String) {
    open(key)
    string(value)
  }

  mutating func member(_ key: StaticString, _ values: [String]) {
    open(key)
    raw("[")
    for (index, value) in values.enumerated() {
      if index > 0 { raw(", ") }
      string(value)
    }
    raw("]")
  }

  mutating func member(_ key: StaticString, _ lists: [[Int]]) {
    open(key)
    raw("[")
    for (index, list) in lists.enumerated() {
      raw(index == 0 ? "[" : ", [")
      for (position, value) in list.enumerated() {
        if position > 0 { raw(", ") }
        integer(value)
      }
      raw("]")
    }
    raw("]")
  }

  mutating func member(_ key: StaticString, utcMilliseconds: Int) {
    open(key)
    raw("\"")
    Timestamps.appendUTC(utcMilliseconds, to: &self)
    raw("\"")
  }

  /// `, "key": ` (without the comma after the object's `{`).
  private mutating func open(_ name: StaticString) {
    if lastByte != UInt8(ascii: "{") { raw(", ") }
    key(name)
  }
}

/// An `Encoder`'s keyed container, for the record inside any Codable document.
struct EncoderRecordSink: GameRecordSink {
  var container: KeyedEncodingContainer<JSONKey>

  mutating func member(_ key: StaticString, _ value: Int) throws(any Error) {
    try container.encode(value, forKey: JSONKey(key.description))
  }

  mutating func member(_ key: StaticString, _ value: String) throws(any Error) {
    try container.encode(value, forKey: JSONKey(key.description))
  }

  mutating func member(_ key: StaticString, _ values: [String]) throws(any Error) {
    try container.encode(values, forKey: JSONKey(key.description))
  }

  mutating func member(_ key: StaticString, _ lists: [[Int]]) throws(any Error) {
    try container.encode(lists, forKey: JSONKey(key.description))
  }

  mutating func member(_ key: StaticString, utcMilliseconds: Int) throws(any Error) {
    try container.encode(
      Timestamps.utc(Timestamps.date(epochMilliseconds: utcMilliseconds)),
      forKey: JSONKey(key.description))
  }
}
