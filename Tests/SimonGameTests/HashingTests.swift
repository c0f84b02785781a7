import Testing

@testable import SimonGame

@Suite("Inputs and pads as keys")
struct HashingTests {
  /// Each case hashes apart from every other (a 64-bit collision by chance is about
  /// 1 in 10^17), and finds itself as a key.
  @Test func everyInputIsItsOwnKey() {
    let names = Dictionary(uniqueKeysWithValues: Input.allCases.map { ($0, $0.rawValue) })
    for input in Input.allCases { #expect(names[input] == input.rawValue) }
    #expect(Set(Input.allCases.map(\.hashValue)).count == Input.allCases.count)
  }

  /// A table of inputs kept as an array (the debouncer's) has a slot for each, apart.
  @Test func everyInputsIndexIsItsPlaceInAllCases() {
    for (place, input) in Input.allCases.enumerated() { #expect(input.index == place) }
  }

  @Test func everyPadIsItsOwnKey() {
    let names = Dictionary(uniqueKeysWithValues: Pad.allCases.map { ($0, $0.rawValue) })
    for pad in Pad.allCases { #expect(names[pad] == pad.rawValue) }
    #expect(Set(Pad.allCases.map(\.hashValue)).count == Pad.allCases.count)
    #expect(Set(Pad.allCases.map { Input($0) }).count == Pad.allCases.count)
  }
}
