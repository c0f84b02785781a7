import SimonGame
import Testing

@testable import SimonGPIO

#if canImport(Glibc)
  import Glibc
#endif

/// The wiring guide and the built-in default must say the same.
@Suite struct WiringDocsTests {
  /// BCM line to physical pin on the 40-pin header.
  private static let headerPin: [Int: Int] = [
    2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 10: 19, 9: 21, 11: 23, 0: 27, 5: 29, 6: 31,
    13: 33, 19: 35, 26: 37, 14: 8, 15: 10, 18: 12, 23: 16, 24: 18, 25: 22, 8: 24, 7: 26,
    1: 28, 12: 32, 16: 36, 20: 38, 21: 40,
  ]

  private static func read(_ relative: String) throws -> String {
    let root = String(#filePath).split(separator: "/").dropLast(3).joined(separator: "/")
    let file = try #require(fopen("/\(root)/\(relative)", "r"))
    defer { fclose(file) }
    var text = ""
    var buffer = [CChar](repeating: 0, count: 4096)
    while fgets(&buffer, Int32(buffer.count), file) != nil {
      text += String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return text
  }

  /// The BCM number a recommended line stands for.
  private static func bcm(_ line: GPIOWiring.Line) -> Int? {
    switch line {
    case .name(let name): Int(name.dropFirst(4))
    case .offset(let offset, _): offset
    }
  }

  @Test func thePinTableIsTheRecommendedWiring() throws {
    var rows: [String: (bcm: Int, pin: Int)] = [:]
    for line in try Self.read("wiring/README.md").split(separator: "\n") {
      let cells = line.split(separator: "|").map { $0.trimmed }
      guard cells.count >= 4,
        ["pads.", "inputs.", "haptics."].contains(where: { cells[1].hasPrefix($0) })
      else {
        continue
      }
      rows[cells[1]] = (Int(cells[2].dropFirst(4)) ?? -1, Int(cells[3]) ?? -1)
    }
    var full = GPIOWiring.recommended
    full.controls = GPIOWiring.recommendedControls
    full.haptic = GPIOWiring.recommendedHaptic
    let wired = full.wiredLines
    #expect(Set(rows.keys) == Set(wired.map(\.key)))
    for line in wired {
      let row = try #require(rows[line.key])
      #expect(row.bcm == Self.bcm(line.line), "\(line.key)")
      #expect(row.pin == Self.headerPin[row.bcm], "\(line.key): pin \(row.pin)")
    }
  }

  @Test func theMinimalExampleIsTheBuiltInDefault() throws {
    var section = ""
    var lines: [String: String] = [:]
    for raw in try Self.read("wiring/examples/minimal.toml").split(separator: "\n") {
      let line = raw.split(separator: "#").first.map(String.init)?.trimmed ?? ""
      if line.hasPrefix("[") {
        section = String(line.dropFirst().dropLast())
      } else if let equals = line.firstIndex(of: "="), section.hasPrefix("pads.") {
        let key = line[..<equals].trimmed
        let value = line[line.index(after: equals)...].trimmed
        lines["\(section).\(key)"] = String(value.dropFirst().dropLast())
      }
    }
    let expected = GPIOWiring.recommended.wiredLines.map { ($0.key, $0.line.description) }
    #expect(lines == Dictionary(uniqueKeysWithValues: expected))
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces.
  fileprivate var trimmed: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
