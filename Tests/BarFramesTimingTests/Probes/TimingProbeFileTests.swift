import BarFramesJSON
import Foundation
import Testing

@testable import BarFramesTiming

@Suite("barframes timing probe files (issue 3)")
struct TimingProbeFileTests {
  // Bad probe files: one error naming the probe id and the key path (the CLI adds the file
  // name and exits 65).
  static let badFiles: [(String, String?, String, String)] = [
    // file, probe id, key path, words in the message
    ("{\"version\": 2, \"probes\": []}", nil, "version", "version 1"),
    ("{\"version\": 1}", nil, "probes", "missing; expected an array"),
    (
      "{\"version\": 1, \"probes\": [], \"extra\": 1}", nil, "",
      #"unknown key "extra"; expected one of version, probes"#
    ),
    ("[1, 2", nil, "", "invalid JSON at line 1, column 6: "),
    (
      #"{"version":1,"probes":[{"id":"a","animation":{"fillMode":"sideways"},"times":[0]}]}"#, "a",
      "probes[0].animation.fillMode", #"expected one of "removed", "forwards", "backwards", "both", got "sideways""#
    ),
    (
      #"{"version":1,"probes":[{"id":"b","animation":{"duration":-1},"times":[0]}]}"#, "b",
      "probes[0].animation.duration", "expected a number ≥ 0, got -1"
    ),
    (
      #"{"version":1,"probes":[{"id":"c","animation":{"type":"group","animations":[{"toValue":"x"}]},"times":[0]}]}"#,
      "c",
      "probes[0].animation.animations[0].toValue",
      #"expected a number or an array of 2 (point, size) or 4 (colour) numbers, got "x""#
    ),
    (
      #"{"version":1,"probes":[{"id":"d","animation":{"type":"basic","values":[1]},"times":[0]}]}"#, "d",
      "probes[0].animation", #"unknown key "values"; none of the 16 keys of a basic animation is close"#
    ),
    (
      #"{"version":1,"probes":[{"id":"e","animation":{"repeatCount":"forever"},"times":[0]}]}"#, "e",
      "probes[0].animation.repeatCount", #"expected a number ≥ 0 or "inf", got "forever""#
    ),
    (
      #"{"version":1,"probes":[{"id":"f","animation":{"type":"keyframe","values":[1],"rotationMode":"auto"},"times":[0]}]}"#,
      "f", "probes[0].animation.rotationMode", "needs a path"
    ),
    (
      #"{"version":1,"probes":[{"id":"g","animation":{"type":"keyframe","path":"M0 0 Q"},"times":[0]}]}"#, "g",
      "probes[0].animation.path", "SVG"
    ),
    // Found by fuzz-probe: the path text a message quotes is escaped (DEL, ESC), never echoed raw.
    (
      #"{"version":1,"probes":[{"id":"g","animation":{"type":"keyframe","path":"M0 0 L1 \u007f"},"times":[0]}]}"#, "g",
      "probes[0].animation.path", #"invalid SVG path data: expected a number at offset 8, near "\u{7F}""#
    ),
    (
      #"{"version":1,"probes":[{"id":"g","animation":{"type":"keyframe","path":"M0 0 X\u001b[2J"},"times":[0]}]}"#, "g",
      "probes[0].animation.path",
      #"unsupported command (BarFrames reads M, L, H, V, Q, T, C and Z) at offset 5, near "X\u{1B}[2J""#
    ),
    (
      #"{"version":1,"probes":[{"id":"h","modelValue":0,"animation":{"toValue":[1,2]},"times":[0]}]}"#, "h",
      "probes[0].animation.toValue", "like the model value"
    ),
    (
      #"{"version":1,"probes":[{"id":"i","layers":[{"events":[{"at":1,"action":"stop"}]}],"animation":{},"times":[0]}]}"#,
      "i", "probes[0].layers[0].events[0].action", #"expected one of "pause", "resume", "set", got "stop""#
    ),
    (
      #"{"version":1,"probes":[{"id":"j","layers":[{"events":[{"at":1,"action":"pause","speed":0}]}],"animation":{},"times":[0]}]}"#,
      "j", "probes[0].layers[0].events[0]", #"unknown key "speed"; expected one of at, action"#
    ),
    (
      #"{"version":1,"probes":[{"id":"k","animation":{"type":"keyframe","calculationMode":"cubic"},"times":[0]}]}"#,
      "k",
      "probes[0].animation.calculationMode", "not supported"
    ),
    (
      #"{"version":1,"probes":[{"id":"l","animation":{"timingFunction":[2,0,1,1]},"times":[0]}]}"#, "l",
      "probes[0].animation.timingFunction", "0…1"
    ),
    (#"{"version":1,"probes":[{"animation":{},"times":[0]}]}"#, nil, "probes[0].id", "missing; expected a string"),
    // A misspelt key is named with the key it was meant to be, not reported as that key missing.
    (
      #"{"version":1,"probes":[{"id":"m","animation":{},"tiems":[0]}]}"#, "m", "probes[0]",
      #"unknown key "tiems"; did you mean "times"?"#
    ),
    (
      #"{"version":1,"probes":[{"id":"n","animation":{"duraiton":1},"times":[0]}]}"#, "n", "probes[0].animation",
      #"unknown key "duraiton"; did you mean "duration"?"#
    ),
    (
      #"{"version":1,"probes":[{"id":"o","animation":{"type":"basic","toValeu":1},"times":[0]}]}"#, "o",
      "probes[0].animation", #"unknown key "toValeu"; did you mean "toValue"?"#
    ),
    // Finite numbers everywhere, animated values too (1e999 used to be read as infinity there).
    (
      #"{"version":1,"probes":[{"id":"p","animation":{"toValue":[1,1e999]},"times":[0]}]}"#, "p",
      "probes[0].animation.toValue[1]", "expected a number, got a number too large to represent"
    ),
    (
      #"{"version":1,"probes":[{"id":"q","animation":{"type":"spring"},"times":[0]}]}"#, "q",
      "probes[0].animation.type", #"expected one of "basic", "keyframe", "group", got "spring""#
    ),
  ]

  @Test(arguments: badFiles)
  func badProbeFiles(text: String, probeID: String?, keyPath: String, words: String) {
    do {
      _ = try TimingProbeFile.decode(Data(text.utf8), file: "probe.json")
      Issue.record("decoded a bad file")
    } catch {
      #expect(error.file == "probe.json")
      #expect(error.probeID == probeID)
      #expect(error.keyPath == keyPath)
      #expect(error.message.contains(words), "\(error.message)")
      #expect(!error.description.contains("\n"))
      #expect(error.description.hasPrefix("probe.json: "))
    }
  }

  /// A probe file is read by the styles' and scenes' reader: a syntax error is the same line,
  /// with the line and column, and the version is checked with the same words.
  @Test func messagesAreTheStyleAndSceneReadersOnes() throws {
    let syntax = "{\"version\": 1,\n \"probes\": [}"
    let probeError = try #require(throws: TimingProbeError.self) {
      try TimingProbeFile.decode(Data(syntax.utf8), file: "p.json")
    }
    let inputError = try #require(throws: InputError.self) { try JSONInput.parse(Data(syntax.utf8), file: "p.json") }
    #expect(probeError.description == inputError.description)
    #expect(probeError.description.hasPrefix("p.json: invalid JSON at line 2, column 13: "), "\(probeError)")
    let version = try #require(throws: TimingProbeError.self) {
      try TimingProbeFile.decode(Data(#"{"probes": []}"#.utf8), file: "p.json")
    }
    #expect(version.description == #"p.json: version: missing; add "version": 1"#)
  }

  // The exact output for one small file: a 1 s linear 0 → 10 with fill forwards, and a pause at
  // 0.5 / resume at 2 on the layer (QA1673), sampled before, during and after.
  @Test func outputForASmallFile() throws {
    let text = #"""
      {"version": 1, "probes": [
        {"id": "p", "layers": [{"events": [{"at": 0.5, "action": "pause"}, {"at": 2, "action": "resume"}]}],
         "modelValue": -1,
         "animation": {"type": "basic", "fromValue": 0, "toValue": 10, "duration": 1, "fillMode": "forwards",
                       "removedOnCompletion": false},
         "times": [0.25, 1, 2.5, 3]}
      ]}
      """#
    let output = try TimingProbeFile.run(Data(text.utf8))
    func sample(_ time: String, _ local: String, _ value: String, _ phase: String, _ progress: String) -> String {
      #"{"animations":[{"applied":true,"eased":\#(progress),"phase":"\#(phase)","progress":\#(progress),"value":\#(value)}],"#
        + #""layerTimes":[\#(local)],"time":\#(time),"value":\#(value)}"#
    }
    let expected =
      #"{"results":[{"id":"p","samples":["#
      + [
        sample("0.25", "0.25", "2.5", "active", "0.25"),
        sample("1", "0.5", "5", "active", "0.5"),
        sample("2.5", "1", "10", "after", "1"),
        sample("3", "1.5", "10", "after", "1"),
      ].joined(separator: ",") + #"]}],"version":1}"# + "\n"
    #expect(output == expected)
  }

  // Groups list their children depth first; path animations with a rotation mode add
  // "rotation"; unapplied animations print nulls; "inf" repeats.
  @Test func groupsPathsAndNulls() throws {
    let text = #"""
      {"version": 1, "probes": [
        {"id": "path", "addedAt": 1,
         "animation": {"type": "group", "duration": 1, "repeatCount": "inf",
                       "animations": [{"type": "keyframe", "path": "M0 0 L10 0 L10 10", "rotationMode": "auto"},
                                      {"type": "basic", "beginTime": 0.5, "toValue": [3, 4]}]},
         "times": [0.5, 1.25, 1.75]}
      ]}
      """#
    let probes = try TimingProbeFile.decode(Data(text.utf8))
    #expect(probes[0].modelValue == .point(.zero))
    let result = probes[0].evaluate()
    #expect(result.samples[0].animations.map(\.isApplied) == [false, false, false])
    #expect(result.samples[0].rotation == .some(nil))
    #expect(result.samples[1].value == .point(.init(5, 0)))
    #expect(result.samples[1].rotation == .some(0))
    #expect(result.samples[1].animations.map(\.isApplied) == [true, true, false])
    #expect(isClose(result.samples[2].rotation!!, .pi / 2))
    let output = TimingProbeFile.results(probes)
    #expect(output.contains(#""rotation":null"#))
    #expect(output.contains(#""progress":null"#))
  }

  // Numbers print as JSON numbers: integers without a fraction, no −0, non-finite as null.
  @Test(arguments: [(1.0, "1"), (-0.0, "0"), (0.125, "0.125"), (1e-7, "1e-07"), (Double.infinity, "null")])
  func numberFormatting(value: Double, text: String) {
    #expect(value.compactJSON == text)
  }
}
