/// Finds the line of a dotted key in TOML text, for error messages: the parser behind
/// the configuration reports lines only for syntax errors.
///
/// Best effort: it knows `[table]` headers and `key = value` lines (bare, quoted or
/// dotted keys); a key inside an inline table is reported at its parent's line.
struct TOMLLineIndex {
  private var lines: [String: Int] = [:]

  init(_ text: String) {
    var table: [String] = []
    for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      let line = raw.trimmingPrefix(while: { $0 == " " || $0 == "\t" })
      if line.hasPrefix("[[") { continue }
      if line.hasPrefix("["), let close = line.firstIndex(of: "]") {
        table = Self.keyPath(line[line.index(after: line.startIndex)..<close])
        lines[table.joined(separator: "."), default: number + 1] = number + 1
        continue
      }
      guard !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { continue }
      let key = (table + Self.keyPath(line[..<equals])).joined(separator: ".")
      lines[key, default: number + 1] = number + 1
    }
  }

  /// The line of a key, or of the nearest enclosing key or table that has one.
  func line(of key: String) -> Int? {
    var parts = key.split(separator: ".").map(String.init)
    while !parts.isEmpty {
      if let line = lines[parts.joined(separator: ".")] { return line }
      parts.removeLast()
    }
    return nil
  }

  private static func keyPath(_ text: Substring) -> [String] {
    text.split(separator: ".").map {
      $0.trimmingCharacters(in: " \t\"'")
    }
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in characters: String) -> String {
    var text = self
    while let first = text.first, characters.contains(first) { text.removeFirst() }
    while let last = text.last, characters.contains(last) { text.removeLast() }
    return String(text)
  }
}
