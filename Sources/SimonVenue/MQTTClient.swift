import CMosquitto
import SimonPOSIX
import Synchronization

/// An MQTT client on libmosquitto (through the CMosquitto shim) with a network thread of
/// its own that connects, keeps the connection alive, and reconnects with back-off after
/// any failure, a broker that is not there yet, refuses the login or presents a
/// certificate the CA does not vouch for included: it never gives up. libmosquitto
/// resends QoS 1 messages not yet acknowledged. Subscriptions are the client's: made at
/// once or, with no connection yet, as soon as the broker accepts one, and made again on
/// every connection after. What happens is told to the handler, on that thread.
public final class MQTTClient: Sendable {
  /// What the network thread tells.
  public enum Event: Sendable, Equatable {
    /// The broker answered the connection: accepted (nil), or refused with its reason.
    case connected(refused: String?)
    /// The connection was lost, or could not be made; why, for the log.
    case disconnected(String)
    /// The broker acknowledged the QoS 1 message with this id.
    case acknowledged(Int32)
    /// A message on a subscribed topic.
    case message(topic: String, payload: [UInt8])
  }

  /// What a client needs to reach its broker.
  public struct Settings: Sendable {
    /// The client id the broker knows it by.
    public var clientID: String
    /// Host and port.
    public var host: String
    /// The TCP port.
    public var port: Int
    /// Keep-alive, in seconds.
    public var keepalive: Int
    /// Login, if the broker asks for one.
    public var username: String?
    /// The password (never logged).
    public var password: String?
    /// CA certificates; TLS when set.
    public var caFile: String?
    /// The last will: retained at this topic when the broker loses the client.
    public var will: (topic: String, payload: String)?
    /// Reconnection back-off, from the first to the longest wait, in seconds.
    public var backoff: (first: UInt32, longest: UInt32) = (1, 60)

    /// Settings with every value given.
    public init(
      clientID: String, host: String, port: Int, keepalive: Int, username: String?,
      password: String?, caFile: String?, will: (topic: String, payload: String)?
    ) {
      self.clientID = clientID
      self.host = host
      self.port = port
      self.keepalive = keepalive
      self.username = username
      self.password = password
      self.caFile = caFile
      self.will = will
    }
  }

  /// A libmosquitto call that failed: which, and the library's words.
  public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The operation, e.g. "publish to simon/venue/state".
    public var operation: String
    /// libmosquitto's words.
    public var reason: String
    /// "cannot <operation>: <reason>".
    public var description: String { "cannot \(operation): \(reason)" }
  }

  /// The libmosquitto client and what its network thread shares with the others.
  private final class Connection: @unchecked Sendable {
    // @unchecked: `client` is set once, before the network thread starts; libmosquitto
    // guards its own state (mosquitto_threaded_set); the flags are atomics.
    var client: OpaquePointer?
    let handler: @Sendable (Event) -> Void
    /// Set when the broker accepted the connection: the back-off starts afresh.
    let accepted = Atomic<Bool>(false)
    /// Set when the broker answered the last CONNECT, accepting it or not.
    let answered = Atomic<Bool>(false)
    /// Set when the client goes: the network thread ends.
    let stopping = Atomic<Bool>(false)
    /// Whether the network thread runs.
    let running = Atomic<Bool>(false)
    /// Who holds the libmosquitto client: its owner, and the network thread while it runs.
    /// The last to let go frees it (`letGo`).
    let holders = Atomic<Int>(1)
    /// The number of the connection attempt the network thread is blocked in (libmosquitto
    /// connects in the kernel's time: about two minutes where the broker's address drops
    /// the attempt), or 0.
    let connecting = Atomic<Int>(0)
    /// The topic patterns subscribed to, in order. The session is clean, so the broker
    /// forgets them with every connection: each is subscribed again when one is accepted.
    let subscriptions = Mutex<[(pattern: String, qos: Int32)]>([])

    /// The keepalive asked of the broker, in seconds.
    let keepalive: Int

    init(keepalive: Int, handler: @escaping @Sendable (Event) -> Void) {
      self.keepalive = keepalive
      self.handler = handler
    }

    /// Why the connection failed, in words: libmosquitto's, but for a broker that went
    /// silent (it calls that an unknown error).
    func reason(_ code: Int32) -> String {
      guard code == cmosq_keepalive_code() else { return MQTTClient.reason(code) }
      return answered.load(ordering: .acquiring)
        ? "the broker stopped answering (nothing within the keepalive, \(keepalive) s)"
        : "no answer to CONNECT in \(keepalive) s (is it an MQTT broker?)"
    }

    /// Lets go of the client for one of its holders; the last frees it. A network thread
    /// still blocked connecting does not hold up its owner's end: it frees the client when
    /// the kernel lets it go.
    func letGo() {
      guard holders.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue == 0 else {
        return
      }
      cmosq_stop(client)  // (none where creating it failed)
      // The reference libmosquitto's callbacks used, taken in `MQTTClient.init`.
      Unmanaged.passUnretained(self).release()
    }

    /// Subscribes to every pattern again, on the network thread as the broker accepts a
    /// connection, before the handler is told. One that fails here (the connection lost
    /// again at once) is subscribed on the next connection.
    func resubscribe() {
      subscriptions.withLock { patterns in
        for (pattern, qos) in patterns { _ = cmosq_subscribe(client, pattern, qos) }
      }
    }
  }

  private let connection: Connection
  private var client: OpaquePointer { connection.client! }

  /// Starts a client; its thread connects and stays connected for as long as it lives.
  /// - Throws: `Failure` for what cannot work at all (an unreadable CA file, a last will
  ///   or login libmosquitto refuses, no memory, no thread).
  public init(_ settings: Settings, handler: @escaping @Sendable (Event) -> Void)
    throws(Failure)
  {
    _ = Self.libraryReady
    connection = Connection(keepalive: settings.keepalive, handler: handler)
    // libmosquitto's context for the callbacks: kept until the client is freed (`letGo`).
    let retained = Unmanaged.passRetained(connection)
    let callback: cmosq_callback = { raw, kind, code, topic, payload, length in
      let connection = Unmanaged<Connection>.fromOpaque(raw!).takeUnretainedValue()
      switch kind {
      case CMOSQ_CONNECTED:
        connection.answered.store(true, ordering: .releasing)
        if code == 0 {
          connection.accepted.store(true, ordering: .releasing)
          connection.resubscribe()
        }
        connection.handler(
          .connected(refused: code == 0 ? nil : MQTTClient.sentence(cmosq_connack_text(code))))
      case CMOSQ_DISCONNECTED:
        connection.handler(.disconnected(code == 0 ? "closed" : connection.reason(code)))
      case CMOSQ_PUBLISHED:
        connection.handler(.acknowledged(code))
      case CMOSQ_MESSAGE:
        let bytes =
          payload.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(length))) } ?? []
        connection.handler(.message(topic: String(cString: topic!), payload: bytes))
      default:
        break
      }
    }
    var made: OpaquePointer?
    let rc = cmosq_new(&made, settings.clientID, 1, callback, retained.toOpaque())
    // (A throw from here on ends in `deinit`, which frees what there is: `letGo`.)
    guard rc == 0, let made else {
      throw Failure(operation: "create an MQTT client", reason: Self.reason(rc))
    }
    connection.client = made
    func check(_ rc: Int32, _ operation: String) throws(Failure) {
      guard rc == 0 else { throw Failure(operation: operation, reason: Self.reason(rc)) }
    }
    if settings.username != nil || settings.password != nil {
      try check(cmosq_credentials(made, settings.username, settings.password), "set the login")
    }
    if let ca = settings.caFile {
      try check(cmosq_tls(made, ca), "use TLS with the CA file \(ca)")
    }
    if let will = settings.will {
      try check(cmosq_will(made, will.topic, will.payload), "set the last will")
    }
    connection.running.store(true, ordering: .releasing)
    connection.holders.wrappingAdd(1, ordering: .acquiringAndReleasing)
    let started = BackgroundThread.start(named: "simon-mqtt") { [connection] in
      Self.network(connection, settings)
      connection.running.store(false, ordering: .releasing)
      connection.letGo()
    }
    if !started {
      connection.running.store(false, ordering: .releasing)
      connection.holders.wrappingSubtract(1, ordering: .acquiringAndReleasing)
      try check(cmosq_errno_code(), "start the MQTT network thread")
    }
  }

  /// The network thread: connect, run, and after any failure wait (1 s, doubling up to
  /// the longest back-off; afresh once the broker accepted) and connect again.
  private static func network(_ connection: Connection, _ settings: Settings) {
    let client = connection.client!
    var delay = settings.backoff.first
    var attempted = false
    var attempts = 0
    var linked = false
    func pause() {
      for _ in 0..<(delay * 10) where !connection.stopping.load(ordering: .acquiring) {
        POSIX.blockThread(for: .milliseconds(100))
      }
      delay = min(delay * 2, settings.backoff.longest)
    }
    while !connection.stopping.load(ordering: .acquiring) {
      if !linked {
        attempts += 1
        connection.connecting.store(attempts, ordering: .releasing)
        tellIfStillConnecting(connection, attempt: attempts, settings)
        let rc =
          attempted
          ? cmosq_reconnect(client)
          : cmosq_connect(client, settings.host, Int32(settings.port), Int32(settings.keepalive))
        connection.connecting.store(0, ordering: .releasing)
        attempted = true
        connection.answered.store(false, ordering: .releasing)
        guard rc == 0 else {
          connection.handler(.disconnected(reason(rc)))
          pause()
          continue
        }
        linked = true
      }
      let rc = cmosq_loop(client, 200)
      if rc != 0 {
        linked = false
        connection.handler(.disconnected(connection.reason(rc)))
        pause()
      } else if connection.accepted.exchange(false, ordering: .acquiringAndReleasing) {
        delay = settings.backoff.first
      }
    }
  }

  /// Tells the handler, once the keepalive has passed, that connection attempt `attempt`
  /// is still waiting for the kernel: nothing answered at the broker's address (a host
  /// that is not there, a firewall that drops, a broker too busy to take it). The kernel
  /// gives up later on its own (about two minutes), and that is told as well.
  private static func tellIfStillConnecting(
    _ connection: Connection, attempt: Int, _ settings: Settings
  ) {
    Task.detached { [connection] in
      try? await Task.sleep(for: .seconds(settings.keepalive))
      guard connection.connecting.load(ordering: .acquiring) == attempt,
        !connection.stopping.load(ordering: .acquiring)
      else { return }
      connection.handler(
        .disconnected(
          "no connection in \(settings.keepalive) s: nothing answers at that address (is it right, and the port open through any firewall?)"
        ))
    }
  }

  /// Ends the network thread, then drops the connection (the broker publishes the
  /// last will) and frees the client. A network thread blocked connecting is not waited
  /// for (the kernel may hold it for minutes): it frees the client when it is let go.
  deinit {
    connection.stopping.store(true, ordering: .releasing)
    // The network thread sees `stopping` within its loop's 200 ms.
    let deadline = ContinuousClock.now + .seconds(1)
    while connection.running.load(ordering: .acquiring), ContinuousClock.now < deadline {
      POSIX.blockThread(for: .milliseconds(10))
    }
    connection.letGo()
  }

  /// Publishes a message (queued while disconnected, sent on reconnection).
  /// - Returns: the message id its acknowledgement carries (QoS 1).
  /// - Throws: `Failure` when libmosquitto refused it.
  @discardableResult
  public func publish(_ topic: String, _ payload: [UInt8], qos: Int32 = 1, retain: Bool)
    throws(Failure) -> Int32
  {
    var mid: Int32 = 0
    let rc = payload.withUnsafeBytes { bytes in
      cmosq_publish(client, &mid, topic, bytes.baseAddress, Int32(bytes.count), qos, retain ? 1 : 0)
    }
    guard rc == 0 else { throw Failure(operation: "publish to \(topic)", reason: Self.reason(rc)) }
    return mid
  }

  /// Subscribes to a topic pattern, now or, while there is no connection, as soon as the
  /// broker accepts one; and again on every connection after. A pattern subscribed to
  /// already changes nothing.
  ///
  /// Returning does not promise that the broker has the subscription yet: messages on the
  /// pattern arrive once it has acknowledged it (retained ones included).
  /// - Parameter qos: 1 (the default) or 0. Retained messages are sent again with every
  ///   subscription, so for them QoS 0 loses nothing a reconnection does not bring back,
  ///   and it is not held to the broker's queue for QoS 1 (Mosquitto's
  ///   `max_queued_messages`, 1000 as shipped), which drops the rest of a long history.
  /// - Throws: `Failure` when the pattern is not one (`#` or `+` inside a level) or
  ///   libmosquitto refused it.
  public func subscribe(_ pattern: String, qos: Int32 = 1) throws(Failure) {
    guard cmosq_pattern_check(pattern) == 0 else {
      throw Failure(
        operation: "subscribe to \(pattern)",
        reason: "not a topic pattern (+ and # stand alone in a level, # only in the last)")
    }
    let rc = connection.subscriptions.withLock { patterns in
      guard !patterns.contains(where: { $0.pattern == pattern }) else { return Int32(0) }
      // Under the lock: a connection accepted meanwhile subscribes it once, here or there.
      let rc = cmosq_subscribe(client, pattern, qos)
      guard rc == 0 || rc == cmosq_no_connection_code() else { return rc }
      patterns.append((pattern, qos))
      return 0
    }
    guard rc == 0 else {
      throw Failure(operation: "subscribe to \(pattern)", reason: Self.reason(rc))
    }
  }

  private static let libraryReady: Void = { _ = cmosq_library_init() }()

  /// libmosquitto's words for an error code; the system's for a system error.
  static func reason(_ code: Int32) -> String {
    if code == cmosq_errno_code() { return POSIX.lastError.description }
    return sentence(cmosq_error_text(code))
  }

  /// libmosquitto's words without their full stop, to go inside a sentence of ours.
  static func sentence(_ text: UnsafePointer<CChar>) -> String {
    var words = String(cString: text)
    if words.hasSuffix(".") { words.removeLast() }
    return words
  }
}
