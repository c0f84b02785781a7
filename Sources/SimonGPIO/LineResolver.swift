import SimonHardware

/// A wired line found on its chip.
struct ResolvedLine: Equatable, Sendable {
  /// The line as the wiring has it.
  var wired: WiredLine
  /// Where it is.
  var id: LineID
  /// Where it is, for people.
  var description: GPIOLineDescription
  /// The chip's name and label, for messages.
  var chipTitle: String
}

/// Finds every line of a wiring on the chips a port has, or throws the fault a builder
/// can act on: no chip, no such line, a line busy, no permission.
struct LineResolver {
  private let port: any GPIOPort
  /// Every chip in /dev that could be read, in number order.
  private(set) var chips: [ChipSnapshot] = []
  /// The chips that could not be read.
  private var failures: [GPIOPortError] = []

  /// Reads every chip the port lists.
  init(port: any GPIOPort) {
    self.port = port
    for path in port.chipPaths() {
      do throws(GPIOPortError) {
        chips.append(try port.inspect(chipAt: path))
      } catch {
        failures.append(error)
      }
    }
  }

  /// Every line of the wiring, in `wiredLines` order, checked free to request.
  /// - Throws: `HardwareError` naming the line, the chip and what to do.
  func resolve(_ wiring: GPIOWiring) throws(HardwareError) -> [ResolvedLine] {
    let problems = wiring.problems
    guard problems.isEmpty else {
      throw HardwareError(
        .noSuchLine,
        "the wiring cannot be used: \(problems.map(\.description).joined(separator: "; "))")
    }
    try checkAnyChip(wiring)
    let selected = try wiring.chip.map { chip throws(HardwareError) in try find(chip) }
    var resolved: [ResolvedLine] = []
    var byName: [Int: ResolvedLine] = [:]
    for (index, wired) in wiring.wiredLines.enumerated() {
      guard case .name(let name) = wired.line else { continue }
      let (chip, offset) = try find(name: name, key: wired.key, onlyIn: selected)
      byName[index] = line(wired, on: chip, at: offset)
    }
    let fallback =
      selected
      ?? byName.sorted { $0.key < $1.key }.first.flatMap { entry in
        chips.first { $0.path == entry.value.id.chip }
      }
    for (index, wired) in wiring.wiredLines.enumerated() {
      if let named = byName[index] {
        resolved.append(named)
        continue
      }
      guard case .offset(let offset, let lineChip) = wired.line else { continue }
      let chip = try lineChip.map { chip throws(HardwareError) in try find(chip) } ?? fallback
      guard let chip else { throw GPIOMessages.noChip(forOffset: offset, key: wired.key) }
      guard offset < chip.lines.count else {
        throw GPIOMessages.noLine(at: offset, key: wired.key, chip: chip)
      }
      resolved.append(line(wired, on: chip, at: offset))
    }
    try checkFree(resolved)
    return resolved
  }

  /// Reads one chip again, for the consumer of a line that turned out busy.
  func reinspect(_ path: String) -> ChipSnapshot? {
    try? port.inspect(chipAt: path)
  }

  /// Throws when no chip can serve: none exists, or none could be read.
  private func checkAnyChip(_ wiring: GPIOWiring) throws(HardwareError) {
    if case .path = wiring.chip { return }
    if chips.isEmpty, let failure = failures.first {
      throw GPIOMessages.openFailed(failure, group: port.group(ofDevice: failure.chip), chips: [])
    }
    if chips.isEmpty { throw GPIOMessages.noChip(gpioEntries: port.gpioDeviceNames()) }
  }

  /// The chip a selector names.
  private func find(_ chip: GPIOWiring.Chip) throws(HardwareError) -> ChipSnapshot {
    switch chip {
    case .path(let path):
      if let chip = chips.first(where: { $0.path == path }) { return chip }
      do throws(GPIOPortError) {
        return try port.inspect(chipAt: path)
      } catch {
        throw GPIOMessages.openFailed(error, group: port.group(ofDevice: path), chips: chips)
      }
    case .label(let label):
      if let chip = chips.first(where: { $0.label == label }) { return chip }
      try throwIfUnreadable()
      throw GPIOMessages.noChip(labelled: label, chips: chips)
    }
  }

  /// The first chip holding a line of that name (on the one chip given, else on any
  /// chip), and the line's offset.
  private func find(name: String, key: String, onlyIn chip: ChipSnapshot?) throws(HardwareError)
    -> (ChipSnapshot, Int)
  {
    let searched = chip.map { [$0] } ?? chips
    for chip in searched {
      if let offset = chip.lines.firstIndex(where: { $0.name == name }) { return (chip, offset) }
    }
    if chip == nil { try throwIfUnreadable() }
    throw GPIOMessages.noLine(named: name, key: key, searched: searched)
  }

  /// A chip that could not be read for want of permission may hold what was not found.
  private func throwIfUnreadable() throws(HardwareError) {
    if let denied = failures.first(where: { [.permissionDenied, .notPermitted].contains($0.code) })
    {
      throw GPIOMessages.permissionDenied(denied.chip, group: port.group(ofDevice: denied.chip))
    }
  }

  private func line(_ wired: WiredLine, on chip: ChipSnapshot, at offset: Int) -> ResolvedLine {
    ResolvedLine(
      wired: wired, id: LineID(chip: chip.path, offset: offset),
      description: GPIOLineDescription(
        key: wired.key, name: chip.lines[offset].name, chip: chip.name, chipLabel: chip.label,
        offset: offset),
      chipTitle: chip.title)
  }

  /// Throws for a line wired twice or already held by someone.
  private func checkFree(_ lines: [ResolvedLine]) throws(HardwareError) {
    var seen: [LineID: String] = [:]
    for line in lines {
      if let first = seen[line.id] { throw GPIOMessages.wiredTwice(line.description, first: first) }
      seen[line.id] = line.wired.key
      let state = chips.first { $0.path == line.id.chip }?.lines[line.id.offset]
      if let state, state.used {
        throw GPIOMessages.busy(
          line.description, chipTitle: line.chipTitle, consumer: state.consumer)
      }
    }
  }
}
