import ArgumentParser
import SimonAudio
import SimonControl
import SimonGame
import SimonHardware

/// `simonctl tone`: plays one tone on an audio device, the builder's sound check.
///
/// Unlike the daemon, which plays on silently through any audio fault, this fails
/// loudly: a device that cannot be opened is an error naming it (exit 69).
struct ToneCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tone",
    abstract: "Play one tone: a pad's or any frequency (a sound check).",
    discussion: """
      Plays the tone the way the daemon does (48 kHz, a few ms of attack and release) \
      and exits 0 once it has been played, or 69 when the device cannot be opened.
      """)

  /// The tone sets, as the command line names them.
  enum ToneSetChoice: String, CaseIterable, ExpressibleByArgument {
    /// The original Simon's tones.
    case classic
    /// Do, re, mi, fa from middle C.
    case solfege

    /// The tone set.
    var toneSet: ToneSet {
      switch self {
      case .classic: .classic
      case .solfege: .solfege
      }
    }
  }

  @Argument(
    help: ArgumentHelp(
      "A pad (green, red, yellow, blue) or a frequency in Hz (20-20000).",
      valueName: "pad|hz"))
  var tone: String

  @OptionGroup var common: CommonOptions

  @Option(
    help: ArgumentHelp(
      "The ALSA PCM to play on (default: the configuration's audio.device, else \"default\").",
      valueName: "pcm"))
  var device: String?

  @Option(
    help: ArgumentHelp("How long the tone sounds, in milliseconds (1-10000).", valueName: "n"))
  var ms = 500

  @Option(help: ArgumentHelp("Loudness in percent (0-100).", valueName: "n"))
  var volume = 60

  @Option(help: "Which frequencies the pads sound at.")
  var tones = ToneSetChoice.classic

  func validate() throws {
    _ = try hertz()
    guard (1...10_000).contains(ms) else {
      throw ValidationError("--ms \(ms) is out of range; it is from 1 to 10000")
    }
    guard (0...100).contains(volume) else {
      throw ValidationError("--volume \(volume) is out of range; it is a percentage from 0 to 100")
    }
  }

  func run() throws {
    let hertz = try hertz()
    let device = try device ?? loadConfiguration(common: common).audioDevice
    let name = Pad(rawValue: tone.lowercased()).map { " (\($0.rawValue), \(tones.rawValue))" } ?? ""
    print("playing \(hertz) Hz\(name) for \(ms) ms at \(volume) % on '\(device)'")
    do {
      try SoundCheck.play(
        hertz: hertz, volume: volume, duration: .milliseconds(ms), device: device)
    } catch {
      Console.error("Error: \(error.message)")
      throw ExitCode(ExitStatus.unavailable)
    }
  }

  /// The frequency `tone` names: a pad's in the chosen set, or a number of hertz.
  private func hertz() throws -> Double {
    if let pad = Pad(rawValue: tone.lowercased()) { return tones.toneSet.hertz(of: pad) }
    let pads = Pad.allCases.map(\.rawValue).joined(separator: ", ")
    guard let hertz = Double(tone) else {
      throw ValidationError("'\(tone)' is neither a pad (\(pads)) nor a frequency in Hz")
    }
    guard SoundCheck.hertzRange.contains(hertz) else {
      throw ValidationError("\(tone) Hz is out of range; a tone is from 20 to 20000 Hz")
    }
    return hertz
  }
}
