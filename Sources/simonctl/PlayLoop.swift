import SimonGame
import SimonHardware
import SimonSim
import SimonTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal cabinet's one loop: keys, cabinet messages, release timers and signals
/// arrive as events in one stream and are handled in order; the screen is redrawn only
/// when what it shows has changed, as one write.
struct PlayLoop {
  /// How a session at the terminal ended.
  enum Ending {
    /// The player quit (q, Ctrl-C, Ctrl-D).
    case quit
    /// SIGINT, SIGTERM or SIGHUP arrived.
    case signal(Int32)
    /// Standard input ended.
    case keyboardClosed
    /// The cabinet closed the connection or failed.
    case cabinetGone(SimClientError)
  }

  /// The volume, in percent, the terminal sounds tones at (the cabinet's default).
  static let toneVolume = 60

  let client: SimClient
  let speaker: (any Speaker)?
  let colors: Bool
  var screen: PlayScreen

  private var bindings: KeyBindings
  private var decoder = KeyDecoder()
  private var held = HeldInput()
  private var size = (width: 80, height: 24)
  private var shown: [String] = []
  private var clearNext = true

  /// A loop over a connected client, drawing `screen`.
  init(client: SimClient, speaker: (any Speaker)?, colors: Bool, screen: PlayScreen) {
    self.client = client
    self.speaker = speaker
    self.colors = colors
    self.screen = screen
    bindings = KeyBindings(arrows: screen.arrows)
  }

  /// Runs until the player leaves or the cabinet goes; every held input is released first.
  /// - Parameters:
  ///   - events: where every event arrives; signals are already being fed into it.
  ///   - continuation: the stream's input, for the keyboard, the cabinet and the timers.
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
    var releaseTimer: Task<Void, Never>?
    defer {
      releaseTimer?.cancel()
      speaker?.stopTone()
    }

    size = RawTerminal.size()
    draw()
    for await event in events {
      if let ending = handle(event, releaseTimer: &releaseTimer, continuation: continuation) {
        if case .cabinetGone = ending { return ending }
        if let failure = send(held.releaseAll()) { return failure }
        return ending
      }
      draw()
    }
    return .quit
  }

  /// Handles one event; returns how the session ends, when it does.
  private mutating func handle(
    _ event: PlayEvent, releaseTimer: inout Task<Void, Never>?,
    continuation: AsyncStream<PlayEvent>.Continuation
  ) -> Ending? {
    switch event {
    case .keys(let bytes):
      for key in decoder.feed(bytes) {
        switch bindings.action(for: key) {
        case .tap(let input)?:
          if let failure = send(held.tap(input)) { return failure }
          releaseTimer?.cancel()
          let generation = held.generation
          releaseTimer = Task {
            try? await Task.sleep(for: HeldInput.holdTime)
            if !Task.isCancelled { continuation.yield(.releaseDue(generation)) }
          }
        case .switchArrows?:
          bindings.arrows = bindings.arrows.switched
        case .quit?:
          return .quit
        case nil:
          break
        }
      }
    case .keyboardClosed:
      return .keyboardClosed
    case .message(let message):
      screen.cabinet.apply(message)
      if case .tone(let hertz, _) = message { sound(hertz) }
    case .cabinetClosed:
      return .cabinetGone(
        client.endReason
          ?? SimClientError(
            .disconnected, path: client.path,
            message: "simond closed the connection on \(client.path)"))
    case .releaseDue(let generation):
      if let failure = send(held.expire(generation)) { return failure }
    case .signal(SIGWINCH):
      size = RawTerminal.size()
      clearNext = true
    case .signal(let number):
      return .signal(number)
    }
    return nil
  }

  /// Sends messages in order; the ending when the cabinet has gone.
  private func send(_ messages: [SimClientMessage]) -> Ending? {
    for message in messages {
      do {
        try client.send(message)
      } catch {
        return .cabinetGone(error)
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
    screen.held = held.input
    screen.arrows = bindings.arrows
    let lines = screen.render(width: size.width, height: size.height, colors: colors)
    guard lines != shown || clearNext else { return }
    RawTerminal.write(Frame.text(lines, clearFirst: clearNext))
    shown = lines
    clearNext = false
  }
}
