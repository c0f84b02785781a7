import SimonHardware
import SimonPOSIX
import Testing

@testable import SimonGPIO

#if canImport(Glibc)
  import Glibc
#endif

/// These link the real CGPIOD shim and libgpiod; they need no GPIO chip.
@Suite struct LiveGPIOPortTests {
  @Test func theShimMatchesTheLibraryItLoaded() throws {
    #expect([1, 2].contains(LiveGPIOPort.apiMajor))
    #expect(LiveGPIOPort.libraryVersion.hasPrefix("\(LiveGPIOPort.apiMajor)."))
    if let expected = getenv("SIMON_GPIOD_EXPECT_MAJOR").map({ String(cString: $0) }) {
      #expect(String(LiveGPIOPort.apiMajor) == expected)
    }
  }

  @Test func aNonexistentChipIsNoDevice() {
    var wiring = GPIOWiring.recommended
    wiring.chip = .path("/dev/gpiochip99")
    #expect(throws: HardwareError.self) { try GPIOCabinet(wiring: wiring) }
    do {
      _ = try GPIOCabinet(wiring: wiring)
    } catch {
      #expect(error.kind == .noDevice)
      #expect(error.message.hasPrefix("no GPIO chip at /dev/gpiochip99 (gpio.chip); chips here: "))
    }
  }

  @Test func aDeviceThatIsNoChipIsNoDevice() {
    var wiring = GPIOWiring.recommended
    wiring.chip = .path("/dev/null")
    do {
      _ = try GPIOCabinet(wiring: wiring)
      Issue.record("/dev/null opened as a GPIO chip")
    } catch {
      #expect(error.kind == .noDevice)
      #expect(error.message.hasPrefix("/dev/null is not a GPIO chip (gpio.chip)"))
    }
  }

  @Test func aDirectoryWithoutChipsIsNoChipAtAll() throws {
    let directory = try POSIX.makeTemporaryDirectory(prefix: "/tmp/simon-gpio-")
    defer { rmdir(directory) }
    let port = LiveGPIOPort(devDirectory: directory)
    #expect(port.chipPaths() == [])
    #expect(throws: HardwareError(.noDevice, GPIOMessages.noChip(gpioEntries: []).message)) {
      try GPIOCabinet(wiring: .recommended, consumer: "simond", port: port)
    }
  }

  @Test func aRegularFileNamedLikeAChipIsNoChip() throws {
    let directory = try POSIX.makeTemporaryDirectory(prefix: "/tmp/simon-gpio-")
    let file = "\(directory)/gpiochip0"
    let fd = creat(file, 0o600)
    close(fd)
    defer {
      unlink(file)
      rmdir(directory)
    }
    let port = LiveGPIOPort(devDirectory: directory)
    #expect(port.chipPaths() == [file])
    do {
      _ = try GPIOCabinet(wiring: .recommended, consumer: "simond", port: port)
      Issue.record("a regular file opened as a GPIO chip")
    } catch {
      #expect(error.kind == .noDevice)
      #expect(error.message.hasPrefix("\(file) is not a GPIO chip"))
    }
  }
}

@Suite struct LiveGPIOLinesTests {
  @Test func linesWithoutInputsHaveNothingToWatchOrReadAndReleaseOnce() throws {
    let lines = try LiveGPIOPort().request([], consumer: "simond")
    #expect(lines.eventSources.isEmpty)
    #expect(try lines.readEdges() == [])
    lines.release()
    lines.release()
  }
}
