import SimonGame
import SimonScores

/// How records look in tables for people.
enum RecordText {
  /// The name, with the members in brackets when they are more than the name:
  /// "Team (Ann, Bob)"; control characters are escaped.
  static func who(_ record: GameRecord) -> String {
    let result = record.result
    let name = PlayerName.printable(result.name)
    if result.members.isEmpty || result.members == [result.name] { return name }
    return name + " (" + result.members.map(PlayerName.printable).joined(separator: ", ") + ")"
  }

  /// "classic / medium".
  static func table(_ key: TableKey) -> String {
    "\(key.mode.rawValue) / \(key.difficulty.rawValue)"
  }

  /// "1:05" (minutes and seconds) of a game's duration.
  static func duration(_ duration: Duration) -> String {
    let seconds = Int(duration.components.seconds)
    let rest = seconds % 60
    return "\(seconds / 60):" + (rest < 10 ? "0" : "") + "\(rest)"
  }
}
