import ArgumentParser
import BarFrames
import BarFramesExport
import Foundation

extension BarFramesCommand {
  /// Joins the output folders of a sharded render into the output of one unsharded render.
  struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Join the output folders of 'render --shard i/n' into what one unsharded render writes.",
      discussion: """
        Each shard's folder holds its frames and manifest.shard-i-of-n.json. The merge checks that \
        the folders hold every shard 1…n exactly once (exit 64 otherwise), that all of them \
        rendered the same scenes with the same options and barframes, and that every file \
        matches its manifest (exit 65 otherwise), before it writes anything. It then copies the \
        frames, SVG previews, contact sheets and index.html into OUT, builds each scene's APNG, \
        GIF and WebP (as the render's --format asked) from the PNG frames, and writes \
        OUT/manifest.json last: byte for byte the output of the unsharded render.

        Examples:
          barframes render Examples -o shard-1 --format all --shard 1/2
          barframes render Examples -o shard-2 --format all --shard 2/2
          barframes merge shard-1 shard-2 -o frames
          barframes merge artifacts/frames-shard-* -o frames --quiet
          barframes merge shared -o frames     # every shard wrote into one folder
        """)

    @Argument(help: ArgumentHelp("The shards' output folders.", valueName: "shard-folder"))
    var shards: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The merged output folder.", valueName: "OUT"))
    var output: String

    @Option(
      help: ArgumentHelp(
        "Threads reading, checking and decoding frames; the number of cores by default.", valueName: "N"))
    var jobs: Int?

    @Flag(
      name: .customLong("no-wait"),
      help: "Fail at once (exit 75) when another barframes writes into the output folder, instead of waiting for it.")
    var noWait = false

    @Flag(help: "Print no progress.")
    var quiet = false

    @Flag(help: "Print the merged manifest (OUT/manifest.json) on standard output.")
    var json = false

    func validate() throws {
      guard !shards.isEmpty else { throw ValidationError("give the output folders of every shard") }
      if let jobs, !(1...1024).contains(jobs) {
        throw ValidationError("'--jobs' must be between 1 and 1024, got \(jobs)")
      }
    }

    func run() throws {
      let started = Date()
      let merge: ShardMerge
      let manifest: ExportManifest
      var lastScene = ""
      do {
        var made = try ShardMerge(
          shards: shards.map { URL(fileURLWithPath: $0, isDirectory: true) }, names: shards,
          outputDirectory: URL(fileURLWithPath: output, isDirectory: true), jobs: jobs ?? ProcessInfoCores.count)
        made.waitsForFolder = !noWait
        merge = made
        manifest = try merge.run { event in
          switch event {
          case .waitingForFolder(let holder):
            Diagnostics.printError(
              "merge: \(InputText.escaped(output)) is being written by \(holder); waiting for it (--no-wait fails instead)")
          case .unownedFilesKept(let count, let first):
            Diagnostics.printError(
              "merge: left \(count) file\(count == 1 ? "" : "s") named like frames that no BarFrames record lists, such as \(InputText.escaped((output as NSString).appendingPathComponent(first)))"
            )
          case .sceneStarted(let scene, let ordinal, let count, let frames) where !quiet:
            lastScene = scene
            Diagnostics.printError("merge: [\(ordinal + 1)/\(count)] \(scene): \(frames) frame\(frames == 1 ? "" : "s")")
          default: break
          }
        }
      } catch {
        switch error {
        case .shardSet(let message): throw CommandFailure(message: message, status: .usage)
        case .badInput(let message): throw CommandFailure(message: message, status: .badInput)
        case .output(let error) where [.outputRefused, .folderBusy].contains(Self.status(of: error)):
          throw CommandFailure(message: error.description, status: Self.status(of: error))
        case .output(let error):
          let scene =
            lastScene.isEmpty ? "" : " (while merging \(lastScene); \(ExportManifest.fileName) was not written)"
          throw CommandFailure(message: error.description + scene, status: .failure)
        }
      }
      if !quiet {
        let frames = manifest.scenes.map(\.frames.count).reduce(0, +)
        let files = Set(manifest.scenes.flatMap { $0.files.map(\.path) }).count
        var text =
          "merge: \(merge.shards.parts.count) shards → \(output): \(manifest.scenes.count) scene\(manifest.scenes.count == 1 ? "" : "s"), "
        text +=
          "\(frames) frame\(frames == 1 ? "" : "s") and \(files) other file\(files == 1 ? "" : "s") in \(String(format: "%.2f", Date().timeIntervalSince(started))) s"
        if manifest.scenes.first?.files.contains(where: { $0.format == "html" }) == true {
          text += "; open \((output as NSString).appendingPathComponent(SceneFileNames.galleryPath))"
        }
        Diagnostics.printError(text)
      }
      if json { FileHandle.standardOutput.write(Data(manifest.serialized().utf8)) }
    }

    /// The exit status of a failed write.
    static func status(of error: ExportError) -> CommandExitCode {
      switch error {
      case .notOurs, .inputAsOutput: .outputRefused
      case .folderBusy: .folderBusy
      default: .failure
      }
    }
  }
}
