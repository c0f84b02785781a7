import SimonControl
import SimonGame

/// The text lines of the terminal cabinet's screen, each from what simond said.
extension PlayScreen {
  /// The question the settings key asks: which pad to hold.
  static let menuQuestion = "Hold which pad? 1 mode · 2 difficulty · 3 players · 4 sound"

  /// "classic · medium · Ann signed in", "coop · easy · team Owls: ▸Ann, Bob",
  /// "player-adds · hard · Ann (out), ▸Bob, Cy"; empty until the control socket is heard.
  var modeLine: String {
    guard let view = control.followed else {
      return control.problem == nil
        ? "" : "Mode, players and the top ten come from simond's control socket."
    }
    var parts = [view.mode.rawValue, view.difficulty.rawValue]
    if let level = view.level { parts.append("level \(level)") }
    if view.players.count > 1 {
      var roster = view.players.enumerated().map { index, name in
        let shown = TerminalText.safe(name)
        if view.out.contains(index) { return shown + " (out)" }
        return view.turn == index ? "▸" + shown : shown
      }.joined(separator: ", ")
      if let team = view.team { roster = "team \(TerminalText.safe(team)): " + roster }
      parts.append(roster)
    } else {
      parts.append(
        view.signedIn.first.map { "\(TerminalText.safe($0)) signed in" } ?? "nobody signed in")
    }
    return parts.joined(separator: " · ")
  }

  /// "Your turn · round 3 · 25 points · repeat the sequence", "Bob's turn · ...",
  /// "Countdown · 2 · get ready", "Level up! Level 2 · ...", "You win! · new best! · ...",
  /// "Settings · mode: coop (3 of 4) · ...", "Sign in · code ●●○○ · ...".
  var stateLine: String {
    guard let view = control.followed else { return simStateLine }
    if let menu = view.menu {
      return "Settings · \(menu.page.rawValue): \(TerminalText.safe(menu.value)) "
        + "(\(menu.choice + 1) of \(menu.choices)) · a pad: next choice"
    }
    if let entered = view.codeEntered {
      let dots =
        String(repeating: "●", count: entered)
        + String(repeating: "○", count: max(0, Timings.codeLength - entered))
      return "Sign in · code \(dots) · press your \(Timings.codeLength) pads"
    }
    if let line = view.headToHead?.challengeLine { return line }
    let progress = "round \(view.round) · \(view.points) points"
    let turnName = view.players.count > 1 ? view.turnName.map(TerminalText.safe) : nil
    let hint = PhaseWords.hint(for: view.phase, startButton: startButton)
    switch view.phase {
    case .idle: return "Idle · " + hint
    case .attract: return "Attract · " + hint
    case .countdown: return "Countdown · \(view.countdown.map(String.init) ?? "…") · " + hint
    case .simon:
      if let replay = view.replay {
        let what = replay == .last ? "the last game's sequence" : "the longest sequence"
        return "Replay of \(what) · \(view.round) signals · watch and listen"
      }
      if control.levelUp, let level = view.level { return "Level up! Level \(level) · " + progress }
      return "Simon plays · \(progress) · " + (turnName.map { "\($0) is next" } ?? hint)
    case .player:
      let task = view.mode.rules.growth == .players ? "repeat it, then add a pad" : hint
      return "\(turnName.map { "\($0)'s turn" } ?? "Your turn") · \(progress) · " + task
    case .gameover:
      var headline = "Game over"
      if control.lastGameIsCurrent, let over = control.lastGame {
        if over.ending == .win {
          headline = view.players.count > 1 ? "\(TerminalText.safe(over.name)) wins!" : "You win!"
        }
        if over.newBest { headline += " · new best!" }
      }
      return "\(headline) · \(view.round) rounds · \(view.points) points · " + hint
    }
  }

  /// The state as the simulated cabinet tells it, where the control socket is not heard.
  private var simStateLine: String {
    guard let status = cabinet.status else { return "Connecting…" }
    var name = PhaseWords.name(of: status.phase)
    name = name.prefix(1).uppercased() + name.dropFirst()
    var parts = [name]
    switch status.phase {
    case .idle, .attract, .countdown:
      break
    case .simon, .player:
      parts += ["round \(status.round)", "\(status.points) points"]
    case .gameover:
      parts += ["\(status.round) rounds", "\(status.points) points"]
    }
    parts.append(PhaseWords.hint(for: status.phase, startButton: startButton))
    return parts.joined(separator: " · ")
  }

  /// "♪ 415 Hz", "≋" while the vibration motor runs, and the inputs held down:
  /// "pressing green", "pressing green + red".
  var soundLine: String {
    var sound = ""
    let tone = control.followed == nil ? cabinet.tone : control.tone
    if let hertz = tone {
      sound = "♪ \(TerminalText.hertz(hertz)) Hz"
      if hertz == ToneSet.razzHertz { sound += " (razz)" }
    }
    if cabinet.haptic { sound += sound.isEmpty ? "≋" : " ≋" }
    guard !held.isEmpty else { return sound }
    let padding = String(repeating: " ", count: max(1, 20 - sound.count))
    return sound + padding + "pressing " + held.map(\.rawValue).joined(separator: " + ")
  }

  /// "Last game: Ann · 40 points · 4 rounds · mistake · rank 2 · new best · reaction
  /// 412 ms"; empty before one has ended.
  var lastGameLine: String {
    if control.followed != nil, let over = control.lastGame {
      var parts = [
        TerminalText.safe(over.name), "\(over.points) points", "\(over.rounds) rounds",
        over.ending.rawValue,
      ]
      if let rank = over.rank {
        parts.append(over.daily == nil ? "rank \(rank)" : "#\(rank) of the day")
      }
      if over.newBest { parts.append("new best") }
      if let reaction = over.reaction { parts.append("reaction \(reaction.medianMilliseconds) ms") }
      if let match = over.match {
        parts.append("match against \(TerminalText.safe(match.rival.cabinet))")
      } else if over.daily != nil {
        if over.rank == nil { parts.append("the day's challenge") }
      } else if over.record == nil {
        parts.append("not stored yet")
      }
      return "Last game: " + parts.joined(separator: " · ")
    }
    guard let game = cabinet.lastGame else { return "" }
    var parts: [String] = []
    if let name = game.name, !name.isEmpty { parts.append(TerminalText.safe(name)) }
    parts += ["\(game.points) points", "\(game.rounds) rounds"]
    if let ending = game.ending { parts.append(TerminalText.safe(ending)) }
    return "Last game: " + parts.joined(separator: " · ")
  }

  /// What the last key did, the menu's question, a line simond refused, why the control
  /// socket is not heard, or what the open menu or sign-in wants next.
  var messageLine: String {
    if let notice { return TerminalText.safe(notice) }
    if askingMenuPad { return Self.menuQuestion }
    if let error = cabinet.lastError { return "simond: " + TerminalText.safe(error) }
    if let problem = control.problem { return "control socket: " + TerminalText.safe(problem) }
    guard let view = control.followed else { return "" }
    if view.menu != nil {
      return "5 s without a press keeps the lit choice; s keeps it at once."
    }
    if view.codeEntered != nil { return "5 s without a press gives up." }
    if let match = view.headToHead, match.challengeLine == nil { return match.rivalLine }
    if let date = view.daily { return "The day's challenge · \(TerminalText.safe(date))" }
    return ""
  }
}
