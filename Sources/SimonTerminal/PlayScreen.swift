import SimonGame
import SimonSim

/// Everything the terminal cabinet shows: the cabinet as heard from simond's control
/// socket (and, where that is not heard, from the simulated cabinet's socket), where it
/// is, what the keys do and which inputs the terminal holds down, and what is open on
/// screen (the top ten, a name being typed). A value: the screen is a function of it
/// (`render`), so a redraw is due exactly when it changes.
public struct PlayScreen: Equatable, Sendable {
  /// The narrowest terminal the cabinet fits in.
  public static let minimumWidth = 60
  /// The shortest terminal the cabinet fits in.
  public static let minimumHeight = 20

  /// The cabinet as heard on the simulated cabinet's socket.
  public var cabinet = SimCabinetView()
  /// The cabinet as heard on the control socket: what the screen follows while it is
  /// connected.
  public var control = ControlCabinetView()
  /// Where the cabinet is, for the title: "simond on /run/user/1000/simond.sock".
  public var source: String
  /// What the arrow keys press.
  public var arrows: ArrowKeys
  /// The inputs the terminal holds down.
  public var held: [Input] = []
  /// Whether the cabinet has a start button: then only it starts a game from idle.
  public var startButton = false
  /// The top ten, while it is shown.
  public var topTen: TopTen?
  /// The name being typed for a ranked game, while it is.
  public var nameEntry: NameEntry?
  /// Whether the settings key waits for the pad to hold.
  public var askingMenuPad = false
  /// A line for the player about what their last key did (or why it did nothing).
  public var notice: String?

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
    if let topTen {
      lines += topTen.lines(width: text).enumerated().map { index, line in
        "  " + (index == 0 ? emphasised(line, colors: colors) : line)
      }
    } else {
      lines.append("  " + TerminalText.clip(modeLine, to: text))
      if let nameEntry {
        lines += nameEntry.lines(width: text, colors: colors).map { "  " + $0 }
      } else if let naming = padNaming {
        lines += naming.lines(width: text, colors: colors).map { "  " + $0 }
      } else {
        lines += padRows(.green, .red, colors: colors)
        lines.append("")
        lines += padRows(.yellow, .blue, colors: colors)
      }
    }
    lines.append("  " + emphasised(TerminalText.clip(stateLine, to: text), colors: colors))
    lines.append("  " + TerminalText.clip(soundLine, to: text))
    lines.append("  " + TerminalText.clip(lastGameLine, to: text))
    lines.append("  " + TerminalText.clip(messageLine, to: text))
    lines += helpLines.map { "  " + TerminalText.clip($0, to: text) }
    return lines
  }

  /// simond's name entry with the pads, while it runs and the terminal types no name.
  var padNaming: NamingView? { nameEntry == nil ? control.followed?.naming : nil }

  /// The pads lit now: as the control socket says while it is heard, else the cabinet.
  var lit: Set<Pad> { control.followed == nil ? cabinet.lit : control.lit }

  private func padRows(_ left: Pad, _ right: Pad, colors: Bool) -> [String] {
    let leftRows = PadArt(pad: left, lit: lit.contains(left), colors: colors).rows
    let rightRows = PadArt(pad: right, lit: lit.contains(right), colors: colors).rows
    return zip(leftRows, rightRows).map { "  " + $0 + "  " + $1 }
  }

  private func emphasised(_ text: String, colors: Bool) -> String {
    colors ? ANSI.style("1") + text + ANSI.reset : text
  }

  /// The keys, in three lines; while a name is typed, the keys of the name entry.
  var helpLines: [String] {
    if nameEntry != nil {
      return [
        "type a name   Backspace erases   Enter keeps it",
        "Esc leaves the game as it is   Ctrl-C quit",
        "",
      ]
    }
    if padNaming != nil {
      return [
        "↑ or 1  green   ↓ or 4  blue   → or 2  red   ← or 3  yellow",
        "q quit",
        "",
      ]
    }
    let other = arrows.switched.rawValue
    return [
      "1 2 3 4  pads      ↑ → ← ↓  \(arrows.rawValue) (j: \(other))",
      "s start   l last   L longest   t top ten   q quit",
      "m then 1-4  settings menu   i  sign in   Esc  close",
    ]
  }
}
