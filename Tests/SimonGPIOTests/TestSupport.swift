import SimonHardware

@testable import SimonGPIO

/// The first `count` edges of a stream, or fewer if it ends or 5 s pass.
func collect(_ stream: AsyncStream<InputEdge>, count: Int) async -> [InputEdge] {
  await withTaskGroup(of: [InputEdge]?.self) { group in
    group.addTask {
      var edges: [InputEdge] = []
      for await edge in stream {
        edges.append(edge)
        if edges.count == count { break }
      }
      return edges
    }
    group.addTask {
      try? await Task.sleep(for: .seconds(5))
      return nil
    }
    let first = await group.next() ?? nil
    group.cancelAll()
    return first ?? []
  }
}

/// Whether a stream ends within 5 s.
func ends(_ stream: AsyncStream<InputEdge>) async -> Bool {
  await withTaskGroup(of: Bool.self) { group in
    group.addTask {
      for await _ in stream {}
      return true
    }
    group.addTask {
      try? await Task.sleep(for: .seconds(5))
      return false
    }
    let first = await group.next() ?? false
    group.cancelAll()
    return first
  }
}

/// The cabinet thread of every GPIO cabinet the tests open.
let gpioTestThread: CabinetThread = {
  do { return try CabinetThread() } catch { fatalError("no cabinet thread: \(error)") }
}()

extension GPIOCabinet {
  /// Opens the lines through a port, read on the tests' cabinet thread.
  convenience init(wiring: GPIOWiring, consumer: String, port: any GPIOPort) throws(HardwareError) {
    try self.init(wiring: wiring, consumer: consumer, port: port, thread: gpioTestThread)
  }
}
