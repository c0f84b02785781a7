/// Which remembered sequence the cabinet replays outside a game (docs/design.md section 2): the
/// `last` button's, or the `longest` button's.
public enum Replay: String, CaseIterable, Codable, Sendable {
  /// The sequence of the last game, as Simon last played it.
  case last
  /// The longest sequence a player repeated correctly since power-on.
  case longest
}
