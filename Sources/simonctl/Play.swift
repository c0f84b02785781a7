import ArgumentParser
import FoundationEssentials
import SimonControl
import SimonGame
import SimonSim
import SimonTerminal

/// `simonctl play`: a terminal cabinet on the simulated cabinet's socket.
struct Play: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Play Simon in this terminal, on a simulated cabinet.",
    discussion: """
      Without --sim-socket, starts its own simond (--hardware sim --audio none, with \
      this command's --config and --state-dir), found beside simonctl or on PATH, and \
      stops it on the way out. With --sim-socket, joins a running \
      'simond --hardware sim'; everyone on that socket plays the same cabinet.

      The screen follows simond's control socket: mode, difficulty, level, who is \
      signed in, whose turn it is, the countdown, wins, game overs with their rank, \
      the settings menu and a pad code being entered. With --sim-socket it is looked \
      for where simonctl status looks (the first that serves a sim cabinet), or named \
      with --control-socket; without one the screen shows the lamps and the state only.

      Keys: 1 2 3 4 press green, red, yellow, blue. The arrow keys press the pads too, \
      as the joystick answers for them (up green, right red, left yellow, down blue); \
      with --arrows joystick, or after j, they press the joystick's directions instead, \
      for directional mode. s start, l last, L longest. m then a pad opens the settings \
      menu of that pad (1 mode, 2 difficulty, 3 players, 4 sound) by holding it \(seconds(Timings.menuHold)), as \
      at the cabinet; i holds two pads together to sign in with a pad code; both only \
      at idle. t shows the top ten of the mode and difficulty in force (read from the \
      state directory simond names), Esc closes it. q or Ctrl-C quit. A terminal has \
      no key-up: a key holds its input for 150 ms, or until the next key.

      After a game that makes its table's top ten without a signed-in player, type a \
      name for it: Backspace erases, Enter names the game (through simond, with the \
      name rules of 'simonctl players'), Esc or \(seconds(NameEntry.timeout)) without a key leaves it as \
      it is.

      The status line reads the configuration (--config) for a start button: where one \
      is wired, only s starts a game from idle.

      Set NO_COLOR to draw without colours. Exit codes: 0 quit; 64 standard input or \
      output is not a terminal; 69 simond cannot be reached, went away, or did not start; \
      78 the configuration is bad.
      """)

  @OptionGroup var common: CommonOptions

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The socket of a running 'simond --hardware sim' (default: start a simond of its own).",
      valueName: "path"))
  var simSocket: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "simond's control socket, which the screen follows (default: its own simond's; with --sim-socket, the first of simonctl status's places that serves a sim cabinet).",
      valueName: "path"))
  var controlSocket: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "What the arrow keys press: the pads, or the joystick's directions (j switches).",
      valueName: "keys"))
  var arrows: ArrowKeys = .pads

  func run() async throws {
    let configuration = try loadConfiguration(common: common)
    do {
      try await play(
        soundDevice: configuration.audioDevice,
        startButton: configuration.cabinet.hasStartButton)
    } catch {
      throw error.reported()
    }
  }

  private func play(soundDevice: String, startButton: Bool) async throws(ClientFailure) {
    if let what = RawTerminal.notATerminal {
      throw ClientFailure(
        "simonctl play needs a terminal, and \(what) is not one. Scripts can play by "
          + "writing {\"press\":\"green\"} lines to simond's --sim-socket.",
        code: ExitStatus.usage)
    }
    let environment = ProcessInfo.processInfo.environment
    // Signals are handled from the start, so one that comes while simond starts still
    // stops it and leaves the terminal as it was.
    let (events, continuation) = AsyncStream.makeStream(of: PlayEvent.self)
    let signals = await SignalEvents.start { continuation.yield(.signal($0)) }
    defer { signals.stop() }
    var daemon: OwnDaemon?
    let client: SimClient
    let source: String
    var controlPath = controlSocket
    var controlProblem: String?
    var controlNotice: String?
    if let simSocket {
      do {
        client = try SimClient(path: simSocket)
      } catch {
        throw ClientFailure(error.message, code: ExitStatus.unavailable)
      }
      source = "simond on \(simSocket)"
      if controlPath == nil {
        switch PlayControl.find(environment: environment) {
        case .success(let path): controlPath = path
        case .failure(let unfound): controlProblem = unfound.message
        }
      }
    } else {
      guard let simond = findSimond(path: environment["PATH"]) else {
        throw ClientFailure(
          "cannot find simond beside simonctl or on PATH. Start one with "
            + "'simond --hardware sim --sim-socket PATH' and give that PATH to --sim-socket.",
          code: ExitStatus.unavailable)
      }
      let own = try OwnDaemon(
        executable: simond, config: common.config, stateDirectory: common.stateDir)
      daemon = own
      guard let connected = try await own.connect(giveUp: { signals.leaveRequested }) else {
        return
      }
      client = connected
      source = "own simond on \(own.controlPath) (pid \(own.pid))"
      if controlPath == nil { controlPath = own.controlPath }
      if let taken = own.usualTaken {
        controlNotice =
          "Another simond serves \(taken): simonctl reaches this game with "
          + "--control-socket \(own.controlPath)"
      }
    }
    defer {
      client.close()
      daemon?.stop()
    }

    let speaker = makeToneSpeaker(device: soundDevice)
    defer { speaker.shutdown() }
    var screen = PlayScreen(source: source, arrows: arrows)
    screen.startButton = startButton
    if let controlProblem { screen.control.lose(controlProblem) }
    screen.notice = controlNotice
    try RawTerminal.enter()
    var loop = PlayLoop(
      client: client, controlPath: controlPath, speaker: speaker,
      colors: environment["NO_COLOR", default: ""].isEmpty,
      cabinet: TerminalCabinet(screen: screen))
    let ending = await loop.run(events, continuation: continuation)
    RawTerminal.restore()

    if case .cabinetGone(let error) = ending {
      throw ClientFailure(error.message + (daemon?.log() ?? ""), code: ExitStatus.unavailable)
    }
  }
}

extension ArrowKeys: ExpressibleByArgument {}

/// "2 s": a duration in whole seconds, for help text.
private func seconds(_ duration: Duration) -> String {
  "\(duration.components.seconds) s"
}
