import SimonGame
import SimonPOSIX

/// A change of an input's level, as a backend saw it, before debouncing.
public struct InputEdge: Equatable, Sendable {
  /// Which input changed.
  public var input: Input
  /// True when the input went down (pressed), false when it came up.
  public var pressed: Bool
  /// When the change happened on CLOCK_MONOTONIC (from the kernel where it says).
  public var at: MonotonicInstant

  /// An edge with every value given.
  public init(_ input: Input, pressed: Bool, at: MonotonicInstant) {
    self.input = input
    self.pressed = pressed
    self.at = at
  }
}

/// A backend's inputs: pads and whichever controls are wired.
public protocol InputSource: Sendable {
  /// The inputs this backend has; the game offers what needs a missing one no further.
  var wired: Set<Input> { get }
  /// Every edge from the call on, in order, bounces included, to this caller alone: each
  /// call makes a new stream, and every stream gets every edge. The streams end when the
  /// backend closes (or its inputs fail).
  func edges() -> AsyncStream<InputEdge>
}

/// Inputs whose level can be read at any moment, not only seen changing (embedded-hal's
/// `InputPin::is_high`).
public protocol LevelInputSource: InputSource {
  /// Whether an input is active (pressed) now; nil when it cannot be read. Not promised
  /// to agree with the edges handed on so far: the kernel can lose an edge.
  func isActive(_ input: Input) -> Bool?
}

/// Inputs read on a cabinet thread, which hand each edge over on that thread as soon as
/// they read it.
public protocol CabinetThreadInputSource: InputSource {
  /// The thread the inputs are read on.
  var thread: CabinetThread { get }
  /// Hands every edge read from now on to `receiver`, on `thread`, in order, bounces
  /// included, until the inputs close. `receiver` must not block.
  func deliver(to receiver: @escaping @Sendable ([InputEdge]) -> Void)
}

/// The pads' LEDs.
public protocol Lights: Sendable {
  /// Drives a pad's LED. Promises the request was handed to the hardware, not that the
  /// lamp is electrically lit.
  /// - Throws: `HardwareError` when the line cannot be driven.
  func set(_ pad: Pad, on: Bool) throws
}

/// The vibration motor under the panel, where one is wired (through a transistor or a
/// driver board: a GPIO pin cannot power it).
public protocol HapticMotor: Sendable {
  /// Turns the motor on or off. Promises the request was handed to the hardware, not
  /// that the motor spins.
  /// - Throws: `HardwareError` when the line cannot be driven.
  func setMotor(on: Bool) throws
}

/// The speaker. Faults never reach the caller: a speaker that cannot sound stays silent,
/// logs the fault once and recovers by itself.
public protocol Speaker: Sendable {
  /// Starts a tone at a frequency and a volume in percent, replacing any tone sounding.
  func startTone(hertz: Double, volume: Int)
  /// Stops the tone, with a short release so it does not click.
  func stopTone()
}

/// A hardware fault, with a kind a program can act on and a message for people that
/// names the line, chip or device.
public struct HardwareError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The broad class of a fault.
  public enum Kind: String, Sendable {
    /// No device (no GPIO chip, no sound card).
    case noDevice
    /// The named line or device does not exist.
    case noSuchLine
    /// Another process holds the line or device.
    case busy
    /// The device exists but this user may not open it.
    case permissionDenied
    /// The device failed while in use.
    case io
  }

  /// The broad class of the fault.
  public var kind: Kind
  /// What went wrong, for people, naming the object.
  public var message: String

  /// A fault of a kind with its message.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
