import Testing

@testable import SimonScores

@Suite struct NameRuleTests {
  @Test(arguments: [
    "A", "Alice", "Zoë", "O'Brien", "Mary-Jane", "j.r_r", "Anna Lena", "1234567890123456",
    "Ümit", "\u{0041}\u{0301}bc", "李小龍", "Player1", "Players", "player x",
  ])
  func acceptsGoodNames(_ name: String) {
    #expect(PlayerName.brokenRule(name) == nil)
  }

  @Test(arguments: [
    ("", NameRule.length),
    ("12345678901234567", .length),
    ("   ", .notBlank),
    (" Alice", .noOuterSpaces),
    ("Alice ", .noOuterSpaces),
    ("Al\u{1B}[31mice", .characters),
    ("Al\nice", .characters),
    ("Al\tice", .characters),
    ("Al\u{7F}ice", .characters),
    ("Al\u{202E}ice", .characters),
    ("Al\u{200B}ice", .characters),
    ("<script>", .characters),
    ("Alice!", .characters),
    ("a@b", .characters),
    ("\u{0301}abc", .characters),
    ("e\u{0301}\u{0301}\u{0301}\u{0301}", .characters),
    ("Player", .notReserved),
    ("player", .notReserved),
    ("Player 3", .notReserved),
  ])
  func refusesBadNamesNamingTheRule(_ name: String, _ rule: NameRule) {
    #expect(PlayerName.brokenRule(name) == rule)
  }

  /// Letters that show nothing: a name of them looks blank, and added to another name it
  /// makes a second player who reads the same.
  @Test(arguments: [
    "\u{3164}", "Bob\u{3164}", "\u{3164}Bob", "Bob\u{115F}", "Bo\u{1160}b",
    "Bob\u{FFA0}", "Bob\u{034F}", "B\u{034F}ob",
  ])
  func invisibleLettersAreRefused(_ name: String) {
    #expect(PlayerName.brokenRule(name) == .visible)
  }

  @Test func namesStoredWithInvisibleLettersStillRead() {
    #expect(PlayerName.brokenRule("Bob\u{3164}", asNew: false) == nil)
    #expect(PlayerName.brokenRule("\u{3164}", asNew: false) == nil)
  }

  @Test func everyRuleSaysWhatItIs() {
    #expect(
      NameRule.characters.description == "a name has only letters, digits, spaces and - _ . '")
    #expect(NameRule.visible.description == "a name has no invisible characters")
    #expect(NameRule.notBlank.description == "a name is never blank")
    #expect(NameRule.noOuterSpaces.description == "a name does not start or end with a space")
    #expect(NameRule.length.description == "a name is 1 to 16 characters long")
    #expect(
      NameRule.notReserved.description
        == "\"Player\" and \"Player N\" are kept for players without a name")
    #expect(
      NameRule.unique.description == "names are unique, ignoring case and letters that look alike")
  }

  @Test func sixteenCharactersCountAsPeopleSeeThem() {
    let accented = String(repeating: "e\u{0301}", count: 16)
    #expect(PlayerName.brokenRule(accented) == nil)
    #expect(PlayerName.brokenRule(accented + "e") == .length)
  }

  @Test func comparesIgnoringCaseAndNormalization() {
    #expect(PlayerName.same("ALICE", "alice"))
    #expect(PlayerName.same("Zoë", "ZOE\u{0308}"))
    #expect(!PlayerName.same("Alice", "Alicia"))
  }

  /// Once accepted as different players: names that read the same.
  @Test(arguments: [
    ("Alice", "ＡＬＩＣＥ"),  // full-width
    ("Bob", "Воb"),  // Cyrillic В and о
    ("Pia", "Ρia"),  // Greek capital rho
    ("Strasse", "STRAẞE"),  // capital sharp s
    ("Strasse", "straße"),
    ("Leo7", "Leo７"),  // full-width digit
    ("Leo7", "Leo٧"),  // Arabic-Indic digit
    ("Efi", "Eﬁ"),  // ligature
    ("Max", "𝐌𝐚𝐱"),  // mathematical bold
    ("Ann", "Ꭺnn"),  // Cherokee
    ("Ann", "ꓮnn"),  // Lisu
    ("Ann", "ᗅnn"),  // Canadian syllabics
    ("Otto", "Օtto"),  // Armenian
    ("Otto", "Ⲟtto"),  // Coptic
    ("BILL", "bill"),  // case, though "I" looks like "l"
    ("Bill", "ВILL"),  // Cyrillic В, upper case
    ("Jörg", "Jо\u{308}rg"),  // Cyrillic о with a combining diaeresis
    ("Jörg", "Jӧrg"),  // precomposed Cyrillic ӧ
  ])
  func namesThatReadTheSameAreTheSame(_ first: String, _ second: String) {
    #expect(PlayerName.same(first, second))
  }

  /// Every letter Unicode's confusables data maps, in every script it covers: a name
  /// with it reads the same as one with what it looks like.
  @Test func everyLookalikeInTheTableIsTheSameName() {
    #expect(NameSkeleton.tableCount == Confusables.lines.split(separator: "\n").count)
    var scripts: Set<Substring> = []
    for line in Confusables.lines.split(separator: "\n") {
      let fields = line.split(separator: ":")
      let source = Unicode.Scalar(UInt32(fields[0], radix: 16) ?? 0) ?? " "
      guard source.properties.generalCategory != .nonspacingMark else { continue }
      var target = ""
      for code in fields[1].split(separator: " ") {
        target.unicodeScalars.append(Unicode.Scalar(UInt32(code, radix: 16) ?? 0) ?? " ")
      }
      let name = "Xa" + String(source) + "z"
      #expect(PlayerName.same(name, "Xa" + target + "z"), "\(source.properties.name ?? "?")")
      scripts.insert(source.properties.name?.split(separator: " ").first ?? "?")
    }
    #expect(scripts.isSuperset(of: ["LATIN", "GREEK", "CYRILLIC", "CHEROKEE", "LISU", "ARMENIAN"]))
  }

  @Test func accentsStillMakeADifferentName() {
    #expect(!PlayerName.same("José", "Jose"))
    #expect(!PlayerName.same("Zoë", "Zoe"))
  }

  @Test func aReservedNameInDisguiseIsReserved() {
    #expect(PlayerName.brokenRule("Ρlayer") == .notReserved)  // Greek rho
    #expect(PlayerName.brokenRule("Player ２") == .notReserved)  // full-width 2
    #expect(PlayerName.brokenRule("PLAYER") == .notReserved)
  }

  @Test func quotingEscapesWhatATerminalWouldObey() {
    #expect(PlayerName.quoted("Al\u{1B}[2Jice") == "'Al\\u{1B}[2Jice'")
    #expect(PlayerName.quoted("a\u{202E}b") == "'a\\u{202E}b'")
    #expect(PlayerName.quoted("Zoë") == "'Zoë'")
    #expect(PlayerName.quoted("Bob\u{3164}") == "'Bob\\u{3164}'")
  }
}
