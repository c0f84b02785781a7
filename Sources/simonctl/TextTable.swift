/// A table for people: a header row and rows, columns two spaces apart, numbers aligned
/// right, text left; no trailing spaces.
struct TextTable {
  /// How a column is aligned.
  enum Alignment {
    case left, right
  }

  /// The column titles and alignments.
  var columns: [(title: String, alignment: Alignment)]
  /// The rows, one string per column.
  var rows: [[String]] = []

  init(_ columns: [(String, Alignment)]) {
    self.columns = columns.map { (title: $0.0, alignment: $0.1) }
  }

  /// The lines, each indented by `indent` spaces.
  func lines(indent: Int = 0) -> [String] {
    var widths = columns.map(\.title.count)
    for row in rows {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
    }
    func line(_ cells: [String]) -> String {
      var parts: [String] = []
      for (index, cell) in cells.enumerated() {
        let padding = String(repeating: " ", count: widths[index] - cell.count)
        parts.append(columns[index].alignment == .right ? padding + cell : cell + padding)
      }
      var text = String(repeating: " ", count: indent) + parts.joined(separator: "  ")
      while text.last == " " { text.removeLast() }
      return text
    }
    return [line(columns.map(\.title))] + rows.map(line)
  }
}
