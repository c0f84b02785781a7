/// The archive's answers: a game stored (`Event.stored`). The game keeps the games it
/// asked to be recorded until each is stored, in the order they ended, so that it knows
/// the record its last game became (name entry is for that one only) and its table's
/// best stays right whatever happened to the bests meanwhile (a reset, a reload).
extension Game {
  mutating func stored(record: Int) {
    guard !unstored.isEmpty else { return }
    let result = unstored.removeFirst()
    // A match's game and a day's challenge are in no table of the cabinet's.
    if result.isInScoreTables, Ranking.isNewBest(result.standing, over: bests[result.table]) {
      bests[result.table] = result.standing
    }
    // Numbered in the match book or the daily book, not the score file: no name entry.
    if unstored.isEmpty { lastStoredRecord = result.isInScoreTables ? record : nil }
  }
}
