import SystemPackage

/// The seam between the cabinet and the GPIO system: the live port calls libgpiod
/// through the CGPIOD shim, tests use a fake. Paths, offsets and errno values only;
/// turning them into messages for people is the cabinet's job.
protocol GPIOPort: Sendable {
  /// The GPIO chip devices (`/dev/gpiochipN`), in number order.
  func chipPaths() -> [String]
  /// The entries of /dev whose name mentions "gpio", for a message when no chip exists.
  func gpioDeviceNames() -> [String]
  /// A chip's name, label and every line's state, read now.
  /// - Throws: `GPIOPortError` when the chip cannot be opened or read.
  func inspect(chipAt path: String) throws(GPIOPortError) -> ChipSnapshot
  /// The name of the group that owns a device, when it can be read.
  func group(ofDevice path: String) -> String?
  /// Requests lines on one or more chips: per chip its outputs first, then its inputs.
  /// Either everything is requested or nothing stays held.
  /// - Throws: `GPIOPortError` naming the chip and the offsets of the failed request.
  func request(_ chips: [ChipRequest], consumer: String) throws(GPIOPortError) -> any GPIOLines
}

/// Lines held by one request of a `GPIOPort`.
///
/// Threads: `readEdges` and `level` on the cabinet thread; `set` from anywhere, one call
/// at a time; `release` once, after the cabinet thread stopped watching.
protocol GPIOLines: AnyObject, Sendable {
  /// Per chip with inputs, the descriptor that polls readable while its edges wait; owned
  /// by the lines and open until `release`.
  var eventSources: [(chip: String, descriptor: Int32)] { get }
  /// The edges waiting now, in order, without blocking; empty when none wait.
  /// - Throws: `GPIOPortError` when the events cannot be read.
  func readEdges() throws(GPIOPortError) -> [RawEdge]
  /// Drives an output line to a logical value.
  /// - Throws: `GPIOPortError` when the line cannot be driven.
  func set(_ line: LineID, active: Bool) throws(GPIOPortError)
  /// Reads an input line's logical value now: true while active (pressed); nil when it
  /// cannot be read. Not promised to agree with the edges read so far: the kernel can
  /// lose an edge.
  func level(of line: LineID) -> Bool?
  /// Releases every line and closes the chips, in the reverse order of acquisition.
  func release()
}

/// A line on a chip, by device path and offset.
struct LineID: Hashable, Sendable {
  /// The chip's device path.
  var chip: String
  /// The line's offset on the chip.
  var offset: Int

  // By offset alone: each edge is looked up by its line before its lamp is driven, and
  // hashing the chip's path too took twice the work (55 blocks of code under QEMU against
  // 26). Lines on two chips at one offset share a hash and still compare unequal.
  func hash(into hasher: inout Hasher) { hasher.combine(offset) }
}

/// One edge of an input line as the kernel reported it.
struct RawEdge: Equatable, Sendable {
  /// Which line.
  var line: LineID
  /// True for a logical rising edge (a press, for an active-low button to ground).
  var rising: Bool
  /// The kernel's timestamp on CLOCK_MONOTONIC.
  var nanoseconds: UInt64
}

/// What one chip said about itself and its lines.
struct ChipSnapshot: Equatable, Sendable {
  /// The device path, e.g. "/dev/gpiochip0".
  var path: String
  /// The kernel's name, e.g. "gpiochip0".
  var name: String
  /// The label, e.g. "pinctrl-bcm2711".
  var label: String
  /// Every line, at its offset.
  var lines: [LineSnapshot]

  /// "gpiochip0 [pinctrl-bcm2711]".
  var title: String { label.isEmpty ? name : "\(name) [\(label)]" }
}

/// What a chip said about one line.
struct LineSnapshot: Equatable, Sendable {
  /// The line's name, or "" when it has none.
  var name: String
  /// Who holds it, or "".
  var consumer: String = ""
  /// Whether a process or the kernel holds it.
  var used: Bool = false
}

/// The lines to request on one chip.
struct ChipRequest: Equatable, Sendable {
  /// The chip's device path.
  var chip: String
  /// Output lines (offset, active low), requested driving their inactive value.
  var outputs: [OutputSettings]
  /// Input lines, requested with both edges.
  var inputs: [InputSettings]

  /// How to request one output line.
  struct OutputSettings: Equatable, Sendable {
    /// The line's offset.
    var offset: Int
    /// Whether the lamp is lit by a low line.
    var activeLow: Bool
  }

  /// How to request one input line.
  struct InputSettings: Equatable, Sendable {
    /// The line's offset.
    var offset: Int
    /// The pull resistor.
    var bias: GPIOWiring.Bias
    /// Whether the line reads low while pressed.
    var activeLow: Bool
  }
}

/// A failed call into the GPIO system.
struct GPIOPortError: Error, Equatable, Sendable {
  /// What was being done.
  enum Operation: Equatable, Sendable {
    /// Opening or reading a chip.
    case open
    /// Requesting lines.
    case request
    /// Reading edge events.
    case read
    /// Driving an output.
    case set
  }

  /// What was being done.
  var operation: Operation
  /// The chip's device path.
  var chip: String
  /// The offsets involved (the request's, or the one line set).
  var offsets: [Int] = []
  /// Why the system refused.
  var code: Errno
}
