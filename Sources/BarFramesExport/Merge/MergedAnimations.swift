import BarFramesImageIO
import BarFramesOutput
import Foundation

/// The APNG, GIF and WebP of one scene, built by `barframes merge` from the scene's PNG frames
/// in order, with the writers and settings the exporter uses, so the files are byte for byte
/// those of an unsharded render (the merge tests compare them).
///
/// Each writer runs on a thread of its own behind a bounded queue, as in ``Exporter``; the APNG
/// gets each frame's compressed data as stored in its PNG file, which is what the exporter hands
/// it. Files are written under temporary names and renamed by ``finish()``; ``discard()``
/// removes them after a failure.
final class MergedAnimations {
  private let names: SceneFileNames
  /// Whether each file is flushed before it is named (not when the merge commits once).
  private let flushing: Bool
  /// Every frame's colour type: the first frame's.
  let colorType: PNGColorType
  private var apng:
    (
      file: StreamingFile, writer: APNGWriter<FileHandleByteSink>,
      thread: WriterThread<(RGBAImage, EncodedFrame, FrameDelay)>
    )?
  private var gif:
    (file: StreamingFile, writer: GIFWriter<FileHandleByteSink>, thread: WriterThread<(RGBAImage, UInt16)>)?
  private var webp: (file: StreamingFile, writer: WebPWriter<FileHandleByteSink>, thread: WriterThread<RGBAImage>)?
  private let gifDelays: [Int: UInt16]
  /// The APNG's and the WebP's frames, by position, with their delay in the APNG.
  private let animationDelays: [Int: FrameDelay]

  /// Opens the animations `formats` asks for; frames are `width` × `height` of `colorType`.
  init(
    names: SceneFileNames, width: Int, height: Int, colorType: PNGColorType, timing: AnimationTiming,
    formats: ExportFormats, webpQuality: Int?, outputDirectory: URL, temporaryFiles: TemporaryFiles, capacity: Int,
    flushing: Bool
  ) throws {
    self.names = names
    self.flushing = flushing
    self.colorType = colorType
    if let problem = timing.frameTooLong(for: formats) { throw MergeError.badInput("\(names.scene): \(problem)") }
    let gifFrames = formats.contains(.gif) ? timing.gifFrames : (positions: [], delays: [])
    gifDelays = Dictionary(uniqueKeysWithValues: zip(gifFrames.positions, gifFrames.delays))
    let frames = timing.animationFrames
    animationDelays = Dictionary(
      uniqueKeysWithValues: frames.positions.indices.map {
        (frames.positions[$0], timing.apngDelay(ofFrame: $0, in: frames))
      })
    func url(_ path: String) -> URL { outputDirectory.appendingPathComponent(path) }
    do {
      if formats.contains(.apng) {
        let file = try StreamingFile(url(names.apngPath), registry: temporaryFiles)
        let writer = try APNGWriter(
          sink: FileHandleByteSink(handle: file.handle), width: width, height: height, colorType: colorType,
          delay: timing.apngDelay(ofFrame: 0, in: frames), preset: .small, compressionThread: true)
        apng = (file, writer, WriterThread(capacity: capacity) { try writer.append($0.0, encoded: $0.1, delay: $0.2) })
      }
      if formats.contains(.gif) {
        let file = try StreamingFile(url(names.gifPath), registry: temporaryFiles)
        let writer = try GIFWriter(sink: FileHandleByteSink(handle: file.handle), width: width, height: height)
        gif = (file, writer, WriterThread(capacity: capacity) { try writer.append($0.0, delayCentiseconds: $0.1) })
      }
      if formats.contains(.webp) {
        let file = try StreamingFile(url(names.webpPath), registry: temporaryFiles)
        let writer = try WebPWriter(
          sink: FileHandleByteSink(handle: file.handle), width: width, height: height,
          timestamps: timing.webpTimestamps(for: frames), quality: webpQuality)
        webp = (file, writer, WriterThread(capacity: capacity) { try writer.append($0) })
      }
    } catch {
      discard()
      throw error
    }
  }

  /// Whether any animation is being written (else frames need no decoding).
  var isEmpty: Bool { apng == nil && gif == nil && webp == nil }

  /// Appends the frame at `position` (among the selected frames) to every animation that shows it.
  func append(position: Int, image: RGBAImage, encoded: EncodedFrame) throws {
    if let delay = animationDelays[position] {
      try apng?.thread.send((image, encoded, delay))
      try webp?.thread.send(image)
    }
    if let gif, let delay = gifDelays[position] { try gif.thread.send((image, delay)) }
  }

  /// Finishes and renames every animation into place; returns their manifest entries in the
  /// exporter's order (APNG, GIF, WebP).
  func finish() throws -> [ExportManifest.FileEntry] {
    try apng?.thread.finish()
    try gif?.thread.finish()
    try webp?.thread.finish()
    var entries: [ExportManifest.FileEntry] = []
    if let apng {
      try apng.writer.finish()
      entries.append(
        try OutputContext.commit(
          apng.file, format: "apng", path: names.apngPath, flushing: flushing, frames: apng.writer.framesWritten,
          merged: apng.writer.mergedFrames))
    }
    if let gif {
      try gif.writer.finish()
      entries.append(
        try OutputContext.commit(
          gif.file, format: "gif", path: names.gifPath, flushing: flushing, frames: gif.writer.framesWritten,
          merged: gif.writer.mergedFrames))
    }
    if let webp {
      try webp.writer.finish()
      entries.append(
        try OutputContext.commit(
          webp.file, format: "webp", path: names.webpPath, flushing: flushing, frames: webp.writer.framesWritten,
          merged: webp.writer.mergedFrames))
    }
    return entries
  }

  /// Stops the writer threads and removes the temporary files.
  func discard() {
    apng?.thread.cancel()
    gif?.thread.cancel()
    webp?.thread.cancel()
    apng?.file.discard()
    gif?.file.discard()
    webp?.file.discard()
  }
}
