import FoundationEssentials
import Logging
import SimonControl
import SimonGame
import SimonScores
import SimonStateFiles
import SimonVenueStore

/// The venue bridge (docs/design.md section 12): follows simond's control socket, takes every
/// game the cabinet records into the durable outbox, publishes it to the broker with
/// QoS 1 until acknowledged, merges every other cabinet's records into the venue table,
/// publishes again what the broker lost of this cabinet's (`OwnRecords`), and keeps Home
/// Assistant's view of the cabinet current.
///
/// Everything happens on one task, in the order it was told: what the control socket
/// and the broker's network thread report is queued to it. Records from the broker wait
/// apart (`IncomingRecords`), are merged a batch at a time into the venue tables held in
/// memory, and venue.json is written about once a second at most (`MergePacer`; at once
/// for the cabinet's own games): a broker holding a long history never delays the
/// cabinet's own game over, nor rewrites venue.json once a record, and memory is the
/// tables', not the history's. Nothing here touches a device or the daemon's state files.
public final class VenueBridge: Sendable {
  /// What the bridge is told.
  public enum Input: Sendable {
    /// From simond's control socket.
    case control(ControlFeed.Event)
    /// From the broker's network thread (but its messages, which wait in `incoming`).
    case broker(MQTTClient.Event)
    /// Messages from the broker wait in `incoming`.
    case recordsWaiting
    /// A write of venue.json put off by the pacer is due.
    case venueWriteDue
  }

  let config: VenueConfig
  let topics: Topics
  private let outbox: OutboxStore
  private let venue: VenueStore
  private let matchStore: VenueMatchStore
  let dailyStore: VenueDailyStore
  let logger: Logger
  private let incoming = IncomingRecords()
  private let inputs: AsyncStream<Input>
  private let continuation: AsyncStream<Input>.Continuation

  /// A bridge with its configuration; nothing happens until `run`.
  public init(config: VenueConfig, logger: Logger) {
    self.config = config
    topics = Topics(config: config)
    let report: @Sendable (StateProblem) -> Void = { [logger] problem in
      logger.error("\(problem)")
    }
    outbox = OutboxStore(directory: config.stateDirectory, onProblem: report)
    venue = VenueStore(directory: config.stateDirectory, onProblem: report)
    matchStore = VenueMatchStore(directory: config.stateDirectory, onProblem: report)
    dailyStore = VenueDailyStore(directory: config.stateDirectory, onProblem: report)
    self.logger = logger
    (inputs, continuation) = AsyncStream.makeStream(of: Input.self)
  }

  /// Queues what the control socket or the broker reported (from any thread).
  public func tell(_ input: Input) { continuation.yield(input) }

  /// Runs until the task is cancelled: connects to the broker and follows simond.
  /// - Throws: `MQTTClient.Failure` when the broker's settings cannot work at all.
  public func run() async throws {
    var settings = MQTTClient.Settings(
      clientID: "simon-venue-\(config.cabinet)", host: config.broker.host,
      port: config.broker.port, keepalive: config.broker.keepalive,
      username: config.broker.username, password: config.broker.password,
      caFile: config.broker.caFile, will: (topics.availability, "offline"))
    settings.backoff = (1, UInt32(config.broker.reconnectMax))
    let mqtt = try MQTTClient(settings) { [self] event in
      // Messages (records, and the probe after them, in order) wait apart, a batch at a
      // time; the rest is told at once.
      guard case .message(let topic, let payload) = event else {
        return tell(.broker(event))
      }
      // A match's messages and the cabinets' comings and goings are few, and told at
      // once: a match's start waits for no batch of records.
      if topics.cabinet(of: topic, leaf: "match") != nil
        || topics.cabinet(of: topic, leaf: "availability") != nil
        || topics.cabinet(of: topic, leaf: "matches") != nil
        || topics.resultKey(of: topic) != nil || topics.dailyKey(of: topic) != nil
      {
        return tell(.broker(event))
      }
      if incoming.add(.init(topic: topic, payload: payload)) { tell(.recordsWaiting) }
    }
    // Every cabinet's records, on every connection (the client subscribes again), and
    // the probe that says when the broker has delivered those it holds.
    // QoS 0 (see `MQTTClient.subscribe`): a long history would overflow the broker's QoS 1
    // queue for this client, and what a lost connection drops comes again with the next.
    try mqtt.subscribe(topics.allRecords, qos: 0)
    try mqtt.subscribe(topics.probe, qos: 0)
    // The venue's tables of the day's challenge: retained, so QoS 0 as the records.
    try mqtt.subscribe(topics.allDaily, qos: 0)
    if config.matchesEnabled {
      try mqtt.subscribe(topics.allMatches, qos: 1)
      try mqtt.subscribe(topics.allAvailability, qos: 1)
      try mqtt.subscribe(topics.allMatchesTaken, qos: 1)
      // QoS 0, as the records: retained, they come again with every connection, and a
      // long history must not overflow the broker's queue for this client.
      try mqtt.subscribe(topics.allResults, qos: 0)
    }
    let feed = ControlFeed(path: config.controlSocket ?? ControlSocketPath.servicePath)
    let recent = ControlRequest.Action.recent(count: ControlRequest.maximumRecent)
    // Games named after they ended, or stored late, are found among the recent games.
    // simond tells its side of undecided matches again: what the rivals missed while this
    // bridge was away.
    let matchesEnabled = config.matchesEnabled
    // simond is told the venue (the day's challenge is the venue's) and lists its tables of
    // the day's challenge, for the venue's.
    feed.start(
      onConnect: [recent, .venue(name: config.venue), .daily(date: nil)]
        + (config.matchesEnabled
          ? [.matchSync, .matches(count: ControlRequest.maximumMatches)] : []),
      after: { message in
        guard case .scoresChanged(let how, _) = message else { return [] }
        // A match game's outcome stored (an older match too), or a game stored late (a
        // match game or a day's game too): the venue's match table or tables of the day
        // get it. Sides that did not change
        // are not published again.
        let matches: [ControlRequest.Action] =
          matchesEnabled ? [.matches(count: ControlRequest.maximumMatches)] : []
        switch how {
        case "matches": return matches
        case "recorded": return [recent] + matches + [.daily(date: nil)]
        case "named": return [recent]
        default: return []
        }
      },
      { [self] event in tell(.control(event)) })
    logger.info(
      "cabinet \(config.cabinet) in venue \(config.venue): broker \(config.broker.host):\(config.broker.port)\(config.broker.caFile == nil ? "" : " (TLS)"), control socket \(feed.path), state in \(config.stateDirectory)"
    )
    var state = Session(mqtt: mqtt, feed: feed, relay: MatchRelay(cabinet: config.cabinet))
    if config.matchesEnabled { state.lastMatch = lastMatchDecided(&state) }
    await withTaskCancellationHandler {
      for await input in inputs {
        handle(input, in: &state)
      }
    } onCancel: {
      continuation.finish()
      incoming.close()
    }
    feed.stop()
    writeVenue(&state)
    // The client goes with `state`: the connection is dropped without a DISCONNECT, and
    // the broker publishes the last will, "offline".
  }

  /// What one run of the bridge knows beyond its files.
  struct Session {
    let mqtt: MQTTClient
    /// simond's control socket, followed; match requests go on it.
    let feed: ControlFeed
    /// Head-to-head matches in progress.
    var relay: MatchRelay
    /// The last match decided here, for Home Assistant (`State.lastMatch`).
    var lastMatch: String?
    /// Match requests sent to simond and not answered yet, by id: a refusal is logged
    /// with the request it refused.
    var asked: [RequestID: ControlRequest.Action] = [:]
    /// The venue's other cabinets whose bridges are online.
    var online: Set<String> = []
    /// The venue's other cabinets whose bridges take matches (their retained `matches`).
    var takingMatches: Set<String> = []
    /// The cabinets last told to simond for the menu's challenge page: online and taking
    /// matches; nil before simond was told any.
    var offered: [String]?
    /// This cabinet's sides of matches as last published, by match.
    var publishedSides: [String: VenueMatch] = [:]
    /// The venue's matches, read from the file once and kept: nil until first needed.
    var matchBook: VenueMatchBook?
    /// Whether `matchBook` holds what the file does not yet.
    var matchesChanged = false
    /// This cabinet's tables of the day's challenge as last published, by date.
    var publishedDaily: [String: VenueDaily] = [:]
    /// The dates of this cabinet's tables of the day, as simond last listed them all (and
    /// those published since); nil until it did.
    var ownDailyDates: Set<String>?
    /// The dates of this cabinet's tables of the day the broker holds (retained): those
    /// simond no longer keeps are cleared from it.
    var brokerOwnDaily: Set<String> = []
    /// The venue's tables of the day's challenge, read from the file once and kept: nil
    /// until first needed.
    var dailyBook: VenueDailyBook?
    /// Whether `dailyBook` holds what the file does not yet.
    var dailyChanged = false
    /// Whether the broker accepted the connection.
    var connected = false
    /// Published records awaiting their acknowledgement, by message id.
    var inFlight: [Int32: VenueRecord] = [:]
    /// What the cabinet shows; nil while simond is not reachable.
    var view: CabinetView?
    /// The state last published for Home Assistant.
    var published: HomeAssistantDevice.State?
    /// The last refusal or loss told, so a broker that stays down is told once.
    var lastTrouble = ""
    /// The outbox's last and best points and games taken, for Home Assistant; read
    /// again after the next game is taken.
    var tally: HomeAssistantDevice.State?
    /// Whether the control socket answered or failed once: until then the cabinet's
    /// state is not known, and none is published (not "offline" for a moment).
    var simondHeard = false
    /// This cabinet's records, and which the broker holds.
    var own = OwnRecords()
    /// The venue tables, read from venue.json once and kept: nil until first needed.
    var book: VenueBook?
    /// Whether `book` holds what venue.json does not yet.
    var bookChanged = false
    /// When venue.json may be written again.
    var pacer = MergePacer()
    /// Whether a write put off by the pacer is to come (told as `venueWriteDue`).
    var writeDue = false
  }

  private func handle(_ input: Input, in session: inout Session) {
    switch input {
    case .control(.connected(let hello, let snapshot)):
      logger.info("following simond on \(hello.cabinet) (\(hello.version))")
      session.view = snapshot.state
      session.simondHeard = true
      // simond may still hold the list of a bridge before this one: told afresh.
      session.offered = nil
      offerCabinets(&session)
      publishState(&session)
    case .control(.lost(let why)):
      logger.warning("simond: \(why); trying again every second")
      session.asked = [:]
      session.view = nil
      session.simondHeard = true
      publishState(&session)
    case .control(.message(let message)):
      switch message {
      case .gameOver(let over, _):
        // (A match's game comes without a record: it is in no table.)
        if let record = over.record { take([record], in: &session) }
        if over.match != nil, config.matchesEnabled {
          ask(.matches(count: ControlRequest.maximumMatches), in: &session)
        }
        if let date = over.daily { ask(.daily(date: date), in: &session) }
      case .ok(let id, let result):
        let request = session.asked.removeValue(forKey: id)
        if let records = result.records { take(records, in: &session) }
        if let games = result.matches { publishSides(games, in: &session) }
        if let days = result.daily {
          // (A reply to no request asked here is to those sent on connecting: every date.)
          publishDaily(
            days, in: &session, everyDate: request == nil || request == .daily(date: nil))
        }
      case .state(let view, _):
        session.view = view
        publishState(&session)
      case .match(let news, _):
        guard config.matchesEnabled else { return }
        carryOut(session.relay.news(news, now: Self.wallMilliseconds()), in: &session)
        if case .decided(_, let rival, let outcome) = news {
          session.lastMatch = Self.lastMatch(outcome, against: rival)
          publishState(&session)
        }
      case .error(let why, let id?, _):
        guard let request = session.asked.removeValue(forKey: id) else { return }
        if Self.askedAgain.contains(request.name), why.hasPrefix("unknown request") {
          // A simond of a release before matches.
          logger.debug("simond does not take \(request.name): \(why)")
        } else {
          logger.warning("simond refused \(request.name): \(why)")
        }
      default:
        break
      }
    case .broker(.connected(refused: nil)):
      session.connected = true
      session.lastTrouble = ""
      logger.info("connected to the broker at \(config.broker.host):\(config.broker.port)")
      // Nothing is known yet of what this broker holds, or was sent on this connection.
      let probe = session.own.connected()
      announce(&session, probe: probe)
      // This broker may hold none of this cabinet's tables of the day (new, or wiped).
      session.publishedDaily = [:]
      session.brokerOwnDaily = []
      ask(.daily(date: nil), in: &session)
      if config.matchesEnabled {
        carryOut(session.relay.broker(connected: true), in: &session)
        // This broker may hold none of this cabinet's sides (new, or wiped): all again.
        session.publishedSides = [:]
        ask(.matches(count: ControlRequest.maximumMatches), in: &session)
      }
    case .broker(.connected(refused: let reason?)):
      session.connected = false
      if reason != session.lastTrouble {
        logger.error(
          "the broker at \(config.broker.host):\(config.broker.port) refused the connection: \(reason) (check [broker] username and password_file); trying again with back-off up to \(config.broker.reconnectMax) s"
        )
      }
      session.lastTrouble = reason
    case .broker(.disconnected(let why)):
      let wasConnected = session.connected
      session.connected = false
      if wasConnected, config.matchesEnabled {
        carryOut(session.relay.broker(connected: false), in: &session)
        // Out of sight of every cabinet: none to challenge until the broker is back (its
        // retained availability and matches come again then).
        session.online = []
        session.takingMatches = []
        offerCabinets(&session)
      }
      // A broker that stays away, or keeps refusing, is told once.
      guard wasConnected || session.lastTrouble.isEmpty else { return }
      logger.warning(
        "broker \(config.broker.host):\(config.broker.port): \(why); games are kept in the outbox and sent when it is back"
      )
      session.lastTrouble = why
    case .broker(.acknowledged(let mid)):
      guard let record = session.inFlight.removeValue(forKey: mid) else { return }
      do {
        try outbox.acknowledge([record])
      } catch {
        logger.error(
          "outbox: cannot forget \(record.key), acknowledged: \(error); it is sent again")
      }
    case .broker(.message(let topic, let payload)):
      let now = Self.wallMilliseconds()
      if let sender = topics.cabinet(of: topic, leaf: "match") {
        carryOut(session.relay.received(payload, from: sender, now: now), in: &session)
      } else if let key = topics.resultKey(of: topic) {
        mergeSide(payload, on: topic, key: key, in: &session)
      } else if let key = topics.dailyKey(of: topic) {
        mergeDaily(payload, on: topic, key: key, in: &session)
      } else if let other = topics.cabinet(of: topic, leaf: "matches") {
        guard other != config.cabinet else { return }
        if payload == Array("on".utf8) {
          session.takingMatches.insert(other)
        } else {
          session.takingMatches.remove(other)
        }
        offerCabinets(&session)
      } else if let other = topics.cabinet(of: topic, leaf: "availability") {
        guard other != config.cabinet else { return }
        let online = payload == Array("online".utf8)
        if online {
          session.online.insert(other)
        } else {
          session.online.remove(other)
        }
        offerCabinets(&session)
        carryOut(session.relay.availability(of: other, online: online), in: &session)
      } else {
        // (Records are not sent here: they wait in `incoming`.)
        mergeWaiting([.init(topic: topic, payload: payload)], in: &session)
      }
    case .recordsWaiting:
      mergeWaiting(incoming.take(), in: &session)
    case .venueWriteDue:
      session.writeDue = false
      paceVenueWrite(&session)
    }
  }

  /// Does what the match relay asks: messages to the broker, requests to simond.
  private func carryOut(_ actions: [MatchRelay.Action], in session: inout Session) {
    for action in actions {
      switch action {
      case .publish(let message):
        do {
          try session.mqtt.publish(topics.match, message.payload, retain: false)
        } catch {
          logger.warning("match \(message.match): \(error)")
        }
      case .request(let request):
        ask(request, in: &session)
      case .refused(let why):
        logger.warning("\(why)")
      }
    }
  }

  /// Tells simond the cabinets a player here can challenge (online, taking matches, with
  /// an id simond takes, at most `ControlRequest.maximumCabinets`), when they changed.
  private func offerCabinets(_ session: inout Session) {
    guard config.matchesEnabled, session.simondHeard else { return }
    let cabinets = Array(
      session.online.intersection(session.takingMatches)
        .filter { VenueID.problem($0, naming: "a cabinet id") == nil }
        .sorted().prefix(ControlRequest.maximumCabinets))
    guard cabinets != session.offered else { return }
    session.offered = cabinets
    logger.debug(
      "cabinets to challenge: \(cabinets.isEmpty ? "none" : cabinets.joined(separator: ", "))")
    ask(.matchCabinets(cabinets), in: &session)
  }

  /// The match requests the bridge asks again on every connection to simond: one that
  /// could not be sent, or that an older simond does not know, is not worth a warning.
  static let askedAgain: Set<String> = [
    "match-sync", "matches", "match-cabinets", "venue", "daily",
  ]

  /// Sends simond a request whose reply (or refusal) comes as a message.
  func ask(_ request: ControlRequest.Action, in session: inout Session) {
    if let id = session.feed.send(request) {
      session.asked[id] = request
    } else if !Self.askedAgain.contains(request.name) {
      // (Those are asked again on every connection to simond.)
      logger.warning("simond is not connected: \(request.name) was dropped")
    }
  }

  /// Publishes this cabinet's sides of matches that changed since last published
  /// (retained: the venue's table), and merges them into its own.
  private func publishSides(_ games: [MatchGame], in session: inout Session) {
    guard config.matchesEnabled else { return }
    var changed: [VenueMatch] = []
    for game in games {
      let side = VenueMatch(cabinet: config.cabinet, game: game)
      guard session.publishedSides[side.match] != side else { continue }
      changed.append(side)
      guard session.connected else { continue }
      do {
        _ = try session.mqtt.publish(topics.result(side.match), side.payload, retain: true)
        session.publishedSides[side.match] = side
      } catch {
        logger.warning("match \(side.match): \(error); published on the next connection")
      }
    }
    guard mergeIntoMatches(changed, in: &session) else { return }
    writeVenue(&session)
  }

  /// Another cabinet's side of a match, for the venue's table.
  private func mergeSide(
    _ payload: [UInt8], on topic: String, key: (cabinet: String, match: String),
    in session: inout Session
  ) {
    guard key.cabinet != config.cabinet else { return }  // its own come from simond
    guard payload.count <= Self.longestSide else {
      return logger.warning(
        "ignored a match result on \(PlayerName.printable(topic)): longer than \(Self.longestSide) bytes"
      )
    }
    let side: VenueMatch
    do {
      side = try VenueMatch(payload: payload)
    } catch {
      return logger.warning(
        "ignored a match result on \(PlayerName.printable(topic)): \(error.message)")
    }
    guard side.cabinet == key.cabinet, side.match == key.match else {
      return logger.warning(
        "ignored a match result on \(PlayerName.printable(topic)): it says it is \(side.cabinet)'s side of \(side.match)"
      )
    }
    if session.matchBook?.contradicts(side) == true {
      return logger.warning(
        "ignored a match result on \(PlayerName.printable(topic)): \(side.cabinet) is not the rival the other side of \(side.match) names"
      )
    }
    if mergeIntoMatches([side], in: &session) { paceVenueWrite(&session) }
  }

  /// The longest side of a match taken from the broker: a real one is about 400 bytes.
  static let longestSide = 4096

  /// Merges sides into the venue's matches held in memory. Returns whether they changed.
  private func mergeIntoMatches(_ sides: [VenueMatch], in session: inout Session) -> Bool {
    guard matchBook(&session) != nil else { return false }
    let changed = sides.filter { session.matchBook!.merge($0) }
    if !changed.isEmpty { session.matchesChanged = true }
    return !changed.isEmpty
  }

  /// The venue's matches, read from the file the first time; nil while it cannot be read.
  private func matchBook(_ session: inout Session) -> VenueMatchBook? {
    if session.matchBook == nil {
      do {
        session.matchBook = try matchStore.load()
      } catch {
        logger.error("venue matches: cannot read \(matchStore.path): \(error)")
      }
    }
    return session.matchBook
  }

  /// This cabinet's last match with an outcome, as the venue's matches keep it: what Home
  /// Assistant's "Last match" shows from the start, before the next match is decided.
  private func lastMatchDecided(_ session: inout Session) -> String? {
    guard
      let side = matchBook(&session)?.sides.last(where: {
        $0.cabinet == config.cabinet && $0.game.match.outcome != nil
      }), let outcome = side.game.match.outcome
    else { return nil }
    return Self.lastMatch(outcome, against: side.game.match.rival.cabinet)
  }

  /// Home Assistant's "Last match": "won against bar-2".
  static func lastMatch(_ outcome: HeadToHead.Outcome, against rival: String) -> String {
    "\(outcome.rawValue) against \(rival)"
  }

  /// Now by the wall clock, in milliseconds since 1970: matches start at such an instant.
  static func wallMilliseconds() -> Int { Int(Date().timeIntervalSince1970 * 1000) }

  /// On every connection: say the cabinet is there, send what waits, then `probe`.
  private func announce(_ session: inout Session, probe: String) {
    do {
      try session.mqtt.publish(topics.availability, Array("online".utf8), retain: true)
      // Whether this cabinet takes matches: the others offer it on their challenge page.
      try session.mqtt.publish(
        topics.matchesTaken, Array((config.matchesEnabled ? "on" : "off").utf8), retain: true)
      if config.homeAssistant.enabled {
        try session.mqtt.publish(
          topics.discovery,
          HomeAssistantDevice.discovery(
            topics: topics, venue: config.venue, version: SimonVersion.current),
          retain: true)
      }
    } catch {
      logger.error("\(error)")
    }
    session.published = nil
    publishState(&session)
    let waiting: [VenueRecord]
    do {
      waiting = try outbox.load().pending
    } catch {
      logger.error("outbox: \(error)")
      return
    }
    let sent = Array(session.inFlight.values)
    for record in waiting where !sent.contains(record) {
      publish(record, in: &session)
    }
    if !waiting.isEmpty { logger.info("sending \(waiting.count) game(s) from the outbox") }
    publishProbe(probe, in: &session)
  }

  /// Published last on a connection: when it comes back, the broker has delivered every
  /// record of this cabinet it holds.
  private func publishProbe(_ probe: String, in session: inout Session) {
    do {
      try session.mqtt.publish(topics.probe, Array(probe.utf8), retain: false)
    } catch {
      logger.warning("\(error)")
    }
  }

  /// Publishes again the cabinet's records the broker does not hold (a new or wiped
  /// broker, or one killed between its saves): those kept (`OwnRecords.kept`) and those
  /// in the venue's tables.
  private func publishMissing(_ session: inout Session) {
    guard session.connected, session.own.synced else { return }
    let tables = venueBook(&session).map { book in
      book.tableKeys.flatMap { book.table($0) }.filter { $0.cabinet == config.cabinet }
    }
    let missing = session.own.missing(also: tables ?? [])
    guard !missing.isEmpty else { return }
    logger.notice(
      "the broker does not hold \(missing.count) of this cabinet's games (\(missing.first!.key) to \(missing.last!.key)): publishing them again"
    )
    for record in missing { publish(record, in: &session) }
  }

  private func take(_ games: [GameRecord], in session: inout Session) {
    let taken: [Outbox.Taking]
    do {
      taken = try outbox.take(games, cabinet: config.cabinet)
    } catch {
      // simond still has the games: they are taken when it lists them again.
      logger.error("outbox: cannot take \(games.count) game(s): \(error)")
      return
    }
    var queued: [VenueRecord] = []
    var renamed: [VenueRecord] = []
    var known: [VenueRecord] = []
    for taking in taken {
      switch taking {
      case .alreadyTaken(let record):
        if let record { known.append(record) }
      case .renamed(let record): renamed.append(record)
      case .queued(let record): queued.append(record)
      case .queuedDropping(let record, let dropped):
        logger.error(
          "outbox: full (\(Outbox.capacity) games waiting); \(dropped.key) was dropped unsent")
        queued.append(record)
      }
    }
    for record in known + queued + renamed { session.own.know(record) }
    // Games taken before are merged too: a venue file lost since gets them back. The
    // cabinet's own games are written at once.
    _ = mergeIntoVenue(known + queued + renamed, in: &session)
    writeVenue(&session)
    for record in queued {
      logger.info(
        "game \(record.game.id) (\(record.game.result.points) points) queued as \(record.key)")
      if session.connected { publish(record, in: &session) }
    }
    for record in renamed {
      logger.info(
        "game \(record.game.id), named \(PlayerName.quoted(record.game.result.name)), queued again as \(record.key)"
      )
      if session.connected { publish(record, in: &session) }
    }
    publishMissing(&session)
    guard !queued.isEmpty else { return }
    session.tally = nil
    publishState(&session)
  }

  private func publish(_ record: VenueRecord, in session: inout Session) {
    do {
      let mid = try session.mqtt.publish(
        topics.record(record.cabinet, sequence: record.sequence), record.payload, retain: true)
      session.inFlight[mid] = record
      session.own.published(record)
    } catch {
      logger.warning("\(error); sent again on the next connection")
    }
  }

  /// Merges a batch of messages in the order they came: other cabinets' records into
  /// the venue table, written once; this cabinet's own copies and the probe as they come.
  /// What is not a record is told once a batch, with how many more there were.
  private func mergeWaiting(_ messages: [IncomingRecords.Message], in session: inout Session) {
    var foreign: [VenueRecord] = []
    var ignored: [String] = []
    for message in messages {
      if message.topic == topics.probe {
        guard session.own.echoed(message.payload) else { continue }
        logger.debug("the broker has delivered every record of this cabinet it holds")
        publishMissing(&session)
        continue
      }
      switch record(on: message.topic, message.payload) {
      case .success(let record?) where record.cabinet == config.cabinet:
        ownCopy(record, on: message.topic, in: &session)
      case .success(let record?):
        foreign.append(record)
      case .success(nil):
        break
      case .failure(let why):
        ignored.append("ignored a record on \(PlayerName.printable(message.topic)): \(why.text)")
      }
    }
    if let first = ignored.first {
      logger.warning(
        "\(first)\(ignored.count > 1 ? " (and \(ignored.count - 1) more like it)" : "")")
    }
    guard !foreign.isEmpty else { return }
    let merged = mergeIntoVenue(foreign, in: &session)
    if !merged.isEmpty {
      logger.debug("merged \(merged.count) of \(foreign.count) records into the venue tables")
    }
    paceVenueWrite(&session)
  }

  /// The venue tables, read from venue.json the first time (nil, told, when it cannot be
  /// read: records are then merged into the file itself).
  private func venueBook(_ session: inout Session) -> VenueBook? {
    if session.book == nil {
      do {
        session.book = try venue.load()
      } catch {
        logger.error("venue table: cannot read \(venue.path): \(error)")
      }
    }
    return session.book
  }

  /// Merges records into the tables in memory (into the file where it cannot be read).
  /// - Returns: the records that changed them.
  private func mergeIntoVenue(_ records: [VenueRecord], in session: inout Session)
    -> [VenueRecord]
  {
    guard !records.isEmpty else { return [] }
    guard venueBook(&session) != nil else {
      do {
        return try venue.merge(records)
      } catch {
        logger.error("venue table: cannot merge \(records.count) records: \(error)")
        return []
      }
    }
    let changed = records.filter { session.book!.merge($0) }
    if !changed.isEmpty { session.bookChanged = true }
    return changed
  }

  /// Writes venue.json now if the pacer allows, else once it does.
  func paceVenueWrite(_ session: inout Session) {
    guard session.bookChanged || session.matchesChanged || session.dailyChanged else { return }
    guard let wait = session.pacer.wait(at: .now) else { return writeVenue(&session) }
    guard !session.writeDue else { return }
    session.writeDue = true
    Task { [self] in
      try? await Task.sleep(for: wait)
      tell(.venueWriteDue)
    }
  }

  /// Writes the tables (venue.json), the matches (matches.json) and the tables of the day's
  /// challenge (daily.json) held in memory, where they changed.
  func writeVenue(_ session: inout Session) {
    if session.dailyChanged, let daily = session.dailyBook {
      do {
        try dailyStore.save(daily)
        session.dailyChanged = false
      } catch {
        logger.error("venue daily: cannot write \(dailyStore.path): \(error); trying again")
      }
    }
    if session.matchesChanged, let matches = session.matchBook {
      do {
        try matchStore.save(matches)
        session.matchesChanged = false
      } catch {
        logger.error("venue matches: cannot write \(matchStore.path): \(error); trying again")
      }
    }
    guard session.bookChanged, let book = session.book else { return }
    do {
      try venue.save(book)
      session.bookChanged = false
      logger.debug("wrote the venue tables to \(venue.path)")
    } catch {
      logger.error("venue table: cannot write \(venue.path): \(error); trying again")
    }
  }

  /// Why a message is not taken as a record.
  private struct NotARecord: Error {
    var text: String
  }

  /// The record a message carries: nil when its topic is not a record's, a failure
  /// when it is none or not the one its topic names.
  private func record(on topic: String, _ payload: [UInt8]) -> Result<VenueRecord?, NotARecord> {
    guard let named = topics.recordKey(of: topic) else { return .success(nil) }
    let record: VenueRecord
    do {
      record = try VenueRecord(payload: payload)
    } catch {
      return .failure(NotARecord(text: "\(error)"))
    }
    guard record.cabinet == named.cabinet, record.sequence == named.sequence else {
      return .failure(NotARecord(text: "it says it is \(record.key)"))
    }
    return .success(record)
  }

  /// A copy of one of this cabinet's records from the broker: never merged (the
  /// cabinet's own come from its outbox); one that is not the cabinet's is replaced.
  private func ownCopy(_ record: VenueRecord, on topic: String, in session: inout Session) {
    switch session.own.arrived(record) {
    case .same:
      break
    case .differs(let ours):
      logger.warning(
        "the broker holds another record than this cabinet's on \(PlayerName.printable(topic)): publishing this cabinet's again"
      )
      if session.connected { publish(ours, in: &session) }
    case .unknown:
      let next = (try? outbox.load())?.nextSequence ?? Int.max
      guard record.sequence >= next else { return }  // older than those kept
      logger.warning(
        "ignored a record on \(PlayerName.printable(topic)): this cabinet has sent no game \(record.sequence) yet"
      )
    }
  }

  private func publishState(_ session: inout Session) {
    guard config.homeAssistant.enabled, session.connected, session.simondHeard else { return }
    if session.tally == nil {
      let box = (try? outbox.load()) ?? Outbox()
      session.tally = HomeAssistantDevice.State(
        view: nil, lastScore: box.lastPoints, bestScore: box.bestPoints,
        gamesPlayed: box.gamesTaken)
    }
    var state = session.tally!
    state.update(view: session.view)
    state.lastMatch = session.lastMatch
    guard state != session.published else { return }
    do {
      try session.mqtt.publish(topics.state, state.payload, retain: true)
      session.published = state
    } catch {
      logger.warning("\(error)")
    }
  }
}
