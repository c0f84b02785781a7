import SimonGame

extension MatchNews {
  /// The news in a sentence for the log, naming the match.
  var logLine: String {
    switch self {
    case .challenge(let challenge, let player):
      return "match \(challenge.id): \(player) challenges cabinet \(challenge.rival.cabinet)"
    case .answer(let match, let answer, let player):
      switch answer {
      case .accepted: return "match \(match): \(player) accepted the challenge"
      case .declined(let reason): return "match \(match): declined (\(reason.rawValue))"
      case .lapsed: return "match \(match): the challenge lapsed"
      case .abandoned: return "match \(match): abandoned before its start"
      }
    case .progress(let match, _, let side):
      let state = side.outAfter.map { "out after \($0.seconds) s" } ?? "in"
      return "match \(match): \(side.rounds) round(s), \(side.points) points, \(state)"
    case .decided(let match, _, let outcome):
      return "match \(match): \(outcome.rawValue)"
    }
  }
}
