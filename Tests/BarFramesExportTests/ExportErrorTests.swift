import BarFramesExport
import BarFramesOutput
import Testing

/// The exporter reports failed writes of BarFramesOutput as its own cases, in the same words.
@Suite struct ExportErrorTests {
  @Test(arguments: [
    (
      OutputError.cannotWrite(path: "out/a.png", reason: "No space left on device"),
      ExportError.cannotWrite(path: "out/a.png", reason: "No space left on device"),
      "cannot write out/a.png: No space left on device"
    ),
    (
      OutputError.cannotCreateDirectory(path: "out", reason: "it is not writable"),
      ExportError.cannotCreateDirectory(path: "out", reason: "it is not writable"),
      "cannot create the output directory out: it is not writable"
    ),
    (OutputError.interrupted, ExportError.interrupted, "interrupted"),
  ])
  func anOutputErrorBecomesTheExportErrorOfTheSameName(output: OutputError, export: ExportError, description: String) {
    #expect(ExportError(output) == export)
    #expect(ExportError(output).description == description)
    #expect(output.description == description)
  }
}
