import FoundationEssentials

/// Writes a value as JSON for scripts: pretty-printed, keys sorted, so the output is
/// stable from one version to the next.
enum JSONOutput {
  static func print<T: Encodable>(_ value: T) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(value)
    Swift.print(String(decoding: data, as: UTF8.self))
  }
}
