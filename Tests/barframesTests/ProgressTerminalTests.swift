import BarFrames
import BarFramesOutput
import BarFramesTestSupport
import Foundation
import Testing

/// `barframes render`'s progress on a real pseudo-terminal of a set size
/// (`Tests/Terminal/pty-run.py`, Python's `pty` and `TIOCSWINSZ`): one live line redrawn in
/// place with a carriage return and an erase, never as wide as the terminal (counted in
/// columns as a terminal counts them, by Python's Unicode tables), a newline only at the end;
/// plain lines where standard error is no terminal or `TERM=dumb`.
@Suite(.enabled(if: ExternalTools.python3 != nil, "python3 is not installed"), .serialized)
struct ProgressTerminalTests {
  /// What the terminal saw.
  struct TerminalRun {
    struct Draw {
      var text: String
      var width: Int
      var columns: Int
    }

    var status: Int
    var raw: String
    var draws: [Draw]
    /// Where text ran past the right margin: the line so far, and how many erase-line
    /// sequences had been written before.
    var wrapped: [(line: String, erases: Int)]
    var newlines: Int
    var lines: [String]
  }

  static let script = TestRendering.packageRoot.appendingPathComponent("Tests/Terminal/pty-run.py")

  /// Three scenes: Examples/seek-bar.json cut to 5 s (301 frames), and two 3-second copies
  /// (181 frames each) named in Japanese and with an escape sequence in the file name.
  static func scenes() throws -> (directory: URL, files: [String]) {
    let directory = try TestRendering.temporaryDirectory()
    let example = try String(
      contentsOf: TestRendering.packageRoot.appendingPathComponent("Examples/seek-bar.json"), encoding: .utf8)
    func cut(_ seconds: Int) -> String {
      example.replacingOccurrences(of: "\"duration\": 10", with: "\"duration\": \(seconds)")
        .replacingOccurrences(of: "\"until\": 10", with: "\"until\": \(seconds)")
    }
    try #require(cut(3) != example)
    let files = ["seek-bar.json", "進捗バー.json", "a\u{1B}[31mred.json"]
    try Data(cut(5).utf8).write(to: directory.appendingPathComponent(files[0]))
    for file in files.dropFirst() { try Data(cut(3).utf8).write(to: directory.appendingPathComponent(file)) }
    return (directory, files)
  }

  static let totalFrames = 301 + 181 + 181

  /// Runs `barframes arguments` on a terminal `columns` wide, in `directory`.
  static func run(
    _ arguments: [String], columns: Int, in directory: URL, environment: [String] = [],
    resizeAfterDraws: (draws: Int, columns: Int)? = nil, interruptAfterDraws: Int? = nil
  ) throws -> TerminalRun {
    var options = [String(columns), "24"]
    if let resizeAfterDraws {
      options += ["--resize-after-draws", String(resizeAfterDraws.draws), "--to", String(resizeAfterDraws.columns)]
    }
    if let interruptAfterDraws { options += ["--interrupt-after-draws", String(interruptAfterDraws)] }
    let command = ["/usr/bin/env", "TERM=xterm-256color"] + environment + [CommandRunner.executable.path] + arguments
    let output = try ExternalTools.run(
      try #require(ExternalTools.python3), [script.path] + options + ["--"] + command, in: directory)
    try #require(output.status == 0, "\(output.stderr)")
    let json = try JSONValue(parsing: output.text)
    func strings(_ key: String) -> [String] {
      guard case .array(let items)? = json[key] else { return [] }
      return items.compactMap { if case .string(let s) = $0 { s } else { nil } }
    }
    var draws: [TerminalRun.Draw] = []
    if case .array(let items)? = json["draws"] {
      for item in items {
        draws.append(
          .init(
            text: item.string("text") ?? "", width: Int(item.number("width") ?? -1),
            columns: Int(item.number("columns") ?? -1)))
      }
    }
    var wrapped: [(line: String, erases: Int)] = []
    if case .array(let items)? = json["wrapped"] {
      for item in items { wrapped.append((item.string("line") ?? "", Int(item.number("erases") ?? -1))) }
    }
    return TerminalRun(
      status: Int(json.number("status") ?? -1), raw: json.string("raw") ?? "", draws: draws, wrapped: wrapped,
      newlines: Int(json.number("newlines") ?? -1), lines: strings("lines"))
  }

  @Test(arguments: [20, 40, 80, 120])
  func theLiveLineFitsTheTerminalAndOnlyTheSummaryEndsALine(columns: Int) throws {
    let (directory, files) = try Self.scenes()
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try Self.run(["render"] + files + ["-o", "out"], columns: columns, in: directory)
    #expect(run.status == 0, "\(run.raw)")
    // One draw at least per scene, each in place: "\r" and erase-line, never a newline.
    #expect(run.draws.count >= 3, "\(run.raw)")
    for draw in run.draws {
      #expect(draw.width < draw.columns, "\(draw.width) columns of \(draw.columns): \(draw.text)")
      #expect(draw.text.contains("%"), "\(draw.text)")
    }
    #expect(
      run.raw.components(separatedBy: "\r\u{1B}[2K").count - 1 == run.draws.count + 1,
      "a draw without its erase, or no final erase")
    // The only escape sequence written is the erase; a file name's own is shown escaped.
    #expect(run.raw.components(separatedBy: "\u{1B}").count == run.raw.components(separatedBy: "\u{1B}[2K").count)
    // One newline, after the summary, which is the last thing written.
    #expect(run.newlines == 1)
    #expect(run.raw.hasSuffix("\r\n"))
    #expect(run.lines.joined().hasPrefix("render: \(Self.totalFrames) frames and 0 other files in "), "\(run.lines)")
    // Only the summary, a plain line after the last erase, may run past the margin (the
    // terminal wraps it); no live line ever does.
    #expect(run.wrapped.allSatisfy { $0.erases == run.draws.count + 1 }, "\(run.wrapped)")
    if columns >= 80 {
      let last = try #require(run.draws.last?.text)
      #expect(
        last.contains("100% \(Self.totalFrames)/\(Self.totalFrames) frames · ") && last.contains(" fps · ETA "),
        "\(last)")
    }
    if columns >= 120 {
      #expect(run.draws.contains { $0.text.hasSuffix("[2/3] 進捗バー") }, "\(run.draws.map(\.text))")
      #expect(run.draws.contains { $0.text.hasSuffix("[3/3] a\\u{1B}[31mred") }, "\(run.draws.map(\.text))")
    }
  }

  @Test func aNarrowerTerminalNarrowsTheNextDraws() throws {
    let (directory, files) = try Self.scenes()
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try Self.run(
      ["render"] + files + ["-o", "out", "--jobs", "1"], columns: 100, in: directory, resizeAfterDraws: (2, 30))
    #expect(run.status == 0)
    // Draws 1 and 2 were made for 100 columns; a third may already be on its way; from the
    // fourth on they fit 30.
    try #require(run.draws.count > 4, "\(run.draws.map(\.text))")
    #expect(run.draws.prefix(2).contains { $0.width > 30 }, "\(run.draws.map(\.text))")
    for draw in run.draws.dropFirst(3) {
      #expect(draw.width < 30, "\(draw.width): \(draw.text)")
    }
  }

  @Test func ctrlCEndsTheLineAndRemovesTheTemporaryFiles() throws {
    let (directory, files) = try Self.scenes()
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try Self.run(
      ["render"] + files + ["-o", "out", "--jobs", "1"], columns: 80, in: directory, interruptAfterDraws: 2)
    #expect(run.status == 130, "\(run.raw)")
    #expect(run.raw.hasSuffix("\r\nbarframes: interrupted; temporary files removed\r\n"), "\(run.raw.suffix(200))")
    let left =
      (FileManager.default.enumerator(atPath: directory.appendingPathComponent("out").path)?.allObjects as? [String])
      ?? []
    #expect(!left.contains { $0.hasSuffix(TemporaryFiles.suffix) }, "\(left)")
  }

  @Test func withoutATerminalOrWithTermDumbTheLinesArePlain() throws {
    let (directory, files) = try Self.scenes()
    defer { try? FileManager.default.removeItem(at: directory) }
    let piped = try CommandRunner.run(["render"] + files + ["-o", "out"], in: directory)
    let dumb = try Self.run(["render"] + files + ["-o", "out"], columns: 80, in: directory, environment: ["TERM=dumb"])
    for (text, lineEnd) in [(piped.stderr, "\n"), (dumb.raw, "\r\n")] {
      #expect(!text.replacingOccurrences(of: "\r\n", with: "\n").contains("\r") && !text.contains("\u{1B}"), "\(text)")
      let lines = text.components(separatedBy: lineEnd).dropLast()
      #expect(text.hasSuffix(lineEnd))
      #expect(lines.count == 7, "\(lines)")
      #expect(lines.first == "render: [1/3] seek-bar: 301 frames")
      #expect(lines.contains("render: [2/3] 進捗バー: 181 frames"))
      #expect(lines.contains("render: [3/3] a\\u{1B}[31mred: 181 frames"))
      #expect(
        lines.contains {
          $0.hasPrefix("render: [3/3] a\\u{1B}[31mred: 181 frames in ")
            && $0.contains(" · overall 100% of \(Self.totalFrames) frames")
        })
      #expect(lines.last?.hasPrefix("render: \(Self.totalFrames) frames and 0 other files in ") == true)
    }
    #expect(piped.exitCode == 0 && dumb.status == 0)
  }
}
