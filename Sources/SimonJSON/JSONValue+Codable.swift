/// Any JSON value through `Codable`, so a type whose one codec is `JSONValue`-based (the
/// score file's) can ride inside messages that Foundation's JSON coders write and read.
extension JSONValue: Codable {
  /// Reads whatever JSON value is there. Object members come in the decoder's order,
  /// which Foundation does not promise to be the text's.
  package init(from decoder: any Decoder) throws {
    if let object = try? decoder.container(keyedBy: JSONKey.self) {
      self = .object(
        try object.allKeys.map { ($0.stringValue, try object.decode(JSONValue.self, forKey: $0)) })
      return
    }
    if var array = try? decoder.unkeyedContainer() {
      var items: [JSONValue] = []
      while !array.isAtEnd { items.append(try array.decode(JSONValue.self)) }
      self = .array(items)
      return
    }
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self = .null
    } else if let bool = try? single.decode(Bool.self) {
      self = .bool(bool)
    } else if let integer = try? single.decode(Int.self) {
      self = .integer(integer)
    } else if let double = try? single.decode(Double.self) {
      self = .double(double)
    } else {
      self = .string(try single.decode(String.self))
    }
  }

  /// Writes the value; object members in their order, for encoders that keep it.
  package func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var single = encoder.singleValueContainer()
      try single.encodeNil()
    case .bool(let bool):
      var single = encoder.singleValueContainer()
      try single.encode(bool)
    case .integer(let integer):
      var single = encoder.singleValueContainer()
      try single.encode(integer)
    case .double(let double):
      var single = encoder.singleValueContainer()
      try single.encode(double)
    case .string(let text):
      var single = encoder.singleValueContainer()
      try single.encode(text)
    case .array(let items):
      var array = encoder.unkeyedContainer()
      for item in items { try array.encode(item) }
    case .object(let members):
      var object = encoder.container(keyedBy: JSONKey.self)
      for (key, value) in members { try object.encode(value, forKey: JSONKey(key)) }
    }
  }
}
