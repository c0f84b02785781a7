import SimonControl
import SimonGame
import SimonHardware
import SimonPOSIX
import SimonSim
import SimonTerminal
import SimonTransport
import UnixSignals

/// The terminal cabinet's one loop: keys, both sockets' messages, timers, slow work's
/// answers and signals arrive as events in one stream and are handled in order by the
/// `TerminalCabinet`, whose effects it carries out; the screen is redrawn only when what
/// it shows has changed, as one write.
struct PlayLoop {
  /// How a session at the terminal ended.
  enum Ending {
    /// The player quit (q, Ctrl-C, Ctrl-D).
    case quit
    /// SIGINT, SIGTERM or SIGHUP arrived.
    case signal(UnixSignal)
    /// Standard input ended.
    case keyboardClosed
    /// The cabinet closed the connection or failed.
    case cabinetGone(SocketClientError)
  }

  /// The volume, in percent, the terminal sounds tones at (the cabinet's default).
  static let toneVolume = 60

  let client: SimClient
  /// The control socket followed, if one was found.
  let controlPath: String?
  let speaker: (any Speaker)?
  let colors: Bool
  var cabinet: TerminalCabinet

  private var size = (width: 80, height: 24)
  private var shown: [String] = []
  private var clearNext = true
  private var timers: [TerminalCabinet.Timer: Task<Void, Never>] = [:]

  /// A loop over a connected client, following `controlPath` when there is one.
  init(
    client: SimClient, controlPath: String?, speaker: (any Speaker)?, colors: Bool,
    cabinet: TerminalCabinet
  ) {
    self.client = client
    self.controlPath = controlPath
    self.speaker = speaker
    self.colors = colors
    self.cabinet = cabinet
  }

  /// Runs until the player leaves or the cabinet goes; every held input is released first.
  /// - Parameters:
  ///   - events: where every event arrives; signals are already being fed into it.
  ///   - continuation: the stream's input, for the keyboard, the sockets and the timers.
  mutating func run(
    _ events: AsyncStream<PlayEvent>, continuation: AsyncStream<PlayEvent>.Continuation
  ) async -> Ending {
    guard KeyboardReader.start({ continuation.yield($0) }) else { return .keyboardClosed }
    let messages = client.messages
    let listener = Task {
      for await message in messages { continuation.yield(.message(message)) }
      continuation.yield(.cabinetClosed)
    }
    defer { listener.cancel() }
    let feed = controlPath.map(ControlFeed.init(path:))
    feed?.start { continuation.yield(.control($0)) }
    defer { feed?.stop() }
    defer {
      for timer in timers.values { timer.cancel() }
      speaker?.stopTone()
    }

    size = RawTerminal.size()
    draw()
    for await event in events {
      if let ending = handle(event, continuation: continuation) {
        if case .cabinetGone = ending { return ending }
        if let failure = perform(cabinet.leave(), continuation: continuation) { return failure }
        return ending
      }
      draw()
    }
    return .quit
  }

  /// Handles one event; returns how the session ends, when it does.
  private mutating func handle(
    _ event: PlayEvent, continuation: AsyncStream<PlayEvent>.Continuation
  ) -> Ending? {
    let effects: [TerminalCabinet.Effect]
    switch event {
    case .keys(let bytes):
      effects = cabinet.handle(.keys(bytes))
    case .keyboardClosed:
      return .keyboardClosed
    case .message(let message):
      if case .tone(let hertz, _) = message { sound(hertz) }
      effects = cabinet.handle(.cabinet(message))
    case .cabinetClosed:
      return .cabinetGone(
        client.endReason
          ?? SocketClientError(
            .disconnected, path: client.path,
            message: "simond closed the connection on \(client.path)"))
    case .control(let happening):
      effects = cabinet.handle(.control(happening))
    case .timerFired(let timer, let generation):
      effects = cabinet.handle(.timerFired(timer, generation: generation))
    case .topTen(let table, let answer):
      effects = cabinet.handle(.topTen(table, answer))
    case .nameAnswered(let answer):
      effects = cabinet.handle(.nameAnswered(answer))
    case .latestGame(let record):
      effects = cabinet.handle(.latestGame(record))
    case .signal(.sigwinch):
      size = RawTerminal.size()
      clearNext = true
      return nil
    case .signal(let number):
      return .signal(number)
    }
    return perform(effects, continuation: continuation)
  }

  /// Carries out effects in order; the ending when one ends the session.
  private mutating func perform(
    _ effects: [TerminalCabinet.Effect], continuation: AsyncStream<PlayEvent>.Continuation
  ) -> Ending? {
    for effect in effects {
      switch effect {
      case .send(let message):
        do {
          try client.send(message)
        } catch {
          return .cabinetGone(error)
        }
      case .startTimer(let timer, let duration, let generation):
        timers[timer]?.cancel()
        timers[timer] = Task {
          try? await Task.sleep(for: duration)
          if !Task.isCancelled { continuation.yield(.timerFired(timer, generation: generation)) }
        }
      case .loadTopTen(let table):
        guard let path = controlPath else {
          continuation.yield(.topTen(table, .failed("no control socket to ask simond on")))
          continue
        }
        let started = BackgroundThread.start(named: "simon-top-ten") {
          continuation.yield(.topTen(table, TopTenSource.read(table, controlPath: path)))
        }
        if !started {
          continuation.yield(.topTen(table, .failed("cannot start a thread to read the scores")))
        }
      case .nameGame(let game, let name):
        guard let path = controlPath else {
          continuation.yield(.nameAnswered(.refused("no control socket to ask simond on")))
          continue
        }
        let started = BackgroundThread.start(named: "simon-naming") {
          continuation.yield(.nameAnswered(PlayControl.name(game: game, as: name, path: path)))
        }
        if !started {
          continuation.yield(.nameAnswered(.refused("cannot start a thread to ask simond")))
        }
      case .loadLatestGame:
        guard let path = controlPath else { continue }
        // Nothing to show when it cannot be read: the screen keeps what it showed.
        _ = BackgroundThread.start(named: "simon-latest") {
          if let record = PlayControl.latestGame(path: path) {
            continuation.yield(.latestGame(record))
          }
        }
      case .quit:
        return .quit
      }
    }
    return nil
  }

  private func sound(_ hertz: Double?) {
    guard let speaker else { return }
    if let hertz {
      speaker.startTone(hertz: hertz, volume: Self.toneVolume)
    } else {
      speaker.stopTone()
    }
  }

  /// Draws the screen when it differs from what is shown, or after a resize.
  private mutating func draw() {
    let lines = cabinet.screen.render(width: size.width, height: size.height, colors: colors)
    guard lines != shown || clearNext else { return }
    RawTerminal.write(Frame.text(lines, clearFirst: clearNext))
    shown = lines
    clearNext = false
  }
}
