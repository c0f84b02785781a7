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
    let reasons = Mutex<[String]>([])
    var settings = MQTTClient.Settings(
      clientID: "mqtt-client-test", host: "127.0.0.1", port: silent.port, keepalive: 5,
      username: nil, password: nil, caFile: nil, will: nil)
    settings.backoff = (1, 1)
    let mqtt = try MQTTClient(settings) { happening in
      if case .disconnected(let reason) = happening { reasons.withLock { $0.append(reason) } }
    }
    let told = await eventually(timeout: 20) { reasons.withLock { !$0.isEmpty } }
    #expect(told)
    #expect(
      reasons.withLock { $0.first }
        == "no answer to CONNECT in 5 s (is it an MQTT broker?)")
    withExtendedLifetime(mqtt) {}
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
