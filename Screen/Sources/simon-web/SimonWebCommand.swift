import ArgumentParser
import Hummingbird
import Logging
import SimonControl
import SimonPOSIX
import SimonScores
import SimonSystemd
import SimonVenueStore
import SimonWeb

/// The cabinet screen's server: the page, its WebSocket and the read-only API.
@main
struct SimonWebCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "simon-web",
    abstract: "Serve the cabinet screen: the live game, the tables, name entry, a read-only API.",
    discussion: """
      simon-web follows simond's control socket and serves the cabinet's screen as a web \
      page (shown full screen by the kiosk unit, or on a phone), a WebSocket of the \
      control socket's events (/live) and a read-only JSON API (/api/status, /api/tables, \
      /api/recent, /api/players, /api/players/NAME, /api/settings, /api/venue). It holds \
      no device and reads none of simond's files: everything comes through the control \
      socket. While simond is away it keeps serving and the page says so; it reconnects \
      every second. Where the venue bridge (simon-venue) runs, the page also shows the \
      venue's tables, read from its venue.json (--venue-dir).

      After a game that ranks in its table's top ten, while the cabinet's own screen is \
      open (the kiosk's page, /?kiosk; a page on a phone only watches), it asks simond to \
      let the player put a name on it with the pads (green up, blue down, red next, \
      yellow done).

      It listens on 127.0.0.1:8080 unless told otherwise: --listen 0.0.0.0:8080 opens it to \
      the network, for phones. Requests must name this cabinet (an IP address, localhost, \
      this host's name or NAME.local, or an --allow-host) and may only read.

      Connections are held to limits, so that idle or slow ones cannot use it up: at most \
      --max-connections at once (32 of them kept for this machine, the kiosk), a request's \
      head within --header-timeout, and none left idle past --idle-timeout (a WebSocket is \
      pinged as often and closed when it does not answer). What cannot be parsed gets 400 \
      and is closed. Only a page on this machine may be the cabinet's own screen.

      Exit codes: 0 stopped by SIGTERM or SIGINT, 64 bad command line, 69 cannot listen \
      (the address is taken, or not this machine's).
      """,
    version: SimonVersion.current
  )

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Where to listen: ADDRESS:PORT, [IPv6]:PORT. 0.0.0.0:8080 serves the whole network.",
      valueName: "address:port"))
  var listen: String = "127.0.0.1:8080"

  @Option(
    name: .long,
    help: ArgumentHelp(
      "simond's control socket. Default: where simonctl looks (/run/simon-cabinet/control.sock for the service).",
      valueName: "path"))
  var controlSocket: String?

  @Option(
    name: .long,
    help: ArgumentHelp("The page's files.", valueName: "dir"))
  var assets: String = "/usr/share/simon-cabinet/screen"

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A host name requests may use besides addresses, localhost and this host's own (repeatable).",
      valueName: "name"))
  var allowHost: [String] = []

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The venue bridge's state directory, whose venue table the page shows.",
      valueName: "dir"))
  var venueDir: String = VenueStore.defaultDirectory

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Connections at once, 32 of them kept for this machine (the kiosk); one more gets 503.",
      valueName: "count"))
  var maxConnections: Int = ConnectionLimits.standard.maximum

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Seconds a request's head may take to arrive (else 408 and closed).", valueName: "seconds"))
  var headerTimeout: Int = Int(ConnectionLimits.standard.headerTimeout.components.seconds)

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Seconds a connection may stay without a request; WebSockets are pinged as often.",
      valueName: "seconds"))
  var idleTimeout: Int = Int(ConnectionLimits.standard.idleTimeout.components.seconds)

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The lowest level logged: trace, debug, info, notice, warning, error or critical.",
      valueName: "level"))
  var logLevel: String = "info"

  func validate() throws {
    guard Logger.Level(rawValue: logLevel) != nil else {
      throw ValidationError(
        "--log-level: \"\(logLevel)\" is not one of trace, debug, info, notice, warning, error, critical"
      )
    }
    do {
      _ = try ListenAddress(listen)
    } catch {
      throw ValidationError("--listen: \(error)")
    }
    let kept = ConnectionLimits.standard.keptForThisMachine
    guard maxConnections > kept else {
      throw ValidationError(
        "--max-connections: \(maxConnections) leaves none for other machines; it must be over \(kept), the connections kept for this one"
      )
    }
    guard (1...3600).contains(headerTimeout) else {
      throw ValidationError("--header-timeout: \(headerTimeout) is not 1 to 3600 seconds")
    }
    guard (1...3600).contains(idleTimeout) else {
      throw ValidationError("--idle-timeout: \(idleTimeout) is not 1 to 3600 seconds")
    }
    guard POSIX.isDirectory(assets) else {
      throw ValidationError(
        "--assets: \(assets) is not a directory (the page's files: Screen/Public in the source tree)"
      )
    }
  }

  func run() async throws {
    let address = try ListenAddress(listen)
    let level = Logger.Level(rawValue: logLevel)!
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = level
      return handler
    }
    let logger = Logger(label: "simon-web")
    let environment = Environment.current
    let candidates = ControlSocketPath.candidates(environment: environment, uid: POSIX.userID)
    let socket: String =
      controlSocket ?? candidates.first(where: { POSIX.allows(.exists, $0) })
      ?? ControlSocketPath.servicePath
    let ask = ControlAsk(path: socket)
    let naming = NameEntryStarter(ask: ask, logger: logger)
    let link = CabinetLink(path: socket, logger: logger) { over, watching in
      naming.gameOver(over, screensWatching: watching)
    }
    guard link.start() else {
      logger.critical("cannot start a thread to follow simond")
      throw ExitCode(ExitStatus.unavailable)
    }
    defer { link.stop() }
    let notifier = SystemdNotifier(environment: environment)
    let options = ScreenServer.Options(
      host: address.host, port: address.port, assets: assets, allowedHosts: allowHost,
      venueDirectory: venueDir,
      limits: ConnectionLimits(
        maximum: maxConnections, keptForThisMachine: ConnectionLimits.standard.keptForThisMachine,
        headerTimeout: .seconds(headerTimeout), idleTimeout: .seconds(idleTimeout)))
    let app = ScreenServer.application(
      options: options, link: link, ask: ask, hostName: HostName.current, logger: logger
    ) { port in
      logger.info(
        "serving the cabinet screen",
        metadata: ["url": "http://\(address.urlHost):\(port)/", "control": "\(socket)"])
      notifier.ready(status: "serving http://\(address.urlHost):\(port)/")
    }
    do {
      try await app.runService()
    } catch {
      logger.critical("cannot serve on \(listen): \(error)")
      throw ExitCode(ExitStatus.unavailable)
    }
  }
}
