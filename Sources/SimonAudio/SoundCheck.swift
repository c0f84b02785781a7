import SimonHardware

/// Plays one tone on a device and reports every fault: the builder's sound check.
///
/// Unlike `ALSASpeaker`, which keeps the game going through any fault, this fails
/// loudly: a device that cannot be opened or fails while playing is an error naming it.
public enum SoundCheck {
  /// The frequencies a sound check accepts, in hertz.
  public static let hertzRange: ClosedRange<Double> = 20...20_000

  /// Plays a tone of `hertz` at `volume` percent on the PCM `device` for `duration`
  /// (from the start of its attack to the start of its release, then a few ms of
  /// release), and returns once it has been played (blocking writes, then a drain).
  /// - Throws: `HardwareError` naming the device when it cannot be opened or fails.
  public static func play(hertz: Double, volume: Int, duration: Duration, device: String)
    throws(HardwareError)
  {
    let asked = ALSASpeaker.Configuration(device: device).streamFormat
    let pcm: ALSAPCM
    do {
      pcm = try ALSAPCM.open(device, asking: asked, blocking: true)
    } catch {
      throw HardwareError(error.kind, error.openFailure(device: device))
    }
    defer { pcm.close() }
    var synth = ToneSynthesizer(sampleRate: pcm.format.rate)
    synth.start(hertz: hertz, volume: volume, duration: duration)
    let channels = pcm.format.channels
    while synth.isSounding {
      let mono = synth.render(count: pcm.format.periodFrames)
      let samples = mono.flatMap { repeatElement($0, count: channels) }
      var offset = 0
      while offset < samples.count {
        do {
          let taken = try samples.withUnsafeBufferPointer { all throws(AudioError) in
            try pcm.write(UnsafeBufferPointer(rebasing: all[offset...]))
          }
          offset += taken * channels
        } catch {
          try recover(pcm, from: error, device: device)
        }
      }
    }
    pcm.drain()
  }

  /// Recovers from an underrun; any other error is the device failing.
  private static func recover(_ pcm: ALSAPCM, from error: AudioError, device: String)
    throws(HardwareError)
  {
    do {
      guard error.isUnderrun else { throw error }
      try pcm.recover(from: error)
    } catch {
      throw HardwareError(.io, "audio device '\(device)' failed: \(error)")
    }
  }
}

extension AudioError {
  /// The broad class of the error, for `HardwareError`.
  var kind: HardwareError.Kind {
    switch code {
    case ALSACode.noEntry: .noDevice
    case ALSACode.busy: .busy
    case ALSACode.access, ALSACode.permission: .permissionDenied
    default: .io
    }
  }
}
