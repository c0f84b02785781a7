/// A request's `id`, echoed in its reply: a whole number or a string.
public enum RequestID: Hashable, Sendable, Codable, CustomStringConvertible {
  /// A whole number.
  case number(Int)
  /// A string.
  case text(String)

  /// Reads a number or a string.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int.self) {
      self = .number(number)
    } else {
      self = .text(try container.decode(String.self))
    }
  }

  /// Writes it as it was read.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .number(let number): try container.encode(number)
    case .text(let text): try container.encode(text)
    }
  }

  /// The id as JSON.
  public var description: String {
    switch self {
    case .number(let number): String(number)
    case .text(let text): "\"\(text)\""
    }
  }
}
