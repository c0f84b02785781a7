import Foundation
import SimonControl
import SimonGame
import SimonProcessSupport
import SimonScores
import SimonSim
import SimonTestTraits
import Testing

/// What a cabinet screen asks the real `simond --hardware sim`: the tables, the players,
/// a player's page, and name entry with the pads after a ranked game, the pads pressed
/// through the simulated cabinet's socket.
@Suite("Tables, players and name entry end to end", .serialized, .realTime)
struct NameEntryEndToEndTests {
  func result(_ action: ControlRequest.Action, from control: ControlTestClient) async throws
    -> ControlResult
  {
    let reply = try await control.ask(action)
    guard case .ok(_, let result) = reply else { throw E2EError("refused: \(reply)") }
    return result
  }

  func refusal(_ action: ControlRequest.Action, from control: ControlTestClient) async throws
    -> String
  {
    guard case .error(let message, _, _) = try await control.ask(action) else { return "accepted" }
    return message
  }

  /// Waits for a state whose name entry matches, from `index` on; its index.
  func waitForNaming(
    from index: Int, on control: ControlTestClient,
    _ match: @escaping @Sendable (NamingView?) -> Bool
  ) async throws -> Int {
    guard
      let found = await control.waitFor(
        from: index, { if case .state(let view, _) = $0 { match(view.naming) } else { false } })
    else { throw E2EError("no such name entry state after message \(index)") }
    return found
  }

  @Test func theTablesThePlayersAndAPlayersPageAreReadFromTheStateFiles() async throws {
    let daemon = try await DaemonProcess()
    let players = PlayerStore(directory: daemon.stateDirectory)
    _ = try players.add("Ann")
    _ = try players.add("bob")
    _ = try players.add("Cy")
    let scores = ScoreStore(directory: daemon.stateDirectory)
    func record(
      _ points: Int, _ mode: GameMode = .classic, _ difficulty: Difficulty = .medium,
      name: String, members: [String]? = nil
    ) throws {
      let result = GameResult(
        points: points, rounds: points / 10, mode: mode, difficulty: difficulty, name: name,
        members: members ?? [name], ending: .mistake, duration: .seconds(30))
      try scores.record(result, startedAt: Date(), endedAt: Date())
    }
    try record(50, name: "Ann")
    try record(30, .coop, name: "Owls", members: ["Ann", "bob"])
    try record(70, name: "Player")
    try record(10, .classic, .hard, name: "ann")
    let control = try ControlTestClient(path: daemon.controlPath)

    let kept = try await result(.recent(count: 200), from: control).records ?? []
    let tables = try await result(.tables, from: control).tables ?? []
    #expect(
      tables.map { "\($0.mode.rawValue)/\($0.difficulty.rawValue)" } == [
        "classic/medium", "classic/hard", "coop/medium",
      ])
    #expect(tables[0].records.map(\.result.points) == [70, 50], "ranked")
    #expect(
      tables.flatMap(\.records).sorted { $0.id < $1.id } == kept,
      "the records as the recent reply gives them")

    let registered = try await result(.players, from: control).registered ?? []
    #expect(
      registered == [
        ControlPlayerSummary(name: "Ann", games: 3, bestPoints: 50),
        ControlPlayerSummary(name: "bob", games: 1, bestPoints: 30),
        ControlPlayerSummary(name: "Cy", games: 0, bestPoints: nil),
      ])

    let ann = try await #require(try result(.player(name: "ANN"), from: control).player)
    #expect(ann.name == "Ann")
    #expect(ann.registered)
    #expect(ann.games == 3)
    #expect(ann.bests.map(\.id) == [1, 4, 2], "classic/medium, classic/hard, coop/medium")
    #expect(ann.recent.map(\.id) == [4, 2, 1])
    let owls = try await #require(try result(.player(name: "owls"), from: control).player)
    #expect(
      owls
        == ControlPlayerPage(
          name: "Owls", registered: false, games: 1, bests: [kept[1]], recent: [kept[1]],
          progress: ControlProgress(
            PlayerProgress(history: PlayerHistory(games: [kept[1]])))))
    #expect(owls.progress?.weeks.map(\.games) == [1])
    await #expect(
      try refusal(.player(name: "Zed"), from: control)
        == "no player named 'Zed' is registered or has a game kept (simonctl players list)")
    await #expect(
      try refusal(.player(name: "Player"), from: control)
        == "'Player' is not a valid name: \"Player\" and \"Player N\" are kept for players without a name"
    )
    await #expect(
      try refusal(.player(name: "Ann!"), from: control).hasSuffix(NameRule.characters.description))

    // Name entry is for the game the cabinet just ended, never for one only on file.
    await #expect(
      try refusal(.nameEntry(game: 99), from: control)
        == "no game number 99 is kept (see 'simonctl scores --recent')")
    await #expect(
      try refusal(.nameEntry(game: 3), from: control)
        == "game 3 is not the latest game recorded (4 is); names are entered at the cabinet only for the game just played"
    )
    await #expect(
      try refusal(.nameEntry(game: 4), from: control).hasPrefix("game 4 already has a name"))
    try record(90, name: "Player")
    await #expect(
      try refusal(.nameEntry(game: 5), from: control)
        == NameEntryRefusal.notTheLastGame(5).description)
  }

  @Test func aRankedGameIsNamedWithThePadsAndTheRecordKeepsTheName() async throws {
    let daemon = try await DaemonProcess()
    let control = try ControlTestClient(path: daemon.controlPath)
    let cabinet = try daemon.connect()
    let start = control.count
    try await cabinet.playGame(rounds: 1)
    guard
      let overIndex = await control.waitFor(
        from: start, { if case .gameOver = $0 { true } else { false } }),
      case .gameOver(let over, _) = control.messages[overIndex], let id = over.record?.id
    else { throw E2EError("no game over with a record") }
    #expect(over.rank == 1, "on an empty store any game ranks first")
    await #expect(
      try refusal(.nameEntry(game: id), from: control) == "accepted",
      "asked at once, while the razz may still play")
    var mark = try await waitForNaming(from: overIndex, on: control) {
      $0?.game == id && $0?.letter == "A" && $0?.choice == nil
    }
    guard case .state(let begun, _) = control.messages[mark] else {
      Issue.record("not a state: \(control.messages[mark])")
      return
    }
    #expect(begun.phase == .gameover)
    #expect(begun.naming?.rank == 1)
    #expect(begun.naming?.choices == [], "nobody is registered: spelling at once")
    #expect(begun.naming?.timeout == .seconds(20))
    #expect(begun.naming?.alphabet == PlayerName.padAlphabet)
    #expect(begun.naming?.maximumLength == PlayerName.maximumLength)
    await #expect(
      try refusal(.nameEntry(game: id), from: control)
        == NameEntryRefusal.alreadyAsked(id).description)

    await cabinet.tap(.red)
    mark = try await waitForNaming(from: mark, on: control) {
      $0?.spelled == "A" && $0?.letter == "A"
    }
    await cabinet.tap(.blue)
    mark = try await waitForNaming(from: mark, on: control) { $0?.letter == "B" }
    await cabinet.tap(.yellow)
    _ = try await waitForNaming(from: mark, on: control) { $0 == nil }
    #expect(
      await control.waitFor(
        from: mark, { if case .scoresChanged("named", _) = $0 { true } else { false } })
        != nil)
    let recent = try await result(.recent(count: 1), from: control).records ?? []
    #expect(recent.map(\.id) == [id])
    #expect(recent.first?.result.name == "AB")
    #expect(recent.first?.result.members == ["AB"])
    let listed = try await runSimonctl(["scores", "--json", "--state-dir", daemon.stateDirectory])
    #expect(listed.output.contains("\"name\" : \"AB\""), "\(listed.output)")

    // After entry the cabinet is at game over as before: a press starts a new game.
    #expect(try await cabinet.startGame() > 0)
  }

  @Test func aRegisteredNameIsTakenFromTheChoices() async throws {
    let daemon = try await DaemonProcess()
    _ = try PlayerStore(directory: daemon.stateDirectory).add("Dee")
    let control = try ControlTestClient(path: daemon.controlPath)
    let cabinet = try daemon.connect()
    let start = control.count
    try await cabinet.playGame(rounds: 1)
    guard
      let overIndex = await control.waitFor(
        from: start, { if case .gameOver = $0 { true } else { false } }),
      case .gameOver(let over, _) = control.messages[overIndex], let id = over.record?.id
    else { throw E2EError("no game over with a record") }
    _ = try await result(.nameEntry(game: id), from: control)
    let mark = try await waitForNaming(from: overIndex, on: control) {
      $0?.choices == ["Dee"] && $0?.choice == 0
    }
    await cabinet.tap(.red)
    #expect(
      await control.waitFor(
        from: mark, { if case .scoresChanged("named", _) = $0 { true } else { false } })
        != nil)
    await #expect(try result(.recent(count: 1), from: control).records?.first?.result.name == "Dee")
    let page = try await result(.player(name: "Dee"), from: control).player
    #expect(page?.games == 1)
  }

  /// A simond, a screen's client of its control socket and its simulated cabinet.
  static func cabinetWithAScreen() async throws
    -> (DaemonProcess, ControlTestClient, CabinetClient)
  {
    let daemon = try await DaemonProcess()
    return (daemon, try ControlTestClient(path: daemon.controlPath), try daemon.connect())
  }

  /// A game of one round played, and the screen's name entry with the pads begun for it:
  /// the record's number and the index of the state that shows the entry.
  func padEntryBegun(
    daemon: DaemonProcess, screen: ControlTestClient, cabinet: CabinetClient
  ) async throws -> (id: Int, begun: Int) {
    let start = screen.count
    try await cabinet.playGame(rounds: 1)
    guard
      let overIndex = await screen.waitFor(
        from: start, { if case .gameOver = $0 { true } else { false } }),
      case .gameOver(let over, _) = screen.messages[overIndex], let id = over.record?.id
    else { throw E2EError("no game over with a record") }
    _ = try await result(.nameEntry(game: id), from: screen)
    return (id, try await waitForNaming(from: overIndex, on: screen) { $0?.game == id })
  }

  @Test func aGameNamedOverTheSocketEndsPadEntryAtOnceAndAPressPlaysAgain() async throws {
    let (daemon, screen, cabinet) = try await Self.cabinetWithAScreen()
    let (id, begun) = try await padEntryBegun(daemon: daemon, screen: screen, cabinet: cabinet)

    // The terminal cabinet (or simonctl name-latest) names it, not the pads.
    let terminal = try ControlTestClient(path: daemon.controlPath)
    _ = try await result(.nameGame(id: id, name: "Gus"), from: terminal)
    _ = try await waitForNaming(from: begun, on: screen) { $0 == nil }
    #expect(try await result(.recent(count: 1), from: screen).records?.first?.result.name == "Gus")
    #expect(try await cabinet.startGame() > 0, "the next press starts a game")
  }

  @Test func nameLatestEndsPadEntryToo() async throws {
    let (daemon, screen, cabinet) = try await Self.cabinetWithAScreen()
    let (_, begun) = try await padEntryBegun(daemon: daemon, screen: screen, cabinet: cabinet)
    let named = try await runSimonctl([
      "name-latest", "Gus", "--control-socket", daemon.controlPath,
      "--state-dir", daemon.stateDirectory,
    ])
    #expect(named.status == 0, "\(named.errors)")
    _ = try await waitForNaming(from: begun, on: screen) { $0 == nil }
    #expect(try await cabinet.startGame() > 0, "the next press starts a game")
  }
}
