import Testing

@testable import SimonGPIO

@Suite("Lines as keys")
struct LineIDTests {
  @Test func linesAtOneOffsetOnTwoChipsAreTwoKeys() {
    let first = LineID(chip: "/dev/gpiochip0", offset: 17)
    let second = LineID(chip: "/dev/gpiochip1", offset: 17)
    let inputs = [first: "green", second: "red"]
    #expect(inputs.count == 2)
    #expect(inputs[first] == "green")
    #expect(inputs[second] == "red")
    #expect(inputs[LineID(chip: "/dev/gpiochip0", offset: 18)] == nil)
  }

  @Test func aLineIsFoundByAnEqualKey() {
    let wired = Set((0..<28).map { LineID(chip: "/dev/gpiochip0", offset: $0) })
    for offset in 0..<28 { #expect(wired.contains(LineID(chip: "/dev/gpiochip0", offset: offset))) }
    #expect(!wired.contains(LineID(chip: "/dev/gpiochip1", offset: 3)))
  }
}
