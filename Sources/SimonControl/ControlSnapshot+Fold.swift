import SimonGame

extension ControlSnapshot {
  /// The snapshot after `message`, as simond's own changes with it: a lamp, the tone, the
  /// state and the settings follow their events and a snapshot replaces everything; the
  /// hello, a game over, a scores change and replies change nothing shown. The one fold
  /// of the protocol: simond keeps its snapshot with it and every client that follows
  /// the socket (the screen, the terminal cabinet) does the same.
  public mutating func apply(_ message: ControlMessage) {
    switch message {
    case .snapshot(let snapshot, _): self = snapshot
    case .led(let pad, let on, _): lit[pad] = on
    case .tone(let hertz, _): tone = hertz
    case .state(let view, _): state = view
    case .settings(let settings, _): self.settings = settings
    case .hello, .gameOver, .scoresChanged, .match, .ok, .error: break
    }
  }

  /// The pads whose lamps are on.
  public var litPads: Set<Pad> { Set(lit.filter(\.value).map(\.key)) }
}

extension ControlSnapshot? {
  /// Folds `message` into what a client knows: a snapshot becomes it; before the first
  /// snapshot nothing else changes it; after, as `ControlSnapshot.apply(_:)` says.
  public mutating func apply(_ message: ControlMessage) {
    if case .snapshot(let snapshot, _) = message {
      self = snapshot
    } else {
      self?.apply(message)
    }
  }
}

extension ControlMessage {
  /// When it happened (CLOCK_MONOTONIC, nanoseconds): every event and the snapshot have
  /// a time; the hello and replies have none.
  public var time: Int64? {
    switch self {
    case .snapshot(_, let t), .led(_, _, let t), .tone(_, let t), .state(_, let t),
      .gameOver(_, let t), .settings(_, let t), .scoresChanged(_, let t), .match(_, let t):
      t
    case .hello, .ok, .error: nil
    }
  }
}
