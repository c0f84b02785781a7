import Foundation
import Hummingbird
import SimonControl
import SimonGame
import SimonPOSIX
import SimonScores
import SimonVenueStore

/// The read-only JSON API (docs/screen.md): what the cabinet shows now and
/// what simond can tell of its tables, recent games and players, and the venue's tables.
/// simond's answers come through the control socket; nothing is read from its state
/// directory. The venue table is read from the venue bridge's (`venue.json`).
public struct ScreenAPI: Sendable {
  let link: CabinetLink
  let ask: ControlAsk
  let venueDirectory: String

  /// The API over `link`, asking simond through `ask`, with the venue table of the bridge
  /// whose state directory is `venueDirectory`.
  public init(
    link: CabinetLink, ask: ControlAsk, venueDirectory: String = VenueStore.defaultDirectory
  ) {
    self.link = link
    self.ask = ask
    self.venueDirectory = venueDirectory
  }

  /// Adds the routes under `/api` to `router`.
  public func add<Context: RequestContext>(to router: Router<Context>) {
    let api = router.group("api")
    api.get("status") { _, _ in try status() }
    api.get("settings") { _, _ in try settings() }
    api.get("recent") { request, _ in
      let count = try Self.count(request.uri.queryParameters["count"])
      return try await answer(.recent(count: count), \.records, as: "records", none: [])
    }
    api.get("tables") { _, _ in try await answer(.tables, \.tables, as: "tables", none: []) }
    api.get("venue") { _, _ in try venue() }
    api.get("daily") { _, _ in try await daily() }
    api.get("players") { _, _ in
      try await answer(.players, \.registered, as: "players", none: [])
    }
    api.get("players/:name") { _, context in
      let name = try Self.name(inPath: context.parameters.require("name"))
      return try await answer(.player(name: name), \.player, as: "player", none: nil)
    }
    api.get("**") { request, _ -> Response in
      throw APIError(.notFound, "no such API: \(request.uri.path) (see docs/screen.md)")
    }
  }

  /// The name a path segment carries, percent-decoded as the page encodes it
  /// (`encodeURIComponent`): "Ann%20Lee" is "Ann Lee", "Zo%C3%AB" is "Zoë".
  /// - Throws: `APIError` 400 when it is not percent-encoded UTF-8.
  static func name(inPath segment: String) throws -> String {
    guard let name = segment.removingPercentEncoding else {
      throw APIError(
        .badRequest, "'\(segment)' is not a name: not percent-encoded UTF-8 (e.g. Ann%20Lee)")
    }
    return name
  }

  /// The link, simond's hello and the snapshot of now, as one object.
  func status() throws -> Response {
    Self.json(try JSONEncoder.api.encode(ScreenStatus(link.standing)))
  }

  /// The settings in force and which were changed.
  func settings() throws -> Response {
    let standing = link.standing
    guard let settings = standing.snapshot?.settings else {
      throw APIError(.serviceUnavailable, "simond has not been reached yet: \(standing.why ?? "")")
    }
    let data = try JSONEncoder.api.encode(settings)
    return Self.json(data)
  }

  /// The venue's tables (`VenueTables`): none when no bridge runs here (no venue file).
  func venue() throws -> Response {
    let book: VenueBook
    do {
      book = try VenueStore(directory: venueDirectory).load()
    } catch {
      throw APIError(.serviceUnavailable, "the venue table cannot be read: \(error)")
    }
    return Self.json(try JSONEncoder.api.encode(VenueTables(book)))
  }

  /// Today's challenge (`DailyTables`), today by this machine's clock, as simond reads it:
  /// the cabinet's table from simond, and the venue's from the bridge's file (none when it
  /// cannot be read: no bridge here).
  func daily() async throws -> Response {
    let today = POSIX.localTime(epochSeconds: Int(Date().timeIntervalSince1970)).isoDate
    let result = try await result(of: .daily(date: today))
    let venue = try? VenueDailyStore(directory: venueDirectory).load()
    return Self.json(
      try JSONEncoder.api.encode(
        DailyTables(today: today, cabinet: result.daily ?? [], venue: venue)))
  }

  /// simond's answer to `action`: the member `member` of its result as the body's only
  /// member, named `name`; `none` where simond sent none.
  func answer<Value: Encodable & Sendable>(
    _ action: ControlRequest.Action, _ member: KeyPath<ControlResult, Value?> & Sendable,
    as name: String, none: Value?
  ) async throws -> Response {
    let result = try await result(of: action)
    return Self.json(
      try JSONEncoder.api.encode(OneMember(name: name, value: result[keyPath: member] ?? none)))
  }

  /// simond's result for `action`.
  /// - Throws: `APIError` with the refusal's status, or 503 when simond is not reachable.
  func result(of action: ControlRequest.Action) async throws -> ControlResult {
    do {
      return try await ask(action)
    } catch let refusal as ControlRefusal {
      throw APIError(Self.status(of: refusal.reason), refusal.message)
    } catch {
      throw APIError(.serviceUnavailable, "simond is not reachable: \(error)")
    }
  }

  /// A body of one member, `{"NAME": VALUE}`.
  struct OneMember<Value: Encodable>: Encodable {
    let name: String
    let value: Value?

    private struct Key: CodingKey {
      let stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(value, forKey: Key(stringValue: name))
    }
  }

  /// The HTTP status of a refusal's reason (400 from a simond that gives none).
  static func status(of reason: ControlRefusalReason?) -> HTTPResponse.Status {
    switch reason {
    case .invalid, nil: .badRequest
    case .notFound: .notFound
    case .conflict: .conflict
    case .unavailable: .serviceUnavailable
    }
  }

  /// `count` from the query: 1...`ControlRequest.maximumRecent`, 50 when absent.
  static func count(_ text: Substring?) throws -> Int {
    guard let text else { return 50 }
    guard let count = Int(text), (1...ControlRequest.maximumRecent).contains(count) else {
      throw APIError(
        .badRequest,
        "count=\(text.prefix(20)): must be a whole number from 1 to \(ControlRequest.maximumRecent)"
      )
    }
    return count
  }

  static func json(_ data: Data) -> Response {
    Response(
      status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(bytes: data)))
  }
}

extension JSONEncoder {
  /// The API's encoder: keys sorted, slashes as they are (as simond writes its lines).
  static var api: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }
}
