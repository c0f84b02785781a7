import SimonGame

extension Status {
  /// The status for people, as `systemctl status` shows it: "idle", "round 3, 25 points".
  public var summary: String {
    switch phase {
    case .idle: "idle"
    case .attract: "attract animation"
    case .countdown: "countdown"
    case .simon, .player: "playing round \(round), \(points) points"
    case .gameover: "game over: \(points) points, \(round) rounds"
    }
  }
}
