import SimonJSON

/// The contents of one state file: a versioned JSON document.
///
/// The file holds `{"version": N, ...}` with the document's own keys after the version.
package protocol StateDocument: Equatable, Sendable {
  /// The file's name in the state directory, e.g. "scores.json".
  static var fileName: String { get }
  /// The version this program writes; files with a higher one are set aside.
  static var version: Int { get }
  /// A new file's mode: 0660 for every state file, so the operators of the daemon's
  /// group (simon) can use `simonctl` on them; the state directory keeps others out.
  static var permissions: UInt32 { get }
  /// The document of a missing or freshly started file.
  static var empty: Self { get }
  /// Problems the decoder cannot see (duplicates, out-of-range values), for people;
  /// a document with any is treated as corrupt.
  var contentProblems: [String] { get }
  /// Reads the document out of the parsed file, whose version was checked.
  /// - Throws: `JSONShapeError` saying what is wrong and where.
  static func decode(_ json: JSONValue) throws(JSONShapeError) -> Self
  /// The file's whole text: the version first, then the document, then a new line.
  func encodeFile() throws -> [UInt8]
}
