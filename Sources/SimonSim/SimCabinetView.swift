import SimonGame

/// What a client knows of the cabinet, built from the messages it has heard: the lit
/// pads, the state, the tone sounding, the vibration motor, the last game's result and
/// the last error.
public struct SimCabinetView: Equatable, Sendable {
  /// The pads whose LEDs are on.
  public var lit: Set<Pad> = []
  /// The game's state; nil until the hello has ended with one.
  public var status: Status?
  /// The frequency of the tone sounding, or nil for silence.
  public var tone: Double?
  /// Whether the vibration motor is on.
  public var haptic = false
  /// The last game that ended while this client listened.
  public var lastGame: SimGameSummary?
  /// The last `error` line the cabinet sent, for a line of ours it refused.
  public var lastError: String?

  /// A view of a cabinet nothing has been heard from yet.
  public init() {}

  /// Folds one message into the view.
  public mutating func apply(_ message: SimServerMessage) {
    switch message {
    case .led(let pad, let on, _):
      if on { lit.insert(pad) } else { lit.remove(pad) }
    case .tone(let hertz, _):
      tone = hertz
    case .haptic(let on, _):
      haptic = on
    case .state(let status, _):
      self.status = status
    case .gameOver(let record, _):
      lastGame = SimGameSummary(record: record)
    case .error(let message):
      lastError = message
    }
  }
}
