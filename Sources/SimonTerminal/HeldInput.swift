import SimonGame
import SimonSim

/// The input the terminal is holding down. A terminal sends no key-up, so a tap presses
/// an input and releases it `holdTime` later, or at once when another key comes first.
///
/// Each tap gets a new generation; the release timer carries it, so a timer for a tap
/// that has already been released does nothing.
public struct HeldInput: Equatable, Sendable {
  /// How long a tap holds its input: longer than the game's shortest press (120 ms).
  public static let holdTime = Duration.milliseconds(150)

  /// The input held down, if any.
  public private(set) var input: Input?
  /// The generation of the latest tap.
  public private(set) var generation: UInt64 = 0

  /// Nothing held.
  public init() {}

  /// A key was tapped: releases what is held, presses `input`. Start a release timer for
  /// the new `generation`.
  public mutating func tap(_ input: Input) -> [SimClientMessage] {
    var messages = releaseAll()
    self.input = input
    generation &+= 1
    messages.append(.press(input))
    return messages
  }

  /// A release timer ran out: releases the input if it is still that tap's.
  public mutating func expire(_ generation: UInt64) -> [SimClientMessage] {
    guard generation == self.generation else { return [] }
    return releaseAll()
  }

  /// Releases whatever is held (before leaving).
  public mutating func releaseAll() -> [SimClientMessage] {
    guard let input else { return [] }
    self.input = nil
    return [.release(input)]
  }
}
