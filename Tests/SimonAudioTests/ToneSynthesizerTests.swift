import SimonGame
import Testing

@testable import SimonAudio

@Suite struct ToneSynthesizerTests {
  let rate = 48_000

  func steady(_ samples: [Int16], synth: ToneSynthesizer) -> ArraySlice<Int16> {
    samples[(synth.attackFrames + 10)..<(samples.count - synth.releaseFrames - 10)]
  }

  @Test(arguments: ToneSet.allCases, Pad.allCases)
  func padTonesHaveTheirSetsFrequency(toneSet: ToneSet, pad: Pad) {
    var synth = ToneSynthesizer(sampleRate: rate)
    let hertz = toneSet.hertz(of: pad)
    synth.start(hertz: hertz, volume: 100, duration: .milliseconds(200))
    let samples = synth.render(count: synth.frames(.milliseconds(210)))
    let measured = SignalAnalysis.frequency(steady(samples, synth: synth), rate: rate)
    #expect(abs(measured - hertz) < 0.01, "\(toneSet) \(pad): \(measured) Hz")
  }

  @Test(arguments: [Tone.razz, .tick, .fanfare(0), .fanfare(1), .fanfare(2), .fanfare(3)])
  func otherTonesHaveTheirFrequency(tone: Tone) {
    var synth = ToneSynthesizer(sampleRate: rate)
    let hertz = ToneSet.classic.hertz(of: tone)
    synth.start(hertz: hertz, volume: 100, duration: .milliseconds(500))
    let samples = synth.render(count: synth.frames(.milliseconds(510)))
    let measured = SignalAnalysis.frequency(steady(samples, synth: synth), rate: rate)
    #expect(abs(measured - hertz) < 0.01, "\(tone): \(measured) Hz")
  }

  @Test func theRazzIsABuzzAndPadTonesAreSines() {
    #expect(Waveform.forTone(hertz: ToneSet.razzHertz) == .buzz)
    for toneSet in ToneSet.allCases {
      for pad in Pad.allCases { #expect(Waveform.forTone(hertz: toneSet.hertz(of: pad)) == .sine) }
    }
    #expect(Waveform.forTone(hertz: ToneSet.tickHertz) == .sine)
  }

  @Test func aToneSoundsExactlyAsLongAsAskedThenReleases() {
    var synth = ToneSynthesizer(sampleRate: rate)
    let hold = synth.frames(.milliseconds(420))
    synth.start(hertz: 415, volume: 60, duration: .milliseconds(420))
    _ = synth.render(count: hold - 1)
    #expect(synth.isHeld)
    _ = synth.render(count: 1)
    #expect(!synth.isHeld)
    #expect(synth.isSounding)
    _ = synth.render(count: synth.releaseFrames - 1)
    #expect(synth.isSounding)
    _ = synth.render(count: 1)
    #expect(!synth.isSounding)
  }

  @Test func aHeldToneSoundsUntilStopped() {
    var synth = ToneSynthesizer(sampleRate: rate)
    synth.start(hertz: 310, volume: 60)
    _ = synth.render(count: 10 * rate)
    #expect(synth.isHeld)
    synth.stop()
    let tail = synth.render(count: synth.releaseFrames + 100)
    #expect(!synth.isSounding)
    #expect(tail.suffix(100).allSatisfy { $0 == 0 })
  }

  @Test func onsetAndEndAreClickFree() {
    var synth = ToneSynthesizer(sampleRate: rate)
    synth.start(hertz: 415, volume: 100, duration: .milliseconds(100))
    let samples = synth.render(count: synth.frames(.milliseconds(120)))
    let range = try! #require(SignalAnalysis.soundingRange(samples))
    let peak = ToneSynthesizer.level(volume: 100) * Double(Int16.max)
    #expect(abs(Int(samples[range.lowerBound])) < Int(peak / 100))
    #expect(abs(Int(samples[range.upperBound])) < Int(peak / 100))
    #expect(
      SignalAnalysis.largestStep(samples)
        <= SignalAnalysis.cleanStep(hertz: 415, peak: peak, rate: rate))
  }

  @Test func theAttackReachesTheLevelInTheAttackTime() {
    var synth = ToneSynthesizer(sampleRate: rate)
    synth.start(hertz: 1000, volume: 100)
    let samples = synth.render(count: synth.attackFrames + 96)
    let peak = Int(ToneSynthesizer.level(volume: 100) * Double(Int16.max))
    let first = samples.prefix(synth.attackFrames / 4).map { abs(Int($0)) }.max()!
    let last = samples.suffix(96).map { abs(Int($0)) }.max()!
    #expect(first < peak / 4 + 2)
    #expect(abs(last - peak) <= 2)
  }

  @Test func aReplacingToneCrossFadesWithoutAJumpOrOverload() {
    var synth = ToneSynthesizer(sampleRate: rate)
    synth.start(hertz: 415, volume: 100)
    var samples = synth.render(count: 1000)
    synth.start(hertz: 209, volume: 100)
    samples += synth.render(count: 1000)
    synth.start(hertz: 42, volume: 50)
    samples += synth.render(count: 3)
    synth.start(hertz: 415, volume: 100)
    samples += synth.render(count: 2000)
    let peak = ToneSynthesizer.level(volume: 100) * Double(Int16.max)
    #expect(
      SignalAnalysis.largestStep(samples)
        <= SignalAnalysis.cleanStep(hertz: 415, peak: peak, rate: rate))
    #expect(samples.allSatisfy { Double(abs(Int($0))) <= peak + 1 })
  }

  @Test func volumeScalesTheAmplitudeLinearly() {
    func rms(_ volume: Int) -> Double {
      var synth = ToneSynthesizer(sampleRate: rate)
      synth.start(hertz: 252, volume: volume, duration: .milliseconds(300))
      let samples = synth.render(count: synth.frames(.milliseconds(310)))
      return SignalAnalysis.rms(steady(samples, synth: synth))
    }
    let full = rms(100)
    #expect(abs(rms(50) / full - 0.5) < 0.002)
    #expect(abs(rms(10) / full - 0.1) < 0.002)
    #expect(rms(150) == full)
    #expect(rms(0) == 0)
    #expect(rms(-3) == 0)
  }

  @Test func volumeZeroOnlyStopsWhatSounds() {
    var synth = ToneSynthesizer(sampleRate: rate)
    synth.start(hertz: 415, volume: 60)
    _ = synth.render(count: 500)
    synth.start(hertz: 310, volume: 0)
    _ = synth.render(count: synth.releaseFrames)
    #expect(!synth.isSounding)
  }

  @Test(arguments: [Double.nan, .infinity, -415, 0, 24_000, 30_000])
  func unplayableFrequenciesOnlyStopWhatSounds(hertz: Double) {
    var synth = ToneSynthesizer(sampleRate: rate)
    synth.start(hertz: 415, volume: 60)
    synth.start(hertz: hertz, volume: 60)
    let samples = synth.render(count: synth.releaseFrames + 10)
    #expect(!synth.isSounding)
    #expect(samples.suffix(10).allSatisfy { $0 == 0 })
  }

  @Test func afterAGapHeldTonesFadeInAgain() {
    var synth = ToneSynthesizer(sampleRate: rate)
    synth.start(hertz: 415, volume: 100)
    _ = synth.render(count: 1000)
    synth.fadeInAfterGap()
    let samples = synth.render(count: synth.attackFrames)
    #expect(samples[0] == 0)
    #expect(abs(Int(samples[1])) < 200)
    #expect(synth.isHeld)
  }

  @Test func losingTheOutputKeepsOnlyHeldTones() {
    var synth = ToneSynthesizer(sampleRate: rate)
    synth.start(hertz: 415, volume: 100, duration: .seconds(1))
    synth.outputLost()
    #expect(!synth.isSounding)
    synth.start(hertz: 415, volume: 100)
    synth.outputLost()
    #expect(synth.isHeld)
    synth.stop()
    synth.outputLost()
    #expect(!synth.isSounding)
  }
}
