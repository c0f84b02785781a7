/// Name entry in progress: a registered name being chosen, or a new one being spelled
/// letter by letter.
struct Naming: Equatable, Sendable {
  /// What a press of next or done came to.
  enum Outcome: Equatable {
    /// Entry goes on.
    case going
    /// Entry ends with this name for the game.
    case named(String)
    /// Entry ends; the game keeps its name.
    case kept
  }

  /// What the daemon handed the game.
  let entry: NameEntry
  /// While choosing: the choice lit, `entry.choices.count` for "new name"; nil while
  /// spelling.
  var choice: Int?
  /// The letters accepted so far.
  var spelled: [Character] = []
  /// While spelling: the index in the alphabet of the letter being chosen.
  var letter = 0

  /// Entry begins on the first registered name, or spelling when there is none.
  init(entry: NameEntry) {
    self.entry = entry
    choice = entry.choices.isEmpty ? nil : 0
  }

  /// Up (-1) or down (+1): the previous or next choice or letter, wrapping round.
  mutating func step(by delta: Int) {
    if let choice {
      let count = entry.choices.count + 1
      self.choice = ((choice + delta) % count + count) % count
    } else {
      let count = entry.alphabet.count
      letter = ((letter + delta) % count + count) % count
    }
  }

  /// Next: takes the registered name lit, or begins spelling on "new name"; while
  /// spelling, accepts the letter and moves to the next position (which starts at the
  /// alphabet's first letter), finishing the name once it has the maximum length.
  mutating func next() -> Outcome {
    if let choice {
      if choice < entry.choices.count { return .named(entry.choices[choice]) }
      self.choice = nil
      spelled = []
      letter = 0
      return .going
    }
    spelled.append(entry.alphabet[letter])
    letter = 0
    return spelled.count >= entry.maximumLength ? Self.outcome(spelled) : .going
  }

  /// Done: takes the registered name lit; on "new name" nothing is spelled and the game
  /// keeps its name; while spelling, what is spelled with the letter being chosen.
  func done() -> Outcome {
    if let choice {
      return choice < entry.choices.count ? .named(entry.choices[choice]) : .kept
    }
    return Self.outcome(spelled + [entry.alphabet[letter]])
  }

  /// A spelled name without spaces at either end (a space is how a position is left
  /// blank); nothing left keeps the game's name.
  private static func outcome(_ letters: [Character]) -> Outcome {
    var trimmed = letters[...]
    while trimmed.first == " " { trimmed = trimmed.dropFirst() }
    while trimmed.last == " " { trimmed = trimmed.dropLast() }
    return trimmed.isEmpty ? .kept : .named(String(trimmed))
  }
}
