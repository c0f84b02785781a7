import SimonDaemon
import SimonGame
import SimonHardware
import Testing

@Suite("Name entry through the runner")
struct RunnerNamingTests {
  static let entry = NameEntry(
    game: 7, rank: 1, choices: ["ANNA"], alphabet: Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    maximumLength: 16)

  /// A game that repeated its first round and timed out in its second (a game worth
  /// naming): the razz is playing.
  /// `started`: green was tapped already.
  static func gameJustEnded(_ rig: RunnerRig, started: Bool = false) async {
    let mark = rig.cabinet.outputs.count
    if !started { await rig.tap(.green) }
    await rig.advance(untilPhase: .player)
    for signal in simonSignals(Array(rig.cabinet.outputs[mark...]), round: 1) {
      await rig.clock.advance(by: .milliseconds(200))
      await rig.tap(Input(signal.pad))
    }
    await rig.advance(untilPhase: .player, step: .milliseconds(10))
    await rig.clock.advance(by: .seconds(3))
    #expect(await rig.runner.status.phase == .gameover)
  }

  /// Long enough for the razz and a new best's celebration to end.
  static let show = Duration.seconds(10)

  /// Taps with a pause after each, longer than the debounce window.
  static func tap(_ inputs: [Input], on rig: RunnerRig) async {
    for input in inputs {
      await rig.tap(input)
      await rig.clock.advance(by: .milliseconds(100))
    }
  }

  @Test func entryIsForTheRecordTheLastGameWasStoredAsAndBeginsAfterTheRazz() async throws {
    let rig = await RunnerRig()
    await Self.gameJustEnded(rig)
    await #expect(throws: NameEntryRefusal.notTheLastGame(7)) {
      try await rig.runner.enterName(Self.entry)
    }
    await rig.runner.stored(record: 7)
    try await rig.runner.enterName(Self.entry)
    #expect(await rig.runner.view.naming == nil, "the razz plays on")
    await rig.clock.advance(by: Self.show)
    #expect(await rig.runner.view.naming?.choices == ["ANNA"])
    #expect(await rig.runner.view.naming?.choice == 0)
    await #expect(throws: NameEntryRefusal.alreadyAsked(7)) {
      try await rig.runner.enterName(Self.entry)
    }
    // Down to "new name", next, B, next, done on A: "BA".
    await Self.tap([.blue, .red, .blue, .red, .yellow], on: rig)
    #expect(rig.archived.all.contains(.name(record: 7, as: "BA")))
    // Every change was told as it happened, for a screen to follow.
    let shown = rig.box.all.compactMap { happening -> String? in
      guard case .view(let view) = happening, let naming = view.naming else { return nil }
      return naming.choice.map { "choice \($0)" } ?? "\(naming.spelled)+\(naming.letter!)"
    }
    #expect(shown == ["choice 0", "choice 1", "+A", "+B", "B+A"])
    #expect(await rig.runner.view.naming == nil)
    await rig.finish()
  }

  @Test func aNewGameOrALaterOneEndedIsRefusedNamingTheRule() async throws {
    let rig = await RunnerRig()
    await Self.gameJustEnded(rig)
    await rig.runner.stored(record: 7)
    await rig.clock.advance(by: Self.show)
    await rig.tap(.green)
    await #expect(throws: NameEntryRefusal.newGameBegun) {
      try await rig.runner.enterName(Self.entry)
    }
    await Self.gameJustEnded(rig, started: true)
    await #expect(throws: NameEntryRefusal.notTheLastGame(7)) {
      try await rig.runner.enterName(Self.entry)
    }
    await rig.runner.stored(record: 8)
    var second = Self.entry
    second.game = 8
    try await rig.runner.enterName(second)
    let ended = rig.archived.all.filter { if case .record = $0 { true } else { false } }
    #expect(ended.count == 2)
    await rig.finish()
  }

  @Test func aShutdownDuringEntryEndsItAndNamesNothing() async throws {
    let rig = await RunnerRig()
    await Self.gameJustEnded(rig)
    await rig.runner.stored(record: 7)
    await rig.clock.advance(by: Self.show)
    try await rig.runner.enterName(Self.entry)
    await Self.tap([.blue], on: rig)
    await rig.runner.shutdown()
    #expect(await rig.runner.view.naming == nil)
    #expect(!rig.archived.all.contains { if case .name = $0 { true } else { false } })
    #expect(rig.records.count == 1)
    #expect(rig.cabinet.litPads.isEmpty)
    await #expect(throws: NameEntryRefusal.stopping) {
      try await rig.runner.enterName(Self.entry)
    }
  }
}
