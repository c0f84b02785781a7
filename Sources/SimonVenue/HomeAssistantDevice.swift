import FoundationEssentials
import SimonGame

/// The cabinet as a Home Assistant device (MQTT device discovery): one retained
/// discovery message naming a handful of sensors that read the cabinet's state topic,
/// available while the bridge is (its last will says "offline"). Entity ids name the
/// cabinet, never a player.
public enum HomeAssistantDevice {
  /// The device's id: "simon_" and the cabinet's id, with "." and "-" as "_".
  public static func id(_ cabinet: String) -> String {
    "simon_" + String(cabinet.map { $0 == "." || $0 == "-" ? "_" : $0 })
  }

  /// The sensors: component key, name, the state's JSON key, state class.
  static let sensors: [(key: String, name: String, value: String, stateClass: String?)] = [
    ("state", "State", "state", nil),
    ("player", "Player", "player", nil),
    ("last_score", "Last score", "last_score", "measurement"),
    ("best_score", "Best score", "best_score", "measurement"),
    ("games_played", "Games played", "games_played", "total_increasing"),
    ("last_match", "Last match", "last_match", nil),
  ]

  /// The discovery message for `topics.discovery`.
  public static func discovery(topics: Topics, venue: String, version: String) -> [UInt8] {
    let device = id(topics.cabinet)
    var components: [String: Component] = [:]
    for sensor in sensors {
      components["\(device)_\(sensor.key)"] = Component(
        platform: "sensor", name: sensor.name, uniqueID: "\(device)_\(sensor.key)",
        valueTemplate: "{{ value_json.\(sensor.value) }}", stateClass: sensor.stateClass,
        icon: sensor.key == "state" ? "mdi:gamepad-circle" : nil, qos: 1)
    }
    let message = Discovery(
      device: Device(
        identifiers: [device], name: "Simon \(topics.cabinet)", manufacturer: "Simon Cabinet",
        model: "Simon cabinet", softwareVersion: version, suggestedArea: venue),
      origin: Origin(name: "simon-venue", softwareVersion: version),
      availabilityTopic: topics.availability, payloadAvailable: "online",
      payloadNotAvailable: "offline", stateTopic: topics.state, components: components)
    return encode(message)
  }

  /// What the cabinet is doing, for the state topic.
  public struct State: Codable, Equatable, Sendable {
    /// "idle", "attract", "playing", "game over", or "offline" while simond is not
    /// reachable.
    public var state: String
    /// Who plays or is signed in; nil (null, which Home Assistant shows as unknown) when
    /// nobody is.
    public var player: String?
    /// The points of the last game.
    public var lastScore: Int?
    /// The most points of any game.
    public var bestScore: Int?
    /// How many games the cabinet has played since the bridge was installed.
    public var gamesPlayed: Int
    /// The outcome of the last head-to-head match decided since the bridge started, and
    /// the rival's cabinet ("won against bar-2"); nil before one.
    public var lastMatch: String?

    enum CodingKeys: String, CodingKey {
      case state, player
      case lastScore = "last_score"
      case bestScore = "best_score"
      case gamesPlayed = "games_played"
      case lastMatch = "last_match"
    }

    /// The state of a cabinet showing `view` (nil: simond not reachable).
    public init(view: CabinetView?, lastScore: Int?, bestScore: Int?, gamesPlayed: Int) {
      state = ""
      player = nil
      self.lastScore = lastScore
      self.bestScore = bestScore
      self.gamesPlayed = gamesPlayed
      update(view: view)
    }

    /// The same scores, for a cabinet now showing `view`.
    public mutating func update(view: CabinetView?) {
      switch view?.phase {
      case nil: state = "offline"
      case .idle?: state = "idle"
      case .attract?: state = "attract"
      case .countdown?, .simon?, .player?: state = "playing"
      case .gameover?: state = "game over"
      }
      player = view.flatMap { $0.turnName ?? $0.signedIn.first }
    }

    /// The state topic's message.
    public var payload: [UInt8] { HomeAssistantDevice.encode(self) }

    /// Writes every key, null where there is no score yet.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(state, forKey: .state)
      try container.encode(player, forKey: .player)
      try container.encode(lastScore, forKey: .lastScore)
      try container.encode(bestScore, forKey: .bestScore)
      try container.encode(gamesPlayed, forKey: .gamesPlayed)
      try container.encode(lastMatch, forKey: .lastMatch)
    }
  }

  private struct Discovery: Encodable {
    var device: Device
    var origin: Origin
    var availabilityTopic: String
    var payloadAvailable: String
    var payloadNotAvailable: String
    var stateTopic: String
    var components: [String: Component]

    enum CodingKeys: String, CodingKey {
      case device, origin, components
      case availabilityTopic = "availability_topic"
      case payloadAvailable = "payload_available"
      case payloadNotAvailable = "payload_not_available"
      case stateTopic = "state_topic"
    }
  }

  private struct Device: Encodable {
    var identifiers: [String]
    var name: String
    var manufacturer: String
    var model: String
    var softwareVersion: String
    var suggestedArea: String

    enum CodingKeys: String, CodingKey {
      case identifiers, name, manufacturer, model
      case softwareVersion = "sw_version"
      case suggestedArea = "suggested_area"
    }
  }

  private struct Origin: Encodable {
    var name: String
    var softwareVersion: String

    enum CodingKeys: String, CodingKey {
      case name
      case softwareVersion = "sw_version"
    }
  }

  private struct Component: Encodable {
    var platform: String
    var name: String
    var uniqueID: String
    var valueTemplate: String
    var stateClass: String?
    var icon: String?
    /// Home Assistant subscribes to the state topic with the component's QoS (the
    /// device's is not passed on to its components).
    var qos: Int

    enum CodingKeys: String, CodingKey {
      case platform, name, icon, qos
      case uniqueID = "unique_id"
      case valueTemplate = "value_template"
      case stateClass = "state_class"
    }
  }

  fileprivate static func encode(_ value: some Encodable) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return Array((try? encoder.encode(value)) ?? Data("{}".utf8))
  }
}
