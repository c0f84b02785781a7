import SimonDaemon
import SimonGame
import SimonHardware
import SimonPOSIX
import Synchronization
import Testing

/// The cabinet thread of every rig: rigs share it as tests run side by side, as jobs
/// of different actors share one executor.
let rigThread: CabinetThread = {
  do { return try CabinetThread() } catch { fatalError("no cabinet thread: \(error)") }
}()

/// A runner on the mock cabinet with a manual clock, and what it notified. Edges go
/// through the mock's inputs, delivered on the cabinet thread as a GPIO cabinet's are.
struct RunnerRig {
  let clock = ManualClock()
  let cabinet: MockCabinet
  let runner: Runner
  let box: NoticeBox
  let journal: Journal
  /// What the runner handed the archive, in order.
  let archived: RequestBox

  /// - Parameter motor: whether the mock's vibration motor is wired to the runner.
  init(
    settings: Settings = .defaults, cabinet description: Cabinet = Cabinet(), seed: UInt64 = 9,
    motor: Bool = false
  ) async {
    cabinet = MockCabinet(clock: clock, thread: rigThread)
    var description = description
    description.hasHaptics = motor
    let box = NoticeBox()
    let journal = Journal()
    journal.watch { box.append($0.happening) }
    let archived = RequestBox()
    runner = Runner(
      game: Game(settings: settings, cabinet: description, random: SeededRandom(seed: seed)),
      lights: cabinet, speaker: cabinet, motor: motor ? cabinet : nil, clock: clock,
      levels: cabinet, thread: rigThread,
      journal: journal, archive: { archived.append($0) })
    self.archived = archived
    self.journal = journal
    self.box = box
    await runner.start()
    #expect(runner.attach(cabinet), "the mock's inputs are read on the runner's thread")
    await clock.settle()
  }

  /// When the mock's motor went on and off.
  var motor: [(at: MonotonicInstant, on: Bool)] {
    cabinet.outputs.compactMap { entry in
      if case .haptic(let on) = entry.output { return (entry.at, on) }
      return nil
    }
  }

  /// One edge now, through the mock cabinet's inputs.
  func edge(_ input: Input, _ pressed: Bool) async {
    await cabinet.edges([(input, pressed)])
  }

  /// A clean press, held, then released.
  func tap(_ input: Input, hold: Duration = .milliseconds(150)) async {
    await edge(input, true)
    await clock.advance(by: hold)
    await edge(input, false)
  }

  /// Advances time until the runner reports a phase; fails after `limit`.
  func advance(
    untilPhase phase: Phase, step: Duration = .milliseconds(1), limit: Duration = .seconds(60)
  ) async {
    var waited = Duration.zero
    while await runner.status.phase != phase {
      guard waited < limit else {
        Issue.record("never reached \(phase)")
        return
      }
      await clock.advance(by: step)
      waited += step
    }
  }

  /// Shuts the runner down, which ends its timer task. Call it at the end of every test:
  /// the task, asleep on the manual clock, and the runner hold each other, so a rig left
  /// running is never freed (LeakSanitizer reports it; scripts/sanitize).
  func finish() async {
    await runner.shutdown()
    cabinet.close()
  }

  var records: [GameResult] {
    box.all.compactMap { if case .gameEnded(let result, _) = $0 { result } else { nil } }
  }
}

final class NoticeBox: Sendable {
  private let notices = Mutex<[Happening]>([])
  func append(_ notice: Happening) { notices.withLock { $0.append(notice) } }
  var all: [Happening] { notices.withLock { $0 } }
}

final class RequestBox: Sendable {
  private let requests = Mutex<[ArchiveRequest]>([])
  func append(_ request: ArchiveRequest) { requests.withLock { $0.append(request) } }
  var all: [ArchiveRequest] { requests.withLock { $0 } }
}

@Suite("Runner on the mock cabinet")
struct RunnerTests {
  @Test func aWholeGameFromCountdownToRecordWithExactOnTimes() async {
    let rig = await RunnerRig()
    let start = rig.clock.now
    await rig.tap(.green)
    // Countdown: three ticks at 0, 1, 2 s after the release.
    await rig.advance(untilPhase: .player)
    let ticks = rig.cabinet.outputs.filter { $0.output == .tone(hertz: 1000, volume: 60) }
    let released = start.advanced(by: .milliseconds(150))
    #expect(ticks.map { released.duration(to: $0.at) } == [.zero, .seconds(1), .seconds(2)])
    // Play three rounds correctly, reading Simon's signals off the LEDs.
    var lengths: [Int] = []
    for round in 1...3 {
      let simon = simonSignals(rig.cabinet.outputs, round: round)
      lengths.append(simon.count)
      for signal in simon {
        #expect(signal.on == .milliseconds(420), "on-time of a signal in round \(round)")
      }
      for signal in simon {
        await rig.clock.advance(by: .milliseconds(200))
        await rig.tap(Input(signal.pad))
      }
      await rig.advance(untilPhase: .player, step: .milliseconds(10))
    }
    #expect(lengths == [1, 2, 3])
    // A wrong press ends it.
    let next = simonSignals(rig.cabinet.outputs, round: 4)
    let wrong = Pad.allCases.first { $0 != next[0].pad }!
    await rig.edge(Input(wrong), true)
    #expect(rig.records.count == 1)
    #expect(rig.records.first?.rounds == 3)
    #expect(rig.records.first?.ending == .mistake)
    #expect(rig.records.first?.points == 45)
    await rig.edge(Input(wrong), false)
    await rig.clock.advance(by: .seconds(4))
    #expect(rig.cabinet.litPads.isEmpty)
    #expect(rig.cabinet.sounding == nil)
    await rig.finish()
  }

  @Test func theTimeoutIsExactToTheMillisecond() async {
    let rig = await RunnerRig()
    await rig.tap(.red)
    await rig.advance(untilPhase: .player)
    await rig.clock.advance(by: .milliseconds(2999))
    #expect(await rig.runner.status.phase == .player)
    await rig.clock.advance(by: .milliseconds(1))
    #expect(await rig.runner.status.phase == .gameover)
    #expect(rig.records.map(\.ending) == [.timeout])
    let razz = rig.cabinet.outputs.first { $0.output == .tone(hertz: 42, volume: 60) }
    let turnEnd = rig.cabinet.outputs.last { entry in
      if case .light(_, false) = entry.output { return entry.at < razz!.at }
      return false
    }
    #expect(turnEnd.map { $0.at.duration(to: razz!.at) } == .seconds(3))
    await rig.finish()
  }

  @Test func aBouncingButtonCountsAsOnePress() async {
    let rig = await RunnerRig()
    // Ten edges inside 5 ms, ending down.
    for edge in 0..<10 {
      await rig.edge(.blue, edge % 2 == 0)
      await rig.clock.advance(by: .microseconds(500))
    }
    await rig.edge(.blue, true)
    await rig.clock.advance(by: .milliseconds(100))
    let onsets = rig.cabinet.outputs.filter { $0.output == .light(.blue, on: true) }
    #expect(onsets.count == 1)
    #expect(
      rig.cabinet.outputs.filter { if case .tone = $0.output { true } else { false } }.count == 1)
    // The release bounces too: one release, one countdown.
    for edge in 0..<10 {
      await rig.edge(.blue, edge % 2 == 1)
      await rig.clock.advance(by: .microseconds(500))
    }
    await rig.clock.advance(by: .milliseconds(100))
    #expect(await rig.runner.status.phase == .countdown)
    let countdowns = rig.box.all.filter {
      if case .status(let status) = $0 { status.phase == .countdown } else { false }
    }
    #expect(countdowns.count == 1)
    await rig.finish()
  }

  @Test func theLevelWhenTheWindowClosesDecidesAfterALostEdge() async {
    // The kernel can lose an edge of a bouncing switch; the line's level, read when the
    // debounce window closes, stands for it.
    let rig = await RunnerRig()
    await rig.cabinet.press(.blue)
    await rig.clock.advance(by: .milliseconds(2))
    // A bounce up is read, and the edge back down is lost: the pad is still held.
    await rig.cabinet.release(.blue)
    rig.cabinet.changeLevelLosingTheEdge(.blue, pressed: true)
    await rig.clock.advance(by: .milliseconds(100))
    #expect(await rig.runner.status.phase == .idle, "no release was made up mid-press")
    #expect(rig.cabinet.litPads == [.blue])
    // A clean release starts the game.
    await rig.cabinet.release(.blue)
    await rig.clock.advance(by: .milliseconds(100))
    #expect(await rig.runner.status.phase == .countdown)
    await rig.finish()
  }

  @Test func aReleaseWhoseEdgeWasLostIsFoundWhenTheWindowCloses() async {
    let rig = await RunnerRig()
    await rig.cabinet.press(.red)
    await rig.clock.advance(by: .milliseconds(5))
    // Released 5 ms into the window, and its edge never arrives.
    rig.cabinet.changeLevelLosingTheEdge(.red, pressed: false)
    await rig.clock.advance(by: .milliseconds(14))
    #expect(await rig.runner.status.phase == .idle)
    await rig.clock.advance(by: .milliseconds(1))
    #expect(await rig.runner.status.phase == .countdown, "released when the 20 ms window closed")
    await rig.finish()
  }

  @Test func aStuckButtonIsReportedIgnoredAndCountsAgainWhenReleased() async {
    let rig = await RunnerRig()
    await rig.edge(.yellow, true)
    await rig.clock.advance(by: .milliseconds(9999))
    #expect(!rig.box.all.contains(.stuck(.yellow)))
    await rig.clock.advance(by: .milliseconds(1))
    #expect(rig.box.all.contains(.stuck(.yellow)))
    #expect(rig.cabinet.litPads.isEmpty)
    #expect(rig.cabinet.sounding == nil)
    await rig.clock.advance(by: .seconds(20))
    #expect(await rig.runner.status.phase == .idle, "the stuck pad did not start a game")
    await rig.edge(.yellow, false)
    #expect(rig.box.all.contains(.unstuck(.yellow)))
    #expect(await rig.runner.status.phase == .idle, "its real release does not either")
    await rig.clock.advance(by: .milliseconds(50))
    await rig.tap(.yellow)
    #expect(await rig.runner.status.phase == .countdown, "it counts again")
    await rig.finish()
  }

  @Test func shutdownRecordsTheGameAndTurnsEverythingOff() async {
    let rig = await RunnerRig()
    await rig.tap(.green)
    await rig.advance(untilPhase: .simon)
    await rig.clock.advance(by: .milliseconds(100))
    #expect(!rig.cabinet.litPads.isEmpty)
    await rig.runner.shutdown()
    #expect(rig.records.map(\.ending) == [.shutdown])
    #expect(rig.cabinet.litPads.isEmpty)
    #expect(rig.cabinet.sounding == nil)
    let count = rig.cabinet.outputs.count
    await rig.edge(.green, true)
    #expect(rig.cabinet.outputs.count == count, "nothing happens after shutdown")
    #expect(rig.clock.sleeperCount == 0, "no timer is left running")
  }

  @Test func soundOffPlaysSilentlyButLightsStillWork() async {
    var settings = Settings.defaults
    settings.soundOn = false
    let rig = await RunnerRig(settings: settings)
    await rig.tap(.green)
    await rig.advance(untilPhase: .player)
    #expect(!rig.cabinet.outputs.contains { if case .tone = $0.output { true } else { false } })
    #expect(rig.cabinet.outputs.contains { $0.output == .light(.green, on: true) })
    await rig.finish()
  }

  @Test func aFailingLightIsReportedOnceAndTheGameGoesOn() async {
    let rig = await RunnerRig()
    for pad in Pad.allCases { rig.cabinet.breakLight(pad) }
    await rig.tap(.green)
    await rig.advance(untilPhase: .player)
    let faults = rig.box.all.filter { if case .lightFault = $0 { true } else { false } }
    #expect(faults.count == 4)
    await rig.finish()
  }

  @Test func aPressReadLateStillClicksTheMotorForTheWholePulse() async throws {
    let rig = await RunnerRig(motor: true)
    await rig.clock.advance(by: .seconds(1))
    let pressedAt = MonotonicInstant(sinceBoot: rig.clock.now.sinceBoot - .milliseconds(50))
    await rig.runner.receive(InputEdge(.green, pressed: true, at: pressedAt))
    await rig.clock.settle()
    await rig.clock.advance(by: .milliseconds(39))
    #expect(rig.motor.map(\.on) == [true], "still on 39 ms after it started")
    await rig.clock.advance(by: .milliseconds(1))
    let motor = rig.motor
    try #require(motor.map(\.on) == [true, false])
    #expect(motor[1].at.sinceBoot - motor[0].at.sinceBoot == .milliseconds(40))
    #expect(rig.box.all.contains(.haptic(on: true)), "the journal tells it")
    await rig.finish()
  }

  @Test func aMotorThatWouldNotStopIsToldAgainAtTheNextEvent() async throws {
    let rig = await RunnerRig(motor: true)
    await rig.edge(.green, true)
    await rig.clock.settle()
    rig.cabinet.breakMotor()
    await rig.clock.advance(by: .milliseconds(40))
    #expect(rig.motor.map(\.on) == [true], "the off was refused")
    #expect(rig.box.all.contains { if case .motorFault = $0 { true } else { false } })
    rig.cabinet.breakMotor(false)
    await rig.edge(.green, false)
    await rig.clock.settle()
    #expect(rig.motor.map(\.on) == [true, false], "told again with the release")
    await rig.finish()
  }

  @Test func withHapticsOffTheMotorStaysStill() async {
    var settings = Settings.defaults
    settings.hapticsOn = false
    let rig = await RunnerRig(settings: settings, motor: true)
    await rig.tap(.green)
    await rig.advance(untilPhase: .player)
    #expect(rig.motor.isEmpty)
    await rig.finish()
  }

  @Test func theTimerTaskSleepsWhenNothingIsDue() async {
    let rig = await RunnerRig()
    #expect(rig.clock.sleeperCount == 1)
    await rig.clock.advance(by: .seconds(61))
    #expect(await rig.runner.status.phase == .attract)
    await rig.finish()
  }

  @Test func aReloadedAttractTimeCountsFromTheReloadLaterOrSooner() async {
    let later = await RunnerRig()
    await later.clock.advance(by: .seconds(50))
    await later.runner.apply(Cabinet(attractAfter: .seconds(30)))
    await later.clock.advance(by: .seconds(29))
    #expect(
      await later.runner.status.phase == .idle, "60 s from the start passed, not 30 from the reload"
    )
    await later.clock.advance(by: .seconds(2))
    #expect(await later.runner.status.phase == .attract)
    await later.finish()

    let sooner = await RunnerRig()
    await sooner.clock.advance(by: .seconds(5))
    await sooner.runner.apply(Cabinet(attractAfter: .seconds(10)))
    await sooner.clock.advance(by: .seconds(9))
    #expect(await sooner.runner.status.phase == .idle)
    await sooner.clock.advance(by: .seconds(2))
    #expect(
      await sooner.runner.status.phase == .attract, "the timer task woke before its old deadline")
    await sooner.finish()
  }
}

/// Simon's signals of a round, from the LED log: the pads lit while no input was down,
/// with how long each stayed on.
func simonSignals(
  _ outputs: [(at: MonotonicInstant, output: MockCabinet.Output)], round: Int
) -> [(pad: Pad, on: Duration)] {
  // Signals are single pads lit together with their own tone; the countdown lights four.
  var signals: [[(pad: Pad, on: Duration)]] = [[]]
  var onAt: [Pad: MonotonicInstant] = [:]
  var lastTone: Double?
  var previousWasSignal = false
  for entry in outputs {
    switch entry.output {
    case .tone(let hertz, _): lastTone = hertz
    case .light(let pad, true):
      onAt[pad] = entry.at
    case .light(let pad, false):
      guard let start = onAt.removeValue(forKey: pad) else { continue }
      let duration = start.duration(to: entry.at)
      let isSignal =
        lastTone == ToneSet.classic.hertz(of: pad) && duration >= .milliseconds(220)
        && duration <= .milliseconds(420) && onAt.isEmpty
      if isSignal {
        signals[signals.count - 1].append((pad, duration))
      } else if previousWasSignal {
        signals.append([])
      }
      previousWasSignal = isSignal
    default: break
    }
  }
  let rounds = signals.filter { !$0.isEmpty }
  return round <= rounds.count ? rounds[round - 1] : []
}

@Suite("The journal's order")
struct JournalOrderTests {
  @Test func statesLampsAndTheGameEndComeInTheOrderTheRunnerDidThem() async {
    let rig = await RunnerRig()
    let entries = Mutex<[Journal.Entry]>([])
    rig.journal.watch { entry in entries.withLock { $0.append(entry) } }
    await rig.tap(.green)
    await rig.advance(untilPhase: .player)
    await rig.clock.advance(by: .seconds(3))
    await rig.advance(untilPhase: .gameover)
    let seen = entries.withLock { $0 }
    #expect(seen.map(\.sequence) == Array(seen.first!.sequence...seen.last!.sequence))
    #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.at <= $1.at })
    let kinds = seen.map { entry -> String in
      switch entry.happening {
      case .status(let status): "status \(status.phase.rawValue)"
      case .view(let view): "view \(view.phase.rawValue)"
      case .light(let pad, let on): "\(pad.rawValue) \(on)"
      case .gameEnded: "ended"
      default: ""
      }
    }.filter { !$0.isEmpty }
    // The countdown's state comes before its first lamp, the rich state right after the
    // compact one; the game's result just before its game-over state (the record the
    // sockets show follows once stored).
    let countdown = kinds.firstIndex(of: "status countdown")!
    #expect(kinds[countdown + 1] == "view countdown")
    #expect(kinds[countdown + 2] == "green true")
    let over = kinds.firstIndex(of: "status gameover")!
    #expect(kinds.firstIndex(of: "ended")! == over - 1)
    #expect(kinds[over + 1] == "view gameover")
    await rig.finish()
  }

  @Test func aDifferentViewIsToldOnlyWhenItChanges() async {
    let rig = await RunnerRig()
    let views = Mutex<[CabinetView]>([])
    rig.journal.watch { entry in
      if case .view(let view) = entry.happening { views.withLock { $0.append(view) } }
    }
    await rig.runner.seat(["Ann"])
    await rig.runner.seat(["Ann"])
    await rig.runner.nameTeam("Owls")
    let seen = views.withLock { $0 }
    #expect(seen.map(\.signedIn) == [["Ann"]])
    #expect(await rig.runner.cabinet.teamName == "Owls")
    await rig.finish()
  }
}
