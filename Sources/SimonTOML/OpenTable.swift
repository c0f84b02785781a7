/// A table while the document is read, and the rules for adding to it: which headers and
/// dotted keys may define or extend which tables (TOML 1.0, "Table" and "Array of
/// Tables").
final class OpenTable {
  /// How a table came to be, which decides what may add to it later.
  enum Origin {
    /// Made on the way to a deeper header (`a` of `[a.b]`): a `[a]` header may still
    /// define it, once.
    case implicit
    /// Defined by its own header (or the document's root, or an element of an array of
    /// tables): no other header may define it, no dotted key may reach into it from
    /// outside its section.
    case header
    /// Made by dotted keys in the current section or inline table: more dotted keys may
    /// add to it, a header may not define it.
    case dotted
    /// An inline table being read; once read, it is a closed value.
    case inline
  }

  /// What a key of a table holds while the document is read.
  enum Entry {
    /// A table that may still grow.
    case table(OpenTable)
    /// An array of tables made by `[[header]]` sections, with the first header's line.
    case arrayOfTables([OpenTable], line: Int)
    /// Anything else, including inline tables and arrays in brackets, which are closed.
    case value(TOMLValue)

    /// The line that defined the entry.
    var line: Int {
      switch self {
      case .table(let table): table.line
      case .arrayOfTables(_, let line): line
      case .value(let value): value.line
      }
    }
  }

  var origin: Origin
  /// The line of its header, or of the key or header that made it.
  var line: Int
  /// Its keys from the document's root, for errors.
  let path: [String]
  private var keys: [String] = []
  private var entries: [String: Entry] = [:]

  init(origin: Origin, line: Int, path: [String]) {
    self.origin = origin
    self.line = line
    self.path = path
  }

  /// The entry of a key; setting a new key puts it after the others.
  subscript(name: String) -> Entry? {
    get { entries[name] }
    set {
      if entries.updateValue(newValue!, forKey: name) == nil { keys.append(name) }
    }
  }

  /// The table as it stands, with every table and array of tables under it.
  func closed() -> TOMLTable {
    var table = TOMLTable()
    for key in keys {
      switch entries[key]! {
      case .table(let child):
        table.set(key, to: TOMLValue(.table(child.closed()), line: child.line))
      case .arrayOfTables(let elements, let line):
        let values = elements.map { TOMLValue(.table($0.closed()), line: $0.line) }
        table.set(key, to: TOMLValue(.array(values), line: line))
      case .value(let value):
        table.set(key, to: value)
      }
    }
    return table
  }

  // MARK: The rules

  /// The table a `[key]` header defines: a new one, or one made on the way to a deeper
  /// header before.
  /// - Throws: where a part of the key is already something else, with its line.
  func defineTable(_ key: [KeyPart], line: Int, in scanner: Scanner) throws(TOMLError)
    -> OpenTable
  {
    let (parent, last) = try headerParent(key, line: line, in: scanner)
    let path = parent.path + [last.name]
    switch parent[last.name] {
    case nil:
      let table = OpenTable(origin: .header, line: line, path: path)
      parent[last.name] = .table(table)
      return table
    case .table(let table) where table.origin == .implicit:
      table.origin = .header
      table.line = line
      return table
    case .table(let table) where table.origin == .dotted:
      throw scanner.error(
        "table \(display(path)) is already defined by dotted keys at line \(table.line)",
        at: last.offset)
    case .table(let table):
      throw scanner.error(
        "table \(display(path)) is already defined at line \(table.line)", at: last.offset)
    case .arrayOfTables(_, let first):
      throw scanner.error(
        "\(display(path)) is already defined as an array of tables at line \(first)",
        at: last.offset)
    case .value(let value):
      throw scanner.error(Self.alreadyDefined(path, value), at: last.offset)
    }
  }

  /// The new table a `[[key]]` header adds to an array of tables (a new array or one that
  /// earlier `[[key]]` headers made).
  /// - Throws: where a part of the key is already something else, with its line.
  func appendTable(_ key: [KeyPart], line: Int, in scanner: Scanner) throws(TOMLError)
    -> OpenTable
  {
    let (parent, last) = try headerParent(key, line: line, in: scanner)
    let path = parent.path + [last.name]
    let table = OpenTable(origin: .header, line: line, path: path)
    switch parent[last.name] {
    case nil:
      parent[last.name] = .arrayOfTables([table], line: line)
    case .arrayOfTables(let elements, let first):
      parent[last.name] = .arrayOfTables(elements + [table], line: first)
    case .table(let existing):
      let how = existing.origin == .implicit ? "made by the header" : "already defined"
      throw scanner.error(
        "table \(display(path)) is \(how) at line \(existing.line), so it cannot be an array "
          + "of tables", at: last.offset)
    case .value(let value):
      throw scanner.error(Self.alreadyDefined(path, value), at: last.offset)
    }
    return table
  }

  /// Defines `key = value` in this table (the current section's, or an inline table),
  /// making the tables of a dotted key's parts as needed.
  /// - Throws: when the key is already defined, or a part leads where dotted keys may not
  ///   add (a table with a header, an array of tables, an inline table, another value).
  func define(_ key: [KeyPart], as value: TOMLValue, in scanner: Scanner) throws(TOMLError) {
    var table = self
    for part in key.dropLast() {
      let path = table.path + [part.name]
      switch table[part.name] {
      case nil:
        let child = OpenTable(origin: .dotted, line: value.line, path: path)
        table[part.name] = .table(child)
        table = child
      case .table(let child) where child.origin == .dotted:
        table = child
      case .table(let child):
        let how = child.origin == .implicit ? "made by the header" : "defined by a header"
        throw scanner.error(
          "table \(display(path)) is \(how) at line \(child.line); dotted keys cannot add to it",
          at: part.offset)
      case .arrayOfTables(_, let first):
        throw scanner.error(
          "\(display(path)) is an array of tables defined at line \(first); dotted keys "
            + "cannot add to it", at: part.offset)
      case .value(let existing):
        throw scanner.error(Self.notExtensible(path, existing), at: part.offset)
      }
    }
    let last = key[key.count - 1]
    if let existing = table[last.name] {
      throw scanner.error(
        "key \(display(table.path + [last.name])) is already defined at line \(existing.line)",
        at: last.offset)
    }
    table[last.name] = .value(value)
  }

  /// The table a header's last key part goes in, through tables (made on the way where
  /// missing) and the last element of arrays of tables; and that last part.
  private func headerParent(_ key: [KeyPart], line: Int, in scanner: Scanner)
    throws(TOMLError) -> (OpenTable, KeyPart)
  {
    var table = self
    for part in key.dropLast() {
      let path = table.path + [part.name]
      switch table[part.name] {
      case nil:
        let child = OpenTable(origin: .implicit, line: line, path: path)
        table[part.name] = .table(child)
        table = child
      case .table(let child):
        table = child
      case .arrayOfTables(let elements, _):
        table = elements[elements.count - 1]
      case .value(let value):
        throw scanner.error(Self.notExtensible(path, value), at: part.offset)
      }
    }
    return (table, key[key.count - 1])
  }

  private static func alreadyDefined(_ path: [String], _ value: TOMLValue) -> String {
    switch value.content {
    case .table:
      "table \(display(path)) is already defined as an inline table at line \(value.line)"
    case .array:
      "key \(display(path)) is already defined as an array at line \(value.line); only an "
        + "array made by [[\(displayKey(path))]] headers can take more tables"
    default:
      "key \(display(path)) is already defined at line \(value.line)"
    }
  }

  private static func notExtensible(_ path: [String], _ value: TOMLValue) -> String {
    switch value.content {
    case .table:
      "the inline table \(display(path)) of line \(value.line) is complete; nothing can be "
        + "added to it"
    case .array:
      "key \(display(path)) is an array defined at line \(value.line); nothing can be added "
        + "to it"
    default:
      "key \(display(path)) is already defined at line \(value.line), not as a table"
    }
  }
}

/// A key path as TOML writes it, quoted for a message: "pads.green", 'a."b c"'.
func display(_ path: [String]) -> String {
  quote(displayKey(path))
}

/// A key path as TOML writes it: bare parts as they are, other parts in quotes.
func displayKey(_ path: [String]) -> String {
  path.map { part in
    if !part.isEmpty, part.utf8.allSatisfy(\.isBareKeyCharacter) { return part }
    var escaped = ""
    for scalar in part.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        escaped += "\\u" + scalar.codePoint.dropFirst(2)
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return "\"\(escaped)\""
  }.joined(separator: ".")
}
