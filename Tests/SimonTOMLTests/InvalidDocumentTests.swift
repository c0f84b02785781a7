import SimonTOML
import Testing

@Suite("Invalid TOML: where and why")
struct InvalidDocumentTests {
  static let escapes = #"the escapes are \b \t \n \f \r \" \\ \uXXXX and \UXXXXXXXX"#

  @Test func theErrorReadsLineColumnAndMessage() {
    let error = failure("[audio]\nvolume = 1\nbalance =\n")
    #expect(error?.description == #"line 3, column 10: expected a value after "=""#)
  }

  @Test(
    arguments: [
      Invalid("= 1", 1, 1, #"expected a key, found "=""#),
      Invalid("a", 1, 2, #"expected "=" after the key"#),
      Invalid("a\n= 1", 1, 2, #"expected "=" after the key"#),
      Invalid("a 1", 1, 3, #"expected "=" after the key, found "1""#),
      Invalid("a = 1 b = 2", 1, 7, #"expected the end of the line after the value, found "b""#),
      Invalid("a = 'x' 'y'", 1, 9, #"expected the end of the line after the value, found "'""#),
      Invalid("a.  = 1", 1, 5, #"expected a key after ".", found "=""#),
      Invalid("a..b = 1", 1, 3, #"expected a key after ".", found ".""#),
      Invalid(".a = 1", 1, 1, #"expected a key, found ".""#),
      Invalid("\"\"\"a\"\"\" = 1", 1, 1, "a key cannot be a multi-line string"),
      Invalid("'''a''' = 1", 1, 1, "a key cannot be a multi-line string"),
      Invalid("ké = 1", 1, 2, #""é" cannot be in a bare key; put the key in quotes"#),
      Invalid("a$b = 1", 1, 2, #""$" cannot be in a bare key; put the key in quotes"#),
      Invalid("ʎ = 1", 1, 1, #"expected a key, found "ʎ""#),
      Invalid("a =", 1, 4, #"expected a value after "=""#),
      Invalid("a =\n1", 1, 4, #"expected a value after "=""#),
      Invalid("a = # no value", 1, 5, #"expected a value after "=", found a comment"#),
      Invalid("a = = 1", 1, 5, #"expected a value after "=", found "=""#),
      Invalid("a = \"ʎʎʎ\" b", 1, 11, #"expected the end of the line after the value, found "b""#),
    ])
  func keysAndLines(_ case: Invalid) {
    #expect(failure(`case`.text) == `case`.error)
  }

  @Test(
    arguments: [
      Invalid("[]", 1, 2, #"expected a table name, found "]""#),
      Invalid("[a", 1, 3, #"expected "]" to close the header"#),
      Invalid("[a b]", 1, 4, #"expected "]" to close the header, found "b""#),
      Invalid("[a.]", 1, 4, #"expected a key after ".", found "]""#),
      Invalid("[a]b = 1", 1, 4, #"expected the end of the line after the table header, found "b""#),
      Invalid("[a]]", 1, 4, #"expected the end of the line after the table header, found "]""#),
      Invalid("[[a]", 1, 4, #"expected "]]" to close the header, found "]""#),
      Invalid("[[a] ]", 1, 4, #"expected "]]" to close the header, found "]""#),
      Invalid("[ [a] ]", 1, 3, #"expected a table name, found "[""#),
      Invalid("[a\n]", 1, 3, #"expected "]" to close the header"#),
      Invalid("[a=1]", 1, 3, #"expected "]" to close the header, found "=""#),
    ])
  func headers(_ case: Invalid) {
    #expect(failure(`case`.text) == `case`.error)
  }

  @Test(
    arguments: [
      Invalid("a = 1\na = 2", 2, 1, #"key "a" is already defined at line 1"#),
      Invalid("a = 1\n'a' = 2", 2, 1, #"key "a" is already defined at line 1"#),
      Invalid("[t]\na.b = 1\n\na.b = 2", 4, 3, #"key "t.a.b" is already defined at line 2"#),
      Invalid("a = 1\na.b = 2", 2, 1, #"key "a" is already defined at line 1, not as a table"#),
      Invalid("a.b = 1\na = 2", 2, 1, #"key "a" is already defined at line 1"#),
      Invalid(
        "a = {b = 1}\na.c = 2", 2, 1,
        #"the inline table "a" of line 1 is complete; nothing can be added to it"#),
      Invalid(
        "a = [1]\na.b = 2", 2, 1,
        #"key "a" is an array defined at line 1; nothing can be added to it"#),
      Invalid("[a]\nb = 1\n[a]", 3, 2, #"table "a" is already defined at line 1"#),
      Invalid("[a]\n[a.b]\n[ a ]", 3, 3, #"table "a" is already defined at line 1"#),
      Invalid("[a.b]\n[a]\n[a.b]", 3, 4, #"table "a.b" is already defined at line 1"#),
      Invalid("a.b = 1\n[a]", 2, 2, #"table "a" is already defined by dotted keys at line 1"#),
      Invalid(
        "[fruit]\napple.color = \"red\"\n[fruit.apple]", 3, 8,
        #"table "fruit.apple" is already defined by dotted keys at line 2"#),
      Invalid(
        "[fruit]\napple.taste.sweet = true\n[fruit.apple.taste]", 3, 14,
        #"table "fruit.apple.taste" is already defined by dotted keys at line 2"#),
      Invalid(
        "[a.b.c]\nz = 9\n[a]\nb.c.t = 1", 4, 1,
        #"table "a.b" is made by the header at line 1; dotted keys cannot add to it"#),
      Invalid(
        "[a.b]\n[a]\nb.c = 1", 3, 1,
        #"table "a.b" is defined by a header at line 1; dotted keys cannot add to it"#),
      Invalid("[[a]]\n[a]", 2, 2, #""a" is already defined as an array of tables at line 1"#),
      Invalid(
        "[a]\n[[a]]", 2, 3,
        #"table "a" is already defined at line 1, so it cannot be an array of tables"#),
      Invalid(
        "a = []\n[[a]]", 2, 3,
        #"key "a" is already defined as an array at line 1; only an array made by [[a]] headers can take more tables"#
      ),
      Invalid(
        "[[albums.songs]]\nname = 'x'\n[[albums]]", 3, 3,
        #"table "albums" is made by the header at line 1, so it cannot be an array of tables"#),
      Invalid(
        "[[fruit]]\n[[fruit.variety]]\n[fruit.variety]", 3, 8,
        #""fruit.variety" is already defined as an array of tables at line 2"#),
      Invalid("a.b = 1\na = {}", 2, 1, #"key "a" is already defined at line 1"#),
      Invalid(
        "a = { b = 1, b.c = 2 }", 1, 14,
        #"key "a.b" is already defined at line 1, not as a table"#),
      Invalid(
        "t = { f = { a.c = 1 }, f.a.t = { s = true } }", 1, 24,
        #"the inline table "t.f" of line 1 is complete; nothing can be added to it"#),
      Invalid(
        "a = { n = {} }\n[[a.n]]", 2, 3,
        #"the inline table "a" of line 1 is complete; nothing can be added to it"#),
      Invalid(
        "a = [{}]\n[a.b]", 2, 2,
        #"key "a" is an array defined at line 1; nothing can be added to it"#),
      Invalid("a = {}\n[a]", 2, 2, #"table "a" is already defined as an inline table at line 1"#),
      Invalid("a = 1\n[a]", 2, 2, #"key "a" is already defined at line 1"#),
      Invalid("a = 1\n[a.b]", 2, 2, #"key "a" is already defined at line 1, not as a table"#),
      Invalid(
        "a = {}\n[a.b]", 2, 2,
        #"the inline table "a" of line 1 is complete; nothing can be added to it"#),
      Invalid(
        "a = { b = { c = 1 } }\n[a.b.d]", 2, 2,
        #"the inline table "a" of line 1 is complete; nothing can be added to it"#),
      Invalid(
        "[[a.b]]\n[a]\nb.y = 2", 3, 1,
        #""a.b" is an array of tables defined at line 1; dotted keys cannot add to it"#),
      Invalid("a = {b = 1, b = 2}", 1, 13, #"key "a.b" is already defined at line 1"#),
      Invalid("a = {b.c = 1, b = 2}", 1, 15, #"key "a.b" is already defined at line 1"#),
      Invalid(
        "a = {b = {}, b.c = 1}", 1, 14,
        #"the inline table "a.b" of line 1 is complete; nothing can be added to it"#),
      Invalid(
        #"[a]"# + "\n\"b c\".d = 1\n\"b c\".d = 2", 3, 7,
        #"key 'a."b c".d' is already defined at line 2"#),
    ])
  func definitions(_ case: Invalid) {
    #expect(failure(`case`.text) == `case`.error)
  }

  @Test(
    arguments: [
      Invalid("a = \"abc", 1, 9, "the string is not closed before the end of the file"),
      Invalid("a = \"abc\nb = 1", 1, 9, "the string is not closed before the end of the line"),
      Invalid("a = 'abc\nb = 1", 1, 9, "the string is not closed before the end of the line"),
      Invalid(#"a = "\x41""#, 1, 6, #""\x" is not a valid escape; \#(escapes)"#),
      Invalid(#"a = "\e""#, 1, 6, #""\e" is not a valid escape; \#(escapes)"#),
      Invalid(#"a = "\ ""#, 1, 6, #""\ " is not a valid escape; \#(escapes)"#),
      Invalid(
        "a = \"\\\tx\"", 1, 6,
        "a backslash before the control character U+0009 is not a valid escape; \(escapes)"),
      Invalid(#"a = "\u00""#, 1, 6, #"\u must be followed by 4 hexadecimal digits"#),
      Invalid(#"a = "\U0001F60""#, 1, 6, #"\U must be followed by 8 hexadecimal digits"#),
      Invalid(
        #"a = "\uD800""#, 1, 6,
        #""\uD800" is not a Unicode scalar value (surrogates D800 to DFFF and values above 10FFFF are not)"#
      ),
      Invalid(
        #"a = "\U00110000""#, 1, 6,
        #""\U00110000" is not a Unicode scalar value (surrogates D800 to DFFF and values above 10FFFF are not)"#
      ),
      Invalid(
        "a = \"a\u{1}b\"", 1, 7,
        #"the control character U+0001 must be escaped in a string, as \u0001"#),
      Invalid(
        "a = \"\u{7F}\"", 1, 6,
        #"the control character U+007F must be escaped in a string, as \u007F"#),
      Invalid(
        "a = 'a\u{7F}b'", 1, 7, "the control character U+007F is not allowed in a literal string"),
      Invalid(
        "a = '''a\u{0}'''", 1, 9, "the control character U+0000 is not allowed in a literal string"),
      Invalid(
        "a = \"a\\\nb\"", 1, 7,
        #"a backslash can end a line only in a multi-line string ("""...""")"#),
      Invalid(
        "a = \"\"\"abc\n\nb = 1", 3, 6, "the multi-line string that starts at line 1 is not closed"),
      Invalid("a = '''abc", 1, 11, "the multi-line string that starts at line 1 is not closed"),
      Invalid(
        "a = \"\"\"a\"\"\"\"\"\"", 1, 9,
        "a multi-line string cannot hold more than two quotes in a row"),
      Invalid(
        "a = '''a''''''", 1, 9, "a multi-line string cannot hold more than two apostrophes in a row"
      ),
      Invalid(
        #"a = """a""""b""""#, 1, 13, #"expected the end of the line after the value, found "b""#),
      Invalid(#"a = """\ x""""#, 1, 8, #""\ " is not a valid escape; \#(escapes)"#),
      Invalid("a = \"\"\"x\ry\"\"\"", 1, 9, "a carriage return must be followed by a line feed"),
      Invalid("a = \"x\ry\"", 1, 7, "the string is not closed before the end of the line"),
    ])
  func strings(_ case: Invalid) {
    #expect(failure(`case`.text) == `case`.error)
  }

  @Test(
    arguments: [
      Invalid("# a\u{0}", 1, 4, "the control character U+0000 is not allowed in a comment"),
      Invalid("a = 1 # \u{7F}", 1, 9, "the control character U+007F is not allowed in a comment"),
      Invalid(
        "# \u{1B}[2J\na = 1", 1, 3, "the control character U+001B is not allowed in a comment"),
      Invalid("a = 1\r b = 2", 1, 6, "a carriage return must be followed by a line feed"),
      Invalid("a = 1 # x\r", 1, 10, "a carriage return must be followed by a line feed"),
      Invalid("\ra = 1", 1, 1, "a carriage return must be followed by a line feed"),
      Invalid("a = [\r]", 1, 6, "a carriage return must be followed by a line feed"),
      Invalid("\u{0}", 1, 1, "expected a key, found the control character U+0000"),
    ])
  func commentsAndControlCharacters(_ case: Invalid) {
    #expect(failure(`case`.text) == `case`.error)
  }

  @Test(
    arguments: [
      Invalid("a = 01", 1, 5, #""01" is not a valid number: leading zeros are not allowed"#),
      Invalid("a = -01", 1, 5, #""-01" is not a valid number: leading zeros are not allowed"#),
      Invalid("a = 0_1", 1, 5, #""0_1" is not a valid number: leading zeros are not allowed"#),
      Invalid("a = 00.5", 1, 5, #""00.5" is not a valid number: leading zeros are not allowed"#),
      Invalid(
        "a = 1__2", 1, 5, #""1__2" is not a valid number: an underscore must be between two digits"#
      ),
      Invalid(
        "a = 1_", 1, 5, #""1_" is not a valid number: an underscore must be between two digits"#),
      Invalid(
        "a = 1_.5", 1, 5, #""1_.5" is not a valid number: an underscore must be between two digits"#
      ),
      Invalid(
        "a = 1._5", 1, 5, #""1._5" is not a valid number: an underscore must be between two digits"#
      ),
      Invalid(
        "a = 1e_5", 1, 5, #""1e_5" is not a valid number: an underscore must be between two digits"#
      ),
      Invalid("a = _1", 1, 5, #""_1" is not a value (a string needs quotes)"#),
      Invalid("a = 0x", 1, 5, #""0x" is not a valid number: expected digits"#),
      Invalid("a = 0xG", 1, 5, #""0xG" is not a valid number: "G" is not a hexadecimal digit"#),
      Invalid("a = 0b102", 1, 5, #""0b102" is not a valid number: "2" is not a binary digit"#),
      Invalid("a = 0o8", 1, 5, #""0o8" is not a valid number: "8" is not a octal digit"#),
      Invalid(
        "a = 0x_1", 1, 5, #""0x_1" is not a valid number: an underscore must be between two digits"#
      ),
      Invalid(
        "a = +0x1", 1, 5, #""+0x1" is not a valid number: a sign cannot come before 0x, 0o or 0b"#),
      Invalid("a = 0X1", 1, 5, #""0X1" is not a valid number: "X" is unexpected"#),
      Invalid("a = 0x1.5", 1, 5, #""0x1.5" is not a valid number: "." is not a hexadecimal digit"#),
      Invalid(
        "a = 9223372036854775808", 1, 5,
        #""9223372036854775808" does not fit in an integer (-9223372036854775808 to 9223372036854775807)"#
      ),
      Invalid(
        "a = -9223372036854775809", 1, 5,
        #""-9223372036854775809" does not fit in an integer (-9223372036854775808 to 9223372036854775807)"#
      ),
      Invalid(
        "a = 0x8000000000000000", 1, 5,
        #""0x8000000000000000" does not fit in an integer (-9223372036854775808 to 9223372036854775807)"#
      ),
      Invalid(
        "a = 1.", 1, 5, #""1." is not a valid number: a decimal point needs digits after it"#),
      Invalid(
        "a = .5", 1, 5, #"".5" is not a valid number: a decimal point needs digits before it"#),
      Invalid(
        "a = -.5", 1, 5, #""-.5" is not a valid number: a decimal point needs digits before it"#),
      Invalid(
        "a = 1.e5", 1, 5, #""1.e5" is not a valid number: a decimal point needs digits after it"#),
      Invalid("a = 1e", 1, 5, #""1e" is not a valid number: an exponent needs digits"#),
      Invalid("a = 1e+", 1, 5, #""1e+" is not a valid number: an exponent needs digits"#),
      Invalid("a = 1.5.3", 1, 5, #""1.5.3" is not a valid number: "." is unexpected"#),
      Invalid("a = 1e5e6", 1, 5, #""1e5e6" is not a valid number: "e" is unexpected"#),
      Invalid("a = 1a", 1, 5, #""1a" is not a valid number: "a" is unexpected"#),
      Invalid("a = +", 1, 5, #""+" is not a valid number: expected digits"#),
      Invalid("a = Inf", 1, 5, #""Inf" is not a value (a string needs quotes)"#),
      Invalid("a = NaN", 1, 5, #""NaN" is not a value (a string needs quotes)"#),
      Invalid("a = infinity", 1, 5, #""infinity" is not a value (a string needs quotes)"#),
      Invalid("a = +infinity", 1, 5, #""+infinity" is not a valid number: expected digits"#),
      Invalid("a = True", 1, 5, #""True" is not a value (a string needs quotes)"#),
      Invalid("a = truee", 1, 5, #""truee" is not a value (a string needs quotes)"#),
      Invalid("a = hello world", 1, 5, #""hello" is not a value (a string needs quotes)"#),
    ])
  func numbersAndBareWords(_ case: Invalid) {
    #expect(failure(`case`.text) == `case`.error)
  }

  @Test(
    arguments: [
      Invalid(
        "a = 1979-13-01", 1, 5, #""1979-13-01" is not a valid date or time: there is no month 13"#),
      Invalid(
        "a = 1979-00-01", 1, 5, #""1979-00-01" is not a valid date or time: there is no month 0"#),
      Invalid(
        "a = 1979-02-29", 1, 5,
        #""1979-02-29" is not a valid date or time: month 2 of 1979 has 28 days"#),
      Invalid(
        "a = 1900-02-29", 1, 5,
        #""1900-02-29" is not a valid date or time: month 2 of 1900 has 28 days"#),
      Invalid(
        "a = 1979-04-31", 1, 5,
        #""1979-04-31" is not a valid date or time: month 4 of 1979 has 30 days"#),
      Invalid(
        "a = 1979-05-00", 1, 5,
        #""1979-05-00" is not a valid date or time: month 5 of 1979 has 31 days"#),
      Invalid(
        "a = 1979-5-27", 1, 5,
        #""1979-5-27" is not a valid date or time: expected a date as YYYY-MM-DD"#),
      Invalid(
        "a = 1979-05-27X07:32:00", 1, 5,
        #""1979-05-27X07:32:00" is not a valid date or time: expected "T" or a space between the date and the time"#
      ),
      Invalid(
        "a = 1979-05-27T", 1, 5,
        #""1979-05-27T" is not a valid date or time: expected a time as HH:MM:SS (the seconds are required)"#
      ),
      Invalid(
        "a = 1979-05-27T25:00:00", 1, 5,
        #""1979-05-27T25:00:00" is not a valid date or time: the hour must be from 00 to 23"#),
      Invalid(
        "a = 07:60:00", 1, 5,
        #""07:60:00" is not a valid date or time: the minute must be from 00 to 59"#),
      Invalid(
        "a = 07:00:61", 1, 5,
        #""07:00:61" is not a valid date or time: the second must be from 00 to 60"#),
      Invalid(
        "a = 07:32", 1, 5,
        #""07:32" is not a valid date or time: expected a time as HH:MM:SS (the seconds are required)"#
      ),
      Invalid(
        "a = 1979-05-27 07:32", 1, 5,
        #""1979-05-27 07:32" is not a valid date or time: expected a time as HH:MM:SS (the seconds are required)"#
      ),
      Invalid("a = 7:32:00", 1, 5, #""7:32:00" is not a valid number: ":" is unexpected"#),
      Invalid(
        "a = 07:32:00.", 1, 5,
        #""07:32:00." is not a valid date or time: expected digits after the decimal point"#),
      Invalid(
        "a = 07:32:00Z", 1, 5,
        #""07:32:00Z" is not a valid date or time: a time without a date cannot have an offset"#),
      Invalid(
        "a = 1979-05-27T07:32:00+25:00", 1, 5,
        #""1979-05-27T07:32:00+25:00" is not a valid date or time: the offset must be from 00:00 to 23:59"#
      ),
      Invalid(
        "a = 1979-05-27T07:32:00+0700", 1, 5,
        #""1979-05-27T07:32:00+0700" is not a valid date or time: expected an offset as Z, +HH:MM or -HH:MM"#
      ),
      Invalid(
        "a = 1979-05-27T07:32:00ZZ", 1, 5,
        #""1979-05-27T07:32:00ZZ" is not a valid date or time: unexpected text after the offset"#),
      Invalid(
        "a = 1979-05-27 07:32:00 Z", 1, 25,
        #"expected the end of the line after the value, found "Z""#),
      Invalid(
        "a = 1979-05_27", 1, 5,
        #""1979-05_27" is not a valid date or time: expected a date as YYYY-MM-DD"#),
    ])
  func datesAndTimes(_ case: Invalid) {
    #expect(failure(`case`.text) == `case`.error)
  }

  @Test(
    arguments: [
      Invalid("a = [1 2]", 1, 8, #"expected "," or "]" after an element, found "2""#),
      Invalid("a = [1,,2]", 1, 8, #"expected a value or "]", found ",""#),
      Invalid("a = [,]", 1, 6, #"expected a value or "]", found ",""#),
      Invalid("a = [1", 1, 7, "the array of line 1 is not closed"),
      Invalid("a = [1,", 1, 8, "the array of line 1 is not closed"),
      Invalid("a = [\n  1,\n  2\n", 4, 1, "the array of line 1 is not closed"),
      Invalid("a = [\n  1 # comment ]\n", 3, 1, "the array of line 1 is not closed"),
      Invalid("a = [ a ]", 1, 7, #""a" is not a value (a string needs quotes)"#),
      Invalid("a = {b = 1,}", 1, 11, "an inline table cannot end with a comma"),
      Invalid("a = {b = 1 , }", 1, 12, "an inline table cannot end with a comma"),
      Invalid(
        "a = {b = 1\n}", 1, 11,
        #"expected "," or "}" before the end of the line: an inline table must be on one line"#),
      Invalid(
        "a = {\nb = 1}", 1, 6,
        "expected a key before the end of the line: an inline table must be on one line"),
      Invalid(
        "a = {b = 1,\nc = 2}", 1, 12,
        "expected a key before the end of the line: an inline table must be on one line"),
      Invalid(
        "a = { # c\n}", 1, 7, "an inline table cannot hold a comment: it must be on one line"),
      Invalid("a = {b = 1 c = 2}", 1, 12, #"expected "," or "}" after a value, found "c""#),
      Invalid("a = {b}", 1, 7, #"expected "=" after the key, found "}""#),
      Invalid("a = {,}", 1, 6, #"expected a key, found ",""#),
      Invalid("a = {b = }", 1, 10, #"expected a value after "=", found "}""#),
      Invalid(
        "a = {", 1, 6,
        "expected a key before the end of the line: an inline table must be on one line"),
    ])
  func arraysAndInlineTables(_ case: Invalid) {
    #expect(failure(`case`.text) == `case`.error)
  }

  @Test func columnsCountCharactersNotBytes() {
    #expect(failure("\"ʎǝʞ\" = 'é' x")?.column == 13)
    #expect(failure("a = 1\n\tb = \"\\q\"")?.column == 7)
  }
}
