import FoundationEssentials
import SimonGame
import SimonScores

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
    /// A player here challenges the cabinet `cabinet` of the venue to a head-to-head match.
    case matchChallenge(cabinet: String)
    /// Another cabinet's challenge, as the venue's bridge carried it.
    case matchOffer(Challenge)
    /// The rival's answer to the challenge of a match (or its giving up on one), with who
    /// plays there when it accepted.
    case matchAnswer(match: String, ChallengeAnswer, player: String?)
    /// The agreed start of a match, by the wall clock: milliseconds since 1970.
    case matchStart(match: String, atMilliseconds: Int)
    /// The rival's side of a match, as it told it.
    case matchRival(match: String, HeadToHead.Side)
    /// The rival of a match went silent (its bridge, the broker or the network).
    case matchRivalLost(match: String)
    /// This cabinet's side of every undecided match, again, as match news (the bridge
    /// started again, or the rival or the broker is back).
    case matchSync
    /// The latest match games the cabinet recorded, oldest first (at most `maximumMatches`).
    case matches(count: Int)
    /// The venue's cabinets a player here can challenge now (the bridge sees them online,
    /// taking matches), for the menu's challenge page; empty: the page is not offered (one
    /// open keeps the cabinets it opened with).
    case matchCabinets([String])
    /// The venue's name, as its bridge is configured with it: the day's challenge is the
    /// venue's (`DailyChallenge`), offered on the menu once it is known.
    case venue(name: String)
    /// The cabinet's tables of the day's challenge: the date's, or (nil) every date kept,
    /// newest first, without the games' reaction times (a month of long games would make
    /// a reply too long to read).
    case daily(date: String?)
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

  /// The most cabinets one `match-cabinets` request names.
  public static let maximumCabinets = 64

  /// The most match games one `matches` request lists.
  public static let maximumMatches = 100

  /// The most games of one player a `player` reply lists as their latest.
  public static let playerRecent = 20

  /// The requests' names on the wire, in `kinds` order, for error messages and help.
  public static var names: [String] { kinds.map(\.name) }

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
    guard let kind = Self.kinds.first(where: { $0.name == name }) else {
      throw ControlRequestError(
        "unknown request \"\(name.prefix(32))\"; requests are: \(Self.names.joined(separator: ", "))",
        id: id)
    }
    let fields = Fields(object: object, id: id)
    try fields.only(kind.members)
    let action = try kind.read(fields)
    self.init(id: id, action: action)
  }

  /// The request as one line, with its newline.
  public var line: String {
    let wire = action.wire
    var object = wire.members
    object["id"] = id.loose
    object["request"] = .text(wire.name)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(object)) ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// One request on the wire: its name, the members it takes beside `id` and `request`,
  /// and how they are read.
  struct Kind: Sendable {
    let name: String
    let members: Set<String>
    let read: @Sendable (Fields) throws(ControlRequestError) -> Action

    init(
      _ name: String, _ members: Set<String> = [],
      read: @escaping @Sendable (Fields) throws(ControlRequestError) -> Action
    ) {
      self.name = name
      self.members = members
      self.read = read
    }
  }

  /// Every request: the one list of them. Their names, the parser and its errors follow
  /// from it; `Action.wire` writes each back, and a test reads every request it writes.
  static let kinds: [Kind] = [
    Kind("status") { _ in .status },
    Kind("sign-in", ["players"]) { fields throws(ControlRequestError) in
      .signIn(try fields.strings("players"))
    },
    Kind("sign-out") { _ in .signOut },
    Kind("team", ["name"]) { fields throws(ControlRequestError) in
      .team(try fields.string("name"))
    },
    Kind("set", ["key", "value"]) { fields throws(ControlRequestError) in
      .set(key: try fields.string("key"), value: try fields.scalarText("value"))
    },
    Kind("reset", ["key", "all"]) { fields throws(ControlRequestError) in
      if fields.object["all"] == .bool(true), fields.object["key"] == nil {
        return .reset(key: nil)
      }
      guard fields.object["all"] == nil || fields.object["all"] == .bool(false) else {
        throw ControlRequestError("reset takes \"key\" or \"all\":true, not both", id: fields.id)
      }
      return .reset(key: try fields.string("key"))
    },
    Kind("name", ["game", "name"]) { fields throws(ControlRequestError) in
      .nameGame(id: try fields.int("game"), name: try fields.string("name"))
    },
    Kind("name-latest", ["name", "count"]) { fields throws(ControlRequestError) in
      let count = try fields.int("count", in: 1...1000, else: 1)
      return .nameLatest(name: try fields.string("name"), count: count)
    },
    Kind("reset-scores") { _ in .resetScores },
    Kind("reload") { _ in .reload },
    Kind("recent", ["count"]) { fields throws(ControlRequestError) in
      .recent(count: try fields.int("count", in: 1...maximumRecent, else: maximumRecent))
    },
    Kind("tables") { _ in .tables },
    Kind("players") { _ in .players },
    Kind("player", ["name"]) { fields throws(ControlRequestError) in
      .player(name: try fields.string("name"))
    },
    Kind("name-entry", ["game"]) { fields throws(ControlRequestError) in
      .nameEntry(game: try fields.int("game"))
    },
    Kind("match-challenge", ["cabinet"]) { fields throws(ControlRequestError) in
      .matchChallenge(cabinet: try fields.venueID("cabinet", naming: "a cabinet id"))
    },
    Kind("match-offer", ["match", "cabinet", "player", "seed"]) {
      fields throws(ControlRequestError) in
      .matchOffer(
        Challenge(
          id: try fields.venueID("match", naming: "a match id"),
          rival: Rival(
            cabinet: try fields.venueID("cabinet", naming: "a cabinet id"),
            player: try fields.string("player")),
          seed: try fields.seed("seed")))
    },
    Kind("match-answer", ["match", "answer", "reason", "player"]) {
      fields throws(ControlRequestError) in
      .matchAnswer(
        match: try fields.venueID("match", naming: "a match id"), try fields.answer(),
        player: fields.has("player") ? try fields.string("player") : nil)
    },
    Kind("match-start", ["match", "at_ms"]) { fields throws(ControlRequestError) in
      .matchStart(
        match: try fields.venueID("match", naming: "a match id"),
        atMilliseconds: try fields.int("at_ms", in: wallClockMilliseconds))
    },
    Kind("match-rival", ["match", "rounds", "points", "out_after_ms"]) {
      fields throws(ControlRequestError) in
      .matchRival(
        match: try fields.venueID("match", naming: "a match id"), try fields.side())
    },
    Kind("match-rival-lost", ["match"]) { fields throws(ControlRequestError) in
      .matchRivalLost(match: try fields.venueID("match", naming: "a match id"))
    },
    Kind("match-sync") { _ in .matchSync },
    Kind("match-cabinets", ["cabinets"]) { fields throws(ControlRequestError) in
      let cabinets = try fields.strings("cabinets")
      guard cabinets.count <= maximumCabinets else {
        throw ControlRequestError(
          "\"cabinets\" lists at most \(maximumCabinets) cabinets", id: fields.id)
      }
      for cabinet in cabinets {
        if let problem = VenueID.problem(cabinet, naming: "a cabinet id") {
          throw ControlRequestError("\"cabinets\": \(problem)", id: fields.id)
        }
      }
      return .matchCabinets(cabinets)
    },
    Kind("matches", ["count"]) { fields throws(ControlRequestError) in
      .matches(count: try fields.int("count", in: 1...maximumMatches, else: maximumMatches))
    },
    Kind("venue", ["name"]) { fields throws(ControlRequestError) in
      let name = try fields.string("name")
      if let problem = DailyChallenge.venueProblem(name) {
        throw ControlRequestError("\"name\": \(problem)", id: fields.id)
      }
      return .venue(name: name)
    },
    Kind("daily", ["date"]) { fields throws(ControlRequestError) in
      guard fields.has("date") else { return .daily(date: nil) }
      let date = try fields.string("date")
      if let problem = DailyChallenge.dateProblem(date) {
        throw ControlRequestError("\"date\": \(problem)", id: fields.id)
      }
      return .daily(date: date)
    },
  ]

  /// A wall-clock instant in milliseconds since 1970 that a request may name: from 1970 to
  /// the year 287396 (2^53 ms: what a JavaScript number holds exactly).
  public static let wallClockMilliseconds = 0...(1 << 53)

  /// The members of a request object, read with errors that name the member.
  struct Fields: Sendable {
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

    /// Whether the member is there and not null.
    func has(_ key: String) -> Bool { object[key] != nil && object[key] != .null }

    /// A whole number within `range`.
    func int(_ key: String, in range: ClosedRange<Int>) throws(ControlRequestError) -> Int {
      let number = try int(key)
      guard range.contains(number) else {
        throw ControlRequestError(
          "\"\(key)\" is from \(range.lowerBound) to \(range.upperBound)", id: id)
      }
      return number
    }

    /// A whole number within `range`, or `fallback` when the member is missing or null.
    func int(
      _ key: String, in range: ClosedRange<Int>, else fallback: Int
    ) throws(ControlRequestError) -> Int {
      guard has(key) else { return fallback }
      return try int(key, in: range)
    }

    /// An id of the venue (`VenueID`): a cabinet's or a match's.
    func venueID(_ key: String, naming thing: String) throws(ControlRequestError) -> String {
      let id = try string(key)
      if let problem = VenueID.problem(id, naming: thing) {
        throw ControlRequestError("\"\(key)\": \(problem)", id: self.id)
      }
      return id
    }

    /// A match's seed: 16 hexadecimal digits (JSON numbers lose 64-bit integers in
    /// JavaScript).
    func seed(_ key: String) throws(ControlRequestError) -> UInt64 {
      let text = try string(key)
      guard text.utf8.count == 16, let seed = UInt64(text, radix: 16) else {
        throw ControlRequestError(
          "\"\(key)\" must be 16 hexadecimal digits, like \"00c0ffee00c0ffee\"", id: id)
      }
      return seed
    }

    /// A challenge's answer: `answer` (accepted, declined, lapsed, abandoned) and, for
    /// declined only, `reason` (busy, another-match).
    func answer() throws(ControlRequestError) -> ChallengeAnswer {
      let name = try string("answer")
      let reason = has("reason") ? try string("reason") : nil
      guard let answer = ChallengeAnswer(wireName: name, reason: reason) else {
        throw ControlRequestError(
          "\"answer\" is accepted, lapsed, abandoned, or declined with \"reason\" "
            + DeclineReason.allCases.map(\.rawValue).joined(separator: " or "), id: id)
      }
      return answer
    }

    /// A side of a match: `rounds`, `points` and, once out, `out_after_ms`.
    func side() throws(ControlRequestError) -> HeadToHead.Side {
      let bounds = GameRecord.Bounds.self
      let rounds = try int("rounds")
      let points = try int("points")
      guard bounds.rounds.contains(rounds), bounds.points.contains(points) else {
        throw ControlRequestError(
          "\"rounds\" is from 0 to \(bounds.rounds.upperBound), \"points\" from 0 to \(bounds.points.upperBound)",
          id: id)
      }
      let outAfter = try int("out_after_ms", in: bounds.durationMilliseconds, else: -1)
      return HeadToHead.Side(
        rounds: rounds, points: points, outAfter: outAfter < 0 ? nil : .milliseconds(outAfter))
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

extension ControlRequest.Action {
  /// The request's name on the wire (`match-sync`), for logs.
  public var name: String { wire.name }

  /// The request's name and members as the wire carries them (the writing side of
  /// `ControlRequest.kinds`).
  var wire: (name: String, members: [String: Loose]) {
    switch self {
    case .status: ("status", [:])
    case .signIn(let players): ("sign-in", ["players": .texts(players)])
    case .signOut: ("sign-out", [:])
    case .team(let name): ("team", ["name": .text(name)])
    case .set(let key, let value): ("set", ["key": .text(key), "value": .text(value)])
    case .reset(let key?): ("reset", ["key": .text(key)])
    case .reset(nil): ("reset", ["all": .bool(true)])
    case .nameGame(let game, let name): ("name", ["game": .number(game), "name": .text(name)])
    case .nameLatest(let name, let count):
      ("name-latest", ["name": .text(name), "count": .number(count)])
    case .resetScores: ("reset-scores", [:])
    case .reload: ("reload", [:])
    case .recent(let count): ("recent", ["count": .number(count)])
    case .tables: ("tables", [:])
    case .players: ("players", [:])
    case .player(let name): ("player", ["name": .text(name)])
    case .nameEntry(let game): ("name-entry", ["game": .number(game)])
    case .matchChallenge(let cabinet): ("match-challenge", ["cabinet": .text(cabinet)])
    case .matchOffer(let challenge):
      (
        "match-offer",
        [
          "match": .text(challenge.id), "cabinet": .text(challenge.rival.cabinet),
          "player": .text(challenge.rival.player), "seed": .text(challenge.seedText),
        ]
      )
    case .matchAnswer(let match, let answer, let player):
      (
        "match-answer",
        ["match": .text(match), "answer": .text(answer.wireName)]
          .merging(answer.reason.map { ["reason": .text($0.rawValue)] } ?? [:]) { a, _ in a }
          .merging(player.map { ["player": .text($0)] } ?? [:]) { a, _ in a }
      )
    case .matchStart(let match, let at):
      ("match-start", ["match": .text(match), "at_ms": .number(at)])
    case .matchRival(let match, let side):
      ("match-rival", side.wireMembers.merging(["match": .text(match)]) { a, _ in a })
    case .matchRivalLost(let match): ("match-rival-lost", ["match": .text(match)])
    case .matchSync: ("match-sync", [:])
    case .matches(let count): ("matches", ["count": .number(count)])
    case .matchCabinets(let cabinets): ("match-cabinets", ["cabinets": .texts(cabinets)])
    case .venue(let name): ("venue", ["name": .text(name)])
    case .daily(let date): ("daily", date.map { ["date": .text($0)] } ?? [:])
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
  case null
  case other

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
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
    case .null, .other: try container.encodeNil()
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
