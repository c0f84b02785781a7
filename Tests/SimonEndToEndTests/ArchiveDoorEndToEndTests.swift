import Foundation
import SimonControl
import SimonGame
import SimonProcessSupport
import SimonScores
import SimonTestTraits
import Testing

/// The archivist keeps the game's answers apart from scores.json's lock: while another
/// process holds it, the real simond names a game, signs a player in with the pads and
/// tells a game over at once, and stores what waited when the lock is let go.
@Suite("The archive's door end to end", .serialized, .realTime)
struct ArchiveDoorEndToEndTests {
  /// Less than the 10 s a change waits for scores.json's lock: an answer that queued
  /// behind that wait would miss it.
  static let atOnce = 5.0

  func state(
    from index: Int, on control: ControlTestClient,
    _ match: @escaping @Sendable (CabinetView) -> Bool
  ) async -> Int? {
    await control.waitFor(
      from: index, { if case .state(let view, _) = $0 { match(view) } else { false } },
      timeout: Self.atOnce)
  }

  @Test func withScoresLockedElsewhereANameASignInAndAGameOverAreAnsweredAtOnce() async throws {
    let daemon = try await DaemonProcess()
    let code = try #require(PadCode([.blue, .blue, .yellow, .green]))
    _ = try PlayerStore(directory: daemon.stateDirectory).add("Ann", code: code)
    let control = try ControlTestClient(path: daemon.controlPath)
    let cabinet = try daemon.connect()

    // A first game, stored as the lock is free; a screen asks for name entry.
    var mark = control.count
    try await cabinet.playGame(rounds: 1)
    guard
      let overIndex = await control.waitFor(
        from: mark, { if case .gameOver = $0 { true } else { false } }),
      case .gameOver(let first, _) = control.messages[overIndex], let id = first.record?.id
    else { throw E2EError("no game over with a record") }
    guard case .ok = try await control.ask(.nameEntry(game: id)) else {
      throw E2EError("name entry refused")
    }
    guard
      let naming = await state(from: overIndex, on: control, { $0.naming?.choices == ["Ann"] })
    else { throw E2EError("name entry did not begin") }

    // Another process holds scores.json's lock from here on.
    let holder = open(daemon.stateDirectory + "/scores.json.lock", O_RDONLY | O_CLOEXEC)
    #expect(flock(holder, LOCK_EX) == 0)
    let locked = ContinuousClock.now
    var answered: [String: Duration] = [:]

    // Red takes the registered name: entry ends at once, the write waits for the lock.
    await cabinet.tap(.red)
    guard let named = await state(from: naming, on: control, { $0.naming == nil }) else {
      close(holder)
      throw E2EError("name entry did not end while scores.json was locked")
    }
    answered["name"] = ContinuousClock.now - locked

    // A sign-in with the pads: two held together, then Ann's code, once the pads'
    // flash after the name is over (a press meanwhile is not taken).
    var entering: Int?
    for _ in 0..<10 where entering == nil {
      let before = control.count
      cabinet.press(.green)
      cabinet.press(.red)
      entering = await state(from: max(before, named), on: control, { $0.codeEntered == 0 })
      cabinet.release(.green)
      cabinet.release(.red)
    }
    guard let entering else {
      close(holder)
      throw E2EError("no sign-in began")
    }
    for pad in code.pads { await cabinet.tap(Input(pad), hold: 0.1) }
    let codeEntered = ContinuousClock.now
    guard await state(from: entering, on: control, { $0.signedIn == ["Ann"] }) != nil else {
      close(holder)
      throw E2EError("the pad code was not answered while scores.json was locked")
    }
    answered["sign-in"] = ContinuousClock.now - codeEntered

    // A second game: its game over comes at once, without its record.
    mark = control.count
    try await cabinet.playGame(rounds: 1)
    let ended = ContinuousClock.now
    guard
      let secondIndex = await control.waitFor(
        from: mark, { if case .gameOver = $0 { true } else { false } }, timeout: Self.atOnce),
      case .gameOver(let second, _) = control.messages[secondIndex]
    else {
      close(holder)
      throw E2EError("no game over while scores.json was locked")
    }
    answered["game over"] = ContinuousClock.now - ended
    #expect(second.record == nil, "not stored while the lock is held")
    #expect(second.name == "Ann")
    let heldFor = ContinuousClock.now - locked

    // The lock let go: the game and the name are written.
    mark = control.count
    close(holder)
    let freed = ContinuousClock.now
    #expect(
      await control.waitFor(
        from: mark, { if case .scoresChanged("recorded", _) = $0 { true } else { false } })
        != nil)
    let stored = ContinuousClock.now - freed
    let reply = try await control.ask(.recent(count: 2))
    guard case .ok(_, let result) = reply, let recent = result.records else {
      throw E2EError("no recent games: \(reply)")
    }
    #expect(recent.map(\.result.name) == ["Ann", "Ann"])
    #expect(recent.first?.id == id, "the first game, named with the pads")
    #expect(recent.last?.result.points == second.points)
    print(
      "archive door: scores.json locked \(heldFor); answered meanwhile: "
        + answered.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(
          separator: ", ") + "; stored \(stored) after the lock was let go")
  }
}
