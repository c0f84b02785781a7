/// The process environment as a dictionary (without Foundation's ProcessInfo).
public enum Environment {
  /// Every variable of this process's environment; of a name given twice, the first.
  public static var current: [String: String] {
    var result: [String: String] = [:]
    for entry in POSIX.environmentEntries {
      guard let equals = entry.firstIndex(of: "=") else { continue }
      let name = String(entry[..<equals])
      if result[name] == nil { result[name] = String(entry[entry.index(after: equals)...]) }
    }
    return result
  }
}
