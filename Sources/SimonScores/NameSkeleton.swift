/// The form two names share when people would read them as the same: Unicode's own
/// lookalikes (UTS #39 skeletons, from the confusables data in `Confusables`: letters of
/// other scripts that look Latin, full-width and mathematical forms, ligatures), case
/// ignored, "ß" read as "ss" and other scripts' digits as their values. Accents stay:
/// "José" and "Jose" differ.
enum NameSkeleton {
  /// The skeleton of a name.
  ///
  /// Case and lookalikes disagree on a few letters ("I" looks like "l", but is "i" in
  /// lower case), so the skeleton is taken three times: as written, in upper case, then
  /// in lower case. "BILL", "bill" and "ВILL" (Cyrillic В) then share one.
  static func of(_ name: String) -> String {
    mapped(mapped(mapped(respelled(name)).uppercased()).lowercased())
  }

  /// The number of code points the table maps.
  static var tableCount: Int { table.count }

  /// `text` with the digits of every script as ASCII digits ("２" is "2").
  static func digits(_ text: some StringProtocol) -> String {
    respelled(String(text))
  }

  /// Each code point replaced by its skeleton where the table has one.
  private static func mapped(_ name: String) -> String {
    var result = ""
    for scalar in name.unicodeScalars {
      if let skeleton = table[scalar] {
        result += skeleton
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// "ß" as "ss" (a spelling, not a lookalike), and a digit of any script as the ASCII
  /// digit of its value (UTS #39 maps some to the letters they resemble instead).
  private static func respelled(_ name: String) -> String {
    var result = ""
    for scalar in name.unicodeScalars {
      let properties = scalar.properties
      if scalar == "\u{DF}" || scalar == "\u{1E9E}" {
        result += "ss"
      } else if !scalar.isASCII, properties.numericType == .decimal,
        let digit = properties.numericValue
      {
        result += String(Int(digit))
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `Confusables.lines`, read once.
  private static let table: [Unicode.Scalar: String] = {
    var table: [Unicode.Scalar: String] = [:]
    for line in Confusables.lines.split(separator: "\n") {
      let fields = line.split(separator: ":")
      guard fields.count == 2, let source = scalar(fields[0]) else { continue }
      var skeleton = ""
      for code in fields[1].split(separator: " ") {
        guard let target = scalar(code) else { continue }
        skeleton.unicodeScalars.append(target)
      }
      table[source] = skeleton
    }
    return table
  }()

  private static func scalar(_ hex: Substring) -> Unicode.Scalar? {
    UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init)
  }
}
