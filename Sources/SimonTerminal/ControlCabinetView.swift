import SimonControl
import SimonGame
import SimonScores

/// What a client knows of the cabinet from simond's control socket (docs/design.md section 10),
/// built from what it has heard: the hello, the lamps and the tone, what the cabinet
/// shows (`CabinetView`), the last game over and the settings; and whether it is heard
/// at all now, or why not.
///
/// Holds nothing simond did not send, except `levelUp`, which it works out from two
/// states in a row.
public struct ControlCabinetView: Equatable, Sendable {
  /// simond's hello on the current connection (it names the state directory).
  public var hello: ControlHello?
  /// Whether the socket is connected and greeted now.
  public var connected = false
  /// Why the socket is not followed now (lost, not found); nil while connected or before
  /// the first try.
  public var problem: String?
  /// What simond's snapshot says now, with every event since folded in
  /// (`ControlSnapshot.apply(_:)`); nil before the first.
  public private(set) var shown: ControlSnapshot?
  /// The last game over heard, kept after the next game starts.
  public var lastGame: ControlGameOver?
  /// Whether `lastGame` is the game just ended (false again from the next countdown).
  public private(set) var lastGameIsCurrent = false
  /// In levels mode, whether the level has just gone up: from the state that raised it
  /// until the next round begins.
  public private(set) var levelUp = false

  /// A view of a socket nothing has been heard from yet.
  public init() {}

  /// What the cabinet shows, while the socket is connected; nil otherwise.
  public var followed: CabinetView? { connected ? state : nil }
  /// The pads whose lamps are on.
  public var lit: Set<Pad> { shown?.litPads ?? [] }
  /// The tone sounding, if any.
  public var tone: Double? { shown?.tone }
  /// What the cabinet shows now.
  public var state: CabinetView? { shown?.state }
  /// The settings in force.
  public var settings: ControlSettings? { shown?.settings }

  /// Connected and greeted: everything is as the snapshot says.
  public mutating func connect(_ hello: ControlHello, _ snapshot: ControlSnapshot) {
    self.hello = hello
    connected = true
    problem = nil
    shown = snapshot
    levelUp = false
  }

  /// The connection failed or was lost, for `reason`.
  public mutating func lose(_ reason: String) {
    connected = false
    problem = reason
  }

  /// Folds one message into the view.
  public mutating func apply(_ message: ControlMessage) {
    switch message {
    case .hello(let hello):
      self.hello = hello
    case .snapshot(let snapshot, _):
      if let hello { connect(hello, snapshot) }
      return
    case .state(let view, _):
      follow(view)
    case .gameOver(let over, _):
      lastGame = over
      lastGameIsCurrent = true
    case .led, .tone, .settings, .scoresChanged, .match, .ok, .error:
      break
    }
    shown.apply(message)
  }

  /// simond named game `id` `name` (its answer to a `name` request): the last game
  /// shows it from now on, when it is that game.
  public mutating func named(game id: Int, _ name: String) {
    guard var over = lastGame, var record = over.record, record.id == id else { return }
    let old = record.result.name
    record.result.name = name
    record.result.members = record.result.members.map { $0 == old ? name : $0 }
    over.record = record
    over.name = name
    lastGame = over
  }

  /// The record of a game as simond has it now (renamed, say): the last game shows it
  /// from now on, when it is that game.
  public mutating func refresh(_ record: GameRecord) {
    guard var over = lastGame, over.record?.id == record.id else { return }
    over.record = record
    over.name = record.result.name
    lastGame = over
  }

  private mutating func follow(_ view: CabinetView) {
    if let old = state, let before = old.level, let after = view.level, after > before {
      levelUp = true
    } else if view.round != state?.round || view.phase != .simon {
      levelUp = false
    }
    if view.phase == .countdown { lastGameIsCurrent = false }
  }
}
