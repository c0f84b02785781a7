import FoundationEssentials
import SimonGame
import SimonHardware
import SimonPOSIX

/// A timer of the game or of the debouncer, as the runner keeps it.
enum RunnerTimer: Hashable, Sendable {
  case game(TimerID)
  case debounce(Debouncer.Timer)
  /// The agreed start instant of a head-to-head match (its id).
  case matchStart(String)
}

/// The one place where time and hardware meet the game.
///
/// The runner turns debounced input edges and timer firings into game events, performs
/// the game's effects on the lights and speaker, and keeps the timers on an injected
/// clock. Promises: events reach the game in the order they arrive, with times that
/// never go backwards; a timer fires at its deadline and the game sees the deadline as
/// the event's time, so timings do not drift however late the process wakes; while
/// nothing is due, nothing runs (the timer task sleeps until the next deadline, on the
/// runner's own executor: keeping time wakes no other thread).
///
/// The runner runs on the cabinet thread: inputs read there (`attach`) reach the game,
/// and the lamps it lights are driven, on the thread that read the edge, with no hand-over
/// in between.
public actor Runner {
  /// Where the runner is in its life.
  private enum Lifecycle {
    /// Made, not started: events are ignored.
    case created
    /// Started: events reach the game, timers run.
    case running
    /// Shut down: the game was ended and the cabinet darkened; nothing happens any more.
    case stopped
  }

  private var game: Game
  private var debouncer: Debouncer
  private let lights: any Lights
  private let speaker: (any Speaker)?
  private let motor: (any HapticMotor)?
  // Any clock, not a generic parameter: a generic actor's type is looked up at run time
  // each time the cabinet thread enters it, on the way from a press to its lamp.
  private let clock: any InPlaceSleepingClock
  private let levels: (any LevelInputSource)?
  private let journal: Journal
  private let archive: @Sendable (ArchiveRequest) -> Void
  private var deadlines = Deadlines<RunnerTimer>()
  private var timerTask: Task<Void, Never>?
  private var generation: UInt64 = 0
  private var sleepingUntil: Duration?
  private var lastEventTime: Duration = .zero
  private var faultyLights: Set<Pad> = []
  private var faultyMotor = false
  /// What the game last asked of the motor, tried again after each event while the motor
  /// refuses it (a motor left running is felt).
  private var motorWanted = false
  private var lifecycle = Lifecycle.created
  /// The view last put in the journal, to publish only changes.
  private var shownView: CabinetView?
  /// The venue's name (its bridge tells it) and the cabinet's local date, for the day's
  /// challenge: the game has one once both are known.
  private var venue: String?
  private var date: String?

  /// How far ahead the timer task sleeps when nothing is due: one wake-up a day at most.
  private static var idleNap: Duration { .seconds(86_400) }

  /// A runner for a game on a cabinet.
  /// - Parameters:
  ///   - game: the game, at idle.
  ///   - debouncer: the debounce windows and stuck time.
  ///   - lights: the pads' LEDs.
  ///   - speaker: the speaker, or nil to play silently.
  ///   - motor: the vibration motor, or nil where none is wired.
  ///   - clock: where time comes from.
  ///   - levels: the inputs whose level can be read now, where the backend can: when a
  ///     debounce window closes, that level, not the last edge, decides, as the kernel
  ///     can lose an edge of a bouncing switch.
  ///   - thread: the cabinet thread the runner runs on.
  ///   - journal: where everything the runner does is told, in the order it does it.
  ///   - archive: takes what the game asks of the state files, in order (the archivist,
  ///     which answers through `stored(record:)` and `signIn(_:)`); it must not block.
  public init(
    game: Game, debouncer: Debouncer = Debouncer(), lights: any Lights, speaker: (any Speaker)?,
    motor: (any HapticMotor)? = nil, clock: any InPlaceSleepingClock,
    levels: (any LevelInputSource)? = nil, thread: CabinetThread,
    journal: Journal, archive: @escaping @Sendable (ArchiveRequest) -> Void
  ) {
    self.game = game
    self.debouncer = debouncer
    self.lights = lights
    self.speaker = speaker
    self.motor = motor
    self.clock = clock
    self.levels = levels
    self.thread = thread
    self.journal = journal
    self.archive = archive
  }

  /// The cabinet thread the runner runs on.
  public nonisolated let thread: CabinetThread

  /// The runner's jobs run on its cabinet thread.
  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    thread.asUnownedSerialExecutor()
  }

  /// Puts the cabinet in its idle state and starts keeping time. Call once.
  public func start() {
    guard lifecycle == .created else { return }
    lifecycle = .running
    lastEventTime = clock.now.sinceBoot
    perform(game.start(), at: lastEventTime)
    publishView()
    restartTimerTask()
  }

  private var isRunning: Bool { lifecycle == .running }

  /// Takes one raw edge from a backend.
  public func receive(_ edge: InputEdge) {
    guard isRunning else { return }
    let time = max(edge.at.sinceBoot, lastEventTime)
    let wasStuck = debouncer.isStuck(edge.input)
    let (outputs, requests) = debouncer.edge(edge.input, pressed: edge.pressed, at: time)
    // The lamp first: the debouncer's timers are due a window later at the earliest.
    deliver(outputs)
    apply(requests)
    if wasStuck, !debouncer.isStuck(edge.input) { tell(.unstuck(edge.input)) }
    rescheduleIfEarlier()
  }

  /// Takes every edge of a stream until it ends or the task is cancelled.
  public func consume(_ edges: AsyncStream<InputEdge>) async {
    for await edge in edges { receive(edge) }
  }

  /// Takes every edge of inputs read on the runner's own thread as they are read, with no
  /// hand-over between threads.
  /// - Returns: false, taking nothing, when the inputs are read on another thread (then
  ///   `consume` their `edges()`).
  public nonisolated func attach(_ inputs: any CabinetThreadInputSource) -> Bool {
    guard inputs.thread === thread else { return false }
    // Weakly: the inputs outlive the runner in tests, and hold the receiver until closed.
    inputs.deliver { [weak self] edges in self?.receiveOnThread(edges) }
    return true
  }

  /// Takes edges read on the runner's own thread, as `assumeIsolated` would, without
  /// boxing a closure: `assumeIsolated` allocates twice per call, on the way from an edge
  /// to its lamp. Stops the program unless called on the runner's thread.
  private nonisolated func receiveOnThread(_ edges: [InputEdge]) {
    thread.checkIsolated()
    // What assumeIsolated does once it has checked: an isolated parameter is passed as
    // any other, so the function is called as one without isolation. This closure
    // captures nothing, so it needs no context.
    let body: (isolated Runner, [InputEdge]) -> Void = { runner, edges in
      for edge in edges { runner.receive(edge) }
    }
    unsafeBitCast(body, to: ((Runner, [InputEdge]) -> Void).self)(self, edges)
  }

  /// Ends the running game as "shutdown" (its record is notified), turns every light off,
  /// silences the speaker and stops the timers. Nothing happens after it.
  public func shutdown() {
    guard lifecycle != .stopped else { return }
    if lifecycle == .running {
      let time = max(clock.now.sinceBoot, lastEventTime)
      send(.shutdown(at: time))
    }
    for pad in Pad.allCases { drive(pad, on: false) }
    speaker?.stopTone()
    driveMotor(on: false)
    lifecycle = .stopped
    timerTask?.cancel()
    timerTask = nil
  }

  /// Changes the settings the next game starts with; a game in progress keeps its own.
  public func apply(_ settings: Settings) {
    game.apply(settings)
    publishView()
  }

  /// Changes the cabinet's description (its inputs, the attract time); who is signed in
  /// stays, and so does whether a motor is there (the backend decides, and it changes
  /// only with a restart). A changed attract time counts from now where the attract
  /// timer runs, at idle and at game over (`Game.reconfigure`).
  public func apply(_ cabinet: Cabinet) {
    var cabinet = cabinet
    cabinet.playerNames = game.cabinet.playerNames
    cabinet.teamName = game.cabinet.teamName
    cabinet.hasHaptics = game.cabinet.hasHaptics
    let effects = game.reconfigure(cabinet)
    if isRunning {
      lastEventTime = max(clock.now.sinceBoot, lastEventTime)
      perform(effects, at: lastEventTime)
      rescheduleIfEarlier()
    }
    publishView()
  }

  /// Seats players for the next games, in turn order (sign-in by a tool); an empty list
  /// signs everyone out. Check the roster with `Settings.rosterProblem` first.
  public func seat(_ names: [String]) {
    game.cabinet.playerNames = names
    publishView()
  }

  /// Names the coop team of the next games.
  public func nameTeam(_ name: String) {
    game.cabinet.teamName = name
    publishView()
  }

  /// Answers an `ArchiveRequest.signIn`: the player whose code it was, or nil for none.
  public func signIn(_ name: String?) {
    guard isRunning else { return }
    send(.signedIn(name, at: max(clock.now.sinceBoot, lastEventTime)))
    rescheduleIfEarlier()
  }

  /// Answers an `ArchiveRequest.record`: the oldest game not yet stored was stored as
  /// the record `id` (`Event.stored`).
  public func stored(record id: Int) {
    guard isRunning else { return }
    send(.stored(record: id, at: max(clock.now.sinceBoot, lastEventTime)))
    rescheduleIfEarlier()
  }

  /// Begins name entry with the pads for a ranked record (a screen asked for it, the
  /// record checked): at once at game over, or when the game's razz or celebration ends.
  /// - Throws: `NameEntryRefusal` when the record is not the game the cabinet ended last,
  ///   the cabinet is not at that game's game over, or entry was asked for it already.
  public func enterName(_ entry: NameEntry) throws(NameEntryRefusal) {
    guard isRunning else { throw .stopping }
    if let refusal = game.nameEntryRefusal(for: entry) { throw refusal }
    send(.nameEntryAsked(entry, at: max(clock.now.sinceBoot, lastEventTime)))
    rescheduleIfEarlier()
  }

  /// Takes note that these records were named another way than with the pads (the control
  /// socket's `name` or `name-latest`): name entry for one of them ends at once.
  public func named(_ records: [Int]) {
    guard isRunning else { return }
    for record in records {
      send(.namedElsewhere(game: record, at: max(clock.now.sinceBoot, lastEventTime)))
    }
    rescheduleIfEarlier()
  }

  // MARK: Head to head (the control socket's match requests)

  /// A player here challenges another cabinet (`Challenge.rival` names it; its player is
  /// not known yet).
  /// - Returns: why the cabinet cannot take it now, or nil when the challenge is open.
  public func challenge(_ challenge: Challenge) -> DeclineReason? {
    guard isRunning else { return .busy }
    if let refusal = game.matchRefusal { return refusal }
    send(.challengeSent(challenge, at: max(clock.now.sinceBoot, lastEventTime)))
    rescheduleIfEarlier()
    return nil
  }

  /// Another cabinet's challenge: shown for a player here to accept, or declined at once
  /// (the answer goes out as match news).
  public func offer(_ challenge: Challenge) {
    guard isRunning else { return }
    send(.challengeOffered(challenge, at: max(clock.now.sinceBoot, lastEventTime)))
    rescheduleIfEarlier()
  }

  /// The rival's answer to a challenge, with who plays there when it accepted.
  public func answered(_ match: String, _ answer: ChallengeAnswer, player: String?) {
    guard isRunning else { return }
    send(
      .challengeAnswered(
        match, answer, player: player, at: max(clock.now.sinceBoot, lastEventTime)))
    rescheduleIfEarlier()
  }

  /// Starts the agreed match `match` after `delay`, on the runner's clock.
  /// - Returns: false, changing nothing, when no such match is agreed here.
  public func startMatch(_ match: String, after delay: Duration) -> Bool {
    guard isRunning, let shown = game.view.headToHead, shown.match == match,
      shown.state == .agreed
    else { return false }
    deadlines.set(.matchStart(match), at: clock.now.sinceBoot + max(delay, .zero))
    rescheduleIfEarlier()
    return true
  }

  /// The rival's side of a match as it told it.
  public func rivalProgressed(_ match: String, _ side: HeadToHead.Side) {
    guard isRunning else { return }
    send(.rivalProgressed(match, side, at: max(clock.now.sinceBoot, lastEventTime)))
    rescheduleIfEarlier()
  }

  /// The bridge asks for this cabinet's side of every undecided match again: each comes as
  /// match news.
  public func askMatchSides() {
    guard isRunning else { return }
    send(.matchSidesAsked(at: max(clock.now.sinceBoot, lastEventTime)))
  }

  /// The venue's name, as its bridge is configured: with the local date, it makes the day's
  /// challenge the menu offers.
  public func setVenue(_ name: String) {
    venue = name
    updateDaily()
  }

  /// The cabinet's local date, `YYYY-MM-DD` (`DailyService` tells it, and again when it
  /// changes): a new date is a new day's challenge. A date that is not one
  /// (`DailyChallenge.dateProblem`: a clock not set yet says 1970) offers none.
  public func setDate(_ date: String) {
    self.date = DailyChallenge.dateProblem(date) == nil ? date : nil
    updateDaily()
  }

  private func updateDaily() {
    guard let venue, let date else {
      game.daily = nil
      return
    }
    if game.daily?.venue != venue || game.daily?.date != date {
      game.daily = DailyChallenge(venue: venue, date: date)
    }
  }

  /// The venue's cabinets a player here can challenge, for the menu's challenge page.
  public func setChallengeable(_ cabinets: [String]) {
    game.challengeable = cabinets
    publishView()
  }

  /// The rival of a match went silent.
  public func rivalLost(_ match: String) {
    guard isRunning else { return }
    send(.rivalLost(match, at: max(clock.now.sinceBoot, lastEventTime)))
    rescheduleIfEarlier()
  }

  /// Replaces the all-time bests (after the scores were reset, say).
  public func apply(bests: [TableKey: Standing]) { game.bests = bests }

  /// What the game is doing.
  public var status: Status { game.status }

  /// What the cabinet shows, for screens and operators.
  public var view: CabinetView { game.view }

  /// The settings new games start with.
  public var settings: Settings { game.settings }

  /// The cabinet's description and who is signed in.
  public var cabinet: Cabinet { game.cabinet }

  // MARK: Events and effects

  private func deliver(_ outputs: [Debouncer.Output]) {
    for output in outputs {
      switch output {
      case .pressed(let input, let at): send(.pressed(input, at: at))
      case .released(let input, let at): send(.released(input, at: at))
      case .stuck(let input, _): tell(.stuck(input))
      }
    }
  }

  private func send(_ event: Event) {
    lastEventTime = max(lastEventTime, event.time)
    perform(game.handle(event), at: event.time)
    if faultyMotor { driveMotor(on: motorWanted) }
    publishView()
  }

  private func tell(_ happening: Happening) {
    journal.append(happening, at: clock.now)
  }

  /// Tells the journal what the cabinet shows, when that changed.
  private func publishView() {
    let view = game.view
    guard view != shownView else { return }
    shownView = view
    tell(.view(view))
  }

  private func perform(_ effects: [Effect], at time: Duration) {
    var index = effects.startIndex
    while index < effects.endIndex {
      // Lamps that change together are driven together, then told: nothing else runs
      // between the writes of one step (a driver reading the lamps mid-step would see
      // half of it).
      if case .light = effects[index] {
        let step = index
        while index < effects.endIndex, case .light(let pad, let on) = effects[index] {
          drive(pad, on: on)
          index += 1
        }
        for case .light(let pad, let on) in effects[step..<index] { tell(.light(pad, on: on)) }
        continue
      }
      perform(effects[index], at: time)
      index += 1
    }
  }

  private func perform(_ effect: Effect, at time: Duration) {
    switch effect {
    case .light(let pad, let on):
      drive(pad, on: on)
      tell(.light(pad, on: on))
    case .tone(let tone):
      let settings = game.settings
      if settings.soundOn {
        let hertz = settings.toneSet.hertz(of: tone)
        speaker?.startTone(hertz: hertz, volume: settings.volume)
        tell(.tone(hertz))
      }
    case .silence:
      speaker?.stopTone()
      tell(.tone(nil))
    case .haptic(let on):
      driveMotor(on: on)
      tell(.haptic(on: on))
    case .startTimer(let timer, let after):
      let start = timer.countsFromPerformance ? max(time, clock.now.sinceBoot) : time
      deadlines.set(.game(timer), at: start + after)
    case .cancelTimer(let timer):
      deadlines.cancel(.game(timer))
    case .status(let status):
      tell(.status(status))
      // The rich state goes where the compact one does, so both sockets agree on where
      // a phase begins among the lamps.
      publishView()
    case .record(let result, let newBest):
      tell(.gameEnded(result, newBest: newBest))
      archive(.record(result, newBest: newBest, endedAt: Date()))
    case .settingsChanged(let settings, let previous):
      archive(.saveSettings(settings, previous: previous))
    case .codeEntered(let code):
      archive(.signIn(code: code))
    case .nameGame(let id, let name):
      archive(.name(record: id, as: name))
    case .sendChallenge(let challenge):
      tell(.match(.challenge(challenge, player: localPlayer)))
    case .answerChallenge(let match, let answer):
      tell(.match(.answer(match: match, answer, player: localPlayer)))
    case .sendProgress(let match, let rival, let side):
      tell(.match(.progress(match: match, rival: rival, side)))
    case .matchDecided(let match, let rival, let outcome):
      tell(.match(.decided(match: match, rival: rival, outcome)))
      archive(.matchDecided(match, outcome))
    }
  }

  /// Who plays a match here: the first player signed in, or "Player".
  private var localPlayer: String { game.cabinet.playerName(0, of: 1) }

  private func drive(_ pad: Pad, on: Bool) {
    do {
      try lights.set(pad, on: on)
      faultyLights.remove(pad)
    } catch let error as HardwareError {
      if faultyLights.insert(pad).inserted { tell(.lightFault(pad, error)) }
    } catch {
      if faultyLights.insert(pad).inserted {
        tell(.lightFault(pad, HardwareError(.io, "\(error)")))
      }
    }
  }

  private func driveMotor(on: Bool) {
    motorWanted = on
    guard let motor else { return }
    do {
      try motor.setMotor(on: on)
      faultyMotor = false
    } catch {
      guard !faultyMotor else { return }
      faultyMotor = true
      tell(.motorFault(error as? HardwareError ?? HardwareError(.io, "\(error)")))
    }
  }

  private func apply(_ requests: [Debouncer.TimerRequest]) {
    for request in requests {
      switch request {
      case .start(let timer, let at): deadlines.set(.debounce(timer), at: at)
      case .cancel(let timer): deadlines.cancel(.debounce(timer))
      }
    }
  }

  // MARK: Timers

  /// Fires, in deadline order, every timer due by now; each sees its own deadline.
  private func fireDueTimers() {
    let now = clock.now.sinceBoot
    while isRunning, let due = deadlines.takeDue(upTo: now) {
      // A timer counted from when its effect was performed is on another time base than
      // the edges' kernel stamps: it is told at the last event's time, so that an edge
      // read after it is not moved later.
      let time =
        if case .game(let timer) = due.key, timer.countsFromPerformance {
          lastEventTime
        } else {
          max(due.deadline, lastEventTime)
        }
      switch due.key {
      case .game(let timer):
        send(.timerFired(timer, at: time))
      case .matchStart(let match):
        send(.matchStarts(match, at: time))
      case .debounce(let timer):
        if case .settle(let input) = timer, let level = levels?.isActive(input) {
          // The line's level now, as an edge at the window's end: it stands for an edge
          // the kernel lost.
          let (outputs, requests) = debouncer.edge(input, pressed: level, at: time)
          deliver(outputs)
          apply(requests)
        }
        let (outputs, requests) = debouncer.fire(timer, at: time)
        deliver(outputs)
        apply(requests)
      }
    }
  }

  /// Wakes the timer task early when a deadline earlier than its sleep was set.
  private func rescheduleIfEarlier() {
    guard let earliest = deadlines.earliest else { return }
    if let sleepingUntil, sleepingUntil <= earliest { return }
    restartTimerTask()
  }

  private func restartTimerTask() {
    timerTask?.cancel()
    generation += 1
    let generation = generation
    // Preferring the cabinet thread keeps the sleep's end there: a task's continuation
    // resumed by a watch handler would otherwise go through a pool thread and back.
    timerTask = Task(executorPreference: thread) { await self.keepTime(generation) }
  }

  /// The timer task: sleeps until the earliest deadline, fires what is due, repeats.
  /// A task replaced by a newer generation stops at its next turn.
  private func keepTime(_ myGeneration: UInt64) async {
    while !Task.isCancelled, isRunning, generation == myGeneration {
      let target = deadlines.earliest ?? clock.now.sinceBoot + Self.idleNap
      sleepingUntil = target
      do {
        try await clock.sleepInPlace(until: MonotonicInstant(sinceBoot: target))
      } catch {
        return
      }
      guard generation == myGeneration else { return }
      sleepingUntil = nil
      fireDueTimers()
    }
  }
}
