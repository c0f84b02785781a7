import SimonGame
import SimonTerminal
import Testing

@Suite("What the keys press")
struct KeyBindingsTests {
  @Test func numbersPressThePadsAndLettersTheButtons() {
    let bindings = KeyBindings()
    let expected: [(Character, PlayAction?)] = [
      ("1", .tap(.green)), ("2", .tap(.red)), ("3", .tap(.yellow)), ("4", .tap(.blue)),
      ("s", .tap(.start)), ("l", .tap(.last)), ("L", .tap(.longest)), ("j", .switchArrows),
      ("m", .settingsMenu), ("i", .signIn), ("t", .topTen), ("q", .quit), ("Q", .quit),
      ("5", nil), ("x", nil),
    ]
    for (character, action) in expected {
      #expect(bindings.action(for: .character(character)) == action, "\(character)")
    }
    #expect(bindings.action(for: .control(3)) == .quit)
    #expect(bindings.action(for: .control(4)) == .quit)
    #expect(bindings.action(for: .control(13)) == nil)
    #expect(bindings.action(for: .escape) == .dismiss)
    #expect(bindings.action(for: .other) == nil)
  }

  @Test func arrowsPressThePadsTheJoystickAnswersFor() {
    let bindings = KeyBindings(arrows: .pads)
    #expect(bindings.action(for: .arrow(.up)) == .tap(.green))
    #expect(bindings.action(for: .arrow(.right)) == .tap(.red))
    #expect(bindings.action(for: .arrow(.left)) == .tap(.yellow))
    #expect(bindings.action(for: .arrow(.down)) == .tap(.blue))
  }

  @Test func orTheJoystickItself() {
    let bindings = KeyBindings(arrows: .joystick)
    #expect(bindings.action(for: .arrow(.up)) == .tap(.up))
    #expect(bindings.action(for: .arrow(.right)) == .tap(.right))
    #expect(bindings.action(for: .arrow(.left)) == .tap(.left))
    #expect(bindings.action(for: .arrow(.down)) == .tap(.down))
    #expect(ArrowKeys.joystick.switched == .pads)
    #expect(ArrowKeys.pads.switched == .joystick)
  }

  @Test func thePadOfAKeyIsTheOneItPresses() {
    #expect(KeyBindings(arrows: .pads).pad(for: .character("3")) == .yellow)
    #expect(KeyBindings(arrows: .pads).pad(for: .arrow(.right)) == .red)
    #expect(KeyBindings(arrows: .joystick).pad(for: .arrow(.right)) == nil)
    #expect(KeyBindings().pad(for: .character("s")) == nil)
  }

  @Test func theArrowShownOnAPadIsTheOneThatPressesIt() {
    for pad in Pad.allCases {
      let bindings = KeyBindings(arrows: .pads)
      #expect(bindings.action(for: .arrow(KeyBindings.arrow(for: pad))) == .tap(Input(pad)))
      #expect(bindings.action(for: .character(KeyBindings.number(of: pad))) == .tap(Input(pad)))
    }
  }
}
