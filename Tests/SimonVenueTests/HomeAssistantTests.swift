import Foundation
import SimonGame
import SimonVenue
import Testing

/// Home Assistant's MQTT device discovery, checked against its documented schema
/// (https://www.home-assistant.io/integrations/mqtt/#device-discovery-payload): a
/// device with identifiers, an origin with a name, components each with a platform and a
/// unique id, availability by a topic with its payloads, and the sensors' options.
@Suite("Home Assistant discovery")
struct HomeAssistantTests {
  private let topics: Topics = {
    var config = VenueConfig.defaults
    config.venue = "arcade"
    config.cabinet = "pi-3.local"
    return Topics(config: config)
  }()

  private func discovery() throws -> [String: Any] {
    let bytes = HomeAssistantDevice.discovery(topics: topics, venue: "arcade", version: "0.1.0")
    return try #require(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
  }

  @Test("the discovery topic is device-based under the prefix, named for the cabinet")
  func topic() {
    #expect(topics.discovery == "homeassistant/device/simon_pi_3_local/config")
    #expect(topics.availability == "simon/arcade/pi-3.local/availability")
  }

  @Test("the payload has every key the schema requires, and only known sensor options")
  func schema() throws {
    let payload = try discovery()
    let device = try #require(payload["device"] as? [String: Any])
    #expect((device["identifiers"] as? [String]) == ["simon_pi_3_local"])
    #expect(device["name"] as? String == "Simon pi-3.local")
    let origin = try #require(payload["origin"] as? [String: Any])
    #expect(origin["name"] as? String == "simon-venue")
    #expect(payload["availability_topic"] as? String == topics.availability)
    #expect(payload["payload_available"] as? String == "online")
    #expect(payload["payload_not_available"] as? String == "offline")
    #expect(payload["state_topic"] as? String == topics.state)
    // Home Assistant takes no QoS from the device for its components: each has its own.
    #expect(payload["qos"] == nil)
    let components = try #require(payload["components"] as? [String: [String: Any]])
    #expect(
      Set(components.keys) == [
        "simon_pi_3_local_state", "simon_pi_3_local_player", "simon_pi_3_local_last_score",
        "simon_pi_3_local_best_score", "simon_pi_3_local_games_played",
        "simon_pi_3_local_last_match",
      ])
    let sensorOptions: Set<String> = [
      "platform", "name", "unique_id", "value_template", "state_class", "icon", "qos",
    ]
    var uniqueIDs: Set<String> = []
    for (key, component) in components {
      #expect(component["platform"] as? String == "sensor", "\(key)")
      #expect(component["qos"] as? Int == 1, "\(key): QoS 1, as the state is published")
      let unique = try #require(component["unique_id"] as? String)
      #expect(unique == key)
      uniqueIDs.insert(unique)
      #expect(Set(component.keys).isSubset(of: sensorOptions), "\(key): \(component.keys)")
      let template = try #require(component["value_template"] as? String)
      #expect(template.hasPrefix("{{ value_json.") && template.hasSuffix(" }}"))
      if let stateClass = component["state_class"] as? String {
        #expect(["measurement", "total", "total_increasing"].contains(stateClass))
      }
    }
    #expect(uniqueIDs.count == components.count)
  }

  @Test("every value template names a key the state message has")
  func templatesMatchState() throws {
    let state = HomeAssistantDevice.State(
      view: nil, lastScore: 120, bestScore: 300, gamesPlayed: 7)
    let message = try #require(
      JSONSerialization.jsonObject(with: Data(state.payload)) as? [String: Any])
    #expect(message["state"] as? String == "offline")
    #expect(message["games_played"] as? Int == 7)
    #expect(message.keys.contains("last_match") && message["last_match"] is NSNull)
    let components = try #require(try discovery()["components"] as? [String: [String: Any]])
    for component in components.values {
      let template = try #require(component["value_template"] as? String)
      let key = String(template.dropFirst("{{ value_json.".count).dropLast(" }}".count))
      #expect(message.keys.contains(key), "\(key)")
    }
  }

  @Test("with nobody signed in the player is null, which Home Assistant shows as unknown")
  func nobodyIsNull() throws {
    var state = HomeAssistantDevice.State(view: nil, lastScore: nil, bestScore: nil, gamesPlayed: 0)
    var view = CabinetView(
      phase: .attract, mode: .classic, difficulty: .medium, level: nil, round: 0, points: 0,
      players: [], turn: nil, out: [], signedIn: [], team: nil, countdown: nil, menu: nil,
      codeEntered: nil)
    state.update(view: view)
    let message = try #require(
      JSONSerialization.jsonObject(with: Data(state.payload)) as? [String: Any])
    #expect(message["state"] as? String == "attract")
    #expect(message["player"] is NSNull, "\(message)")
    view.signedIn = ["Ann"]
    state.update(view: view)
    #expect(state.player == "Ann")
  }

  @Test("no entity is named for a player")
  func noPlayerInEntityIDs() throws {
    let components = try #require(try discovery()["components"] as? [String: [String: Any]])
    for key in components.keys { #expect(key.hasPrefix("simon_pi_3_local_")) }
  }
}
