import SimonControl
import SimonScores

/// Naming a ranked game at the terminal: the entry opens at its game over, takes typed
/// letters, and sends the name to simond, or leaves the game as it was.
extension TerminalCabinet {
  /// A game ended: one that may be named opens the name entry.
  mutating func gameEnded(_ over: ControlGameOver) -> [Effect] {
    guard let entry = NameEntry(over) else { return [] }
    screen.nameEntry = entry
    screen.topTen = nil
    screen.askingMenuPad = false
    return [start(.nameEntry, after: NameEntry.timeout)]
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
