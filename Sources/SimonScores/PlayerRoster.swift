import SimonJSON
import SimonStateFiles

/// Everything the players file holds: the registered players, sorted by name.
package struct PlayerRoster: StateDocument {
  package static var fileName: String { "players.json" }
  package static var version: Int { 1 }
  package static var permissions: UInt32 { 0o660 }
  package static var empty: PlayerRoster { PlayerRoster(players: []) }

  /// The players, sorted by name ignoring case.
  var players: [Player]

  /// The player with this name, ignoring case.
  func index(named name: String) -> Int? {
    // A file from before lookalikes were folded may hold two: the exact name first.
    players.firstIndex { $0.name == name } ?? players.firstIndex { PlayerName.same($0.name, name) }
  }

  /// Puts the players in name order.
  mutating func sort() {
    players.sort { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
  }

  package var contentProblems: [String] {
    var names: Set<String> = []
    var codes: Set<PadCode> = []
    for (index, player) in players.enumerated() {
      // A file written before lookalikes were folded stays readable: only the rules
      // that keep a name safe to print are checked here.
      if let rule = PlayerName.brokenRule(player.name, asNew: false) {
        return ["players[\(index)]: \(PlayerName.quoted(player.name)) breaks a rule: \(rule)"]
      }
      if !names.insert(player.name.lowercased()).inserted {
        return ["players[\(index)]: \(PlayerName.quoted(player.name)) is there twice"]
      }
      if !codes.insert(player.code).inserted {
        return ["players[\(index)]: the code \(player.code) is there twice"]
      }
    }
    return []
  }

  package static func decode(_ json: JSONValue) throws(JSONShapeError) -> PlayerRoster {
    let players = try JSONReader(json).member("players").map { (item) throws(JSONShapeError) in
      let text = try item.member("code").string()
      let code: PadCode
      do {
        code = try PadCode(parsing: text)
      } catch {
        throw JSONShapeError(path: "code", message: "\(error)")
      }
      return Player(name: try item.member("name").string(), code: code)
    }
    var roster = PlayerRoster(players: players)
    roster.sort()
    return roster
  }

  /// `{"version": 1, "players": [{"name": ..., "code": ...}, ...]}`, one player a line.
  package func encodeFile() throws -> [UInt8] {
    var writer = JSONWriter(capacity: 64 * players.count + 64)
    writer.beginStateFile(version: Self.version)
    writer.key("players")
    writer.lines(players, indent: 1) { writer, player in
      writer.raw("{")
      writer.key("name")
      writer.string(player.name)
      writer.raw(", ")
      writer.key("code")
      writer.string(player.code.description)
      writer.raw("}")
    }
    writer.newline(indent: 0)
    writer.raw("}\n")
    return writer.bytes
  }
}
