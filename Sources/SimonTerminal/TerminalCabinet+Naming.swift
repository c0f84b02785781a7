import SimonControl
import SimonGame
import SimonScores

/// Naming a ranked game at the terminal: the entry opens once the game over's show is
/// over, takes typed letters, and sends the name to simond, or leaves the game as it was.
/// One entry at a time: while simond's own name entry with the pads runs for the game (a
/// cabinet screen asked for it), the pads name it and the terminal shows that entry in
/// place of the pads instead (`PlayScreen`); a game named any other way meanwhile closes
/// the typed entry.
extension TerminalCabinet {
  /// A game ended: one worth naming waits for its show (the razz, a victory, a new best's
  /// chase) to be over, so that the player sees it whole. A later game over replaces it.
  mutating func gameEnded(_ over: ControlGameOver) -> [Effect] {
    pendingNameEntry = NameEntry(over)
    generations[.nameEntryOpens] = nil
    return showFollowed()
  }

  /// The lamps or the tone changed: a waiting entry opens once the cabinet has been dark
  /// and silent for `quietAfterShow`; a lamp or a tone starts the wait again.
  mutating func showFollowed() -> [Effect] {
    guard pendingNameEntry != nil else { return [] }
    guard screen.control.lit.isEmpty, screen.control.tone == nil else {
      generations[.nameEntryOpens] = nil
      return []
    }
    return generations[.nameEntryOpens] == nil
      ? [start(.nameEntryOpens, after: Self.quietAfterShow)] : []
  }

  /// The show is over: the typed entry opens, unless the cabinet is no longer at that
  /// game over (a new game began) or its pads already name the game.
  mutating func openNameEntry() -> [Effect] {
    guard let entry = pendingNameEntry else { return [] }
    pendingNameEntry = nil
    guard let state = screen.control.followed, state.phase == .gameover,
      state.naming?.game != entry.game
    else { return [] }
    screen.nameEntry = entry
    screen.topTen = nil
    screen.askingMenuPad = false
    return [start(.nameEntry, after: NameEntry.timeout)]
  }

  /// simond's name entry with the pads began for the game the terminal would name: it
  /// is the one entry. The typed one gives way unless a name is being typed (sending it
  /// ends simond's entry too).
  mutating func padEntryFollowed(_ naming: NamingView?) -> [Effect] {
    guard let naming else { return [] }
    if pendingNameEntry?.game == naming.game {
      pendingNameEntry = nil
      generations[.nameEntryOpens] = nil
    }
    if let entry = screen.nameEntry, entry.game == naming.game, entry.text.isEmpty,
      !entry.waiting
    {
      screen.nameEntry = nil
      generations[.nameEntry] = nil
    }
    return []
  }

  /// The latest game as simond has it now (the scores changed): the last game shows its
  /// name, and an entry for a game named another way meanwhile (simonctl name-latest,
  /// the pads) closes, saying so.
  mutating func latest(_ record: GameRecord) -> [Effect] {
    screen.control.refresh(record)
    guard !PlayerName.isUnnamed(record.result.name) else { return [] }
    if pendingNameEntry?.game == record.id {
      pendingNameEntry = nil
      generations[.nameEntryOpens] = nil
    }
    guard let entry = screen.nameEntry, entry.game == record.id, !entry.waiting else {
      return []
    }
    screen.nameEntry = nil
    generations[.nameEntry] = nil
    screen.notice =
      "Game \(entry.game) was named \(TerminalText.safe(record.result.name)) meanwhile."
    return []
  }

  /// A key while the name entry is open: every character is a letter of the name.
  mutating func nameKey(_ key: Key) -> [Effect] {
    guard var entry = screen.nameEntry else { return [] }
    if key == .control(3) || key == .control(4) { return leave() + [.quit] }
    guard !entry.waiting else { return [] }
    var effects: [Effect] = []
    switch key {
    case .character(let character):
      entry.type(character)
    case .control(127), .control(8):
      entry.erase()
    case .control(13), .control(10):
      if entry.text.isEmpty {
        return keepName(entry, because: "No name typed")
      }
      if let name = entry.submit() {
        entry.waiting = true
        effects.append(.nameGame(id: entry.game, name: name))
      }
    case .escape:
      return keepName(entry, because: "Escape")
    case .arrow, .control, .other:
      return []
    }
    screen.nameEntry = entry
    return effects + [start(.nameEntry, after: NameEntry.timeout)]
  }

  /// simond answered the name sent.
  mutating func answered(_ answer: NameAnswer) -> [Effect] {
    guard var entry = screen.nameEntry, entry.waiting else { return [] }
    switch answer {
    case .named(let name):
      screen.control.named(game: entry.game, name)
      screen.nameEntry = nil
      generations[.nameEntry] = nil
      screen.notice =
        "Game \(entry.game) is now \(TerminalText.safe(name))'s: #\(entry.rank) in "
        + "\(entry.table.mode.rawValue) · \(entry.table.difficulty.rawValue)."
      return []
    case .refused(let reason):
      entry.waiting = false
      entry.problem = "simond refused it: " + reason
      screen.nameEntry = entry
      return [start(.nameEntry, after: NameEntry.timeout)]
    }
  }

  /// No key for `NameEntry.timeout`: the game keeps its name (unless simond is asked).
  mutating func nameEntryTimedOut() -> [Effect] {
    guard let entry = screen.nameEntry, !entry.waiting else { return [] }
    return keepName(entry, because: "No key for \(NameEntry.timeout.components.seconds) s")
  }

  private mutating func keepName(_ entry: NameEntry, because why: String) -> [Effect] {
    screen.nameEntry = nil
    generations[.nameEntry] = nil
    screen.notice =
      "\(why): game \(entry.game) keeps the name \"\(TerminalText.safe(entry.currentName))\"."
    return []
  }
}
