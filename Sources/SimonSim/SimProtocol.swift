import FoundationEssentials
import SimonGame

/// A line a client sends to the simulated cabinet (docs/design.md section 7).
public enum SimClientMessage: Equatable, Sendable {
  /// An input went down.
  case press(Input)
  /// An input came up.
  case release(Input)

  /// The longest line the cabinet reads; a longer one is an error.
  public static let maximumLineLength = 256

  /// Reads one line (without its newline).
  /// - Throws: `SimProtocolError` saying what is wrong with it, for the `error` reply.
  public init(line: String) throws(SimProtocolError) {
    guard line.utf8.count <= Self.maximumLineLength else {
      throw SimProtocolError("line longer than \(Self.maximumLineLength) bytes")
    }
    let object: [String: String]
    do {
      object = try JSONDecoder().decode([String: String].self, from: Data(line.utf8))
    } catch {
      throw SimProtocolError(
        "not a JSON object of one string: expected {\"press\":\"green\"} or {\"release\":\"green\"}"
      )
    }
    guard object.count == 1, let (key, name) = object.first else {
      throw SimProtocolError("expected exactly one key, press or release")
    }
    guard let input = Input(rawValue: name) else {
      let names = Input.allCases.map(\.rawValue).joined(separator: " ")
      throw SimProtocolError("unknown input \"\(name.prefix(32))\"; inputs are: \(names)")
    }
    switch key {
    case "press": self = .press(input)
    case "release": self = .release(input)
    default: throw SimProtocolError("unknown key \"\(key.prefix(32))\"; keys are press and release")
    }
  }

  /// The line for this message, with its newline.
  public var line: String {
    switch self {
    case .press(let input): "{\"press\":\"\(input.rawValue)\"}\n"
    case .release(let input): "{\"release\":\"\(input.rawValue)\"}\n"
    }
  }
}

/// A line the simulated cabinet sends to every client (docs/design.md section 7). `t` is
/// CLOCK_MONOTONIC in nanoseconds, taken when the output changed.
public enum SimServerMessage: Equatable, Sendable {
  /// A pad's LED changed.
  case led(Pad, on: Bool, t: Int64)
  /// A tone started (its frequency) or stopped (nil).
  case tone(Double?, t: Int64)
  /// The vibration motor was turned on or off.
  case haptic(on: Bool, t: Int64)
  /// The game's phase, round and points changed.
  case state(Status, t: Int64)
  /// A game ended: the score record as a JSON object.
  case gameOver(record: String, t: Int64)
  /// The client's last line was malformed and was skipped.
  case error(String)

  /// The line for this message, with its newline.
  public var line: String {
    switch self {
    case .led(let pad, let on, let t):
      "{\"led\":\"\(pad.rawValue)\",\"on\":\(on),\"t\":\(t)}\n"
    case .tone(let hertz, let t):
      "{\"tone\":\(hertz.map { "\($0)" } ?? "null"),\"t\":\(t)}\n"
    case .haptic(let on, let t):
      "{\"haptic\":\(on),\"t\":\(t)}\n"
    case .state(let status, let t):
      "{\"state\":\"\(status.phase.rawValue)\",\"round\":\(status.round),"
        + "\"points\":\(status.points),\"t\":\(t)}\n"
    case .gameOver(let record, let t):
      "{\"game_over\":\(record),\"t\":\(t)}\n"
    case .error(let message):
      "{\"error\":\(Self.quoted(message))}\n"
    }
  }

  /// Reads one line from the cabinet (for clients).
  /// - Throws: `SimProtocolError` when the line is none of the messages.
  public init(line: String) throws(SimProtocolError) {
    let wire: Wire
    do {
      wire = try JSONDecoder().decode(Wire.self, from: Data(line.utf8))
    } catch {
      throw SimProtocolError("unreadable line from the cabinet: \(line.prefix(80))")
    }
    if let error = wire.error {
      self = .error(error)
    } else if let name = wire.led, let pad = Pad(rawValue: name), let on = wire.on, let t = wire.t {
      self = .led(pad, on: on, t: t)
    } else if wire.hasTone, let t = wire.t {
      self = .tone(wire.tone, t: t)
    } else if let on = wire.haptic, let t = wire.t {
      self = .haptic(on: on, t: t)
    } else if let name = wire.state, let phase = Phase(rawValue: name), let t = wire.t {
      self = .state(Status(phase: phase, round: wire.round ?? 0, points: wire.points ?? 0), t: t)
    } else if let record = wire.gameOver, let t = wire.t {
      self = .gameOver(record: record, t: t)
    } else {
      throw SimProtocolError("unknown message from the cabinet: \(line.prefix(80))")
    }
  }

  static func quoted(_ text: String) -> String {
    let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  /// Every field any server line can carry.
  private struct Wire: Decodable {
    var led: String?
    var on: Bool?
    var tone: Double?
    var hasTone = false
    var haptic: Bool?
    var state: String?
    var round: Int?
    var points: Int?
    var gameOver: String?
    var error: String?
    var t: Int64?

    enum Key: String, CodingKey {
      case led, on, tone, haptic, state, round, points, error, t
      case gameOver = "game_over"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Key.self)
      led = try container.decodeIfPresent(String.self, forKey: .led)
      on = try container.decodeIfPresent(Bool.self, forKey: .on)
      hasTone = container.contains(.tone)
      tone = try container.decodeIfPresent(Double.self, forKey: .tone)
      haptic = try container.decodeIfPresent(Bool.self, forKey: .haptic)
      state = try container.decodeIfPresent(String.self, forKey: .state)
      round = try container.decodeIfPresent(Int.self, forKey: .round)
      points = try container.decodeIfPresent(Int.self, forKey: .points)
      error = try container.decodeIfPresent(String.self, forKey: .error)
      t = try container.decodeIfPresent(Int64.self, forKey: .t)
      if container.contains(.gameOver) {
        let object = try container.decode(JSONObject.self, forKey: .gameOver)
        // Keys sorted, so the same record always reads back as the same text.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(object)
        gameOver = String(decoding: data, as: UTF8.self)
      }
    }
  }
}

/// What is wrong with a line of the socket protocol, for people.
public struct SimProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The problem, in a sentence.
  public var message: String
  /// A problem described in a sentence.
  public init(_ message: String) { self.message = message }
  /// The problem.
  public var description: String { message }
}

/// Any JSON value, kept as it was read, to pass a record through unchanged.
indirect enum JSONObject: Codable, Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONObject])
  case object([String: JSONObject])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONObject].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONObject].self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }
}
