import CMosquitto
import Glibc
import SimonHardware
import Synchronization

/// An MQTT client on libmosquitto (through the CMosquitto shim): its own network thread
/// connects, keeps the connection alive, reconnects with back-off and resends QoS 1
/// messages that were not acknowledged; what happens is told to the handler, on that
/// thread.
public final class MQTTClient: @unchecked Sendable {
  // @unchecked: `client` is written once in init and freed in deinit; libmosquitto's
  // calls are safe from any thread once the network thread runs.

  /// What the network thread tells.
  public enum Happening: Sendable, Equatable {
    /// The broker answered the connection: accepted (nil), or refused with its reason.
    case connected(refused: String?)
    /// The connection was lost (or closed); why, for the log.
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

  private final class Context {
    let handler: @Sendable (Happening) -> Void
    init(_ handler: @escaping @Sendable (Happening) -> Void) { self.handler = handler }
  }

  private let client: OpaquePointer
  private let context: Unmanaged<Context>
  /// Set when the client goes; the thread retrying a first connection stops.
  private let stopping = Atomic<Bool>(false)
  /// Whether a thread is retrying the first connection.
  private let retrying = Atomic<Bool>(false)

  /// Starts a client: connects on its network thread, and reconnects for as long as it
  /// lives. A broker that is down, at first or later, is not an error: it is retried
  /// with back-off.
  /// - Throws: `Failure` for what cannot work at all (a host name that does not
  ///   resolve, an unreadable CA file, no memory).
  public init(_ settings: Settings, handler: @escaping @Sendable (Happening) -> Void)
    throws(Failure)
  {
    _ = Self.libraryReady
    context = Unmanaged.passRetained(Context(handler))
    var made: OpaquePointer?
    let callback: cmosq_callback = { raw, happening, code, topic, payload, length in
      let context = Unmanaged<Context>.fromOpaque(raw!).takeUnretainedValue()
      switch happening {
      case CMOSQ_CONNECTED:
        context.handler(
          .connected(refused: code == 0 ? nil : MQTTClient.sentence(cmosq_connack_text(code))))
      case CMOSQ_DISCONNECTED:
        context.handler(
          .disconnected(code == 0 ? "closed" : MQTTClient.reason(code)))
      case CMOSQ_PUBLISHED:
        context.handler(.acknowledged(code))
      case CMOSQ_MESSAGE:
        let bytes =
          payload.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(length))) } ?? []
        context.handler(.message(topic: String(cString: topic!), payload: bytes))
      default:
        break
      }
    }
    var rc = cmosq_new(&made, settings.clientID, 1, callback, context.toOpaque())
    guard rc == 0, let made else {
      context.release()
      throw Failure(operation: "create an MQTT client", reason: Self.reason(rc))
    }
    client = made
    func check(_ rc: Int32, _ operation: String) throws(Failure) {
      guard rc == 0 else {
        cmosq_stop(client)
        context.release()
        throw Failure(operation: operation, reason: Self.reason(rc))
      }
    }
    if settings.username != nil || settings.password != nil {
      try check(cmosq_credentials(client, settings.username, settings.password), "set the login")
    }
    if let ca = settings.caFile {
      try check(cmosq_tls(client, ca), "use TLS with the CA file \(ca)")
    }
    if let will = settings.will {
      try check(cmosq_will(client, will.topic, will.payload), "set the last will")
    }
    try check(
      cmosq_backoff(client, settings.backoff.first, settings.backoff.longest), "set the back-off")
    rc = cmosq_start(client, settings.host, Int32(settings.port), Int32(settings.keepalive))
    guard rc != 0 else { return }
    guard rc == cmosq_errno_code() else {
      try check(rc, "connect to \(settings.host):\(settings.port)")
      return
    }
    // The broker is not there yet: tried again with the back-off until it is.
    handler(.disconnected(Self.reason(rc)))
    retrying.store(true, ordering: .releasing)
    BackgroundThread.start { [self] in
      var delay = settings.backoff.first
      var lastReason = ""
      while !stopping.load(ordering: .acquiring) {
        for _ in 0..<(delay * 10) where !stopping.load(ordering: .acquiring) {
          usleep(100_000)
        }
        if stopping.load(ordering: .acquiring) { break }
        let rc = cmosq_start(
          client, settings.host, Int32(settings.port), Int32(settings.keepalive))
        if rc == 0 { break }
        let reason = Self.reason(rc)
        if reason != lastReason { handler(.disconnected(reason)) }
        lastReason = reason
        delay = min(delay * 2, settings.backoff.longest)
      }
      retrying.store(false, ordering: .releasing)
    }
  }

  deinit {
    stopping.store(true, ordering: .releasing)
    while retrying.load(ordering: .acquiring) { usleep(10_000) }
    cmosq_stop(client)
    context.release()
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

  /// Subscribes to a topic pattern with QoS 1.
  /// - Throws: `Failure` when libmosquitto refused it.
  public func subscribe(_ pattern: String) throws(Failure) {
    let rc = cmosq_subscribe(client, pattern, 1)
    guard rc == 0 else {
      throw Failure(operation: "subscribe to \(pattern)", reason: Self.reason(rc))
    }
  }

  private static let libraryReady: Void = { _ = cmosq_library_init() }()

  /// libmosquitto's words for an error code; the system's for a system error.
  static func reason(_ code: Int32) -> String {
    if code == cmosq_errno_code() { return String(cString: strerror(errno)) }
    return sentence(cmosq_error_text(code))
  }

  /// libmosquitto's words without their full stop, to go inside a sentence of ours.
  static func sentence(_ text: UnsafePointer<CChar>) -> String {
    var words = String(cString: text)
    if words.hasSuffix(".") { words.removeLast() }
    return words
  }
}
