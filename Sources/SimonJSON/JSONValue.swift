/// A parsed JSON value; objects keep their keys in file order.
package enum JSONValue: Equatable {
  case null
  case bool(Bool)
  case integer(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.integer(let a), .integer(let b)): a == b
    case (.double(let a), .double(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: false
    }
  }

  /// The value of a key of an object (the first, if the key is there twice).
  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }
}

/// Why a document does not map to the type expected, with where: "recent[3].points:
/// expected a whole number".
package struct JSONShapeError: Error, CustomStringConvertible {
  package var path: String
  package var message: String

  /// A problem at `path` ("" for the whole document).
  package init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  package var description: String { path.isEmpty ? message : "\(path): \(message)" }

  /// The same error seen from the object or array holding it.
  package func within(_ component: String) -> JSONShapeError {
    let joined =
      path.isEmpty ? component : (path.hasPrefix("[") ? component + path : component + "." + path)
    return JSONShapeError(path: joined, message: message)
  }
}

/// Reading typed values out of a `JSONValue`. A reader knows only its own key; callers
/// add the outer path with `within` as errors pass up, so the common case builds no paths.
package struct JSONReader {
  package let value: JSONValue
  package let name: String

  package init(_ value: JSONValue, name: String = "") {
    self.value = value
    self.name = name
  }

  package func fail(_ message: String) -> JSONShapeError {
    JSONShapeError(path: name, message: message)
  }

  /// The member `key` of this object.
  package func member(_ key: String) throws(JSONShapeError) -> JSONReader {
    guard case .object(let members) = value else { throw fail("expected an object") }
    for (memberKey, member) in members where memberKey == key {
      return JSONReader(member, name: key)
    }
    throw fail("missing \"\(key)\"")
  }

  /// The member `key`, or nil when it is missing or null.
  package func optionalMember(_ key: String) throws(JSONShapeError) -> JSONReader? {
    guard case .object(let members) = value else { throw fail("expected an object") }
    for (memberKey, member) in members where memberKey == key {
      return member == .null ? nil : JSONReader(member, name: key)
    }
    return nil
  }

  package func int() throws(JSONShapeError) -> Int {
    guard case .integer(let number) = value else { throw fail("expected a whole number") }
    return number
  }

  /// A whole number within `range`; outside it the file is refused, never trusted to
  /// arithmetic that could overflow.
  package func int(in range: ClosedRange<Int>) throws(JSONShapeError) -> Int {
    let number = try int()
    guard range.contains(number) else {
      throw fail("\(number) is out of range: it is from \(range.lowerBound) to \(range.upperBound)")
    }
    return number
  }

  package func string() throws(JSONShapeError) -> String {
    guard case .string(let text) = value else { throw fail("expected a string") }
    return text
  }

  /// Maps every element of this array; an error names the element's index.
  package func map<T>(_ transform: (JSONReader) throws(JSONShapeError) -> T) throws(JSONShapeError)
    -> [T]
  {
    guard case .array(let items) = value else { throw fail("expected an array") }
    var result: [T] = []
    result.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      do {
        result.append(try transform(JSONReader(item)))
      } catch {
        throw error.within("[\(index)]").within(name)
      }
    }
    return result
  }

  /// Reads this object's members with `body`; an error names this object's key.
  package func fields<T>(_ body: (JSONReader) throws(JSONShapeError) -> T) throws(JSONShapeError)
    -> T
  {
    do {
      return try body(JSONReader(value))
    } catch {
      throw error.within(name)
    }
  }

  /// A string that is one of an enumeration's raw values.
  package func choice<T: RawRepresentable & CaseIterable>(_: T.Type) throws(JSONShapeError) -> T
  where T.RawValue == String {
    let text = try string()
    guard let value = T(rawValue: text) else {
      throw fail(
        "\"\(text)\" is not one of " + T.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return value
  }
}
