import SimonGame
import SimonHardware
import SimonPOSIX
import Synchronization

/// The cabinet's buttons, lamps and vibration motor on real GPIO lines, through libgpiod.
///
/// Opening requests every wired line: LEDs and the motor as outputs (off), buttons and controls as
/// inputs with their bias, both edges and kernel timestamps, no kernel debounce. The
/// cabinet thread watches the lines' event descriptors and, on the thread that read
/// them, hands each raw edge, bounces included, to its receivers and to `edges()`; the
/// daemon's debouncer drops the bounces. After a line's edges the thread reads its level
/// again and hands on an edge the kernel lost, if any (`LostEdgeCheck`).
/// `close()` (or the last reference going away) stops watching, turns the outputs off and
/// releases the lines, in the reverse order of acquisition.
public final class GPIOCabinet: LevelInputSource, CabinetThreadInputSource, Lights, HapticMotor,
  Sendable
{
  /// The inputs this cabinet has: the four pads and the wired controls.
  public let wired: Set<Input>
  /// Where each input's line ended up.
  public let inputLines: [Input: GPIOLineDescription]
  /// Where each pad's LED line ended up.
  public let ledLines: [Pad: GPIOLineDescription]
  /// Where the vibration motor's line ended up, where one is wired.
  public let motorLine: GPIOLineDescription?

  /// The thread the lines are read on.
  public let thread: CabinetThread

  private let lines: any GPIOLines
  /// Each pad's LED line and where it is, found with one lookup per lamp change.
  private let leds: [Pad: (id: LineID, description: GPIOLineDescription)]
  private let motorID: LineID?
  private let inputIDs: [Input: LineID]
  private let broadcast = EdgeBroadcast()
  private let state = Mutex(State())

  private struct State {
    /// Set once `close` began; LEDs can no longer be driven.
    var closed = false
    /// The watch of the lines' event descriptors, until `close` ended it.
    var watch: CabinetThread.Watch?
  }

  /// Opens the cabinet's lines on the system's GPIO chips.
  /// - Parameters:
  ///   - wiring: which line does what; see `GPIOWiring.recommended`.
  ///   - consumer: the name the kernel shows as the lines' holder (gpioinfo).
  ///   - thread: the thread to read the lines on; nil starts one.
  /// - Throws: `HardwareError`: `.noDevice` (no GPIO chip, or none with the configured
  ///   label or path), `.noSuchLine` (a line name or offset the chip lacks, or the
  ///   wiring's own mistakes), `.busy` (held by another consumer, named),
  ///   `.permissionDenied` (the device and the group to join), `.io`.
  public convenience init(
    wiring: GPIOWiring, consumer: String = "simond", thread: CabinetThread? = nil
  ) throws(HardwareError) {
    let thread = if let thread { thread } else { try CabinetThread() }
    try self.init(wiring: wiring, consumer: consumer, port: LiveGPIOPort(), thread: thread)
  }

  /// Opens the lines through a given port (a fake, in tests).
  init(
    wiring: GPIOWiring, consumer: String, port: any GPIOPort, thread: CabinetThread
  ) throws(HardwareError) {
    self.thread = thread
    let resolver = LineResolver(port: port)
    let resolved = try resolver.resolve(wiring)
    let held: any GPIOLines
    do throws(GPIOPortError) {
      held = try port.request(Self.requests(for: resolved), consumer: consumer)
    } catch {
      throw Self.requestFailed(error, resolved: resolved, resolver: resolver, port: port)
    }
    var inputs: [LineID: Input] = [:]
    var inputLines: [Input: GPIOLineDescription] = [:]
    var leds: [Pad: (id: LineID, description: GPIOLineDescription)] = [:]
    var motor: (id: LineID, description: GPIOLineDescription)?
    for line in resolved {
      switch line.wired.role {
      case .input(let input, _):
        inputs[line.id] = input
        inputLines[input] = line.description
      case .led(let pad, _):
        leds[pad] = (line.id, line.description)
      case .haptic:
        motor = (line.id, line.description)
      }
    }
    self.lines = held
    self.leds = leds
    self.motorID = motor?.id
    self.motorLine = motor?.description
    self.inputIDs = Dictionary(uniqueKeysWithValues: inputs.map { ($0.value, $0.key) })
    self.wired = Set(inputLines.keys)
    self.inputLines = inputLines
    self.ledLines = leds.mapValues(\.description)
    // Touched only on the cabinet thread; the lock is never contended.
    let lostEdges = Mutex(LostEdgeCheck())
    let watch = thread.watch(held.eventSources.map(\.descriptor)) {
      [held, broadcast, inputs] ready, now in
      lostEdges.withLock { lostEdges in
        Self.read(
          held, ready: ready, now: now, lostEdges: &lostEdges, inputs: inputs, into: broadcast)
      }
    }
    state.withLock { $0.watch = watch }
  }

  deinit { close() }

  /// Every input edge from now on, in order, bounces included, with the kernel's
  /// timestamp. The stream ends when the cabinet closes or its lines fail (see `fault`).
  public func edges() -> AsyncStream<InputEdge> {
    broadcast.subscribe()
  }

  /// Hands every edge read from now on to `receiver` on the cabinet thread, as it is read.
  public func deliver(to receiver: @escaping @Sendable ([InputEdge]) -> Void) {
    broadcast.deliver(to: receiver)
  }

  /// Drives a pad's LED line (`cgpiod_request_set_value` through the port).
  /// - Throws: `HardwareError` `.io` when the line cannot be driven or the cabinet is closed.
  public func set(_ pad: Pad, on: Bool) throws(HardwareError) {
    guard let (line, description) = leds[pad] else { return }
    try drive(line, description, on: on)
  }

  /// The vibration motor, where the wiring has one: this cabinet's motor line.
  public var motor: (any HapticMotor)? { motorID == nil ? nil : self }

  /// Drives the vibration motor's line; does nothing where none is wired.
  /// - Throws: `HardwareError` `.io` when the line cannot be driven or the cabinet is closed.
  public func setMotor(on: Bool) throws(HardwareError) {
    guard let motorID, let motorLine else { return }
    try drive(motorID, motorLine, on: on)
  }

  private func drive(
    _ line: LineID, _ description: GPIOLineDescription, on: Bool
  ) throws(HardwareError) {
    try state.withLock { state throws(HardwareError) in
      guard !state.closed else {
        throw HardwareError(
          .io, "unable to set line \(description): the cabinet's lines are released")
      }
      do throws(GPIOPortError) {
        try lines.set(line, active: on)
      } catch {
        throw GPIOMessages.failed(error, what: "set line \(description) (\(description.key))")
      }
    }
  }

  /// An input's level read now: true while pressed (`cgpiod_request_get_value` through
  /// the port); nil when it cannot be read or the cabinet is closed. The debouncer asks it
  /// when its window closes, because the kernel can lose an edge.
  public func isActive(_ input: Input) -> Bool? {
    guard let line = inputIDs[input] else { return nil }
    return state.withLock { state in state.closed ? nil : lines.level(of: line) }
  }

  /// Why the edges stopped before `close`, if they did (e.g. the chip went away).
  public var fault: HardwareError? { broadcast.fault }

  /// Stops reading the lines, turns every LED and the motor off and releases the lines. Safe to call
  /// more than once, from anywhere but the cabinet thread's handlers; the edge streams end.
  public func close() {
    let watch = state.withLock { state -> CabinetThread.Watch?? in
      guard !state.closed else { return nil }
      state.closed = true
      defer { state.watch = nil }
      return .some(state.watch)
    }
    guard let watch else { return }
    if let watch { thread.unwatch(watch) }
    broadcast.finish()
    for line in leds.values { try? lines.set(line.id, active: false) }
    if let motorID { try? lines.set(motorID, active: false) }
    lines.release()
  }

  /// Reads what is waiting on the lines (on the cabinet thread), maps it to inputs and
  /// hands it on, then the edges the kernel lost; a failed read ends the edges.
  private static func read(
    _ lines: any GPIOLines, ready: [CabinetThread.Readiness], now: MonotonicInstant,
    lostEdges: inout LostEdgeCheck, inputs: [LineID: Input], into broadcast: EdgeBroadcast
  ) -> CabinetThread.Next {
    func handOn(_ raw: [RawEdge]) {
      broadcast.send(
        raw.compactMap { edge in
          inputs[edge.line].map {
            InputEdge(
              $0, pressed: edge.rising, at: MonotonicInstant(nanoseconds: Int64(edge.nanoseconds)))
          }
        })
    }
    let nanoseconds = UInt64(now.nanoseconds)
    do throws(GPIOPortError) {
      if let failed = ready.firstIndex(of: .failed) {
        throw GPIOPortError(
          operation: .read, chip: lines.eventSources[failed].chip,
          code: .operationNotSupportedByDevice)
      }
      if ready.contains(.readable) {
        let raw = try lines.readEdges()
        handOn(raw)
        lostEdges.saw(raw, at: nanoseconds)
      }
    } catch {
      broadcast.finish(fault: GPIOMessages.failed(error, what: "read GPIO events"))
      return .stop
    }
    handOn(lostEdges.check(dueBy: nanoseconds) { lines.level(of: $0) })
    return .wait(until: lostEdges.nextDue.map { MonotonicInstant(nanoseconds: Int64($0)) })
  }

  /// Per chip, in order of first use: its LEDs as outputs and its inputs.
  static func requests(for lines: [ResolvedLine]) -> [ChipRequest] {
    var requests: [ChipRequest] = []
    for line in lines {
      if !requests.contains(where: { $0.chip == line.id.chip }) {
        requests.append(ChipRequest(chip: line.id.chip, outputs: [], inputs: []))
      }
      let index = requests.firstIndex { $0.chip == line.id.chip }!
      switch line.wired.role {
      case .input(_, let input):
        requests[index].inputs.append(
          .init(offset: line.id.offset, bias: input.bias, activeLow: input.activeLow))
      case .led(_, let output), .haptic(let output):
        requests[index].outputs.append(.init(offset: line.id.offset, activeLow: output.activeLow))
      }
    }
    return requests
  }

  /// Turns a failed request into the fault a builder can act on: for a busy line, reads
  /// the chip again to name the line and its holder.
  private static func requestFailed(
    _ error: GPIOPortError, resolved: [ResolvedLine], resolver: LineResolver, port: any GPIOPort
  ) -> HardwareError {
    switch error.code {
    case .resourceBusy:
      let chip = resolver.reinspect(error.chip)
      for line in resolved
      where line.id.chip == error.chip && error.offsets.contains(line.id.offset) {
        if let lines = chip?.lines, lines.indices.contains(line.id.offset),
          lines[line.id.offset].used
        {
          let state = lines[line.id.offset]
          return GPIOMessages.busy(
            line.description, chipTitle: line.chipTitle, consumer: state.consumer)
        }
      }
      return GPIOMessages.failed(error, what: "request lines \(error.offsets)")
    case .permissionDenied, .notPermitted, .noSuchFileOrDirectory,
      .operationNotSupportedByDevice, .noSuchAddressOrDevice:
      return GPIOMessages.openFailed(
        error, group: port.group(ofDevice: error.chip), chips: resolver.chips)
    default:
      let names = resolved.filter {
        $0.id.chip == error.chip && error.offsets.contains($0.id.offset)
      }
      return GPIOMessages.failed(
        error, what: "request lines \(names.map(\.description.description).joined(separator: ", "))"
      )
    }
  }
}
