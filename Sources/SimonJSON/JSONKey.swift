/// A member name as a coding key: for objects whose names are data, not a fixed list.
package struct JSONKey: CodingKey {
  package var stringValue: String
  package var intValue: Int? { nil }
  package init(_ name: String) { stringValue = name }
  package init?(stringValue: String) { self.stringValue = stringValue }
  package init?(intValue: Int) { nil }
}
