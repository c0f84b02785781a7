/// The form two names share when people would read them as the same: compatibility
/// forms folded (full-width letters and digits, ligatures, mathematical letters, digits
/// of other scripts), letters that look Latin mapped to it (Cyrillic and Greek
/// lookalikes), "ß" as "ss", then lower case. Accents stay: "José" and "Jose" differ.
enum NameSkeleton {
  /// The skeleton of a name.
  static func of(_ name: String) -> String {
    var folded = ""
    for scalar in name.unicodeScalars {
      folded += fold(scalar)
    }
    return folded.lowercased()
  }

  private static func fold(_ scalar: Unicode.Scalar) -> String {
    let value = scalar.value
    switch value {
    case 0xFF01...0xFF5E:  // full-width ASCII
      return String(Unicode.Scalar(value - 0xFEE0)!)
    case 0x3000:  // ideographic space
      return " "
    case 0x1D400...0x1D6A3:  // mathematical letters: 52 per style, A-Z then a-z
      let index = (value - 0x1D400) % 52
      return String(Unicode.Scalar((index < 26 ? 0x41 : 0x61 - 26) + index)!)
    case 0x1D7CE...0x1D7FF:  // mathematical digits: 10 per style
      return String((value - 0x1D7CE) % 10)
    default:
      break
    }
    if let special = specials[value] { return special }
    if scalar.properties.numericType == .decimal, let digit = scalar.properties.numericValue,
      !(0x30...0x39).contains(value)
    {
      return String(Int(digit))
    }
    return String(scalar)
  }

  /// Ligatures, sharp s, and the Cyrillic and Greek letters that look like Latin ones.
  private static let specials: [UInt32: String] = {
    var table: [UInt32: String] = [
      0xDF: "ss", 0x1E9E: "ss", 0xFB00: "ff", 0xFB01: "fi", 0xFB02: "fl", 0xFB03: "ffi",
      0xFB04: "ffl", 0xFB05: "st", 0xFB06: "st", 0x131: "i", 0x261: "g",
    ]
    // Cyrillic, lower and upper case.
    let cyrillic: [(UInt32, String)] = [
      (0x430, "a"), (0x432, "b"), (0x435, "e"), (0x451, "e"), (0x43A, "k"), (0x43C, "m"),
      (0x43D, "h"), (0x43E, "o"), (0x440, "p"), (0x441, "c"), (0x442, "t"), (0x443, "y"),
      (0x445, "x"), (0x455, "s"), (0x456, "i"), (0x457, "i"), (0x458, "j"), (0x501, "d"),
      (0x51B, "q"), (0x51D, "w"), (0x4BB, "h"), (0x4CF, "l"),
      (0x410, "A"), (0x412, "B"), (0x415, "E"), (0x401, "E"), (0x41A, "K"), (0x41C, "M"),
      (0x41D, "H"), (0x41E, "O"), (0x420, "P"), (0x421, "C"), (0x422, "T"), (0x423, "Y"),
      (0x425, "X"), (0x405, "S"), (0x406, "I"), (0x407, "I"), (0x408, "J"), (0x4C0, "I"),
    ]
    // Greek, lower and upper case.
    let greek: [(UInt32, String)] = [
      (0x3B1, "a"), (0x3B5, "e"), (0x3B9, "i"), (0x3BA, "k"), (0x3BD, "v"), (0x3BF, "o"),
      (0x3C1, "p"), (0x3C4, "t"), (0x3C5, "u"), (0x3C7, "x"),
      (0x391, "A"), (0x392, "B"), (0x395, "E"), (0x396, "Z"), (0x397, "H"), (0x399, "I"),
      (0x39A, "K"), (0x39C, "M"), (0x39D, "N"), (0x39F, "O"), (0x3A1, "P"), (0x3A4, "T"),
      (0x3A5, "Y"), (0x3A7, "X"),
    ]
    for (scalar, latin) in cyrillic + greek { table[scalar] = latin }
    return table
  }()
}
