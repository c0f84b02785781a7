/// The archive's answers: a game stored (`Event.stored`). The game keeps the games it
/// asked to be recorded until each is stored, in the order they ended, so that it knows
/// the record its last game became (name entry is for that one only) and its table's
/// best stays right whatever happened to the bests meanwhile (a reset, a reload).
extension Game {
  mutating func stored(record: Int) {
    guard !unstored.isEmpty else { return }
    let result = unstored.removeFirst()
    // A match's game is in no table of the cabinet's (docs/design.md section 13).
    if result.headToHead == nil, Ranking.isNewBest(result.standing, over: bests[result.table]) {
      bests[result.table] = result.standing
    }
    // A match's game is numbered in the match book, not the score file: no name entry.
    if unstored.isEmpty { lastStoredRecord = result.headToHead == nil ? record : nil }
  }
}
