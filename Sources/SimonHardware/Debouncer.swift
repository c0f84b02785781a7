import SimonGame

/// Turns raw edges into clean presses and releases without adding latency.
///
/// Promises (docs/design.md section 6): the first edge of a change is reported at once, with its
/// own time; further edges inside the debounce window after it are dropped; when the
/// window closes the input's real level is checked again, so a press that bounced back
/// up inside the window is still followed by its release. An edge read only after the
/// window closed is news, whatever its own time says (a busy driver may fire the window's
/// timer first): it is reported at once, timed no earlier than the close, never dropped.
/// An input held longer than `stuckAfter` is reported stuck, released to the game, and
/// ignored until it really comes up.
public struct Debouncer: Sendable {
  /// What the debouncer tells the game, or the operator.
  public enum Output: Equatable, Sendable {
    /// A clean press.
    case pressed(Input, at: Duration)
    /// A clean release (also sent for an input found stuck).
    case released(Input, at: Duration)
    /// The input has been down longer than `stuckAfter`; it is ignored until released.
    case stuck(Input, at: Duration)
  }

  /// The debouncer's own timers; a driver fires them with `fire(_:at:)`.
  public enum Timer: Hashable, Sendable {
    /// The debounce window after a reported change has closed.
    case settle(Input)
    /// Time to check whether a held input is stuck.
    case stuck(Input)
  }

  /// A timer request for the driver.
  public enum TimerRequest: Equatable, Sendable {
    /// Start (or move) a timer to a deadline.
    case start(Timer, at: Duration)
    /// Stop a timer.
    case cancel(Timer)
  }

  private struct Line {
    var raw = false
    var reported = false
    var reportedAt: Duration?
    /// When the window's timer fired, once it has: later edges are news, not bounces.
    var closedAt: Duration?
    var stuck = false
  }

  /// The window after a reported change in which further edges are bounces.
  public var window: [Input: Duration]
  /// The window of inputs without their own.
  public var defaultWindow: Duration
  /// How long an input may be held before it counts as stuck.
  public var stuckAfter: Duration

  /// Each input's line, at its `Input.index`: found without hashing on every edge.
  private var lines = [Line](repeating: Line(), count: Input.allCases.count)

  /// A debouncer with a default window (20 ms), per-input windows, and the stuck time
  /// (10 s).
  public init(
    defaultWindow: Duration = .milliseconds(20), window: [Input: Duration] = [:],
    stuckAfter: Duration = .seconds(10)
  ) {
    self.defaultWindow = defaultWindow
    self.window = window
    self.stuckAfter = stuckAfter
  }

  /// Takes one raw edge; returns what to report and which timers to set.
  public mutating func edge(_ input: Input, pressed: Bool, at time: Duration) -> (
    [Output], [TimerRequest]
  ) {
    var line = lines[input.index]
    defer { lines[input.index] = line }
    line.raw = pressed
    if line.stuck {
      guard !pressed else { return ([], []) }
      // The stuck input really came up: from now on it counts again, after a window of
      // its own so the release's bounces do not read as a press.
      line.stuck = false
      line.reportedAt = time
      line.closedAt = nil
      return ([], [.start(.settle(input), at: time + windowOf(input))])
    }
    if line.closedAt == nil, let reportedAt = line.reportedAt,
      time - reportedAt < windowOf(input)
    {
      return ([], [])
    }
    guard pressed != line.reported else { return ([], []) }
    return report(input, &line, at: max(time, line.closedAt ?? time))
  }

  /// A timer this debouncer asked for has run out.
  public mutating func fire(_ timer: Timer, at time: Duration) -> ([Output], [TimerRequest]) {
    switch timer {
    case .settle(let input):
      var line = lines[input.index]
      defer { lines[input.index] = line }
      line.closedAt = time
      guard !line.stuck, line.raw != line.reported else { return ([], []) }
      return report(input, &line, at: time)
    case .stuck(let input):
      var line = lines[input.index]
      defer { lines[input.index] = line }
      guard line.reported, line.raw, !line.stuck else { return ([], []) }
      line.stuck = true
      line.reported = false
      return ([.stuck(input, at: time), .released(input, at: time)], [.cancel(.settle(input))])
    }
  }

  /// Whether an input is being ignored as stuck.
  public func isStuck(_ input: Input) -> Bool { lines[input.index].stuck }

  private func windowOf(_ input: Input) -> Duration { window[input] ?? defaultWindow }

  private func report(_ input: Input, _ line: inout Line, at time: Duration) -> (
    [Output], [TimerRequest]
  ) {
    line.reported = line.raw
    line.reportedAt = time
    line.closedAt = nil
    let settle = TimerRequest.start(.settle(input), at: time + windowOf(input))
    // Each array is written whole, so it is allocated once at its size.
    if line.raw {
      return ([.pressed(input, at: time)], [settle, .start(.stuck(input), at: time + stuckAfter)])
    }
    return ([.released(input, at: time)], [settle, .cancel(.stuck(input))])
  }
}
