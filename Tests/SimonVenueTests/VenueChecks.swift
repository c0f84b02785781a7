import SimonGame
import SimonProcessSupport
import SimonScores
import SimonVenueStore

/// The table the venue tests play: classic, medium.
let venueTable = TableKey(mode: .classic, difficulty: .medium)

/// A bridge's venue tables, as its venue.json holds them.
func venue(_ bridge: BridgeProcess) throws -> VenueBook {
  try VenueStore(directory: bridge.stateDirectory).load()
}

/// How many games wait in a bridge's outbox.
func outboxPending(_ bridge: BridgeProcess) throws -> Int {
  try OutboxStore(directory: bridge.stateDirectory).load().pending.count
}
