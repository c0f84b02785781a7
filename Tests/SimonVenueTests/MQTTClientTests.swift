import SimonProcessSupport
import SimonVenue
import Synchronization
import Testing

/// The MQTT client against Debian's Mosquitto on a loopback port of the test's own.
@Suite(
  "The MQTT client", .serialized,
  .enabled(if: BrokerProcess.isInstalled, "needs Debian's mosquitto (scripts/install-deps)"))
struct MQTTClientTests {
  /// The topics of the messages a client was sent, in order.
  private final class Received: Sendable {
    let topics = Mutex<[String]>([])
    func contains(_ topic: String) -> Bool { topics.withLock { $0.contains(topic) } }
  }

  /// A client of `port` that reconnects every second and keeps the topics it is sent.
  private func client(port: Int, received: Received) throws -> MQTTClient {
    var settings = MQTTClient.Settings(
      clientID: "mqtt-client-test", host: "127.0.0.1", port: port, keepalive: 30,
      username: nil, password: nil, caFile: nil, will: nil)
    settings.backoff = (1, 1)
    return try MQTTClient(settings) { happening in
      if case .message(let topic, _) = happening {
        received.topics.withLock { $0.append(topic) }
      }
    }
  }

  /// The reasons a client was told for each connection lost or not made, in order.
  private final class Reasons: Sendable {
    let told = Mutex<[String]>([])
    var first: String? { told.withLock { $0.first } }
  }

  /// A client of `port` on 127.0.0.1 with a keepalive of 5 s, its reasons kept in `reasons`.
  private func reporting(port: Int, into reasons: Reasons) throws -> MQTTClient {
    var settings = MQTTClient.Settings(
      clientID: "mqtt-client-test", host: "127.0.0.1", port: port, keepalive: 5,
      username: nil, password: nil, caFile: nil, will: nil)
    settings.backoff = (1, 1)
    return try MQTTClient(settings) { happening in
      if case .disconnected(let reason) = happening { reasons.told.withLock { $0.append(reason) } }
    }
  }

  /// Publishes a retained message with QoS 1, as another cabinet's bridge would.
  private func publish(_ topic: String, on broker: BrokerProcess) async throws {
    try await run(
      "/usr/bin/mosquitto_pub",
      ["-h", "127.0.0.1", "-p", String(broker.port), "-q", "1", "-r", "-t", topic, "-m", "x"])
  }

  @Test(
    "a subscription made before the broker is there takes effect once it is, and again after it restarts"
  )
  func subscribeBeforeConnected() async throws {
    let broker = try await BrokerProcess()
    await broker.stop()
    let received = Received()
    let mqtt = try client(port: broker.port, received: received)
    // No connection yet: the client subscribes when the broker accepts one.
    try mqtt.subscribe("simon/test/+/record/+")
    try await broker.start()
    try await publish("simon/test/cab-1/record/1", on: broker)
    let first = await eventually(timeout: 15) { received.contains("simon/test/cab-1/record/1") }
    #expect(first, "broker log: \(broker.log)")

    // A new connection is a clean session: the client subscribes again by itself.
    await broker.stop()
    try await broker.start()
    try await publish("simon/test/cab-2/record/1", on: broker)
    let second = await eventually(timeout: 15) { received.contains("simon/test/cab-2/record/1") }
    #expect(second, "broker log: \(broker.log)")
    withExtendedLifetime(mqtt) {}
  }

  @Test("a broker that takes the connection and never answers is named so, after the keepalive")
  func silentBroker() async throws {
    let silent = try SilentListener()
    let reasons = Reasons()
    let mqtt = try reporting(port: silent.port, into: reasons)
    let told = await eventually(timeout: 20) { reasons.first != nil }
    #expect(told)
    #expect(
      reasons.first
        == "no answer to CONNECT in 5 s (is it an MQTT broker?)")
    withExtendedLifetime(mqtt) {}
  }

  @Test(
    "an address where nothing answers the connection is named so after the keepalive, and the client goes at once"
  )
  func droppingAddress() async throws {
    let dropping = try DroppingListener()
    let reasons = Reasons()
    var mqtt: MQTTClient? = try reporting(port: dropping.port, into: reasons)
    // The kernel holds the attempt for minutes; the client says so after the keepalive.
    let told = await eventually(timeout: 20) { reasons.first != nil }
    #expect(told)
    #expect(
      reasons.first
        == "no connection in 5 s: nothing answers at that address (is it right, and the port open through any firewall?)"
    )
    // Its network thread still waits in `connect`: letting the client go does not wait
    // for it (a bridge told to stop stops, and systemd kills nothing).
    let dropped = ContinuousClock.now
    mqtt = nil
    #expect(ContinuousClock.now - dropped < .seconds(5))
    _ = mqtt
  }

  @Test("a CA file that cannot be read is refused with the reason, and nothing is freed twice")
  func unreadableCA() {
    var settings = MQTTClient.Settings(
      clientID: "mqtt-client-test", host: "127.0.0.1", port: 1883, keepalive: 5,
      username: nil, password: nil, caFile: "/nonexistent/ca.crt", will: nil)
    settings.backoff = (1, 1)
    #expect(throws: MQTTClient.Failure.self) { _ = try MQTTClient(settings) { _ in } }
  }

  @Test("a pattern that is not one is refused with the reason, connected or not")
  func badPattern() throws {
    let mqtt = try client(port: try freeLoopbackPort(), received: Received())
    #expect(throws: MQTTClient.Failure.self) { try mqtt.subscribe("simon/#/record") }
    do {
      try mqtt.subscribe("simon/ab+")
      Issue.record("simon/ab+ was taken for a pattern")
    } catch {
      #expect(
        "\(error)"
          == "cannot subscribe to simon/ab+: not a topic pattern (+ and # stand alone in a level, # only in the last)"
      )
    }
  }
}
