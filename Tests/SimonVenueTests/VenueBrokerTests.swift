import Foundation
import ScoresTestSupport
import SimonGame
import SimonProcessSupport
import SimonScores
import SimonTestTraits
import SimonVenueStore
import Testing

/// The venue end to end: real simond (simulated cabinets), real simon-venue bridges and
/// Debian's Mosquitto on a loopback port of the test's own.
@Suite(
  "The venue through a real broker", .serialized, .realTime,
  .enabled(if: BrokerProcess.isInstalled, "needs Debian's mosquitto (scripts/install-deps)"))
struct VenueBrokerTests {
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
      try venue(bridges[0]).table(venueTable).first { $0.key.description == "cab-1/1" })
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
      await pause(for: .milliseconds(100))
    }
    #expect(retained == String(decoding: real.payload, as: UTF8.self))
    #expect(try venue(bridges[0]).table(venueTable).contains(real))
    #expect(
      !(try venue(bridges[0]).table(venueTable).contains { $0.game.result.points == 999_999 }))
    // A DaemonProcess stops its simond when released, and an optimized build releases it
    // after its last use: the cabinets played above live to the end.
    withExtendedLifetime((cabinets, joiner)) {}
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

  @Test(
    "a broker's long history is merged whole, venue.json written a few times, the cabinet's own game sent meanwhile"
  )
  func history() async throws {
    let broker = try await BrokerProcess()
    // 3,000 retained records of 30 other cabinets, as years of a venue would leave.
    let published = 3000
    _ = try await publishHistory(records: published, cabinets: 30, on: broker)

    let cabinet = try await DaemonProcess()
    let bridge = try BridgeProcess(
      cabinet: "cab-1", broker: broker, controlSocket: cabinet.controlPath)
    try await cabinet.connect().playGame(rounds: 1)
    let merged = try await eventually(timeout: 60) {
      try venue(bridge).merged.filter { $0.key != "cab-1" }.values.reduce(0) { $0 + $1.count }
        == published && outboxPending(bridge) == 0
        && OutboxStore(directory: bridge.stateDirectory).load().gamesTaken == 1
    }
    let mergedCount = try venue(bridge).merged.filter { $0.key != "cab-1" }.values.reduce(0) {
      $0 + $1.count
    }
    let pending = try outboxPending(bridge)
    #expect(
      merged, "merged \(mergedCount), pending \(pending); bridge log: \(bridge.log.suffix(3000))")
    // venue.json written a few times, not once a record (3,000 times before).
    let writes = bridge.log.components(separatedBy: "wrote the venue tables").count - 1
    #expect((1...20).contains(writes), "bridge log: \(bridge.log.suffix(3000))")
    // SIGTERM stops it with status 0.
    #expect(await bridge.signal(SIGTERM) == 0, "bridge log: \(bridge.log.suffix(3000))")
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
    // On failure, what each side saw (whether the broker heard the bridge at all) and
    // where the bridge's threads are (blocked connecting, waiting on a lock, or busy).
    #expect(
      delivered,
      """
      bridge log: \(trusting.log)
      its threads: \(trusting.threadReport)
      other bridge's log: \(doubting.log)
      broker log: \(broker.log)
      """)
    #expect(trusting.log.contains("connected to the broker at localhost:\(broker.port)"))
    #expect(try await broker.retained("simon/test-venue/cab-1/availability") == "online")
    // Stopped, the bridge leaves by its last will: the cabinet shows as offline.
    let stopped = await trusting.signal(SIGTERM)
    #expect(stopped == 0, "bridge log: \(trusting.log)")
    #expect(try await broker.retained("simon/test-venue/cab-1/availability") == "offline")
    let refused = await eventually(timeout: 15) {
      broker.log.contains("OpenSSL Error") || broker.log.contains("certificate")
    }
    #expect(refused, "broker log: \(broker.log)")
    #expect(doubting.isRunning)
    #expect(!doubting.log.contains("connected to the broker"), "\(doubting.log)")
    // The doubting bridge keeps the game from simond's own news, in its own time.
    #expect(try await eventually(timeout: 30) { try outboxPending(doubting) == 1 })
  }
}
