import SimonGame

/// Checking, comparing and safely printing player names.
public enum PlayerName {
  /// The name of a game nobody signed in to; `simonctl name-latest` renames such games.
  /// It is the name SimonGame's `Cabinet` gives a lone player without one.
  public static let unnamed = Cabinet.unnamedPlayer

  /// Whether a game's name is one given to nobody in particular: "Player", "Player N",
  /// or the unnamed coop "Team".
  public static func isUnnamed(_ name: String) -> Bool {
    if name == unnamed || name == Cabinet.defaultTeamName { return true }
    guard name.hasPrefix(unnamed + " ") else { return false }
    let number = name.dropFirst(unnamed.count + 1)
    return !number.isEmpty && number.allSatisfy(\.isASCII) && Int(number) != nil
  }

  /// The longest name, in characters.
  public static let maximumLength = 16

  /// The characters a name may have besides letters and digits.
  public static let punctuation = " -_.'"

  /// The characters a name is spelled with at the cabinet, with the pads and no keyboard,
  /// in the order up and down walk them: the capital letters A to Z, the digits, then
  /// `punctuation` (space first). Each follows the `characters` rule (the list is checked
  /// against it); small and accented letters need a keyboard.
  public static let padAlphabet: [Character] = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789" + punctuation
  ).filter { hasAllowedCharacters(String($0)) }

  /// The first rule `name` breaks, checked in the order of `NameRule.allCases` (the
  /// `unique` rule needs the other names and is the stores' to check); nil when it
  /// follows them all.
  /// - Parameter asNew: whether the rules only new names follow apply too: no invisible
  ///   characters, and "Player" in disguise (full-width, Greek rho, ...) counts as
  ///   reserved. False reads names stored before those rules, which stay readable.
  public static func brokenRule(_ name: String, asNew: Bool = true) -> NameRule? {
    if !name.unicodeScalars.isEmpty && !hasAllowedCharacters(name) { return .characters }
    if asNew && name.unicodeScalars.contains(where: \.properties.isDefaultIgnorableCodePoint) {
      return .visible
    }
    if !name.isEmpty && name.allSatisfy({ $0 == " " }) { return .notBlank }
    if name.first == " " || name.last == " " { return .noOuterSpaces }
    if name.isEmpty || name.count > maximumLength { return .length }
    if isReserved(name, foldingLookalikes: asNew) { return .notReserved }
    return nil
  }

  /// True when people would read two names as the same: ignoring case and what Unicode
  /// lists as looking alike (UTS #39 confusables: letters of other scripts that look
  /// Latin, full-width and mathematical forms, ligatures), "ß" as "ss" (`NameSkeleton`).
  public static func same(_ first: String, _ second: String) -> Bool {
    NameSkeleton.of(first) == NameSkeleton.of(second)
  }

  /// The name in single quotes, with every character that is not printable (control,
  /// format, private use, unassigned, invisible) written as `\u{...}`, so a hostile name
  /// cannot drive the terminal it is printed on nor hide in it.
  public static func quoted(_ name: String) -> String {
    "'" + printable(name) + "'"
  }

  /// The name with every character that is not printable written as `\u{...}`.
  public static func printable(_ name: String) -> String {
    var text = ""
    for scalar in name.unicodeScalars {
      if isPrintable(scalar) {
        text.unicodeScalars.append(scalar)
      } else {
        text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return text
  }

  private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .privateUse, .unassigned, .surrogate, .lineSeparator,
      .paragraphSeparator:
      false
    default:
      !scalar.properties.isDefaultIgnorableCodePoint
    }
  }

  /// Letters may carry up to this many accents (combining marks) each; more are refused.
  private static let maximumMarks = 3

  private static func hasAllowedCharacters(_ name: String) -> Bool {
    var marksAllowed = 0
    for scalar in name.unicodeScalars {
      switch scalar.properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
        marksAllowed = maximumMarks
      case .nonspacingMark, .spacingMark:
        if marksAllowed == 0 { return false }
        marksAllowed -= 1
      case .decimalNumber:
        marksAllowed = 0
      default:
        guard punctuation.unicodeScalars.contains(scalar) else { return false }
        marksAllowed = 0
      }
    }
    return true
  }

  /// "Player", or "Player" and a number after a space; with `foldingLookalikes`, also
  /// anything that reads the same (`NameSkeleton`, digits of any script).
  private static func isReserved(_ name: String, foldingLookalikes: Bool) -> Bool {
    func isPlayer(_ word: some StringProtocol) -> Bool {
      foldingLookalikes
        ? NameSkeleton.of(String(word)) == NameSkeleton.of(unnamed)
        : word.lowercased() == unnamed.lowercased()
    }
    if isPlayer(name) { return true }
    guard let space = name.lastIndex(of: " ") else { return false }
    let after = name[name.index(after: space)...]
    let number = foldingLookalikes ? NameSkeleton.digits(after) : String(after)
    return isPlayer(name[..<space]) && !number.isEmpty
      && number.allSatisfy { $0.isASCII && $0.isNumber }
  }
}
