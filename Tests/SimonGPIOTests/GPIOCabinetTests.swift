import SimonGame
import SimonHardware
import SimonPOSIX
import SystemPackage
import Testing

@testable import SimonGPIO

@Suite struct GPIOCabinetTests {
  private let chip0 = "/dev/gpiochip0"

  @Test func requestsLedsOffThenButtonsWithPullUpOnTheChipHoldingThem() throws {
    let port = FakeGPIOPort(chips: FakeChips.pi4)
    let cabinet = try GPIOCabinet(wiring: .recommended, consumer: "simond", port: port)
    defer { cabinet.close() }
    #expect(port.consumers == ["simond"])
    #expect(
      port.requests == [
        [
          ChipRequest(
            chip: chip0,
            outputs: [23, 24, 25, 16].map { .init(offset: $0, activeLow: false) },
            inputs: [17, 27, 5, 6].map { .init(offset: $0, bias: .pullUp, activeLow: true) })
        ]
      ])
    #expect(cabinet.wired == [.green, .red, .yellow, .blue])
    #expect(cabinet.inputLines[.green]?.description == "GPIO17 (gpiochip0 line 17)")
    #expect(cabinet.ledLines[.blue]?.key == "pads.blue.led")
    #expect(cabinet.ledLines[.blue]?.chipLabel == "pinctrl-bcm2711")
  }

  @Test func controlsByOffsetLandOnThePadsChip() throws {
    let port = FakeGPIOPort(chips: FakeChips.pi4)
    var wiring = GPIOWiring.recommended
    wiring.controls = GPIOWiring.recommendedControls
    let cabinet = try GPIOCabinet(wiring: wiring, consumer: "simond", port: port)
    defer { cabinet.close() }
    #expect(cabinet.wired == Set(Input.allCases))
    #expect(cabinet.inputLines[.up]?.description == "SPI_MOSI (gpiochip0 line 10)")
    #expect(cabinet.inputLines[.right]?.offset == 8)
    #expect(
      port.requests.first?.first?.inputs.map(\.offset) == [17, 27, 5, 6, 12, 13, 26, 10, 9, 11, 8])
  }

  @Test func findsTheHeaderChipOnAPi5WhereverItIsNumbered() throws {
    let port = FakeGPIOPort(chips: FakeChips.pi5)
    let cabinet = try GPIOCabinet(wiring: .recommended, consumer: "simond", port: port)
    defer { cabinet.close() }
    #expect(port.requests.first?.map(\.chip) == ["/dev/gpiochip4"])
    #expect(cabinet.inputLines[.green]?.chipLabel == "pinctrl-rp1")
  }

  @Test func aChipLabelAndPerLineChipsAreHonoured() throws {
    let port = FakeGPIOPort(chips: FakeChips.pi5)
    var wiring = GPIOWiring.recommended
    wiring.chip = .label("pinctrl-rp1")
    wiring.controls = [
      .start: .init(.offset(1, chip: .label("gpio-brcmstb@107d508520")), bias: .none)
    ]
    let cabinet = try GPIOCabinet(wiring: wiring, consumer: "simond", port: port)
    defer { cabinet.close() }
    #expect(port.requests.first?.map(\.chip) == ["/dev/gpiochip4", "/dev/gpiochip1"])
    #expect(port.requests.first?.last?.inputs == [.init(offset: 1, bias: .none, activeLow: true)])
    #expect(cabinet.inputLines[.start]?.description == "HDMI0_SDA (gpiochip1 line 1)")
  }

  @Test func edgesArriveRawInOrderWithKernelTimestampsBouncesIncluded() async throws {
    let port = FakeGPIOPort(chips: FakeChips.pi4)
    let cabinet = try GPIOCabinet(wiring: .recommended, consumer: "simond", port: port)
    defer { cabinet.close() }
    let stream = cabinet.edges()
    let green = LineID(chip: chip0, offset: 17)
    let blue = LineID(chip: chip0, offset: 6)
    port.lines.push([
      RawEdge(line: green, rising: true, nanoseconds: 5_000_000_000),
      RawEdge(line: green, rising: false, nanoseconds: 5_000_400_000),
      RawEdge(line: LineID(chip: chip0, offset: 3), rising: true, nanoseconds: 5_000_500_000),
    ])
    port.lines.push([
      RawEdge(line: green, rising: true, nanoseconds: 5_001_100_000),
      RawEdge(line: blue, rising: true, nanoseconds: 7_000_000_001),
    ])
    let edges = await collect(stream, count: 4)
    #expect(
      edges == [
        InputEdge(.green, pressed: true, at: MonotonicInstant(nanoseconds: 5_000_000_000)),
        InputEdge(.green, pressed: false, at: MonotonicInstant(nanoseconds: 5_000_400_000)),
        InputEdge(.green, pressed: true, at: MonotonicInstant(nanoseconds: 5_001_100_000)),
        InputEdge(.blue, pressed: true, at: MonotonicInstant(nanoseconds: 7_000_000_001)),
      ])
  }

  @Test func everyStreamGetsEveryEdge() async throws {
    let port = FakeGPIOPort(chips: FakeChips.pi4)
    let cabinet = try GPIOCabinet(wiring: .recommended, consumer: "simond", port: port)
    defer { cabinet.close() }
    let first = cabinet.edges()
    let second = cabinet.edges()
    port.lines.push([RawEdge(line: LineID(chip: chip0, offset: 27), rising: true, nanoseconds: 1)])
    let expected = [InputEdge(.red, pressed: true, at: MonotonicInstant(nanoseconds: 1))]
    #expect(await collect(first, count: 1) == expected)
    #expect(await collect(second, count: 1) == expected)
  }

  @Test func lightsDriveTheLedLines() throws {
    let port = FakeGPIOPort(chips: FakeChips.pi4)
    let cabinet = try GPIOCabinet(wiring: .recommended, consumer: "simond", port: port)
    defer { cabinet.close() }
    try cabinet.set(.green, on: true)
    try cabinet.set(.yellow, on: true)
    try cabinet.set(.green, on: false)
    #expect(port.lines.log == ["set \(chip0):23 on", "set \(chip0):25 on", "set \(chip0):23 off"])
  }

  @Test func theMotorIsAnOutputThatStartsOffIsDrivenAndGoesOffAtClose() throws {
    let port = FakeGPIOPort(chips: FakeChips.pi4)
    var wiring = GPIOWiring.recommended
    wiring.haptic = GPIOWiring.recommendedHaptic
    let cabinet = try GPIOCabinet(wiring: wiring, consumer: "simond", port: port)
    #expect(port.requests.first?.first?.outputs.map(\.offset) == [23, 24, 25, 16, 22])
    #expect(cabinet.motorLine?.description == "GPIO22 (gpiochip0 line 22)")
    #expect(cabinet.motor != nil)
    try cabinet.setMotor(on: true)
    try cabinet.setMotor(on: false)
    try cabinet.setMotor(on: true)
    cabinet.close()
    let log = port.lines.log
    #expect(
      Array(log.prefix(3)) == ["set \(chip0):22 on", "set \(chip0):22 off", "set \(chip0):22 on"])
    #expect(log.dropLast().last == "set \(chip0):22 off")
    #expect(throws: HardwareError.self) { try cabinet.setMotor(on: true) }

    let without = try GPIOCabinet(
      wiring: .recommended, consumer: "simond", port: FakeGPIOPort(chips: FakeChips.pi4))
    defer { without.close() }
    #expect(without.motor == nil && without.motorLine == nil)
  }

  @Test func closeTurnsLedsOffThenReleasesAndEndsTheStreams() async throws {
    let port = FakeGPIOPort(chips: FakeChips.pi4)
    let cabinet = try GPIOCabinet(wiring: .recommended, consumer: "simond", port: port)
    let stream = cabinet.edges()
    try cabinet.set(.red, on: true)
    cabinet.close()
    cabinet.close()
    #expect(await ends(stream))
    #expect(await ends(cabinet.edges()))
    let log = port.lines.log
    #expect(log.first == "set \(chip0):24 on")
    #expect(
      Set(log.dropFirst().dropLast()) == Set([23, 24, 25, 16].map { "set \(chip0):\($0) off" }))
    #expect(log.last == "release")
    #expect(log.filter { $0 == "release" }.count == 1)
    #expect(cabinet.fault == nil)
    #expect(throws: HardwareError.self) { try cabinet.set(.red, on: true) }
  }

  @Test func aFailedReadEndsTheStreamsWithAFault() async throws {
    let port = FakeGPIOPort(chips: FakeChips.pi4)
    let cabinet = try GPIOCabinet(wiring: .recommended, consumer: "simond", port: port)
    defer { cabinet.close() }
    let stream = cabinet.edges()
    port.lines.fail(
      GPIOPortError(operation: .read, chip: chip0, code: .operationNotSupportedByDevice))
    #expect(await ends(stream))
    #expect(cabinet.fault?.kind == .io)
    #expect(
      cabinet.fault?.message == "unable to read GPIO events on /dev/gpiochip0: No such device")
  }
}

@Suite("GPIO cabinet on the cabinet thread")
struct GPIOCabinetThreadTests {
  private let green = LineID(chip: "/dev/gpiochip0", offset: 17)

  @Test func receiversGetEachReadOnTheCabinetThread() async throws {
    let port = FakeGPIOPort(chips: FakeChips.pi4)
    let cabinet = try GPIOCabinet(wiring: .recommended, consumer: "simond", port: port)
    defer { cabinet.close() }
    let (seen, continuation) = AsyncStream.makeStream(of: ([InputEdge], Bool).self)
    cabinet.deliver { edges in continuation.yield((edges, cabinet.thread.isCurrent)) }
    port.lines.push([RawEdge(line: green, rising: true, nanoseconds: 9)])
    var iterator = seen.makeAsyncIterator()
    let first = await iterator.next()
    #expect(first?.0 == [InputEdge(.green, pressed: true, at: MonotonicInstant(nanoseconds: 9))])
    #expect(first?.1 == true, "handed over on the thread that read it")
  }

  @Test func aLostLastBounceIsHandedOnFromTheLineLevel() async throws {
    let port = FakeGPIOPort(chips: FakeChips.pi4)
    let cabinet = try GPIOCabinet(wiring: .recommended, consumer: "simond", port: port)
    defer { cabinet.close() }
    let stream = cabinet.edges()
    // Pressed, bounced up, and the edge back down was lost: the line reads pressed.
    port.lines.setLevel(green, active: true)
    port.lines.push([
      RawEdge(line: green, rising: true, nanoseconds: 100),
      RawEdge(line: green, rising: false, nanoseconds: 200),
    ])
    let edges = await collect(stream, count: 3)
    #expect(edges.map(\.pressed) == [true, false, true])
    #expect(edges.map(\.input) == [.green, .green, .green])
    #expect(edges[2].at.nanoseconds > 200, "made when the level was read")
    #expect(port.lines.levelReads.first == green)
  }
}
