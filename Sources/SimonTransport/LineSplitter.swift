/// Cuts a byte stream into lines, however the bytes were split when they were read.
///
/// A line longer than `maximumLength` is dropped whole, up to its newline, so one bad
/// line never swallows the next. Bytes that are not UTF-8 are replaced, not trusted.
package struct LineSplitter {
  /// The longest line kept, without its newline.
  package let maximumLength: Int
  private var pending: [UInt8] = []
  private var discarding = false

  /// A splitter keeping lines up to a length.
  package init(maximumLength: Int) {
    self.maximumLength = maximumLength
  }

  /// Takes the next bytes; returns every line they complete, without newlines.
  package mutating func append(_ bytes: some Collection<UInt8>) -> [String] {
    var lines: [String] = []
    for byte in bytes {
      if byte == UInt8(ascii: "\n") {
        if !discarding { lines.append(String(decoding: pending, as: UTF8.self)) }
        pending.removeAll(keepingCapacity: true)
        discarding = false
      } else if !discarding {
        pending.append(byte)
        if pending.count > maximumLength {
          pending.removeAll(keepingCapacity: true)
          discarding = true
        }
      }
    }
    return lines
  }
}
