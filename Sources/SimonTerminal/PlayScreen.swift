import SimonGame
import SimonSim

/// Everything the terminal cabinet shows: the cabinet as heard from simond, where it is,
/// what the arrows press and which input the terminal holds down. A value: the screen is
/// a function of it (`render`), so a redraw is due exactly when it changes.
public struct PlayScreen: Equatable, Sendable {
  /// The narrowest terminal the cabinet fits in.
  public static let minimumWidth = 60
  /// The shortest terminal the cabinet fits in.
  public static let minimumHeight = 20

  /// The cabinet as heard so far.
  public var cabinet = SimCabinetView()
  /// Where the cabinet is, for the title: "simond on /run/user/1000/simond.sock".
  public var source: String
  /// What the arrow keys press.
  public var arrows: ArrowKeys
  /// The input the terminal holds down, if any.
  public var held: Input?
  /// Whether the cabinet has a start button: then only it starts a game from idle.
  public var startButton = false

  /// A screen for a cabinet nothing has been heard from yet.
  public init(source: String, arrows: ArrowKeys) {
    self.source = source
    self.arrows = arrows
  }

  /// The lines to show in a terminal of `width` x `height`, none wider than `width`
  /// columns; with `colors`, ANSI colours, else plain characters only.
  public func render(width: Int, height: Int, colors: Bool) -> [String] {
    guard width >= Self.minimumWidth, height >= Self.minimumHeight else {
      return [
        TerminalText.clip(
          "The Simon cabinet needs a terminal of at least \(Self.minimumWidth)x"
            + "\(Self.minimumHeight); this one is \(width)x\(height).", to: width)
      ]
    }
    let text = width - 2
    var lines = [" " + TerminalText.clip("Simon cabinet · " + TerminalText.safe(source), to: text)]
    lines.append("")
    lines += padRows(.green, .red, colors: colors)
    lines.append("")
    lines += padRows(.yellow, .blue, colors: colors)
    lines.append("")
    lines.append("  " + emphasised(TerminalText.clip(stateLine, to: text), colors: colors))
    lines.append("  " + TerminalText.clip(soundLine, to: text))
    lines.append("  " + TerminalText.clip(lastGameLine, to: text))
    lines.append("  " + TerminalText.clip(errorLine, to: text))
    lines.append("  " + TerminalText.clip(padKeysHelp, to: text))
    lines.append("  " + TerminalText.clip("s start   l last   L longest   q quit", to: text))
    return lines
  }

  private func padRows(_ left: Pad, _ right: Pad, colors: Bool) -> [String] {
    let leftRows = PadArt(pad: left, lit: cabinet.lit.contains(left), colors: colors).rows
    let rightRows = PadArt(pad: right, lit: cabinet.lit.contains(right), colors: colors).rows
    return zip(leftRows, rightRows).map { "  " + $0 + "  " + $1 }
  }

  private func emphasised(_ text: String, colors: Bool) -> String {
    colors ? ANSI.style("1") + text + ANSI.reset : text
  }

  /// "Your turn · round 3 · 25 points", "Idle · press a pad or s to start".
  var stateLine: String {
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

  /// "♪ 415 Hz", and the input held down: "pressing green".
  var soundLine: String {
    var sound = ""
    if let hertz = cabinet.tone {
      sound = "♪ \(TerminalText.hertz(hertz)) Hz"
      if hertz == ToneSet.razzHertz { sound += " (razz)" }
    }
    guard let held else { return sound }
    let padding = String(repeating: " ", count: max(1, 20 - sound.count))
    return sound + padding + "pressing \(held.rawValue)"
  }

  /// "Last game: Ann · 25 points · 3 rounds · mistake"; empty before one has ended.
  var lastGameLine: String {
    guard let game = cabinet.lastGame else { return "" }
    var parts: [String] = []
    if let name = game.name, !name.isEmpty { parts.append(TerminalText.safe(name)) }
    parts += ["\(game.points) points", "\(game.rounds) rounds"]
    if let ending = game.ending { parts.append(TerminalText.safe(ending)) }
    return "Last game: " + parts.joined(separator: " · ")
  }

  /// The last line simond refused, if any.
  var errorLine: String {
    cabinet.lastError.map { "simond: " + TerminalText.safe($0) } ?? ""
  }

  /// "1 2 3 4  pads    ↑ → ← ↓  pads (j: joystick)".
  var padKeysHelp: String {
    let other = arrows.switched.rawValue
    return "1 2 3 4  pads      ↑ → ← ↓  \(arrows.rawValue) (j: \(other))"
  }
}
