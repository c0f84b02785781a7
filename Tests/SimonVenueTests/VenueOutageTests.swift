import Foundation
import ScoresTestSupport
import SimonGame
import SimonProcessSupport
import SimonScores
import SimonTestTraits
import Testing

/// The venue's longest end-to-end run, a suite of its own so that it runs beside the
/// others (`VenueBrokerTests`) rather than after them: three real cabinets and their
/// bridges with Debian's Mosquitto going down and coming back.
@Suite(
  "The venue through a broker that goes and comes back", .serialized, .realTime,
  .enabled(if: BrokerProcess.isInstalled, "needs Debian's mosquitto (scripts/install-deps)"))
struct VenueOutageTests {
  @Test(
    "three cabinets play with the broker up, down and back; every table ends with every game once"
  )
  func threeCabinets() async throws {
    let broker = try await BrokerProcess()
    var cabinets: [DaemonProcess] = []
    // No attract show for the test's length: Home Assistant's state is read at its end.
    for _ in 0..<3 {
      cabinets.append(try await DaemonProcess(config: "[attract]\nafter_s = 3600\n"))
    }
    let bridges = try cabinets.enumerated().map { index, cabinet in
      try BridgeProcess(
        cabinet: "cab-\(index + 1)", broker: broker, controlSocket: cabinet.controlPath)
    }
    let players = try cabinets.map { try $0.connect() }

    // With the broker up: one game each, and every cabinet sees all three.
    for player in players { try await player.playGame(rounds: 1) }
    let firstRound = try await eventually(timeout: 60) {
      try bridges.allSatisfy { try venue($0).merged.values.map(\.count) == [1, 1, 1] }
    }
    #expect(firstRound, "venue tables after the first games: \(bridges.map(\.venueFile))")

    // The broker goes away; games go on and wait in the outboxes. The first cabinet's
    // bridge is not running during its game: it finds the game when it comes back
    // (simond's `recent`); the second's is killed outright while its game waits.
    await broker.stop()
    await bridges[0].signal(SIGKILL)
    for player in players { try await player.playGame(rounds: 2) }
    try bridges[0].start()
    let waiting = try await eventually(timeout: 60) {
      try bridges.allSatisfy { try outboxPending($0) == 1 }
    }
    #expect(waiting, "outboxes while the broker is down: \(bridges.map(\.log))")
    await bridges[1].signal(SIGKILL)
    try bridges[1].start()

    // The broker comes back: everything is delivered, each game exactly once.
    try await broker.start()
    let converged = try await eventually(timeout: 60) {
      try bridges.allSatisfy { bridge in
        try venue(bridge).merged.values.map(\.count) == [2, 2, 2] && outboxPending(bridge) == 0
      }
    }
    #expect(converged, "venue tables: \(bridges.map(\.venueFile))\nlogs: \(bridges.map(\.log))")
    let tables = try bridges.map { try venue($0) }
    #expect(tables.allSatisfy { $0 == tables[0] })
    let keys = tables[0].table(venueTable).map(\.key.description).sorted()
    #expect(keys == ["cab-1/1", "cab-1/2", "cab-2/1", "cab-2/2", "cab-3/1", "cab-3/2"])

    // A broker re-delivering a record (a QoS 1 duplicate) changes nothing.
    let copy = try #require(tables[0].table(venueTable).first)
    try await run(
      "/usr/bin/mosquitto_pub",
      [
        "-h", "127.0.0.1", "-p", String(broker.port), "-q", "1",
        "-t", "simon/test-venue/\(copy.cabinet)/record/\(copy.sequence)",
        "-m", String(decoding: copy.payload, as: UTF8.self),
      ])
    // A record that says it is another (a forged topic) and garbage are ignored.
    try await run(
      "/usr/bin/mosquitto_pub",
      [
        "-h", "127.0.0.1", "-p", String(broker.port), "-q", "1",
        "-t", "simon/test-venue/cab-9/record/1", "-m", "{not json",
      ])
    let told = await eventually(timeout: 10) {
      bridges.allSatisfy { $0.log.contains("ignored a record on simon/test-venue/cab-9/record/1") }
    }
    #expect(told)
    #expect(try bridges.map { try venue($0) } == tables)

    // Home Assistant's view of a cabinet: its state, its games and scores, retained.
    let state = try #require(try await broker.retained("simon/test-venue/cab-2/state"))
    let fields = try #require(
      try JSONSerialization.jsonObject(with: Data(state.utf8)) as? [String: Any])
    #expect(fields["games_played"] as? Int == 2, "\(state)")
    #expect(fields["state"] as? String == "game over", "\(state)")
    let second = try #require(tables[0].table(venueTable).first { $0.key.description == "cab-2/2" })
    #expect(fields["last_score"] as? Int == second.game.result.points, "\(state)")
    #expect(try await broker.retained("simon/test-venue/cab-2/availability") == "online")
    let discovery = try #require(
      try await broker.retained("homeassistant/device/simon_cab_2/config"))
    #expect(discovery.contains("\"state_topic\":\"simon/test-venue/cab-2/state\""))

    // A game named after it ended: its cabinet's bridge sends it again under its id,
    // and every venue table shows the name in its place.
    let naming = try await ChildProcess.run(
      "simonctl",
      [
        "name-latest", "Ada", "--state-dir", cabinets[2].stateDirectory,
        "--control-socket", cabinets[2].controlPath,
      ],
      environment: ProcessInfo.processInfo.environment)
    #expect(naming.status == 0, "\(naming.error)")
    let renamed = try await eventually(timeout: 60) {
      try bridges.allSatisfy { bridge in
        let table = try venue(bridge).table(venueTable)
        let name = table.first { $0.key.description == "cab-3/2" }?.game.result.name
        return try name == "Ada" && outboxPending(bridge) == 0
      }
    }
    #expect(renamed, "venue tables: \(bridges.map(\.venueFile))\nlogs: \(bridges.map(\.log))")
    let named = try bridges.map { try venue($0) }
    #expect(named.allSatisfy { $0 == named[0] })
    #expect(named[0].table(venueTable).map(\.key) == tables[0].table(venueTable).map(\.key))
    #expect(named[0].table(venueTable).filter { $0.game.result.name == "Ada" }.count == 1)
    let retained = try #require(try await broker.retained("simon/test-venue/cab-3/record/2"))
    #expect(retained.contains("\"name\": \"Ada\""), "\(retained)")
    #expect(bridges[2].log.contains("game 2, named 'Ada', queued again as cab-3/2"))

    // simonctl shows the venue table with each game's cabinet.
    let ctl = try await ChildProcess.run(
      "simonctl", ["scores", "--venue", "--venue-dir", bridges[1].stateDirectory],
      environment: ProcessInfo.processInfo.environment)
    let text = ctl.output
    #expect(ctl.status == 0, "\(ctl.error)")
    #expect(text.contains("classic / medium"))
    #expect(text.contains("Games merged, by cabinet: cab-1 (2), cab-2 (2), cab-3 (2)"))
  }
}
