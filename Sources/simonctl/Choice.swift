import ArgumentParser

/// A command-line value that is one case of a `CaseIterable` enumeration of the game
/// (a mode, a difficulty), by its raw value; `--help` lists the cases.
struct Choice<Value: CaseIterable & RawRepresentable & Sendable>: ExpressibleByArgument,
  Sendable
where Value.RawValue == String {
  /// The case chosen.
  let value: Value

  init?(argument: String) {
    guard let value = Value(rawValue: argument) else { return nil }
    self.value = value
  }

  var defaultValueDescription: String { value.rawValue }

  static var allValueStrings: [String] { Value.allCases.map(\.rawValue) }

  static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
