import SimonDaemon
import SimonGame
import SimonHardware
import Testing

@Suite("The day's challenge through the runner")
struct RunnerDailyTests {
  /// Holds green 4 s at idle (the mode page, then 2 s more for the challenge page where
  /// there is one) and lets it go; the menu as it was shown then.
  static func holdGreen(_ rig: RunnerRig) async -> MenuView? {
    await rig.edge(.green, true)
    await rig.clock.advance(by: .milliseconds(4_100))
    let menu = await rig.runner.view.menu
    await rig.edge(.green, false)
    await rig.clock.advance(by: .milliseconds(100))
    return menu
  }

  @Test func theChallengePageOffersTodayOnceTheVenueAndTheDateAreBothKnown() async {
    let rig = await RunnerRig()
    await rig.runner.setVenue("the-arcade")
    #expect(await Self.holdGreen(rig)?.page == .mode, "a venue without a date")
    // The mode page closes after 5 s without a press, leaving the settings as they were.
    await rig.clock.advance(by: .seconds(5))
    #expect(await rig.runner.view.menu == nil)

    await rig.runner.setDate("2026-11-29")
    let menu = await Self.holdGreen(rig)
    #expect(menu?.page == .challenge && menu?.value == "nobody" && menu?.choices == 2)
    #expect(menu?.choice == 0)
    #expect(rig.cabinet.litPads == [.green], "choice 0 lights green")
    await rig.finish()
  }

  @Test func aDateWithoutAVenueOffersNoChallenge() async {
    let rig = await RunnerRig()
    await rig.runner.setDate("2026-11-29")
    #expect(await Self.holdGreen(rig)?.page == .mode)
    await rig.finish()
  }

  @Test func aClockNotSetYetOffersNoChallengeAndNeitherDoesOneSetBack() async {
    let rig = await RunnerRig()
    await rig.runner.setVenue("the-arcade")
    await rig.runner.setDate("1970-01-01")
    #expect(await Self.holdGreen(rig)?.page == .mode, "1970: before the year 2000")
    await rig.clock.advance(by: .seconds(5))

    await rig.runner.setDate("2026-11-29")
    await rig.runner.setDate("1970-01-01")
    #expect(await Self.holdGreen(rig)?.page == .mode, "the day's challenge went with the date")
    await rig.finish()
  }

  @Test func todayChosenStartsTheDaysGameWhichEndsWithItsDate() async {
    var settings = Settings.defaults
    settings.mode = .coop
    settings.difficulty = .hard
    settings.players = 3
    let rig = await RunnerRig(settings: settings)
    await rig.runner.setVenue("the-arcade")
    await rig.runner.setDate("2026-11-29")
    _ = await Self.holdGreen(rig)
    await rig.tap(.yellow)
    let menu = await rig.runner.view.menu
    #expect(menu?.page == .challenge && menu?.choice == 1 && menu?.value == "today")
    #expect(rig.cabinet.litPads == [.red], "choice 1 lights red")
    // 5 s after the press (150 ms before the release) the page closes on "today": the
    // day's game counts down.
    await rig.clock.advance(by: .milliseconds(4_849))
    #expect(await rig.runner.status.phase == .idle)
    await rig.clock.advance(by: .milliseconds(1))
    #expect(await rig.runner.status.phase == .countdown)
    let view = await rig.runner.view
    #expect(view.daily == "2026-11-29" && view.menu == nil)
    #expect(view.mode == .classic && view.difficulty == .medium && view.players == ["Player"])

    // Simon shows the day's first pad; nobody presses, and the game times out.
    let mark = rig.cabinet.outputs.count
    await rig.advance(untilPhase: .player)
    let seed = DailyChallenge(venue: "the-arcade", date: "2026-11-29").seed
    #expect(
      simonSignals(Array(rig.cabinet.outputs[mark...]), round: 1).map(\.pad)
        == SharedSequence.pads(seed: seed, count: 1))
    await rig.advance(untilPhase: .gameover, step: .milliseconds(10))
    #expect(await rig.runner.view.daily == "2026-11-29", "shown until the attract show")
    let over = rig.records.last
    #expect(over?.daily == "2026-11-29" && over?.ending == .timeout && over?.rounds == 0)
    #expect(over?.mode == .classic && over?.difficulty == .medium && over?.members == ["Player"])
    let archived = rig.archived.all.compactMap { request -> GameResult? in
      if case .record(let result, let newBest, _) = request, !newBest { result } else { nil }
    }
    #expect(archived.map(\.daily) == ["2026-11-29"], "handed to the archive, no new best")
    #expect(await rig.runner.settings == settings, "the settings did not change")
    await rig.finish()
  }

  @Test func nobodyLeftLitClosesThePageWithoutAGame() async {
    let rig = await RunnerRig()
    await rig.runner.setVenue("the-arcade")
    await rig.runner.setDate("2026-11-29")
    _ = await Self.holdGreen(rig)
    await rig.clock.advance(by: .seconds(5))
    #expect(await rig.runner.status.phase == .idle)
    #expect(await rig.runner.view.menu == nil && rig.records.isEmpty)
    await rig.finish()
  }
}
