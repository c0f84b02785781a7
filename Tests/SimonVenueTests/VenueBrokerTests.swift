import Foundation
import ScoresTestSupport
import SimonGame
import SimonProcessSupport
import SimonScores
import Testing

/// The venue end to end: real simond (simulated cabinets), real simon-venue bridges and
/// Debian's Mosquitto on a loopback port of the test's own.
@Suite(
  "The venue through a real broker", .serialized,
  .enabled(if: BrokerProcess.isInstalled, "needs Debian's mosquitto (scripts/install-deps)"))
struct VenueBrokerTests {
  private static let table = TableKey(mode: .classic, difficulty: .medium)

  /// Every venue record of a bridge's table, by key, and how many were merged per cabinet.
  private func venue(_ bridge: BridgeProcess) throws -> VenueBook {
    try VenueStore(directory: bridge.stateDirectory).load()
  }

  private func outboxPending(_ bridge: BridgeProcess) throws -> Int {
    try OutboxStore(directory: bridge.stateDirectory).load().pending.count
  }

  @Test(
    "three cabinets play with the broker up, down and back; every table ends with every game once"
  )
  func threeCabinets() async throws {
    let broker = try await BrokerProcess()
    var cabinets: [DaemonProcess] = []
    for _ in 0..<3 { cabinets.append(try await DaemonProcess()) }
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
    let keys = tables[0].table(Self.table).map(\.key.description).sorted()
    #expect(keys == ["cab-1/1", "cab-1/2", "cab-2/1", "cab-2/2", "cab-3/1", "cab-3/2"])

    // A broker re-delivering a record (a QoS 1 duplicate) changes nothing.
    let copy = try #require(tables[0].table(Self.table).first)
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
    let second = try #require(tables[0].table(Self.table).first { $0.key.description == "cab-2/2" })
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
        let table = try venue(bridge).table(Self.table)
        let name = table.first { $0.key.description == "cab-3/2" }?.game.result.name
        return try name == "Ada" && outboxPending(bridge) == 0
      }
    }
    #expect(renamed, "venue tables: \(bridges.map(\.venueFile))\nlogs: \(bridges.map(\.log))")
    let named = try bridges.map { try venue($0) }
    #expect(named.allSatisfy { $0 == named[0] })
    #expect(named[0].table(Self.table).map(\.key) == tables[0].table(Self.table).map(\.key))
    #expect(named[0].table(Self.table).filter { $0.game.result.name == "Ada" }.count == 1)
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

  @Test(
    "a broker that lost everything gets every game again, a cabinet joining later sees them all, and a forged copy of a cabinet's game is replaced"
  )
  func brokerHeals() async throws {
    let broker = try await BrokerProcess()
    let cabinets = [try await DaemonProcess(), try await DaemonProcess()]
    let bridges = try cabinets.enumerated().map { index, cabinet in
      try BridgeProcess(
        cabinet: "cab-\(index + 1)", broker: broker, controlSocket: cabinet.controlPath)
    }
    for cabinet in cabinets { try await cabinet.connect().playGame(rounds: 1) }
    let delivered = try await eventually(timeout: 60) {
      try bridges.allSatisfy { bridge in
        try venue(bridge).merged.values.map(\.count) == [1, 1] && outboxPending(bridge) == 0
      }
    }
    #expect(delivered, "logs: \(bridges.map(\.log))")

    // The broker loses every retained record: each bridge finds its own missing once the
    // broker has delivered what it holds, and publishes them again.
    try await broker.wipe()
    let healed = await eventually(timeout: 60) {
      bridges.allSatisfy {
        $0.log.contains(
          "the broker does not hold 1 of this cabinet's games (\($0.cabinet)/1 to \($0.cabinet)/1): publishing them again"
        )
      }
    }
    #expect(healed, "logs: \(bridges.map(\.log))")
    let joiner = try await DaemonProcess()
    let late = try BridgeProcess(
      cabinet: "cab-3", broker: broker, controlSocket: joiner.controlPath)
    let seen = try await eventually(timeout: 60) {
      try venue(late).merged.mapValues(\.count) == ["cab-1": 1, "cab-2": 1]
    }
    #expect(seen, "the joining cabinet's table: \(late.venueFile)\nlog: \(late.log)")
    #expect(try venue(late) == venue(bridges[0]))

    // Reconnecting to a broker that holds everything publishes nothing again. The proof
    // that both chances to do so have passed (the probe back; simond's list of recent
    // games, taken before the next game): that next game, delivered.
    await bridges[1].signal(SIGKILL)
    try bridges[1].start()
    try await cabinets[1].connect().playGame(rounds: 1)
    let probed = try await eventually(timeout: 60) {
      try venue(bridges[0]).merged["cab-2"]?.count == 2
        && bridges[1].log.components(separatedBy: "has delivered every record").count >= 3
    }
    #expect(probed, "\(bridges[1].log)")
    #expect(
      bridges[1].log.components(separatedBy: "publishing them again").count == 2,
      "only after the wipe: \(bridges[1].log)")

    // A forged copy of cab-1's first game: cab-1 never takes it, and puts its own back.
    let real = try #require(
      try venue(bridges[0]).table(Self.table).first { $0.key.description == "cab-1/1" })
    var forged = real
    forged.game.result.points = 999_999
    forged.game.result.name = "Mallory"
    try await run(
      "/usr/bin/mosquitto_pub",
      [
        "-h", "127.0.0.1", "-p", String(broker.port), "-q", "1", "-r",
        "-t", "simon/test-venue/cab-1/record/1",
        "-m", String(decoding: forged.payload, as: UTF8.self),
      ])
    let told = await eventually(timeout: 30) {
      bridges[0].log.contains(
        "the broker holds another record than this cabinet's on simon/test-venue/cab-1/record/1")
    }
    #expect(told, "\(bridges[0].log)")
    var retained: String?
    for _ in 0..<100 {
      retained = try await broker.retained("simon/test-venue/cab-1/record/1")
      if retained == String(decoding: real.payload, as: UTF8.self) { break }
      try await Task.sleep(for: .milliseconds(100))
    }
    #expect(retained == String(decoding: real.payload, as: UTF8.self))
    #expect(try venue(bridges[0]).table(Self.table).contains(real))
    #expect(
      !(try venue(bridges[0]).table(Self.table).contains { $0.game.result.points == 999_999 }))
  }

  @Test(
    "with the shipped ACL a cabinet writes only under its own id: the broker refuses a forgery"
  )
  func brokerACL() async throws {
    let acl = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("wiring/examples/mosquitto-venue.acl"), encoding: .utf8)
    let broker = try await BrokerProcess(
      passwords: ["cab1": "one", "cab2": "two", "homeassistant": "ha"], acl: acl)
    let cabinet = try await DaemonProcess()
    let bridge = try BridgeProcess(
      cabinet: "cab1", broker: broker, controlSocket: cabinet.controlPath, username: "cab1",
      password: "one")
    try await cabinet.connect().playGame(rounds: 1)
    let delivered = try await eventually(timeout: 60) {
      try outboxPending(bridge) == 0 && venue(bridge).merged["cab1"]?.count == 1
    }
    #expect(delivered, "\(bridge.log)")
    let real = try #require(
      try await broker.retained("simon/test-venue/cab1/record/1", as: "cab2"))
    #expect(
      try await broker.retained("homeassistant/device/simon_cab1/config", as: "homeassistant")
        != nil)

    // cab2 forges a record of cab1's, and a new one under cab1's id: both refused. Its
    // own record is taken. (mosquitto_pub returns once the broker acknowledged each,
    // refused or not: what it holds then is the answer.)
    let forged = real.replacing("\"points\": ", with: "\"points\": 9")
    func publish(_ topic: String, _ payload: String) async throws {
      try await run(
        "/usr/bin/mosquitto_pub",
        [
          "-h", "127.0.0.1", "-p", String(broker.port), "-u", "cab2", "-P", "two", "-q", "1",
          "-r", "-t", topic, "-m", payload,
        ])
    }
    try await publish("simon/test-venue/cab1/record/1", forged)
    try await publish("simon/test-venue/cab1/record/2", forged)
    try await publish("simon/test-venue/cab2/availability", "online")
    #expect(try await broker.retained("simon/test-venue/cab1/record/1", as: "cab2") == real)
    #expect(try await broker.retained("simon/test-venue/cab1/record/2", as: "cab2") == nil)
    #expect(
      try await broker.retained("simon/test-venue/cab2/availability", as: "cab2") == "online")
  }

  @Test("bad broker credentials: one clear error, retries with back-off, no crash")
  func badCredentials() async throws {
    let broker = try await BrokerProcess(passwords: ["venue": "right"])
    let cabinet = try await DaemonProcess()
    let bridge = try BridgeProcess(
      cabinet: "cab-1", broker: broker, controlSocket: cabinet.controlPath, username: "venue",
      password: "wrong")
    let retried = await eventually(timeout: 15) {
      broker.log.components(separatedBy: "disconnected, not authorised").count > 3
    }
    #expect(retried, "broker log: \(broker.log)")
    // Back-off, not a loop: the attempts of the first seconds stay a handful.
    let attempts = broker.log.components(separatedBy: "New connection from").count - 1
    #expect(attempts <= 12, "broker log: \(broker.log)")
    #expect(bridge.isRunning)
    let refusals = bridge.log.components(separatedBy: "refused the connection: ").count - 1
    #expect(refusals == 1, "bridge log: \(bridge.log)")
    #expect(bridge.log.contains("not authorised (check [broker] username and password_file)"))
    #expect(!bridge.log.contains("wrong"))
  }

  @Test("over TLS the bridge checks the broker with the CA it is given, and refuses another")
  func tls() async throws {
    let broker = try await BrokerProcess(tls: true)
    let stranger = try await BrokerProcess(tls: true)
    let cabinet = try await DaemonProcess()
    let trusting = try BridgeProcess(
      cabinet: "cab-1", broker: broker, controlSocket: cabinet.controlPath,
      caFile: broker.caFile)
    let doubting = try BridgeProcess(
      cabinet: "cab-2", broker: broker, controlSocket: cabinet.controlPath,
      caFile: stranger.caFile)
    try await cabinet.connect().playGame(rounds: 1)
    let delivered = try await eventually(timeout: 60) {
      try venue(trusting).merged["cab-1"]?.count == 1 && outboxPending(trusting) == 0
    }
    #expect(delivered, "bridge log: \(trusting.log)")
    #expect(trusting.log.contains("connected to the broker at localhost:\(broker.port)"))
    #expect(try await broker.retained("simon/test-venue/cab-1/availability") == "online")
    // Stopped, the bridge leaves by its last will: the cabinet shows as offline.
    await trusting.signal(SIGTERM)
    #expect(try await broker.retained("simon/test-venue/cab-1/availability") == "offline")
    let refused = await eventually(timeout: 15) {
      broker.log.contains("OpenSSL Error") || broker.log.contains("certificate")
    }
    #expect(refused, "broker log: \(broker.log)")
    #expect(doubting.isRunning)
    #expect(!doubting.log.contains("connected to the broker"), "\(doubting.log)")
    #expect(try outboxPending(doubting) == 1)
  }
}
