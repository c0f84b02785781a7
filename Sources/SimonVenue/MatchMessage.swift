import FoundationEssentials
import SimonControl
import SimonGame

/// One message of a head-to-head match between two cabinets' bridges, on the sender's
/// topic `<prefix>/<venue>/<cabinet>/match` (docs/venue.md, "Matches"): QoS 1, never
/// retained, JSON.
///
/// Every message names its sender (`from`, which must be the topic's cabinet), its
/// receiver (`to`), its match and a sequence number that grows with every message a
/// bridge sends (its wall clock in milliseconds, or one more than the last): a message
/// whose number is not above the last taken from that rival in that match is a replay.
struct MatchMessage: Codable, Equatable, Sendable {
  /// What the message says.
  enum Kind: String, Codable, CaseIterable, Sendable {
    /// A player at `from` challenges `to`: `player`, `seed`, `sent_ms`.
    case challenge
    /// The answer of `from` to a challenge, or its giving up on one: `answer`, `reason`
    /// (declined), `player` and `start_ms` (accepted).
    case answer
    /// The side of `from` in the match: `side`.
    case progress
    /// The outcome as `from` sees it: `outcome`.
    case decided
  }

  var from: String
  var to: String
  var match: String
  var seq: Int
  var kind: Kind
  var player: String?
  var seed: String?
  var sentMs: Int?
  var answer: String?
  var reason: String?
  var startMs: Int?
  var side: HeadToHead.Side?
  var outcome: HeadToHead.Outcome?

  enum CodingKeys: String, CodingKey {
    case from, to, match, seq, kind, player, seed, answer, reason, side, outcome
    case sentMs = "sent_ms"
    case startMs = "start_ms"
  }

  init(from: String, to: String, match: String, seq: Int, kind: Kind) {
    self.from = from
    self.to = to
    self.match = match
    self.seq = seq
    self.kind = kind
  }

  /// The message as published: compact JSON, keys sorted.
  var payload: [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return Array((try? encoder.encode(self)) ?? Data("{}".utf8))
  }

  /// Reads a published message.
  /// - Throws: `MatchRelay.Refusal` saying what is wrong.
  init(payload: [UInt8]) throws(MatchRelay.Refusal) {
    guard payload.count <= Self.maximumLength else {
      throw MatchRelay.Refusal("longer than \(Self.maximumLength) bytes")
    }
    do {
      self = try JSONDecoder().decode(Self.self, from: Data(payload))
    } catch {
      throw MatchRelay.Refusal("not a match message (\(Self.describe(error)))")
    }
    for (name, id) in [("from", from), ("to", to)] {
      if let problem = VenueID.problem(id, naming: "a cabinet id") {
        throw MatchRelay.Refusal("\"\(name)\": \(problem)")
      }
    }
    if let problem = VenueID.problem(match, naming: "a match id") {
      throw MatchRelay.Refusal("\"match\": \(problem)")
    }
    for (name, instant) in [("sent_ms", sentMs), ("start_ms", startMs)] {
      if let instant, !ControlRequest.wallClockMilliseconds.contains(instant) {
        throw MatchRelay.Refusal("\"\(name)\" is not an instant in milliseconds since 1970")
      }
    }
  }

  /// The longest message taken: a few hundred bytes is the most a real one needs.
  static let maximumLength = 2048

  private static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.keyNotFound(let key, _): "missing \"\(key.stringValue)\""
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
      DecodingError.dataCorrupted(let context):
      context.codingPath.isEmpty
        ? "not JSON" : "bad \"\(context.codingPath.map(\.stringValue).joined(separator: "."))\""
    default: "\(error)"
    }
  }
}
