import FoundationEssentials
import SimonGame

/// What the game asks of the state files, handed by the runner straight to the
/// archivist (never through the journal), in the order the game asked.
public enum ArchiveRequest: Equatable, Sendable {
  /// A game ended (at `endedAt`, by the wall clock): store it; the archivist answers
  /// `Runner.stored(record:)` once it is stored. `newBest` as the game celebrated it.
  case record(GameResult, newBest: Bool, endedAt: Date)
  /// The settings were changed at the cabinet's menu; `previous` were in force before.
  case saveSettings(Settings, previous: Settings)
  /// A player entered a pad code: the archivist answers `Runner.signIn` with whose it is.
  case signIn(code: [Pad])
  /// A name was entered with the pads for the record with this number: name it as the
  /// control socket's `name` request does.
  case name(record: Int, as: String)
  /// The outcome of a match became known: its game's record in the match book carries it
  /// (recorded before now, it is amended; recorded after, it carries it already).
  case matchDecided(String, HeadToHead.Outcome)
}
