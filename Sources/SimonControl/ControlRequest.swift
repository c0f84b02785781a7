import FoundationEssentials

/// A request a client sends on the control socket (docs/design.md section 10): one JSON object on
/// one line, with an `id` its one reply carries back.
public struct ControlRequest: Equatable, Sendable {
  /// What is asked.
  public enum Action: Equatable, Sendable {
    /// The full snapshot, in the reply.
    case status
    /// Seat these registered players, in turn order (the roster of the next games).
    case signIn([String])
    /// Nobody is signed in any more.
    case signOut
    /// Name the coop team of the next games.
    case team(String)
    /// Change a setting, as `simonctl settings set` takes it.
    case set(key: String, value: String)
    /// Let one setting (nil: every one) follow the configuration again.
    case reset(key: String?)
    /// Name a ranked game played without signing in.
    case nameGame(id: Int, name: String)
    /// Name the latest `count` games recorded as "Player".
    case nameLatest(name: String, count: Int)
    /// Delete every score and recent game.
    case resetScores
    /// Reread the configuration and the settings (as SIGHUP does).
    case reload
    /// The latest games the cabinet recorded, oldest first (at most `maximumRecent`).
    case recent(count: Int)
    /// Every high-score table that holds a game, ranked.
    case tables
    /// Every registered player with their number of games and best points.
    case players
    /// One player's page: their bests and latest games.
    case player(name: String)
    /// Name entry with the pads for the ranked game that just ended (record number).
    case nameEntry(game: Int)
  }

  /// The request's id.
  public var id: RequestID
  /// What is asked.
  public var action: Action

  /// The longest request line the daemon reads.
  public static let maximumLineLength = 4096

  /// The most games one `recent` request lists: about 80 KB of reply, well within what
  /// a client may leave unread.
  public static let maximumRecent = 200

  /// The most games of one player a `player` reply lists as their latest.
  public static let playerRecent = 20

  /// The requests' names on the wire, for error messages and help.
  public static let names = [
    "status", "sign-in", "sign-out", "team", "set", "reset", "name", "name-latest",
    "reset-scores", "reload", "recent", "tables", "players", "player", "name-entry",
  ]

  /// A request with every value given.
  public init(id: RequestID, action: Action) {
    self.id = id
    self.action = action
  }

  /// Reads one line (without its newline).
  /// - Throws: `ControlRequestError` saying what is wrong, with the id when one was read.
  public init(line: String) throws(ControlRequestError) {
    let object: [String: Loose]
    do {
      object = try JSONDecoder().decode([String: Loose].self, from: Data(line.utf8))
    } catch {
      throw ControlRequestError(
        "not a JSON object: a request is {\"id\":1,\"request\":\"status\"}", id: nil)
    }
    let id: RequestID
    switch object["id"] {
    case .number(let number)?: id = .number(number)
    case .text(let text)?: id = .text(text)
    case nil: throw ControlRequestError("missing \"id\": every request carries one", id: nil)
    default: throw ControlRequestError("\"id\" must be a whole number or a string", id: nil)
    }
    guard case .text(let name)? = object["request"] else {
      throw ControlRequestError(
        "missing \"request\": one of \(Self.names.joined(separator: ", "))", id: id)
    }
    let fields = Fields(object: object, id: id)
    let action: Action
    switch name {
    case "status":
      try fields.only([])
      action = .status
    case "sign-in":
      try fields.only(["players"])
      action = .signIn(try fields.strings("players"))
    case "sign-out":
      try fields.only([])
      action = .signOut
    case "team":
      try fields.only(["name"])
      action = .team(try fields.string("name"))
    case "set":
      try fields.only(["key", "value"])
      action = .set(key: try fields.string("key"), value: try fields.scalarText("value"))
    case "reset":
      try fields.only(["key", "all"])
      if object["all"] == .bool(true), object["key"] == nil {
        action = .reset(key: nil)
      } else if object["all"] == nil || object["all"] == .bool(false) {
        action = .reset(key: try fields.string("key"))
      } else {
        throw ControlRequestError("reset takes \"key\" or \"all\":true, not both", id: id)
      }
    case "name":
      try fields.only(["game", "name"])
      action = .nameGame(id: try fields.int("game"), name: try fields.string("name"))
    case "name-latest":
      try fields.only(["name", "count"])
      let count = object["count"] == nil ? 1 : try fields.int("count")
      guard (1...1000).contains(count) else {
        throw ControlRequestError("\"count\" is from 1 to 1000", id: id)
      }
      action = .nameLatest(name: try fields.string("name"), count: count)
    case "reset-scores":
      try fields.only([])
      action = .resetScores
    case "reload":
      try fields.only([])
      action = .reload
    case "recent":
      try fields.only(["count"])
      let count = object["count"] == nil ? Self.maximumRecent : try fields.int("count")
      guard (1...Self.maximumRecent).contains(count) else {
        throw ControlRequestError("\"count\" is from 1 to \(Self.maximumRecent)", id: id)
      }
      action = .recent(count: count)
    case "tables":
      try fields.only([])
      action = .tables
    case "players":
      try fields.only([])
      action = .players
    case "player":
      try fields.only(["name"])
      action = .player(name: try fields.string("name"))
    case "name-entry":
      try fields.only(["game"])
      action = .nameEntry(game: try fields.int("game"))
    default:
      throw ControlRequestError(
        "unknown request \"\(name.prefix(32))\"; requests are: \(Self.names.joined(separator: ", "))",
        id: id)
    }
    self.init(id: id, action: action)
  }

  /// The request as one line, with its newline.
  public var line: String {
    var object: [String: Loose] = ["id": id.loose]
    func add(_ name: String, _ fields: [String: Loose] = [:]) {
      object["request"] = .text(name)
      object.merge(fields) { _, new in new }
    }
    switch action {
    case .status: add("status")
    case .signIn(let players): add("sign-in", ["players": .texts(players)])
    case .signOut: add("sign-out")
    case .team(let name): add("team", ["name": .text(name)])
    case .set(let key, let value): add("set", ["key": .text(key), "value": .text(value)])
    case .reset(let key?): add("reset", ["key": .text(key)])
    case .reset(nil): add("reset", ["all": .bool(true)])
    case .nameGame(let game, let name): add("name", ["game": .number(game), "name": .text(name)])
    case .nameLatest(let name, let count):
      add("name-latest", ["name": .text(name), "count": .number(count)])
    case .resetScores: add("reset-scores")
    case .reload: add("reload")
    case .recent(let count): add("recent", ["count": .number(count)])
    case .tables: add("tables")
    case .players: add("players")
    case .player(let name): add("player", ["name": .text(name)])
    case .nameEntry(let game): add("name-entry", ["game": .number(game)])
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(object)) ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// The members of a request object, read with errors that name the member.
  private struct Fields {
    let object: [String: Loose]
    let id: RequestID

    func only(_ allowed: Set<String>) throws(ControlRequestError) {
      for key in object.keys.sorted()
      where !allowed.contains(key) && key != "id" && key != "request" {
        let request =
          object["request"].flatMap { if case .text(let t) = $0 { t } else { nil } } ?? ""
        let takes = allowed.isEmpty ? "nothing more" : allowed.sorted().joined(separator: ", ")
        throw ControlRequestError(
          "unknown member \"\(key.prefix(32))\" in \(request); it takes \(takes)", id: id)
      }
    }

    func string(_ key: String) throws(ControlRequestError) -> String {
      guard case .text(let text)? = object[key] else {
        throw ControlRequestError("\"\(key)\" must be a string", id: id)
      }
      return text
    }

    func strings(_ key: String) throws(ControlRequestError) -> [String] {
      guard case .texts(let texts)? = object[key] else {
        throw ControlRequestError("\"\(key)\" must be a list of names", id: id)
      }
      return texts
    }

    func int(_ key: String) throws(ControlRequestError) -> Int {
      guard case .number(let number)? = object[key] else {
        throw ControlRequestError("\"\(key)\" must be a whole number", id: id)
      }
      return number
    }

    /// A setting's value: a string, a whole number or true/false, as text.
    func scalarText(_ key: String) throws(ControlRequestError) -> String {
      switch object[key] {
      case .text(let text)?: return text
      case .number(let number)?: return String(number)
      case .bool(let flag)?: return String(flag)
      default:
        throw ControlRequestError("\"\(key)\" must be a string, number or true/false", id: id)
      }
    }
  }
}

/// What is wrong with a request line, for its `error` reply.
public struct ControlRequestError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The problem, in a sentence.
  public var message: String
  /// The request's id, when it could be read.
  public var id: RequestID?

  /// A problem with the request of `id`.
  public init(_ message: String, id: RequestID?) {
    self.message = message
    self.id = id
  }

  /// The problem.
  public var description: String { message }
}

/// One member of a request: only the shapes requests use.
enum Loose: Codable, Equatable, Sendable {
  case number(Int)
  case text(String)
  case bool(Bool)
  case texts([String])
  case other

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .text(value)
    } else if let value = try? container.decode([String].self) {
      self = .texts(value)
    } else {
      self = .other
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .number(let value): try container.encode(value)
    case .text(let value): try container.encode(value)
    case .bool(let value): try container.encode(value)
    case .texts(let value): try container.encode(value)
    case .other: try container.encodeNil()
    }
  }
}

extension RequestID {
  var loose: Loose {
    switch self {
    case .number(let number): .number(number)
    case .text(let text): .text(text)
    }
  }
}
