import ArgumentParser
import Foundation
import SimonGame
import SimonProcessSupport
import SimonScores
import SimonVenue
// Figures for the venue (scripts/bench bench-venue), against Debian's Mosquitto on a
// loopback port:
//  1. load: N simulated cabinets (the bridge's publish and merge paths driven directly:
//     an MQTT client each, publishing its records with QoS 1 and merging every record it
//     receives into its venue table) each publish R records at once; the time until every
//     cabinet's table holds every record;
//  2. latency: three real cabinets (simond with the simulated cabinet, and simon-venue),
//     G games on the first; from its game over on the sim socket to the game in the
//     third cabinet's venue.json. Target: p99 <= 1 s on loopback;
//  3. history: a broker holding H retained records of C other cabinets (years of a
//     venue), a real cabinet joining: the time until its bridge merged them all, its peak
//     RSS, the latency of its own game over played meanwhile (to the broker's
//     acknowledgement), and how long a bridge takes to stop on SIGTERM mid-history.
//     Targets: own game <= 1 s, SIGTERM <= 1 s, RSS bounded by a batch (not by H).
// It exits 1, saying why, when what it drives fails: a cabinet that does not connect, a
// table that does not fill, a game that does not reach the third cabinet.
//   bench-venue [--cabinets N] [--records R] [--games G] [--history H]
//               [--history-cabinets C] [--smoke]
import SimonVenueStore
import Synchronization

struct Options: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench-venue",
    abstract: "Times records through a Mosquitto broker: many cabinets, then three real ones.")

  @Option(help: "The simulated cabinets publishing at once.")
  var cabinets = 50
  @Option(help: "The records each simulated cabinet publishes.")
  var records = 20
  @Option(help: "The games played on the first real cabinet.")
  var games = 10
  @Option(help: "The retained records a joining cabinet finds on the broker.")
  var history = 50_000
  @Option(help: "The cabinets those records are of.")
  var historyCabinets = 50
  @Flag(
    help:
      "A short run that shows every part still works: 2 cabinets x 2 records, 2 games, a history of 500 records of 5 cabinets (the counts above do not apply). Its figures are not worth reading."
  )
  var smoke = false

  func validate() throws {
    try BenchmarkFigures.requireCounts([
      "--cabinets": cabinets, "--records": records, "--games": games, "--history": history,
      "--history-cabinets": historyCabinets,
    ])
  }
}
let options = Options.parseOrExit()
let cabinetCount = options.smoke ? 2 : options.cabinets
let recordCount = options.smoke ? 2 : options.records
let gameCount = options.smoke ? 2 : options.games
let historyCount = options.smoke ? 500 : options.history
let historyCabinets = options.smoke ? 5 : min(options.historyCabinets, options.history)

guard BrokerProcess.isInstalled else {
  BenchmarkFigures.fail("bench-venue", "needs Debian's mosquitto (scripts/install-deps)")
}

// MARK: - 1. Load

/// One simulated cabinet: what it merged, and when its table became complete.
final class Cabinet: Sendable {
  let name: String
  let book = Mutex(VenueBook())
  let complete = Mutex<ContinuousClock.Instant?>(nil)
  let connected = Mutex(false)
  /// Why its client last failed to connect, if it did.
  let trouble = Mutex<String?>(nil)
  init(name: String) { self.name = name }
}

/// CLOCK_MONOTONIC in nanoseconds: the clock of the control socket's `t`.
@Sendable func monotonicNow() -> Int64 {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}

func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

// A failure ends the run with what went wrong, the programs it started stopped
// (BenchmarkFigures.fail).
do {
  let broker = try await BrokerProcess()
  var config = VenueConfig.defaults
  config.venue = "bench"
  let total = cabinetCount * recordCount
  let cabinets = (1...cabinetCount).map { Cabinet(name: "cab-\($0)") }
  var clients: [MQTTClient] = []
  for cabinet in cabinets {
    config.cabinet = cabinet.name
    let topics = Topics(config: config)
    let client = try MQTTClient(
      MQTTClient.Settings(
        clientID: "bench-\(cabinet.name)", host: "127.0.0.1", port: broker.port, keepalive: 30,
        username: nil, password: nil, caFile: nil, will: nil)
    ) { happening in
      switch happening {
      case .connected(refused: nil): cabinet.connected.withLock { $0 = true }
      case .connected(refused: let reason?): cabinet.trouble.withLock { $0 = "refused: \(reason)" }
      case .disconnected(let why): cabinet.trouble.withLock { $0 = why }
      case .message(_, let payload):
        guard let record = try? VenueRecord(payload: payload) else { return }
        let count = cabinet.book.withLock { book in
          book.merge(record)
          return book.merged.values.reduce(0) { $0 + $1.count }
        }
        if count == total { cabinet.complete.withLock { $0 = ContinuousClock.now } }
      default: break
      }
    }
    // Made as soon as the broker accepts the connection, which may be later.
    try client.subscribe(topics.allRecords)
    clients.append(client)
  }
  // (Each condition is @Sendable: a closure of top-level code would be the main actor's,
  // and `eventually` calls it elsewhere.)
  guard
    await eventually(
      timeout: 30, { @Sendable in cabinets.allSatisfy { $0.connected.withLock { $0 } } })
  else {
    let waiting = cabinets.filter { !$0.connected.withLock { $0 } }
    throw E2EError(
      "\(waiting.count) of \(cabinetCount) cabinets not connected to the broker on port \(broker.port) after 30 s (\(waiting[0].name): \(waiting[0].trouble.withLock { $0 } ?? "no answer")); broker log: \(broker.log)"
    )
  }
  usleep(500_000)  // the subscriptions acknowledged
  let game = GameRecord(
    id: 1,
    result: GameResult(
      points: 100, rounds: 5, mode: .classic, difficulty: .medium, name: "Player",
      members: ["Player"], ending: .mistake, duration: .seconds(9)),
    startedAt: Date(), endedAt: Date())
  let started = ContinuousClock.now
  for (cabinet, client) in zip(cabinets, clients) {
    config.cabinet = cabinet.name
    let topics = Topics(config: config)
    for sequence in 1...recordCount {
      var played = game
      played.id = sequence
      played.result.points = (sequence * 37 + cabinet.name.count) % 500
      let record = VenueRecord(cabinet: cabinet.name, sequence: sequence, game: played)
      try client.publish(
        topics.record(cabinet.name, sequence: sequence), record.payload, retain: true)
    }
  }
  let converged = await eventually(timeout: 120) { @Sendable in
    cabinets.allSatisfy { $0.complete.withLock { $0 != nil } }
  }
  let times = cabinets.compactMap { cabinet in
    cabinet.complete.withLock { $0 }.map { started.duration(to: $0) }
  }
  let last = times.max() ?? .zero
  print(
    "load: \(cabinetCount) cabinets x \(recordCount) records = \(total) records, \(total * cabinetCount) deliveries"
  )
  print(
    "  every table complete: \(converged ? "yes" : "NO") after \(Int(milliseconds(last))) ms (first cabinet \(Int(milliseconds(times.min() ?? .zero))) ms)"
  )
  let tables = cabinets.map { $0.book.withLock { $0 } }
  let same = tables.allSatisfy { $0 == tables[0] }
  print("  all tables the same: \(same ? "yes" : "NO")")
  clients.removeAll()
  guard converged, same else {
    throw E2EError(
      "\(times.count) of \(cabinetCount) tables complete after 120 s, \(same ? "all" : "not all") the same"
    )
  }

  // MARK: - 2. Game over to another cabinet's table

  var daemons: [DaemonProcess] = []
  for _ in 0..<3 { daemons.append(try await DaemonProcess()) }
  let bridges = try daemons.enumerated().map { index, daemon in
    try BridgeProcess(
      cabinet: "cab-\(index + 1)", broker: broker, controlSocket: daemon.controlPath)
  }
  let player = try daemons[0].connect()
  let control = try ControlTestClient(path: daemons[0].controlPath)

  // The third cabinet's venue file, read every 2 ms: when each game first appears there.
  let firstSeen = Mutex<[VenueRecord.Key: Int64]>([:])
  let watching = Atomic<Bool>(true)
  defer { watching.store(false, ordering: .relaxed) }
  let watched = bridges[2].stateDirectory
  let watcher = Thread {
    let store = VenueStore(directory: watched)
    while watching.load(ordering: .relaxed) {
      if let book = try? store.load() {
        let now = monotonicNow()
        for sequence in 1...gameCount {
          let key = VenueRecord.Key(cabinet: "cab-1", sequence: sequence)
          if book.contains(key) { firstSeen.withLock { if $0[key] == nil { $0[key] = now } } }
        }
      }
      usleep(2_000)
    }
  }
  watcher.start()
  for _ in 1...gameCount { try await player.playGame(rounds: 1) }
  let arrived = await eventually(timeout: 10) { @Sendable in
    firstSeen.withLock { $0.count } == gameCount
  }
  watching.store(false, ordering: .relaxed)
  let overs = control.received.compactMap { message, _ -> Int64? in
    if case .gameOver(let over, let t) = message, over.record != nil { return t }
    return nil
  }
  var latencies: [Double] = []
  for (index, over) in overs.prefix(gameCount).enumerated() {
    guard
      let seen = firstSeen.withLock({ $0[VenueRecord.Key(cabinet: "cab-1", sequence: index + 1)] })
    else { continue }
    latencies.append(Double(seen - over) / 1e6)
  }
  print(
    "latency: game over on cab-1 (its control socket's t) -> in cab-3's venue.json (read every 2 ms), \(latencies.count) of \(gameCount) games (ms)"
  )
  if !latencies.isEmpty {
    print(
      "  p50 \(Int(BenchmarkFigures.percentile(latencies, 0.5)))  p99 \(Int(BenchmarkFigures.percentile(latencies, 0.99)))  max \(Int(latencies.max()!))   target p99 <= 1000"
    )
  }
  guard arrived, latencies.count == gameCount else {
    throw E2EError(
      "\(firstSeen.withLock { $0.count }) of \(gameCount) games reached cab-3's venue table within 10 s, \(latencies.count) with their game over; cab-3's bridge log, its end: \(bridges[2].log.suffix(3000))"
    )
  }

  // Stopped here, and waited for: at exit nothing is released.
  for bridge in bridges { await bridge.signal(SIGTERM) }
  for daemon in daemons {
    daemon.signal(SIGTERM)
    _ = await daemon.waitForExit(timeout: 5)
  }
  await broker.stop()

  // MARK: - 3. A cabinet joins a venue with a long history

  let historic = try await BrokerProcess()
  let published = try await publishHistory(
    records: historyCount, cabinets: historyCabinets, on: historic)

  let joining = try await DaemonProcess()
  let joiningControl = try ControlTestClient(path: joining.controlPath)
  let joined = ContinuousClock.now
  let newcomer = try BridgeProcess(
    cabinet: "cab-1", broker: historic, controlSocket: joining.controlPath)
  let pid = newcomer.processID ?? 0
  // The bridge's own game, played as the history pours in; its acknowledgement watched.
  let acknowledgedAt = Mutex<Int64?>(nil)
  let mergedAt = Mutex<ContinuousClock.Instant?>(nil)
  let peak = Atomic<Int>(0)
  let watchingHistory = Atomic<Bool>(true)
  let newcomerState = newcomer.stateDirectory
  let historyWatcher = Thread {
    let outbox = OutboxStore(directory: newcomerState)
    let venue = VenueStore(directory: newcomerState)
    var lastVenueRead = ContinuousClock.now - .seconds(1)
    while watchingHistory.load(ordering: .relaxed) {
      if acknowledgedAt.withLock({ $0 == nil }), let box = try? outbox.load(),
        box.gamesTaken == 1, box.pending.isEmpty
      {
        let now = monotonicNow()
        acknowledgedAt.withLock { $0 = now }
      }
      if mergedAt.withLock({ $0 == nil }), ContinuousClock.now - lastVenueRead > .milliseconds(100)
      {
        lastVenueRead = .now
        if let book = try? venue.load(),
          book.merged.filter({ $0.key != "cab-1" }).values.reduce(0, { $0 + $1.count })
            == historyCount
        {
          mergedAt.withLock { $0 = .now }
        }
      }
      if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kb = Int(line.split(separator: " ").dropFirst().first ?? "")
      {
        peak.store(max(peak.load(ordering: .relaxed), kb), ordering: .relaxed)
      }
      usleep(5_000)
    }
  }
  historyWatcher.start()
  _ = await eventually(timeout: 30) { @Sendable in newcomer.log.contains("connected to the broker")
  }
  try await joining.connect().playGame(rounds: 1)
  let allMerged = await eventually(timeout: 600) { @Sendable in
    mergedAt.withLock { $0 != nil } && acknowledgedAt.withLock { $0 != nil }
  }
  watchingHistory.store(false, ordering: .relaxed)
  let ownOver = joiningControl.received.compactMap { message, _ -> Int64? in
    if case .gameOver(let over, let t) = message, over.record != nil { return t }
    return nil
  }.first
  let mergeTime = mergedAt.withLock { $0 }.map { joined.duration(to: $0) }
  let ownLatency = zip(
    ownOver.map { [$0] } ?? [], acknowledgedAt.withLock { $0 }.map { [$0] } ?? []
  )
  .map { Double($1 - $0) / 1e6 }.first
  let batches = newcomer.log.components(separatedBy: "records into the venue tables").count - 1
  let writes = newcomer.log.components(separatedBy: "wrote the venue tables").count - 1
  print(
    "history: \(historyCount) retained records of \(historyCabinets) cabinets (stored in \(Int(milliseconds(published))) ms); a cabinet joins"
  )
  print(
    "  all merged: \(mergeTime.map { "\(Int(milliseconds($0))) ms" } ?? "NO") after its bridge started: \(batches) batches, venue.json written \(writes) times"
  )
  print(
    "  its own game over -> acknowledged by the broker, meanwhile: \(ownLatency.map { "\(Int($0)) ms" } ?? "NOT SEEN")   target <= 1000"
  )
  print("  the bridge's peak RSS: \(peak.load(ordering: .relaxed) / 1024) MB")
  await newcomer.signal(SIGTERM)

  // A bridge told to stop while a history pours in.
  let stopping = try BridgeProcess(
    cabinet: "cab-2", broker: historic, controlSocket: joining.controlPath)
  _ = await eventually(timeout: 30) { @Sendable in
    stopping.log.contains("records into the venue table")
  }
  let told = ContinuousClock.now
  await stopping.signal(SIGTERM)
  let stopTime = told.duration(to: .now)
  print(
    "  SIGTERM mid-history: \(stopping.isRunning ? "STILL RUNNING after" : "stopped in") \(Int(milliseconds(stopTime))) ms   target <= 1000"
  )
  joining.signal(SIGTERM)
  _ = await joining.waitForExit(timeout: 5)
  await historic.stop()
  guard allMerged, ownLatency != nil, !stopping.isRunning else {
    throw E2EError(
      "history: merged \(mergeTime != nil), own game acknowledged \(ownLatency != nil), bridge stopped \(!stopping.isRunning); its log, the end: \(newcomer.log.suffix(2000))"
    )
  }
} catch {
  BenchmarkFigures.fail("bench-venue", "\(error)")
}
