/// Writes JSON text into a byte buffer: the fast path for writing the score file.
///
/// The caller lays out the document; this appends tokens. Strings are escaped so that
/// the file prints safely in a terminal: every C0 and C1 control character and DEL
/// become `\u00XX` (or `\n`, `\t`, ...).
package struct JSONWriter: ~Copyable {
  private var start: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private var count = 0

  package init(capacity: Int = 4096) {
    self.capacity = max(capacity, 64)
    start = .allocate(capacity: self.capacity)
  }

  deinit { start.deallocate() }

  /// The text so far.
  package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: count)) }

  /// The last byte written; nil before the first.
  package var lastByte: UInt8? { count == 0 ? nil : start[count - 1] }

  /// Appends one byte.
  @inline(__always)
  package mutating func append(_ byte: UInt8) {
    if count == capacity { grow(by: 1) }
    start[count] = byte
    count += 1
  }

  /// Appends bytes.
  @inline(__always)
  package mutating func append(_ bytes: UnsafeRawBufferPointer) {
    if count + bytes.count > capacity { grow(by: bytes.count) }
    if bytes.count <= 16 {
      // Short tokens: a loop beats a call to memmove.
      for index in 0..<bytes.count { start[count + index] = bytes[index] }
    } else if let base = bytes.baseAddress {
      (start + count).initialize(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    }
    count += bytes.count
  }

  private mutating func grow(by needed: Int) {
    let newCapacity = max(capacity * 2, count + needed)
    let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newStart.initialize(from: start, count: count)
    start.deallocate()
    start = newStart
    capacity = newCapacity
  }

  /// Appends ASCII text as it is.
  @inline(__always)
  package mutating func raw(_ text: StaticString) {
    append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Opens a state file's object and writes its version first, leaving the writer
  /// ready for the next key on its own line.
  package mutating func beginStateFile(version: Int) {
    raw("{")
    newline(indent: 1)
    key("version")
    integer(version)
    raw(",")
    newline(indent: 1)
  }

  /// Appends `items` as an array in the state files' layout: each item on a line of its
  /// own at `indent + 1`, the closing bracket on a line at `indent`; none is `[]`.
  package mutating func lines<Items: Collection>(
    _ items: Items, indent: Int, _ write: (inout JSONWriter, Items.Element) -> Void
  ) {
    raw("[")
    var first = true
    for item in items {
      if !first { raw(",") }
      first = false
      newline(indent: indent + 1)
      write(&self, item)
    }
    if !items.isEmpty { newline(indent: indent) }
    raw("]")
  }

  /// Appends a new line and `level` times two spaces.
  package mutating func newline(indent level: Int) {
    append(0x0A)
    for _ in 0..<level * 2 { append(0x20) }
  }

  /// Appends `"key": `.
  package mutating func key(_ key: StaticString) {
    append(UInt8(ascii: "\""))
    raw(key)
    raw("\": ")
  }

  /// Appends a whole number.
  package mutating func integer(_ value: Int) {
    if value < 0 { append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var divisor: UInt = 1
    while divisor <= magnitude / 10 { divisor *= 10 }
    repeat {
      append(UInt8(ascii: "0") + UInt8(magnitude / divisor))
      magnitude %= divisor
      divisor /= 10
    } while divisor > 0
  }

  /// Appends `true` or `false`.
  package mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

  /// Appends a string in quotes, escaped.
  package mutating func string(_ text: String) {
    append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
        append(UnsafeRawBufferPointer(utf8))
        return
      }
      var previous: UInt8 = 0
      for byte in utf8 {
        defer { previous = byte }
        switch byte {
        case UInt8(ascii: "\""): raw("\\\"")
        case UInt8(ascii: "\\"): raw("\\\\")
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        case 0x00..<0x20, 0x7F: escape(UInt32(byte))
        case 0x80...0x9F where previous == 0xC2:
          // A C1 control character (U+0080-U+009F): drop the lead byte already written.
          count -= 1
          escape(UInt32(byte))
        default: append(byte)
        }
      }
    }
    append(UInt8(ascii: "\""))
  }

  private mutating func escape(_ value: UInt32) {
    let hex: [UInt8] = Array("0123456789abcdef".utf8)
    raw("\\u00")
    append(hex[Int(value >> 4)])
    append(hex[Int(value & 0xF)])
  }
}
