import BarFrames
import BarFramesImageIO
import BarFramesPlayer
import Foundation

/// A folder `barframes render` wrote, read back: its scenes and their numbered PNG frames, so
/// two renders (before and after a style edit, yesterday's and today's) can be compared.
///
/// The scenes the folder's `index.html` lists (a render with `--format html`) come with their
/// timing, events and files. Scene folders the page does not list — a render without `html`,
/// or scenes another run rendered into the same folder — are found by their frames' names,
/// `<scene>/<scene>-NNN.png` (or `-NNN@2x.png`), and carry frame numbers only.
///
/// ```swift
/// let before = try RenderFolder(reading: URL(fileURLWithPath: "frames-old"), label: "frames-old")
/// before.scenes.map(\.name)  // ["bar", "seek-bar"]
/// ```
public struct RenderFolder: Sendable {
  /// The folder.
  public var url: URL
  /// How pages and messages name it: the path as the user gave it.
  public var label: String
  /// Its scenes with PNG frames: the page's in its order, then the others by name.
  public var scenes: [RenderedScene]
  /// Scenes its page lists without PNG frames (rendered without `png`), which cannot be shown.
  public var scenesWithoutFrames: [String]

  /// The largest `index.html` read (a page of the largest renders is a few megabytes).
  public static let pageSizeLimit = 64 << 20

  /// The scene called `name`.
  public func scene(named name: String) -> RenderedScene? { scenes.first { $0.name == name } }

  /// Reads the folder at `url`.
  /// - Parameter label: How messages name it (escaped for the terminal).
  /// - Throws: ``InputError`` naming the folder or its page and the key path: not a folder, no
  ///   frames, a page that is not one of ours or lists frames the folder does not hold.
  public init(reading url: URL, label: String) throws(InputError) {
    self.url = url
    self.label = label
    self.scenes = []
    self.scenesWithoutFrames = []
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw InputError(file: label, keyPath: "", message: "no such folder")
    }
    guard isDirectory.boolValue else {
      throw InputError(
        file: label, keyPath: "", message: "is a file; give the folder a render wrote (barframes render … -o FOLDER)")
    }
    try Self.checkComplete(url, label: label)
    let page = url.appendingPathComponent(SceneFileNames.galleryPath)
    if FileManager.default.fileExists(atPath: page.path) { try readPage(page) }
    let described = Set(scenes.map(\.name) + scenesWithoutFrames)
    let folders = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter {
      !$0.hasPrefix(".") && !described.contains($0)
    }.sorted()
    for folder in folders {
      var isFolder: ObjCBool = false
      let sceneURL = url.appendingPathComponent(folder)
      guard FileManager.default.fileExists(atPath: sceneURL.path, isDirectory: &isFolder), isFolder.boolValue else {
        continue
      }
      let names = (try? FileManager.default.contentsOfDirectory(atPath: sceneURL.path)) ?? []
      if let scene = try scannedScene(folder, fileNames: names) { scenes.append(scene) }
    }
    guard !scenes.isEmpty else {
      throw InputError(
        file: label, keyPath: "",
        message: "holds no rendered frames (expected SCENE/SCENE-NNN.png files, as barframes render writes them)")
    }
  }

  /// Refuses a folder whose manifest (ours) lists a frame that is missing or not of its listed
  /// size: a render that did not finish, or frames removed since — the middle and last
  /// included, which names alone cannot tell.
  private static func checkComplete(_ url: URL, label: String) throws(InputError) {
    let records = FolderRecords(directory: url)
    for (name, read) in records.manifests.sorted(by: { $0.key < $1.key }) {
      for (i, scene) in read.manifest.scenes.enumerated() {
        for (j, frame) in scene.frames.enumerated() {
          let path = url.appendingPathComponent(frame.path).path
          let size = FileStat(path: path)?.bytes
          // Something that is not a regular file (a FIFO, a folder) is named as such where the
          // frames are read, more precisely than "not held".
          guard size != frame.bytes, size != nil || !FileManager.default.fileExists(atPath: path) else { continue }
          throw InputError(
            file: "\(label)/\(name)", keyPath: "scenes[\(i)].frames[\(j)].path",
            message:
              "lists \(InputText.escaped(frame.path)), which the folder \(size == nil ? "does not hold" : "holds with \(size!) bytes, not \(frame.bytes)"); the render is incomplete — render it again"
          )
        }
      }
    }
  }

  /// The scenes of the player data in `index.html`, checked value by value.
  private mutating func readPage(_ page: URL) throws(InputError) {
    let file = label + "/" + SceneFileNames.galleryPath
    let text: String
    do {
      text = String(decoding: try InputBytes.read(page, limit: Self.pageSizeLimit), as: UTF8.self)
    } catch {
      throw InputError(
        file: file, keyPath: "",
        message: error == .tooLarge
          ? "is more than the \(Self.pageSizeLimit >> 20) MiB a player page can be" : "\(error)")
    }
    let open = "<script type=\"application/json\" id=\"barframes-data\">"
    guard let start = text.range(of: open),
      let end = text.range(of: "</script>", range: start.upperBound..<text.endIndex)
    else {
      throw InputError(file: file, keyPath: "", message: "holds no player data; is it the page barframes render wrote?")
    }
    let json: JSONValue
    do {
      json = try JSONValue(
        parsing: String(text[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "<\\/", with: "</"))
    } catch {
      throw InputError(file: file, keyPath: "", message: "its player data is not JSON: \(error.description)")
    }
    var reader = try JSONObjectReader(json, file: file)
    let version = try reader.integer("version", default: 1, 1...1_000_000)
    guard version == 1 else {
      throw reader.error(
        "version",
        "the page was written by a newer barframes (player data version \(version)); this one reads version 1")
    }
    guard let list = try reader.array("scenes") else { throw reader.error("scenes", "missing; expected an array") }
    var names: Set<String> = []
    for (value, path) in list {
      guard let scene = try RenderedScene(json: value, file: file, path: path) else {
        if case .string(let name)? = value["name"] { scenesWithoutFrames.append(name) }
        continue
      }
      guard names.insert(scene.name).inserted else {
        throw InputError(
          file: file, keyPath: path.appending("name").description,
          message: "a second scene named \(JSONValue.string(scene.name).summary)")
      }
      // The page may be older than the folder's frames (another run changed them); every
      // frame it names must be there, or the comparison would show holes.
      for number in scene.frames.numbers {
        let framePath = scene.frames.path(number)
        guard FileManager.default.fileExists(atPath: url.appendingPathComponent(framePath).path) else {
          throw InputError(
            file: file, keyPath: path.appending("frames").description,
            message:
              "names \(InputText.escaped(framePath)), which the folder does not hold; render again or remove the stale page"
          )
        }
      }
      scenes.append(scene)
    }
  }

  /// The scene in folder `name` found by its frames' names, or nil when it holds none.
  private func scannedScene(_ name: String, fileNames: [String]) throws(InputError) -> RenderedScene? {
    // Grouped by digit count and scale, in case a folder holds two numberings; the larger wins.
    var groups: [String: (digits: Int, scale: Int, numbers: [Int])] = [:]
    for fileName in fileNames where fileName.hasPrefix(name + "-") && fileName.hasSuffix(".png") {
      var middle = Substring(fileName.dropFirst(name.count + 1).dropLast(4))
      var scale = 1
      if let at = middle.lastIndex(of: "@") {
        let tail = middle[middle.index(after: at)...]
        guard tail.count == 2, tail.last == "x", let n = tail.first?.wholeNumberValue, (2...9).contains(n) else {
          continue
        }
        scale = n
        middle = middle[..<at]
      }
      guard !middle.isEmpty, middle.count <= 9, middle.allSatisfy({ $0.isASCII && $0.isNumber }),
        let number = Int(middle)
      else { continue }
      groups["\(middle.count)@\(scale)", default: (middle.count, scale, [])].numbers.append(number)
    }
    guard let group = groups.values.max(by: { ($0.numbers.count, $0.scale) < ($1.numbers.count, $1.scale) }) else {
      return nil
    }
    let numbers = group.numbers.sorted()
    let step = numbers.count > 1 ? numbers[1] - numbers[0] : 1
    for (index, number) in numbers.enumerated() where number != numbers[0] + index * step {
      throw InputError(
        file: "\(label)/\(InputText.escaped(name))", keyPath: "",
        message:
          "frames \(numbers[0])…\(numbers[numbers.count - 1]) are not evenly numbered (\(numbers[index - 1]) is followed by \(number)); a partial render (--shard) cannot be compared, render every frame"
      )
    }
    let scaleSuffix = group.scale > 1 ? "@\(group.scale)x" : ""
    let frames = RenderedScene.Frames(
      prefix: "\(name)/\(name)-", suffix: "\(scaleSuffix).png", digits: group.digits, first: numbers[0], step: step,
      count: numbers.count)
    // Size and transparency from the first frame's header; the backdrop from the middle frame.
    var reading = frames.path(numbers[0])
    do {
      let header = try InputBytes.readPrefix(url.appendingPathComponent(reading), count: PNGImageInfo.headerByteCount)
      let info = try PNGImageInfo(bytes: header)
      let transparent = info.colorType == .rgba || info.colorType == .grayscaleAlpha
      var backdrop = Backdrop.checker
      if transparent {
        reading = frames.path(numbers[numbers.count / 2])
        let image = try PNGDecoder.decode(try InputBytes.read(url.appendingPathComponent(reading), limit: .max))
        backdrop = Backdrop.choose(forStraightRGBA: image.pixels)
      }
      return RenderedScene(
        name: name, frames: frames, scale: group.scale, width: info.width, height: info.height,
        transparent: transparent, backdrop: backdrop)
    } catch let error as PNGDecodingError {
      throw InputError(
        file: "\(label)/\(InputText.escaped(reading))", keyPath: "", message: "is not a PNG frame: \(error)")
    } catch {
      throw InputError(file: "\(label)/\(InputText.escaped(reading))", keyPath: "", message: "\(error)")
    }
  }
}
