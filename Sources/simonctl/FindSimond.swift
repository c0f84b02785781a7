#if canImport(Glibc)
  import Glibc
#endif

/// Where the simond to start is: beside this simonctl (installed together, or in one
/// build directory), else the first `simond` on PATH; nil when there is none.
func findSimond(path: String?) -> String? {
  var candidates: [String] = []
  if let own = ownExecutable(), let slash = own.lastIndex(of: "/") {
    candidates.append(String(own[..<slash]) + "/simond")
  }
  for directory in (path ?? "").split(separator: ":") where !directory.isEmpty {
    candidates.append("\(directory)/simond")
  }
  return candidates.first { access($0, X_OK) == 0 }
}

/// This program's own file (readlink /proc/self/exe).
private func ownExecutable() -> String? {
  var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
  let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
  guard count > 0 else { return nil }
  return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
