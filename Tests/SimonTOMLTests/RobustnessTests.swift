import SimonTOML
import Testing

@Suite("Reading any text")
struct RobustnessTests {
  static let document = #"""
    # a bit of everything
    title = "TOML \"Example\" \u00E9"
    literal = 'C:\path'
    multi = """
    one \
      two ""
    """
    raw = '''
    x'''
    numbers = [ 0x1F, 0o17, 0b101, -1_000, 6.02e23, -inf, nan ]
    when = 1979-05-27T07:32:00.5-08:00
    point = { x = 1, y.z = [ 2, { w = 'ʞ' } ] }
    [server."alpha beta"]
    ip = "10.0.0.1" # comment
    [[products]]
    name = "Hammer"
    [products.size]
    cm = 30
    [[products]]
    """#

  @Test func everyPrefixOfADocumentReadsOrFailsWithAPlaceInIt() {
    let scalars = Array(Self.document.unicodeScalars)
    for length in 0...scalars.count {
      var text = ""
      text.unicodeScalars.append(contentsOf: scalars[..<length])
      guard let error = failure(text) else { continue }
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      #expect((1...lines.count).contains(error.line), "\(error) for \(length) characters")
      if (1...lines.count).contains(error.line) {
        let count = lines[error.line - 1].unicodeScalars.count
        #expect((1...count + 1).contains(error.column), "\(error) for \(length) characters")
      }
    }
  }

  @Test func theWholeDocumentReads() throws {
    let table = try TOMLTable(parsing: Self.document)
    #expect(table["multi"]?.string == "one two \"\"\n")
    #expect(table["products"]?.array?.count == 2)
  }

  @Test func deepNestingIsAnErrorNotACrash() throws {
    let depth = 100
    let fine = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    #expect(try TOMLTable(parsing: "a = \(fine)")["a"] != nil)
    let deep = String(repeating: "[", count: 100_000)
    #expect(
      failure("a = \(deep)")
        == TOMLError(
          line: 1, column: 105, message: "arrays and inline tables nest more than 100 deep here"))
    #expect(failure("a = " + String(repeating: "{b = ", count: 200))?.column == 505)
  }

  /// Once a crash: 100 000 dotted parts overflowed the stack, with memory growing with
  /// the square of the file's size.
  @Test func deeplyNestedKeysAreAnErrorNotACrash() {
    let parts = (0..<100_000).map { "k\($0 % 10)" }.joined(separator: ".")
    #expect(failure("\(parts) = 1")?.message == "a key of more than 100 dotted parts")
    #expect(failure("[\(parts)]")?.message == "a key of more than 100 dotted parts")
    let fine = (0..<100).map { "k\($0)" }.joined(separator: ".")
    #expect(failure("\(fine) = 1") == nil)
    // Dotted keys inside inline tables add up.
    let half = (0..<60).map { "k\($0)" }.joined(separator: ".")
    #expect(
      failure("\(half) = { \(half) = 1 }")?.message == "tables nest more than 100 deep here")
  }
}
