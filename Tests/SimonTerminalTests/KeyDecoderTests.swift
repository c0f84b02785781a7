import SimonTerminal
import Testing

@Suite("Decoding the keys a raw terminal sends")
struct KeyDecoderTests {
  private func keys(_ text: String) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.feed(Array(text.utf8))
  }

  @Test func printableCharactersAreThemselves() {
    #expect(
      keys("12s lLq")
        == ["1", "2", "s", " ", "l", "L", "q"].map { Key.character(Character($0)) })
  }

  @Test func arrowsInEitherCursorModeAndWithModifiers() {
    #expect(
      keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D")
        == [.arrow(.up), .arrow(.down), .arrow(.right), .arrow(.left)])
    #expect(keys("\u{1B}OA\u{1B}OD") == [.arrow(.up), .arrow(.left)])
    #expect(keys("\u{1B}[1;5A\u{1B}[1;2C") == [.arrow(.up), .arrow(.right)])
  }

  @Test func aSequenceSplitAcrossReadsIsStillOneKey() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}".utf8)).isEmpty)
    #expect(decoder.feed(Array("[".utf8)).isEmpty)
    #expect(decoder.feed(Array("1;5".utf8)).isEmpty)
    #expect(decoder.feed(Array("B2".utf8)) == [.arrow(.down), .character("2")])
  }

  @Test func otherSequencesAreConsumedWhole() {
    // F5 (CSI 15~), F1 (SS3 P), a mouse report: none leaks characters.
    #expect(keys("\u{1B}[15~1") == [.other, .character("1")])
    #expect(keys("\u{1B}OP2") == [.other, .character("2")])
    #expect(keys("\u{1B}[<0;12;5M3") == [.other, .character("3")])
  }

  @Test func controlCharactersAreControls() {
    #expect(
      keys("\u{03}\u{04}\r\u{7F}") == [.control(3), .control(4), .control(13), .control(127)])
  }

  @Test func anEscapeThatStartsNoSequenceLetsTheNextKeyThrough() {
    #expect(keys("\u{1B}q") == [.character("q")])
    #expect(keys("\u{1B}[\u{1B}[A") == [.arrow(.up)])
  }

  @Test func nonASCIICharactersArriveWholeAndBadBytesAreOtherKeys() {
    #expect(keys("é1♪") == [.character("é"), .character("1"), .character("♪")])
    #expect(keys("\u{1F600}") == [.character("\u{1F600}")])
    #expect(keys("\u{FF}4") == [.character("ÿ"), .character("4")])
    // A stray byte, an overlong slash, a C1 control: none is a character.
    var decoder = KeyDecoder()
    #expect(
      decoder.feed([0xFF, 0xC0, 0xAF, 0xC2, 0x9B, 0x34]) == [
        .other, .other, .other, .other, .character("4"),
      ])
  }

  @Test func aCharacterSplitAcrossReadsIsStillOne() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0xE2, 0x99]).isEmpty)
    #expect(decoder.feed([0xAA, 0x31]) == [.character("♪"), .character("1")])
  }

  @Test func aLoneEscapeIsTheEscapeKeyOnceNothingFollowed() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.isAfterEscape)
    #expect(decoder.flushEscape() == [.escape])
    #expect(!decoder.isAfterEscape)
    #expect(decoder.flushEscape().isEmpty)
    // The rest of a sequence in time: an arrow, and nothing to flush.
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.feed(Array("[A".utf8)) == [.arrow(.up)])
    #expect(decoder.flushEscape().isEmpty)
    #expect(KeyDecoder.escapeWait <= .milliseconds(200))
  }
}
