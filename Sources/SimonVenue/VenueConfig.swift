import SimonConfig
import SimonControl
import SimonGame
import SimonPOSIX
import SimonScores
import SimonVenueStore

/// The venue bridge's configuration (`/etc/simon-cabinet/venue.toml`, docs/design.md section 12),
/// read with the same exact errors as `simond.toml`.
public struct VenueConfig: Equatable, Sendable {
  /// Where the configuration is looked for when no path is given.
  public static let defaultPath = "/etc/simon-cabinet/venue.toml"

  /// The venue's name: one level of the topic tree.
  public var venue = "venue"
  /// This cabinet's id in the venue: by default the host's name, as simond announces it.
  public var cabinet = VenueConfig.hostName()
  /// The root of the topic tree.
  public var topicPrefix = "simon"
  /// simond's control socket; nil for the one simonctl finds.
  public var controlSocket: String?
  /// Where the outbox and the venue table are kept.
  public var stateDirectory = VenueStore.defaultDirectory
  /// The broker.
  public var broker = Broker()
  /// Home Assistant's MQTT discovery.
  public var homeAssistant = HomeAssistant()
  /// Whether the bridge carries head-to-head matches to and from the venue's cabinets.
  public var matchesEnabled = true

  /// The MQTT broker and how to log in to it.
  public struct Broker: Equatable, Sendable {
    /// Host name or address.
    public var host = "localhost"
    /// TCP port: 1883, or 8883 with TLS.
    public var port = 1883
    /// The user name, if the broker asks for one.
    public var username: String?
    /// The password, read from `password_file` (never logged).
    public var password: String?
    /// CA certificates to check the broker with; TLS is used when it is set.
    public var caFile: String?
    /// Seconds between keep-alive pings.
    public var keepalive = 30
    /// The longest wait between attempts to reach the broker, in seconds; the wait
    /// starts at one second and doubles.
    public var reconnectMax = 60
  }

  /// Home Assistant's MQTT discovery.
  public struct HomeAssistant: Equatable, Sendable {
    /// Whether the cabinet announces itself to Home Assistant.
    public var enabled = true
    /// The discovery prefix Home Assistant listens on.
    public var prefix = "homeassistant"
  }

  /// The built-in configuration: a broker on this host, no password.
  public static var defaults: VenueConfig { VenueConfig() }

  /// Loads a configuration file; a missing file at the default path gives the defaults.
  /// - Throws: `ConfigError` listing every problem with its key and line.
  public static func load(path: String?) throws(ConfigError) -> VenueConfig {
    try ConfigDocument.load(path: path, defaultPath: defaultPath, defaults: defaults, read: read)
  }

  /// Reads configuration text; `path` only names it in errors.
  /// - Throws: `ConfigError` listing every problem.
  public static func parse(_ text: String, path: String) throws(ConfigError) -> VenueConfig {
    try ConfigDocument.parse(text, path: path, read: read)
  }

  private static func read(_ root: ConfigReader, log: ProblemLog) -> VenueConfig {
    var config = VenueConfig()
    if let venue = root.string("venue") {
      if let problem = topicLevelProblem(venue) {
        root.problem("venue", problem)
      } else {
        config.venue = venue
      }
    }
    if let cabinet = root.string("cabinet") {
      if let problem = VenueRecord.cabinetProblem(cabinet) {
        root.problem("cabinet", problem)
      } else {
        config.cabinet = cabinet
      }
    }
    if let prefix = root.string("topic_prefix") {
      if let problem = prefix.split(separator: "/", omittingEmptySubsequences: false)
        .lazy.compactMap({ topicLevelProblem(String($0)) }).first
      {
        root.problem("topic_prefix", problem)
      } else {
        config.topicPrefix = prefix
      }
    }
    if let socket = root.string("control_socket") { config.controlSocket = socket }
    if let directory = root.string("state_dir") { config.stateDirectory = directory }
    if let broker = root.table("broker") {
      if let host = broker.string("host") {
        if host.isEmpty || host.contains(where: { $0 == " " || $0 == "/" }) {
          broker.problem("host", "\"\(host.prefix(64))\" is not a host name or address")
        } else {
          config.broker.host = host
        }
      }
      if let port = broker.int("port", in: 1...65535) { config.broker.port = port }
      if let keepalive = broker.int("keepalive_s", in: 5...3600, unit: " s") {
        config.broker.keepalive = keepalive
      }
      if let longest = broker.int("reconnect_max_s", in: 1...3600, unit: " s") {
        config.broker.reconnectMax = longest
      }
      config.broker.username = broker.string("username")
      if let file = broker.string("password_file") {
        switch secret(at: file) {
        case .success(let password): config.broker.password = password
        case .failure(let problem): broker.problem("password_file", problem.message)
        }
      }
      if let ca = broker.string("ca_file") {
        if let refusal = POSIX.refusal(.read, ca) {
          broker.problem("ca_file", "\(ca): \(refusal)")
        } else {
          config.broker.caFile = ca
        }
      }
      if config.broker.password != nil && config.broker.username == nil {
        broker.problem("password_file", "a password needs a username")
      }
      broker.rejectUnknownKeys()
    }
    if let matches = root.table("matches") {
      if let enabled = matches.bool("enabled") { config.matchesEnabled = enabled }
      matches.rejectUnknownKeys()
    }
    if let ha = root.table("home_assistant") {
      if let enabled = ha.bool("enabled") { config.homeAssistant.enabled = enabled }
      if let prefix = ha.string("prefix") {
        if let problem = topicLevelProblem(prefix) {
          ha.problem("prefix", problem)
        } else {
          config.homeAssistant.prefix = prefix
        }
      }
      ha.rejectUnknownKeys()
    }
    root.rejectUnknownKeys()
    return config
  }

  private struct Problem: Error {
    var message: String
  }

  /// The password in a file: its first line, at most 256 bytes.
  private static func secret(at path: String) -> Result<String, Problem> {
    switch ConfigFile.read(path) {
    case .failure(.missing): return .failure(Problem(message: "\(path): no such file"))
    case .failure(.directory): return .failure(Problem(message: "\(path) is a directory"))
    case .failure(.tooLarge): return .failure(Problem(message: "\(path) is not a password file"))
    case .failure(.unreadable(let reason)): return .failure(Problem(message: "\(path): \(reason)"))
    case .success(let bytes):
      let line = bytes.prefix { $0 != 0x0A && $0 != 0x0D }
      guard !line.isEmpty, line.count <= 256, let text = String(validating: line, as: UTF8.self)
      else {
        return .failure(Problem(message: "\(path): the password is its first line, 1 to 256 bytes"))
      }
      return .success(text)
    }
  }

  /// Why `level` cannot be one level of an MQTT topic here, or nil.
  static func topicLevelProblem(_ level: String) -> String? {
    if level.isEmpty { return "must not be empty" }
    if level.utf8.count > 64 { return "has at most 64 characters" }
    if level.contains(where: { "/+#$".contains($0) || $0.isWhitespace }) {
      return "\"\(PlayerName.printable(level))\" is not a topic level: no /, +, #, $ or spaces"
    }
    // simond takes the venue's name for the day's challenge by its own rule: one the
    // bridge takes, simond must too.
    if let problem = DailyChallenge.venueProblem(level) { return problem }
    return nil
  }

  private static func hostName() -> String {
    let name = HostName.current
    return VenueRecord.cabinetProblem(name) == nil ? name : "cabinet"
  }

}

extension VenueConfig {
  /// The configuration for people, one setting a line; the password only as "set".
  public var summary: String {
    """
    venue = \(venue)
    cabinet = \(cabinet)
    topic_prefix = \(topicPrefix)
    control_socket = \(controlSocket ?? "(found at start)")
    state_dir = \(stateDirectory)
    broker = \(broker.host):\(broker.port)\(broker.caFile.map { " with TLS (CA \($0))" } ?? "")
    username = \(broker.username ?? "(none)")
    password = \(broker.password == nil ? "(none)" : "(set)")
    home_assistant = \(homeAssistant.enabled ? "on, prefix \(homeAssistant.prefix)" : "off")
    """
  }
}
