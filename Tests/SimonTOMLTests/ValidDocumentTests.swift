import SimonTOML
import Testing

@Suite("Valid TOML: the document, comments and keys")
struct DocumentAndKeyTests {
  @Test(arguments: ["", "\n\n", "   \t\n", "# only a comment", "# one\n\n  # two\n", "\r\n\r\n"])
  func anEmptyDocumentIsAnEmptyTable(_ text: String) throws {
    #expect(try plain(text) == [:])
  }

  @Test func commentsEndLinesAnywhereButInStrings() throws {
    let text = """
      # a comment line, with \ttab and ünïcödé
      a = 1 # after a value
      b = "# not a comment" # but this is
      [t] # after a header
      c = 'x#y'#touching
      """
    #expect(try plain(text) == ["a": 1, "b": "# not a comment", "t": ["c": "x#y"]])
  }

  @Test func lineEndingsMayBeCRLFAndTheLastNewlineIsOptional() throws {
    #expect(try plain("a = 1\r\nb = 2\r\n[t]\r\nc = 3") == ["a": 1, "b": 2, "t": ["c": 3]])
  }

  @Test func aByteOrderMarkAtTheStartIsSkipped() throws {
    #expect(try plain("\u{FEFF}a = 1\n") == ["a": 1])
  }

  @Test func whitespaceAroundKeysAndValuesIsIgnored() throws {
    #expect(try plain("  \ta\t =  \t1 \t\n") == ["a": 1])
  }

  @Test func bareKeysTakeLettersDigitsDashesAndUnderscores() throws {
    let text = """
      key = 1
      bare_key = 2
      bare-key = 3
      1234 = 4
      -_- = 5
      true = 6
      inf = 7
      ABC = 8
      """
    #expect(
      try plain(text) == [
        "key": 1, "bare_key": 2, "bare-key": 3, "1234": 4, "-_-": 5, "true": 6, "inf": 7,
        "ABC": 8,
      ])
  }

  @Test func quotedKeysTakeAnyText() throws {
    let text = #"""
      "127.0.0.1" = "a"
      "character encoding" = "b"
      "ʎǝʞ" = "c"
      'key2' = "d"
      'quoted "value"' = "e"
      "tab\there" = "f"
      "\u0041\"" = "g"
      "" = "h"
      """#
    #expect(
      try plain(text) == [
        "127.0.0.1": "a", "character encoding": "b", "ʎǝʞ": "c", "key2": "d",
        "quoted \"value\"": "e", "tab\there": "f", "A\"": "g", "": "h",
      ])
  }

  @Test func aBareAndAQuotedKeyOfTheSameNameAreOneKey() {
    #expect(failure("a = 1\n\"a\" = 2")?.message == #"key "a" is already defined at line 1"#)
    #expect(failure("'' = 1\n\"\" = 2")?.message == #"key '""' is already defined at line 1"#)
  }

  @Test func dottedKeysMakeTables() throws {
    let text = """
      name = "Orange"
      physical.color = "orange"
      physical.shape = "round"
      site."google.com" = true
      a . b\t.c = 1
      3.14159 = "pi"
      """
    #expect(
      try plain(text) == [
        "name": "Orange",
        "physical": ["color": "orange", "shape": "round"],
        "site": ["google.com": true],
        "a": ["b": ["c": 1]],
        "3": ["14159": "pi"],
      ])
  }

  @Test func dottedKeysOfOneTableNeedNotBeTogether() throws {
    let text = """
      apple.type = "fruit"
      orange.type = "fruit"
      apple.skin = "thin"
      orange.skin = "thick"
      """
    #expect(
      try plain(text) == [
        "apple": ["type": "fruit", "skin": "thin"],
        "orange": ["type": "fruit", "skin": "thick"],
      ])
  }

  @Test func keyPartsMayBeEmptyQuotedKeys() throws {
    let text = """
      ''.x = "empty.x"
      x."" = "x.empty"
      [a]
      "".'' = "empty.empty"
      """
    #expect(
      try plain(text) == [
        "": ["x": "empty.x"], "x": ["": "x.empty"], "a": ["": ["": "empty.empty"]],
      ])
  }

  @Test func keysMayLookLikeOtherValues() throws {
    let text = "2001-02-08 = 1\n1.2 = 2\nfalse = 3\n[nan]\n[true.inf]"
    #expect(
      try plain(text) == [
        "2001-02-08": 1, "1": ["2": 2], "false": 3, "nan": [:], "true": ["inf": [:]],
      ])
  }

  @Test func commentsInTrickyPlaces() throws {
    let text = ####"""
      [section]#attached comment
      #[notsection]
      one = "11"#cmt
      two = "22#"
      three = '#'

      four = """# no comment
      # nor this
      #also not comment"""#is_comment

      five = 5.5#66
      six = 6#7
      8 = "eight"
      #nine = 99
      ten = 10e2#1
      eleven = 1.11e1#23

      ["hash#tag"]
      "#!" = "hash bang"
      arr3 = [ "#", '#', """###""" ]
      arr4 = [ 1,# 9, 9,
      2#,9
      ,#9
      3#]
      ,4]
      arr5 = [[[[#["#"],
      ["#"]]]]#]
      ]
      tbl1 = { "#" = '}#'}#}}
      """####
    #expect(
      try plain(text) == [
        "section": [
          "one": "11", "two": "22#", "three": "#",
          "four": "# no comment\n# nor this\n#also not comment", "five": 5.5, "six": 6,
          "8": "eight", "ten": 1000.0, "eleven": 11.1,
        ],
        "hash#tag": [
          "#!": "hash bang", "arr3": ["#", "#", "###"], "arr4": [1, 2, 3, 4],
          "arr5": [[[[["#"]]]]], "tbl1": ["#": "}#"],
        ],
      ])
  }

  @Test func keysKeepTheOrderTheyWereDefinedIn() throws {
    let table = try TOMLTable(parsing: "z = 1\na = 2\n[m]\n[b]\nk.y = 3\nk.x = 4")
    #expect(table.keys == ["z", "a", "m", "b"])
    #expect(table["b"]?.table?["k"]?.table?.keys == ["y", "x"])
  }
}

@Suite("Valid TOML: strings")
struct StringTests {
  @Test func basicStringsResolveEveryEscape() throws {
    let text = #"a = "b\bt\tn\nf\fr\rq\"s\\u\u00E9U\U0001F600 tab\#té""#
    #expect(try plain(text) == ["a": "b\u{8}t\tn\nf\u{C}r\rq\"s\\u\u{E9}U\u{1F600} tab\té"])
  }

  @Test func unicodeEscapesTakeEitherCase() throws {
    #expect(try plain(#"a = "\u00e9\u00E9\U0010ffff""#) == ["a": "éé\u{10FFFF}"])
  }

  @Test func literalStringsTakeBackslashesAndQuotesAsTheyAre() throws {
    let text = #"""
      winpath = 'C:\Users\nodejs\templates'
      quoted = 'Tom "Dubs" Preston-Werner'
      regex = '<\i\c*\s*>'
      tab = '\#t'
      empty = ''
      """#
    #expect(
      try plain(text) == [
        "winpath": #"C:\Users\nodejs\templates"#, "quoted": #"Tom "Dubs" Preston-Werner"#,
        "regex": #"<\i\c*\s*>"#, "tab": "\t", "empty": "",
      ])
  }

  @Test func multiLineBasicStringsTrimTheFirstNewline() throws {
    let text = #"""
      a = """
      Roses are red
      Violets are blue"""
      b = """one line"""
      c = """
      """
      d = """\u0041\tB"""
      """#
    #expect(
      try plain(text) == [
        "a": "Roses are red\nViolets are blue", "b": "one line", "c": "", "d": "A\tB",
      ])
  }

  @Test func aLineEndingBackslashTrimsTheWhitespaceAfterIt() throws {
    let text =
      "a = \"\"\"\nThe quick brown \\\n\n\n  fox jumps over \\\n    the lazy dog.\"\"\"\n"
      + "b = \"\"\"\\\n       The quick brown \\   \t\n       fox.\\\n       \"\"\"\n"
      + "c = \"\"\"x\\\r\n  y\"\"\"\n"
    #expect(
      try plain(text) == [
        "a": "The quick brown fox jumps over the lazy dog.", "b": "The quick brown fox.",
        "c": "xy",
      ])
  }

  @Test func multiLineStringsHoldUpToTwoQuotesInARow() throws {
    let text = #"""
      a = """Here are two quotation marks: "". Simple enough."""
      b = """Here are three quotation marks: ""\"."""
      c = """"This," she said, "is just a pointless statement.""""
      d = """ends in one quote""""
      e = """ends in two quotes"""""
      f = ''''That,' she said, 'is still pointless.''''
      g = '''Here are fifteen quotation marks: """""""""""""""'''
      h = ''''''
      i = """"""
      """#
    #expect(
      try plain(text) == [
        "a": #"Here are two quotation marks: "". Simple enough."#,
        "b": #"Here are three quotation marks: """."#,
        "c": #""This," she said, "is just a pointless statement.""#,
        "d": #"ends in one quote""#, "e": #"ends in two quotes"""#,
        "f": "'That,' she said, 'is still pointless.'",
        "g": #"Here are fifteen quotation marks: """"""""""""""""#, "h": "", "i": "",
      ])
  }

  @Test func multiLineLiteralStringsKeepEverythingButTheFirstNewline() throws {
    let text = #"""
      lines = '''
      The first newline is
      trimmed in raw strings.
         All other whitespace
         is preserved \n \
      '''
      """#
    #expect(
      try plain(text) == [
        "lines":
          "The first newline is\ntrimmed in raw strings.\n   All other whitespace\n   is preserved \\n \\\n"
      ])
  }

  @Test func newlinesInMultiLineStringsComeOutAsLineFeeds() throws {
    #expect(
      try plain("a = \"\"\"\r\nx\r\ny\"\"\"\r\nb = '''\r\nx\r\n'''") == ["a": "x\ny", "b": "x\n"])
  }
}

@Suite("Valid TOML: integers, floats and booleans")
struct NumberTests {
  @Test(
    arguments: [
      ("99", 99), ("+99", 99), ("42", 42), ("0", 0), ("-17", -17), ("+0", 0), ("-0", 0),
      ("1_000", 1000), ("5_349_221", 5_349_221), ("53_49_221", 5_349_221), ("1_2_3_4_5", 12345),
      ("0xDEADBEEF", 0xDEAD_BEEF), ("0xdeadbeef", 0xDEAD_BEEF), ("0xdead_beef", 0xDEAD_BEEF),
      ("0x00ff", 255), ("0o01234567", 0o01234567), ("0o755", 0o755), ("0b11010110", 0b11010110),
      ("0b1_0", 2), ("0x0", 0), ("0o0", 0), ("0b0", 0),
      ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
      ("0x7FFFFFFFFFFFFFFF", Int.max), ("0o777777777777777777777", Int.max),
    ])
  func integers(_ written: String, _ value: Int) throws {
    #expect(try plain("a = \(written)") == ["a": .integer(value)])
  }

  @Test(
    arguments: [
      ("+1.0", 1.0), ("3.1415", 3.1415), ("-0.01", -0.01), ("5e+22", 5e22), ("1e06", 1e6),
      ("-2E-2", -0.02), ("6.626e-34", 6.626e-34), ("224_617.445_991_228", 224_617.445_991_228),
      ("0.0", 0), ("+0.0", 0), ("0e0", 0), ("1e1_0", 1e10), ("3e-0", 3), ("0.1_2", 0.12),
      ("1.5E+3", 1500), ("inf", .infinity), ("+inf", .infinity), ("-inf", -.infinity),
    ])
  func floats(_ written: String, _ value: Double) throws {
    #expect(try plain("a = \(written)") == ["a": .float(value)])
  }

  @Test func minusZeroKeepsItsSign() throws {
    let value = try TOMLTable(parsing: "a = -0.0")["a"]?.float
    #expect(value == 0 && value?.sign == .minus)
  }

  @Test(arguments: ["nan", "+nan", "-nan"])
  func notANumber(_ written: String) throws {
    #expect(try TOMLTable(parsing: "a = \(written)")["a"]?.float?.isNaN == true)
  }

  @Test func booleans() throws {
    #expect(try plain("t = true\nf = false") == ["t": true, "f": false])
  }

  @Test func anIntegerIsNotAFloat() throws {
    let table = try TOMLTable(parsing: "i = 1\nf = 1.0")
    #expect(table["i"]?.integer == 1 && table["i"]?.float == nil)
    #expect(table["f"]?.float == 1 && table["f"]?.integer == nil)
  }
}

@Suite("Valid TOML: dates and times")
struct DateTimeTests {
  @Test(
    arguments: [
      "1979-05-27T07:32:00Z", "1979-05-27T00:32:00-07:00", "1979-05-27T00:32:00.999999-07:00",
      "1979-05-27 07:32:00Z", "1979-05-27t07:32:00z", "1987-07-05T17:45:00+12:00",
      "1979-05-27T07:32:00", "1979-05-27T00:32:00.999999", "1979-05-27 07:32:00",
      "1979-05-27", "2000-02-29", "2024-02-29", "1979-12-31", "07:32:00", "00:32:00.999999",
      "23:59:59", "1990-12-31T23:59:60Z",
    ])
  func areKeptAsWritten(_ written: String) throws {
    #expect(try plain("a = \(written)") == ["a": .dateTime(written)])
  }

  @Test func aDateWithASpaceAndNoTimeIsADate() throws {
    #expect(try plain("a = 1979-05-27 # a comment") == ["a": .dateTime("1979-05-27")])
    #expect(
      try plain("a = [1979-05-27 , 07:32:00]") == [
        "a": [.dateTime("1979-05-27"), .dateTime("07:32:00")]
      ])
  }
}

@Suite("Valid TOML: arrays and inline tables")
struct ArrayAndInlineTableTests {
  @Test func arraysHoldAnyValuesMixed() throws {
    let text = #"""
      integers = [ 1, 2, 3 ]
      colors = [ "red", "yellow", "green" ]
      nested_arrays_of_ints = [ [ 1, 2 ], [3, 4, 5] ]
      nested_mixed_array = [ [ 1, 2 ], ["a", "b", "c"] ]
      string_array = [ "all", 'strings', """are the same""", '''type''' ]
      numbers = [ 0.1, 0.2, 0.5, 1, 2, 5 ]
      contributors = [
        "Foo Bar <foo@example.com>",
        { name = "Baz Qux", email = "bazqux@example.com" }
      ]
      dates = [1979-05-27, 07:32:00, true]
      """#
    #expect(
      try plain(text) == [
        "integers": [1, 2, 3],
        "colors": ["red", "yellow", "green"],
        "nested_arrays_of_ints": [[1, 2], [3, 4, 5]],
        "nested_mixed_array": [[1, 2], ["a", "b", "c"]],
        "string_array": ["all", "strings", "are the same", "type"],
        "numbers": [0.1, 0.2, 0.5, 1, 2, 5],
        "contributors": [
          "Foo Bar <foo@example.com>", ["name": "Baz Qux", "email": "bazqux@example.com"],
        ],
        "dates": [.dateTime("1979-05-27"), .dateTime("07:32:00"), true],
      ])
  }

  @Test func arraysSpanLinesWithCommentsAndATrailingComma() throws {
    let text = """
      a = [
        1, # one
        # a line of its own
        2
        ,
        3,
      ]
      b = [ # before anything
      ]
      c = [
      ]
      d = []
      e = [[], [[]]]
      f = [1,2,]
      g = [ "x" , "y" , ]
      """
    #expect(
      try plain(text) == [
        "a": [1, 2, 3], "b": [], "c": [], "d": [], "e": [[], [[]]], "f": [1, 2],
        "g": ["x", "y"],
      ])
  }

  @Test func inlineTables() throws {
    let text = """
      name = { first = "Tom", last = "Preston-Werner" }
      point = {x=1,y=2}
      animal = { type.name = "pug", type.size = 1 }
      empty = {}
      spaced = {   }
      nested = { a = { b = { c = 1 } } }
      list = [ { x = 1 }, { x = 2, y = [ 1,
        2 ] } ]
      "quoted key" = { "a b" = 1, 'c' = 2 }
      """
    #expect(
      try plain(text) == [
        "name": ["first": "Tom", "last": "Preston-Werner"],
        "point": ["x": 1, "y": 2],
        "animal": ["type": ["name": "pug", "size": 1]],
        "empty": [:],
        "spaced": [:],
        "nested": ["a": ["b": ["c": 1]]],
        "list": [["x": 1], ["x": 2, "y": [1, 2]]],
        "quoted key": ["a b": 1, "c": 2],
      ])
  }

  @Test func anInlineTableMayHoldAMultiLineString() throws {
    #expect(try plain("a = { b = \"\"\"\nx\ny\"\"\", c = 1 }") == ["a": ["b": "x\ny", "c": 1]])
  }
}

@Suite("Valid TOML: tables and arrays of tables")
struct TableTests {
  @Test func headersStartTables() throws {
    let text = """
      top = 0
      [table-1]
      key1 = "some string"
      key2 = 123

      [table-2]
      key1 = "another string"
      key2 = 456

      [dog."tater.man"]
      type.name = "pug"
      [ a . b ]
      [\tj . "ʞ" . 'l'\t]
      [empty]
      """
    #expect(
      try plain(text) == [
        "top": 0,
        "table-1": ["key1": "some string", "key2": 123],
        "table-2": ["key1": "another string", "key2": 456],
        "dog": ["tater.man": ["type": ["name": "pug"]]],
        "a": ["b": [:]],
        "j": ["ʞ": ["l": [:]]],
        "empty": [:],
      ])
  }

  @Test func aTableMadeOnTheWayMayBeDefinedLater() throws {
    let text = """
      [x.y.z.w]
      a = 1
      [x]
      b = 2
      [x.y.other]
      """
    #expect(try plain(text) == ["x": ["b": 2, "y": ["z": ["w": ["a": 1]], "other": [:]]]])
  }

  @Test func aHeaderMayDefineASubTableOfATableOfDottedKeys() throws {
    let text = """
      [fruit]
      apple.color = "red"
      apple.taste.sweet = true
      [fruit.apple.texture]
      smooth = true
      """
    #expect(
      try plain(text) == [
        "fruit": [
          "apple": ["color": "red", "taste": ["sweet": true], "texture": ["smooth": true]]
        ]
      ])
  }

  @Test func arraysOfTables() throws {
    let text = """
      [[products]]
      name = "Hammer"
      sku = 738594937

      [[products]]  # empty table within the array

      [[products]]
      name = "Nail"
      sku = 284758393
      color = "gray"
      """
    #expect(
      try plain(text) == [
        "products": [
          ["name": "Hammer", "sku": 738_594_937], [:],
          ["name": "Nail", "sku": 284_758_393, "color": "gray"],
        ]
      ])
  }

  @Test func arraysOfTablesNestAndTakeSubTables() throws {
    let text = """
      [[fruits]]
      name = "apple"

      [fruits.physical]  # subtable
      color = "red"
      shape = "round"

      [[fruits.varieties]]  # nested array of tables
      name = "red delicious"

      [[fruits.varieties]]
      name = "granny smith"

      [[fruits]]
      name = "banana"
      kind.of = "berry"

      [[fruits.varieties]]
      name = "plantain"
      """
    #expect(
      try plain(text) == [
        "fruits": [
          [
            "name": "apple", "physical": ["color": "red", "shape": "round"],
            "varieties": [["name": "red delicious"], ["name": "granny smith"]],
          ],
          ["name": "banana", "kind": ["of": "berry"], "varieties": [["name": "plantain"]]],
        ]
      ])
  }

  @Test func anArrayOfTablesMayBeUnderATableDefinedAfterIt() throws {
    let text = """
      [[a.b]]
      x = 1
      [a]
      y = 2
      [[ a.b ]]
      x = 3
      """
    #expect(try plain(text) == ["a": ["y": 2, "b": [["x": 1], ["x": 3]]]])
  }

  @Test func theAccessorsGiveOnlyTheirOwnType() throws {
    let table = try TOMLTable(parsing: "s = 'x'\nb = true\nd = 07:32:00\na = [1]\nt = {}")
    #expect(table["s"]?.string == "x" && table["s"]?.bool == nil)
    #expect(table["b"]?.bool == true && table["b"]?.string == nil)
    #expect(table["d"]?.dateTime == "07:32:00" && table["d"]?.string == nil)
    #expect(table["a"]?.array?.first?.integer == 1 && table["a"]?.table == nil)
    #expect(table["t"]?.table?.isEmpty == true && table["t"]?.array == nil)
    #expect(table["missing"] == nil)
    #expect(table.count == 5)
  }
}
