import Glibc

/// The process environment as a dictionary (without Foundation's ProcessInfo).
public enum Environment {
  /// Every variable of this process's environment.
  public static var current: [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    return result
  }
}
