import Foundation
import SimonControl
import SimonGame
import SimonProcessSupport
import SimonScores
import SimonTestTraits
import Testing

/// The real `simond --hardware sim` told its venue as the venue bridge tells it, through
/// its control socket, with the simulated cabinet's socket as the player's hands: the
/// day's challenge chosen on the menu, played, and kept in `daily.json`.
@Suite("The day's challenge through simond's control socket", .serialized, .realTime)
struct DailyEndToEndTests {
  private func result(_ action: ControlRequest.Action, from control: ControlTestClient)
    async throws -> ControlResult
  {
    let reply = try await control.ask(action)
    guard case .ok(_, let result) = reply else { throw E2EError("refused: \(reply)") }
    return result
  }

  @Test(
    "today, chosen on the challenge page, is played, answered with its date and place, listed by daily, kept in daily.json across a restart, never in the score file"
  )
  func theDaysGameFromTheMenuToTheDailyFile() async throws {
    let daemon = try await DaemonProcess()
    let control = try ControlTestClient(path: daemon.controlPath)
    let cabinet = try daemon.connect()
    guard case .ok = try await control.ask(.venue(name: "e2e-venue")) else {
      throw E2EError("the venue was refused: \(control.messages.last!)")
    }

    // Green held: the mode page, then the challenge page ("nobody", "today").
    let held = control.count
    cabinet.press(.green)
    let page = await control.waitFor(
      from: held,
      { if case .state(let view, _) = $0 { view.menu?.page == .challenge } else { false } },
      timeout: 10)
    cabinet.release(.green)
    guard let page, case .state(let shown, _) = control.messages[page] else {
      throw E2EError("no challenge page; the cabinet said:\n\(cabinet.transcript())")
    }
    #expect(shown.menu?.value == "nobody" && shown.menu?.choices == 2)
    await pause(for: .milliseconds(200))
    await cabinet.tap(.yellow)
    #expect(
      await control.waitFor(
        from: page,
        { if case .state(let view, _) = $0 { view.menu?.value == "today" } else { false } })
        != nil)
    // Left on "today" for 5 s, the page starts the day's game.
    guard let countdown = await control.waitForState(.countdown, from: page, timeout: 10) else {
      throw E2EError("no countdown; the cabinet said:\n\(cabinet.transcript())")
    }
    guard case .state(let counting, _) = control.messages[countdown], let date = counting.daily
    else { throw E2EError("the countdown's state has no date: \(control.messages[countdown])") }
    #expect(DailyChallenge.dateProblem(date) == nil, "\(date)")
    #expect(counting.mode == .classic && counting.difficulty == .medium)

    // Nobody presses: the game times out in its first round.
    guard
      let end = await control.waitFor(
        from: countdown, { if case .gameOver = $0 { true } else { false } }, timeout: 20),
      case .gameOver(let over, _) = control.messages[end]
    else { throw E2EError("no game over; the cabinet said:\n\(cabinet.transcript())") }
    #expect(over.daily == date)
    #expect(over.record == nil, "numbered in the daily book, not the score file")
    #expect(over.rank == 1 && !over.newBest)
    #expect(over.points == 0 && over.rounds == 0 && over.ending == .timeout)
    #expect(over.mode == .classic && over.difficulty == .medium)

    // The daily request lists it with its date; the score file has no game.
    let days = try #require(try await result(.daily(date: nil), from: control).daily)
    #expect(days.map(\.date) == [date])
    let games = days.first?.games ?? []
    #expect(games.map(\.id) == [1])
    #expect(games.first?.result.daily == date && games.first?.result.ending == .timeout)
    #expect(try await result(.daily(date: date), from: control).daily == days)
    #expect(try await result(.daily(date: "2000-01-01"), from: control).daily == [])
    #expect(try await result(.recent(count: 10), from: control).records == [])
    #expect(!daemon.scores().contains("\"ending\": \"timeout\""), "\(daemon.scores())")
    let kept = try DailyStore(directory: daemon.stateDirectory).load()
    #expect(kept.table(date) == games)

    // Stopped and started again on the same file, simond still lists the game.
    daemon.signal(SIGTERM)
    #expect(await daemon.waitForExit(timeout: 30) == 0)
    let file = try Data(contentsOf: URL(fileURLWithPath: daemon.stateDirectory + "/daily.json"))
    let again = try await DaemonProcess(prepareState: { directory in
      try file.write(to: URL(fileURLWithPath: directory + "/daily.json"))
    })
    let later = try ControlTestClient(path: again.controlPath)
    #expect(try await result(.daily(date: nil), from: later).daily == days)
    #expect(try DailyStore(directory: again.stateDirectory).load().table(date) == games)
  }

  @Test func aVenueWithAnEmptyNameIsRefusedAndSimondGoesOn() async throws {
    let daemon = try await DaemonProcess()
    let control = try ControlTestClient(path: daemon.controlPath)
    let reply = try await control.ask(.venue(name: ""))
    guard case .error(let message, _, let reason) = reply else {
      throw E2EError("an empty venue name was taken: \(reply)")
    }
    #expect(message == "\"name\": a venue's name cannot be empty")
    #expect(reason == .invalid)
    // The connection and the daemon go on: the next requests are answered.
    #expect(try await result(.daily(date: nil), from: control).daily == [])
    #expect(try await result(.status, from: control).snapshot?.state.phase == .idle)
    #expect(!control.isClosed)
  }
}
