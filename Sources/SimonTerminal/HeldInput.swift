import SimonGame
import SimonSim

/// The inputs the terminal is holding down. A terminal sends no key-up, so a tap presses
/// an input and releases it `holdTime` later, or at once when another key comes first;
/// a gesture (the settings menu, signing in) presses one or more inputs together and
/// holds them for a time the game asks for.
///
/// Each tap or gesture gets a new generation; the release timer carries it, so a timer
/// for a hold that has already been released does nothing.
public struct HeldInput: Equatable, Sendable {
  /// How long a tap holds its input: longer than the game's shortest press (120 ms).
  public static let holdTime = Duration.milliseconds(150)
  /// How much longer than the game's own hold time a gesture holds: the game times the
  /// hold from when the press reaches it, the terminal from when it sends it.
  public static let gestureMargin = Duration.milliseconds(300)

  /// The inputs held down, in the order they were pressed.
  public private(set) var inputs: [Input] = []
  /// The generation of the latest tap or gesture.
  public private(set) var generation: UInt64 = 0
  /// How long the latest tap or gesture holds: start its release timer with this.
  public private(set) var releaseAfter = holdTime

  /// Nothing held.
  public init() {}

  /// Whether a gesture (a hold longer than a tap) is under way.
  public var isGesture: Bool { !inputs.isEmpty && releaseAfter > Self.holdTime }

  /// A key was tapped: releases what is held, presses `input` for `holdTime`.
  public mutating func tap(_ input: Input) -> [SimClientMessage] {
    hold([input], for: Self.holdTime)
  }

  /// Releases what is held, then presses `inputs` together, to be released after
  /// `duration`. Start a release timer of `releaseAfter` for the new `generation`.
  public mutating func hold(_ inputs: [Input], for duration: Duration) -> [SimClientMessage] {
    var messages = releaseAll()
    self.inputs = inputs
    releaseAfter = duration
    generation &+= 1
    messages += inputs.map { .press($0) }
    return messages
  }

  /// A release timer ran out: releases the inputs if they are still that generation's.
  public mutating func expire(_ generation: UInt64) -> [SimClientMessage] {
    guard generation == self.generation else { return [] }
    return releaseAll()
  }

  /// Releases whatever is held (before leaving), in the order it was pressed.
  public mutating func releaseAll() -> [SimClientMessage] {
    defer { inputs = [] }
    return inputs.map { .release($0) }
  }
}
