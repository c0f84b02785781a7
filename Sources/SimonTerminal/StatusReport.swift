import FoundationEssentials
import SimonControl
import SimonGame
import SimonSim

/// What `simonctl status` prints: the daemon's state, round, points and lit pads (and,
/// from the control socket, the mode, who plays and whose turn, the settings changed),
/// as a table for people or one JSON object for scripts.
public struct StatusReport: Equatable, Sendable, Encodable {
  /// The daemon, from the control socket: "simond 0.1.0 on HOST, gpio cabinet".
  public var daemon: String?
  /// The socket asked.
  public var socket: String
  /// Where simond keeps scores, players and settings (from the control socket's hello).
  public var stateDirectory: String?
  /// The game's phase, by its wire name.
  public var state: Phase
  /// The round (0 outside a game).
  public var round: Int
  /// The points of the game being played, or of the last one at game over.
  public var points: Int
  /// The lit pads, in cabinet order.
  public var lit: [Pad]
  /// The mode of the game in progress or of the next one.
  public var mode: GameMode?
  /// Its difficulty.
  public var difficulty: Difficulty?
  /// Who plays, in turn order.
  public var players: [String]?
  /// Whose turn it is, in a multi-player game.
  public var turn: String?
  /// The coop team's name.
  public var team: String?
  /// Who is signed in.
  public var signedIn: [String]?
  /// The settings changed at the cabinet or by a tool.
  public var changed: [String]?

  enum CodingKeys: String, CodingKey {
    case daemon, socket, state, round, points, lit, mode, difficulty, players, turn, team
    case changed
    case signedIn = "signed_in"
    case stateDirectory = "state_dir"
  }

  /// The report for simond's control socket.
  public init(socket: String, hello: ControlHello, snapshot: ControlSnapshot) {
    let view = snapshot.state
    daemon = "simond \(hello.version) on \(hello.cabinet), \(hello.hardware) cabinet"
    self.socket = socket
    stateDirectory = hello.stateDirectory
    state = view.phase
    round = view.round
    points = view.points
    lit = snapshot.litPads.sorted()
    mode = view.mode
    difficulty = view.difficulty
    players = view.players
    turn = view.turnName
    team = view.team
    signedIn = view.signedIn
    changed = snapshot.settings.changed
  }

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
    var rows: [(String, String)] = []
    if let daemon { rows.append(("daemon", TerminalText.safe(daemon))) }
    rows.append(("socket", TerminalText.safe(socket)))
    if let stateDirectory { rows.append(("state dir", TerminalText.safe(stateDirectory))) }
    rows += [
      ("state", "\(state.rawValue)" + (words == state.rawValue ? "" : " (\(words))")),
      ("round", "\(round)"),
      ("points", "\(points)"),
      ("lit", lit),
    ]
    if let mode, let difficulty {
      rows.append(("mode", "\(mode.rawValue), \(difficulty.rawValue)"))
    }
    if let players {
      let names = players.map(TerminalText.safe).joined(separator: ", ")
      rows.append(("players", names + (turn.map { " (\(TerminalText.safe($0))'s turn)" } ?? "")))
    }
    if let team { rows.append(("team", TerminalText.safe(team))) }
    if let signedIn {
      rows.append(
        (
          "signed in",
          signedIn.isEmpty ? "nobody" : signedIn.map(TerminalText.safe).joined(separator: ", ")
        ))
    }
    if let changed {
      rows.append(("changed", changed.isEmpty ? "no setting" : changed.joined(separator: ", ")))
    }
    let width = rows.map(\.0.count).max() ?? 0
    return rows.map { label, value in
      label + String(repeating: " ", count: width - label.count + 2) + value
    }.joined(separator: "\n")
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
