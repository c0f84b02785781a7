import SimonControl
import SimonGame
import SimonScores
import SimonSim

/// The terminal cabinet as a reducer: keys, what the two sockets say, timers and the
/// answers of slow work come in as events; what to send, which timer to start, what to
/// read or ask come out as effects, in the order they must happen. The screen
/// (`screen`) is a value it keeps up to date.
///
/// Performs no I/O and reads no clock: a timer is an effect carrying a generation, and
/// only the latest generation of each timer does anything when it fires. Promises: every
/// press it sends is released (by its timer, by the next tap, or by `leave()`); a
/// gesture (the settings menu, sign-in) is sent only at idle, and holds its pads for
/// the game's own hold time (`Timings`) and `HeldInput.gestureMargin`.
public struct TerminalCabinet: Sendable {
  /// The timers the terminal cabinet runs.
  public enum Timer: Hashable, Sendable {
    /// The hold of a tap or gesture ends.
    case release
    /// An Escape with nothing after it is the Escape key.
    case escape
    /// The name entry gives up.
    case nameEntry
    /// The cabinet has been dark and silent for `TerminalCabinet.quietAfterShow` since a
    /// game over worth naming: its show is over and the name entry opens.
    case nameEntryOpens
  }

  /// What happened.
  public enum Event: Sendable {
    /// Bytes typed at the terminal.
    case keys([UInt8])
    /// A message from the simulated cabinet's socket.
    case cabinet(SimServerMessage)
    /// What the control socket's feed tells.
    case control(ControlFeed.Event)
    /// A timer started by `Effect.startTimer` ran out.
    case timerFired(Timer, generation: UInt64)
    /// The top ten asked for by `Effect.loadTopTen`.
    case topTen(TableKey, TopTenAnswer)
    /// simond's answer to `Effect.nameGame`.
    case nameAnswered(NameAnswer)
    /// The latest game recorded, asked for by `Effect.loadLatestGame`.
    case latestGame(GameRecord)
  }

  /// What to do.
  public enum Effect: Equatable, Sendable {
    /// Send a press or release to the simulated cabinet.
    case send(SimClientMessage)
    /// Start (or restart) a timer; when it runs out, hand back `.timerFired` with the
    /// generation.
    case startTimer(Timer, after: Duration, generation: UInt64)
    /// Ask simond for a table's top ten (`tables` control request), then hand back
    /// `.topTen`.
    case loadTopTen(TableKey)
    /// Ask simond to name a ranked game (`name` control request), then hand back
    /// `.nameAnswered`.
    case nameGame(id: Int, name: String)
    /// Ask simond for the latest game recorded (`recent` control request, one game), then
    /// hand back `.latestGame` (nothing when it cannot be read: the screen keeps what it
    /// showed).
    case loadLatestGame
    /// Leave: everything held has been released.
    case quit
  }

  /// A table's top ten, or why it could not be read.
  public enum TopTenAnswer: Equatable, Sendable {
    /// The table's games, best first.
    case records([GameRecord])
    /// Why they could not be read.
    case failed(String)
  }

  /// simond's answer to naming a game.
  public enum NameAnswer: Equatable, Sendable {
    /// Named; the name as stored (a registered player's as registered).
    case named(String)
    /// Refused, in simond's words (or why simond could not be asked).
    case refused(String)
  }

  /// The gesture that opens the settings menu: a pad held at idle for this long.
  public static let menuHold = Timings.menuHold + HeldInput.gestureMargin
  /// The gesture that starts a sign-in: `signInPads` held together for this long.
  public static let signInHold = Timings.signInHold + HeldInput.gestureMargin
  /// The two pads the sign-in key holds together.
  public static let signInPads: [Input] = [.green, .red]
  /// How long the cabinet stays dark and silent before a game over's show (razz,
  /// victory, celebration) counts as over: longer than any dark moment within a show
  /// (`Timings.victoryFlash`, `Timings.razzFlash`, both under 130 ms).
  public static let quietAfterShow = Duration.milliseconds(400)

  /// What the terminal shows.
  public internal(set) var screen: PlayScreen
  var bindings: KeyBindings
  var decoder = KeyDecoder()
  var held = HeldInput()
  var generations: [Timer: UInt64] = [:]
  var lastGeneration: UInt64 = 0
  /// The name entry of the game just ended, until its show is over.
  var pendingNameEntry: NameEntry?

  /// A terminal cabinet drawing `screen`, its arrows pressing `screen.arrows`.
  public init(screen: PlayScreen) {
    self.screen = screen
    bindings = KeyBindings(arrows: screen.arrows)
  }

  /// Takes one event; returns what to do about it, in order.
  public mutating func handle(_ event: Event) -> [Effect] {
    var effects: [Effect]
    switch event {
    case .keys(let bytes):
      effects = []
      for key in decoder.feed(bytes) {
        effects += press(key)
        if effects.last == .quit { break }
      }
      if decoder.isAfterEscape { effects.append(start(.escape, after: KeyDecoder.escapeWait)) }
    case .cabinet(let message):
      screen.cabinet.apply(message)
      effects = []
    case .control(let update):
      effects = follow(update)
    case .timerFired(let timer, let generation):
      effects = generations[timer] == generation ? fired(timer) : []
    case .topTen(let table, let answer):
      if screen.topTen?.table == table {
        switch answer {
        case .records(let records): screen.topTen?.records = records
        case .failed(let reason): screen.topTen?.problem = reason
        }
      }
      effects = []
    case .nameAnswered(let answer):
      effects = answered(answer)
    case .latestGame(let record):
      effects = latest(record)
    }
    screen.held = held.inputs
    screen.arrows = bindings.arrows
    return effects
  }

  /// Before leaving: releases whatever is held.
  public mutating func leave() -> [Effect] {
    let effects = held.releaseAll().map(Effect.send)
    screen.held = []
    return effects
  }

  /// A new generation for `timer`; older ones of it do nothing when they fire.
  mutating func start(_ timer: Timer, after duration: Duration) -> Effect {
    lastGeneration &+= 1
    generations[timer] = lastGeneration
    return .startTimer(timer, after: duration, generation: lastGeneration)
  }

  private mutating func fired(_ timer: Timer) -> [Effect] {
    generations[timer] = nil
    switch timer {
    case .release:
      return held.expire(held.generation).map(Effect.send)
    case .escape:
      return decoder.flushEscape().flatMap { press($0) }
    case .nameEntry:
      return nameEntryTimedOut()
    case .nameEntryOpens:
      return openNameEntry()
    }
  }

  /// Holds `inputs` for `duration` and starts the timer that lets them go.
  mutating func hold(_ inputs: [Input], for duration: Duration) -> [Effect] {
    held.hold(inputs, for: duration).map(Effect.send) + [start(.release, after: duration)]
  }

  private mutating func follow(_ update: ControlFeed.Event) -> [Effect] {
    switch update {
    case .connected(let hello, let snapshot):
      screen.control.connect(hello, snapshot)
      return reloadTopTen()
    case .lost(let reason):
      screen.control.lose(reason)
      return []
    case .message(let message):
      let table = screen.control.state.map { TableKey(mode: $0.mode, difficulty: $0.difficulty) }
      screen.control.apply(message)
      switch message {
      case .gameOver(let over, _):
        return gameEnded(over) + reloadTopTen()
      case .scoresChanged:
        return reloadTopTen() + [.loadLatestGame]
      case .state(let view, _):
        let effects = padEntryFollowed(view.naming)
        guard TableKey(mode: view.mode, difficulty: view.difficulty) != table else {
          return effects
        }
        return effects + reloadTopTen()
      case .led, .tone:
        return showFollowed()
      default:
        return []
      }
    }
  }
}
