import Foundation

/// A 16-bit PCM WAV file as the alsa-lib `file` plugin writes it.
struct WAVFile {
  /// Frames per second.
  var rate: Int
  /// Interleaved channels.
  var channels: Int
  /// The first channel's samples.
  var samples: [Int16]

  /// Reads the file at `path`.
  init(path: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let bytes = [UInt8](data)
    func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
    guard bytes.count >= 12, String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF" else {
      throw WAVError.notWAV(path)
    }
    var offset = 12
    var rate = 0
    var channels = 0
    while offset + 8 <= bytes.count {
      let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
      let size = u32(offset + 4)
      let body = offset + 8
      if id == "fmt " {
        channels = u16(body + 2)
        rate = u32(body + 4)
      } else if id == "data" {
        let end = min(body + size, bytes.count)
        var samples: [Int16] = []
        samples.reserveCapacity((end - body) / 2 / max(channels, 1))
        var at = body
        while at + 2 * channels <= end {
          samples.append(Int16(bitPattern: UInt16(u16(at))))
          at += 2 * channels
        }
        self.rate = rate
        self.channels = channels
        self.samples = samples
        return
      }
      offset = body + size + (size & 1)
    }
    throw WAVError.noData(path)
  }
}

/// Why a WAV file could not be read.
enum WAVError: Error {
  /// The file does not start with a RIFF header.
  case notWAV(String)
  /// The file has no data chunk.
  case noData(String)
}
