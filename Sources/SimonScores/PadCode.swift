import SimonGame

/// A player's personal sign-in code at the cabinet: four pad presses, e.g. "green red red
/// blue". Written and read as the pad names separated by spaces.
public struct PadCode: Hashable, Sendable, CustomStringConvertible {
  /// How many presses a code has.
  public static let length = 4

  /// The presses, in order; always `length` of them.
  public let pads: [Pad]

  /// The code of exactly four presses; nil for any other count.
  public init?(_ pads: [Pad]) {
    guard pads.count == Self.length else { return nil }
    self.pads = pads
  }

  /// Reads a code people typed: four pad names (`green red yellow blue`, any case) or
  /// digits 1-4 (1 green ... 4 blue), separated by spaces, commas or dashes; the digits
  /// may also be written together ("1224").
  /// - Throws: `PlayerError.invalidCode` saying what is wrong.
  public init(parsing text: String) throws(PlayerError) {
    let separators: Set<Character> = [" ", ",", "-", "\t"]
    var words = text.lowercased().split { separators.contains($0) }.map(String.init)
    if words.count == 1, words[0].count == Self.length, words[0].allSatisfy(\.isNumber) {
      words = words[0].map { String($0) }
    }
    var pads: [Pad] = []
    for word in words {
      if let pad = Pad(rawValue: word) {
        pads.append(pad)
      } else if let digit = Int(word), (1...4).contains(digit) {
        pads.append(Pad.allCases[digit - 1])
      } else {
        throw .invalidCode(
          text,
          reason: "\(PlayerName.quoted(word)) is not a pad: use green, red, yellow, blue or 1-4")
      }
    }
    guard let code = PadCode(pads) else {
      throw .invalidCode(text, reason: "a code is \(Self.length) presses, not \(pads.count)")
    }
    self = code
  }

  /// Every possible code (256), in order: green green green green, ..., blue blue blue blue.
  public static var all: [PadCode] {
    (0..<256).map { number in
      PadCode((0..<length).map { Pad.allCases[(number >> (2 * (length - 1 - $0))) & 3] })!
    }
  }

  /// "green red red blue".
  public var description: String { pads.map(\.rawValue).joined(separator: " ") }
}

extension PadCode: Codable {
  /// Reads the text form, "green red red blue".
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do {
      self = try PadCode(parsing: text)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
    }
  }

  /// Writes the text form, "green red red blue".
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
