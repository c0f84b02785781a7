import FoundationEssentials
import SimonGame
import SimonSim

/// What `simonctl status` prints: the daemon's state, round, points and lit pads, as a
/// table for people or one JSON object for scripts.
public struct StatusReport: Equatable, Sendable, Encodable {
  /// The socket asked.
  public var socket: String
  /// The game's phase, by its wire name.
  public var state: Phase
  /// The round (0 outside a game).
  public var round: Int
  /// The points of the game being played, or of the last one at game over.
  public var points: Int
  /// The lit pads, in cabinet order.
  public var lit: [Pad]

  /// The report for a cabinet; nil when its hello has not ended with a state.
  public init?(socket: String, view: SimCabinetView) {
    guard let status = view.status else { return nil }
    self.socket = socket
    state = status.phase
    round = status.round
    points = status.points
    lit = view.lit.sorted()
  }

  /// An aligned table:
  /// ```
  /// socket  /run/user/1000/simond.sock
  /// state   player (your turn)
  /// round   3
  /// points  25
  /// lit     red
  /// ```
  public var text: String {
    let lit = lit.isEmpty ? "none" : lit.map(\.rawValue).joined(separator: ", ")
    let words = PhaseWords.name(of: state)
    return [
      "socket  \(TerminalText.safe(socket))",
      "state   \(state.rawValue)" + (words == state.rawValue ? "" : " (\(words))"),
      "round   \(round)",
      "points  \(points)",
      "lit     \(lit)",
    ].joined(separator: "\n")
  }

  /// One JSON object, keys sorted:
  /// `{"lit":["red"],"points":25,"round":3,"socket":"/tmp/s.sock","state":"player"}`.
  public var json: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }
}
