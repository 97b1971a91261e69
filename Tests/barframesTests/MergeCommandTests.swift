import BarFrames
import BarFramesTestSupport
import Foundation
import Testing

/// `barframes render --shard` on several "machines" (separate processes, separate folders)
/// and `barframes merge`, as a CI matrix runs them: the merged folder must be, file for file and
/// byte for byte, what one unsharded `barframes render` writes.
@Suite struct MergeCommandTests {
  /// Two short examples, one opaque and one transparent, every format; 10 fps keeps it quick.
  static let render = [
    "render", "Examples/bent-line-strokeend.json", "Examples/seek-bar.json", "--format", "all", "--fps", "10", "--jobs",
    "2",
  ]

  /// The runner variables `--shard auto` reads, removed from the test's own environment (the
  /// suite may itself run in a parallel CI job).
  static let runnerVariables = [
    "BARFRAMES_SHARD", "BARFRAMES_SHARD_COUNT", "JOB_COMPLETION_INDEX", "CI_NODE_INDEX", "CI_NODE_TOTAL",
  ]

  /// Runs `barframes` with exactly `environment` of the runner variables set.
  static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> ExternalTools.Output {
    let unset = runnerVariables.flatMap { ["-u", $0] }
    let set = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    return try ExternalTools.run(
      "/usr/bin/env", unset + set + [CommandRunner.executable.path] + arguments, in: TestRendering.packageRoot)
  }

  /// Every file under `directory`, by relative path.
  static func contents(of directory: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    for case let relative as String in FileManager.default.enumerator(atPath: directory.path)
      ?? FileManager.DirectoryEnumerator()
    {
      let url = directory.appendingPathComponent(relative)
      var isDirectory: ObjCBool = false
      if !TestRendering.isFolderBookkeeping(relative),
        FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
      {
        result[relative] = try Data(contentsOf: url)
      }
    }
    return result
  }

  static func expectIdentical(_ actual: URL, _ expected: URL) throws {
    let want = try contents(of: expected)
    let got = try contents(of: actual)
    #expect(
      Set(got.keys) == Set(want.keys),
      "only merged: \(Set(got.keys).subtracting(want.keys)), only full: \(Set(want.keys).subtracting(got.keys))")
    for (path, bytes) in want {
      let same = got[path] == bytes
      #expect(same, "\(path) differs")
    }
  }

  @Test func threeShardProcessesMergeIntoTheUnshardedRenderByteForByte() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func folder(_ name: String) -> String { directory.appendingPathComponent(name).path }

    let full = try Self.run(Self.render + ["-o", folder("full"), "--quiet"])
    #expect(full.status == 0, "\(full.stderr)")
    for i in 1...3 {
      let shard = try Self.run(Self.render + ["-o", folder("shard-\(i)"), "--quiet", "--shard", "\(i)/3"])
      #expect(shard.status == 0, "\(shard.stderr)")
    }
    // A shard writes no animation: the merge builds them.
    let shardFiles = try (1...3).flatMap { try Self.contents(of: directory.appendingPathComponent("shard-\($0)")).keys }
    #expect(
      !shardFiles.isEmpty
        && !shardFiles.contains { $0.hasSuffix(".apng") || $0.hasSuffix(".gif") || $0.hasSuffix(".webp") })

    let merge = try Self.run([
      "merge", folder("shard-2"), folder("shard-3"), folder("shard-1"), "-o", folder("merged"), "--json",
    ])
    #expect(merge.status == 0, "\(merge.stderr)")
    try Self.expectIdentical(directory.appendingPathComponent("merged"), directory.appendingPathComponent("full"))
    let files = try Self.contents(of: directory.appendingPathComponent("full"))
    // What was compared includes the manifest, the page and every animation.
    for path in [
      "manifest.json", "index.html", "seek-bar/seek-bar@2x.apng", "seek-bar/seek-bar@2x.gif",
      "bent-line-strokeend/bent-line-strokeend@2x.webp",
    ] {
      #expect(files[path] != nil, "\(path)")
    }
    #expect(merge.stdout == files["manifest.json"])
    let lines = merge.stderr.split(separator: "\n")
    #expect(lines.first == "merge: [1/2] bent-line-strokeend: 41 frames")
    #expect(
      lines.last?.hasPrefix("merge: 3 shards → \(folder("merged")): 2 scenes, 142 frames and ") == true,
      "\(merge.stderr)")

    // `--shard auto`, each shard finding itself through another runner's convention, writes
    // exactly what `--shard i/3` wrote.
    let conventions: [(shard: Int, environment: [String: String], source: String)] = [
      (
        1, ["JOB_COMPLETION_INDEX": "0", "BARFRAMES_SHARD_COUNT": "3"],
        "JOB_COMPLETION_INDEX=0, BARFRAMES_SHARD_COUNT=3 (Kubernetes Indexed Job)"
      ),
      (2, ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3"], "CI_NODE_INDEX=2, CI_NODE_TOTAL=3 (GitLab CI parallel)"),
      (3, ["BARFRAMES_SHARD": "3/3"], "BARFRAMES_SHARD=3/3"),
    ]
    for convention in conventions {
      let auto = try Self.run(
        Self.render + ["-o", folder("auto-\(convention.shard)"), "--shard", "auto"], environment: convention.environment
      )
      #expect(auto.status == 0, "\(auto.stderr)")
      #expect(
        auto.stderr.hasPrefix("render: shard \(convention.shard)/3 from \(convention.source)\n"), "\(auto.stderr)")
      try Self.expectIdentical(
        directory.appendingPathComponent("auto-\(convention.shard)"),
        directory.appendingPathComponent("shard-\(convention.shard)"))
    }
  }

  @Test func shardAutoWithoutARunnerExits64NamingTheVariables() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("out")
    let none = try Self.run(["render", "Examples/seek-bar.json", "-o", out.path, "--shard", "auto"])
    #expect(none.status == 64)
    for variable in Self.runnerVariables { #expect(none.stderr.contains(variable), "\(variable): \(none.stderr)") }
    let incomplete = try Self.run(
      ["render", "Examples/seek-bar.json", "-o", out.path, "--shard", "auto"],
      environment: ["JOB_COMPLETION_INDEX": "4"])
    #expect(incomplete.status == 64)
    #expect(incomplete.stderr.contains("JOB_COMPLETION_INDEX=4 (Kubernetes Indexed Job) needs BARFRAMES_SHARD_COUNT"))
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test func mergeRefusalsAreOneLineWithTheirExitCodeAndWriteNothing() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func folder(_ name: String) -> String { directory.appendingPathComponent(name).path }
    let scene = ["render", "Examples/seek-bar.json", "--fps", "5", "--quiet", "--format", "png,gif"]
    for i in 1...2 { #expect(try Self.run(scene + ["-o", folder("shard-\(i)"), "--shard", "\(i)/2"]).status == 0) }
    #expect(try Self.run(scene + ["-o", folder("other-2"), "--shard", "2/2", "--every-nth", "2"]).status == 0)

    let missing = try Self.run(["merge", folder("shard-1"), "-o", folder("merged")])
    #expect(missing.status == 64)
    #expect(
      missing.stderr
        == "barframes: error: missing shard 2/2 (1 of 2): found 1/2 in \(folder("shard-1")); give every shard's folder\n"
    )

    let different = try Self.run(["merge", folder("shard-1"), folder("other-2"), "-o", folder("merged")])
    #expect(different.status == 65)
    #expect(different.stderr.contains("render.everyNth is 1 in one and 2 in the other"))
    #expect(different.stderr.split(separator: "\n").count == 1)

    let noFolder = try Self.run(["merge", "-o", folder("merged")])
    #expect(noFolder.status == 64)
    #expect(!FileManager.default.fileExists(atPath: folder("merged")))
  }

  /// The README's and Examples/ci's workflows parse as YAML and wire shards, artifacts and the
  /// merge together consistently.
  @Test(.enabled(if: Self.yamlReader != nil, "needs python3 with PyYAML (python3-yaml) to read the CI examples"))
  func theCIExamplesAreValidAndConsistent() throws {
    let ci = TestRendering.packageRoot.appendingPathComponent("Examples/ci")
    func load(_ name: String) throws -> [JSONValue] {
      let script = "import json, sys, yaml; print(json.dumps(list(yaml.safe_load_all(open(sys.argv[1])))))"
      let result = try ExternalTools.run(
        try #require(Self.yamlReader), ["-c", script, ci.appendingPathComponent(name).path])
      #expect(result.status == 0, "\(name): \(result.stderr)")
      guard case .array(let documents) = try JSONValue(parsing: result.text) else { return [] }
      return documents
    }
    func text(_ value: JSONValue?) -> String {
      switch value {
      case .string(let s)?: s
      case .array(let items)?: items.map { text($0) }.joined(separator: "\n")
      case .object(let members)?: members.map { text($0.value) }.joined(separator: "\n")
      case .number(let n)?: n.compactJSON
      default: ""
      }
    }

    // GitHub Actions: a matrix of shards renders with --shard auto and uploads its folder; a
    // job that needs them all downloads them and merges.
    let workflow = try #require(try load("github-actions-shards.yml").first)
    let render = try #require(workflow["jobs"]?["render"])
    guard case .array(let shards)? = render["strategy"]?["matrix"]?["shard"] else {
      Issue.record("no matrix.shard")
      return
    }
    #expect(shards == (1...shards.count).map { .number(Double($0)) } && shards.count >= 2)
    #expect(render["env"]?["BARFRAMES_SHARD"] == .string("${{ matrix.shard }}/${{ strategy.job-total }}"))
    let renderSteps = text(render["steps"])
    #expect(renderSteps.contains("--shard auto") && renderSteps.contains("actions/upload-artifact"))
    let merge = try #require(workflow["jobs"]?["merge"])
    let needs = text(merge["needs"])
    let mergeSteps = text(merge["steps"])
    #expect(needs.contains("render"))
    #expect(mergeSteps.contains("actions/download-artifact") && mergeSteps.contains("barframes merge"))

    // Kubernetes: an Indexed Job whose BARFRAMES_SHARD_COUNT is its completions.
    let jobs = try load("kubernetes-indexed-job.yaml")
    let indexed = try #require(jobs.first { $0["spec"]?["completionMode"] == .string("Indexed") })
    #expect(indexed["kind"] == .string("Job") && indexed["apiVersion"] == .string("batch/v1"))
    let completions = try #require(indexed["spec"]?["completions"])
    guard case .array(let containers)? = indexed["spec"]?["template"]?["spec"]?["containers"],
      let container = containers.first,
      case .array(let environment)? = container["env"]
    else {
      Issue.record("no container env")
      return
    }
    let count = environment.first { $0["name"] == .string("BARFRAMES_SHARD_COUNT") }?["value"]
    #expect(count == .string(text(completions)), "BARFRAMES_SHARD_COUNT must equal spec.completions")
    let command = text(container["command"]) + text(container["args"])
    #expect(command.contains("--shard auto"))
    let merger = try #require(jobs.first { text($0["spec"]?["template"]).contains("barframes merge") })
    #expect(merger["kind"] == .string("Job"))

    // GitLab: parallel: N and a merge job that needs the render job.
    let gitlab = try #require(try load("gitlab-ci-shards.yml").first)
    #expect(gitlab["render"]?["parallel"] != nil)
    let renderScript = text(gitlab["render"]?["script"])
    let mergeNeeds = text(gitlab["merge"]?["needs"])
    let mergeScript = text(gitlab["merge"]?["script"])
    #expect(renderScript.contains("--shard auto"))
    #expect(mergeNeeds.contains("render") && mergeScript.contains("barframes merge"))
  }

  /// A python3 that can import yaml.
  static let yamlReader: String? = [ExternalTools.python3, "/usr/bin/python3"].compactMap { $0 }.first { python in
    (try? ExternalTools.run(python, ["-c", "import yaml"]).status) == 0
  }

  static let strace = ExternalTools.path("strace")

  /// The fsync-family calls `barframes merge` makes, traced from outside the process.
  static func mergeFlushes(
    _ arguments: [String], log: URL
  ) throws -> (status: Int32, stderr: String, flushes: Int, syncfs: Int) {
    let tracing = ["-f", "-qq", "-e", "trace=fsync,fdatasync,syncfs", "-o", log.path]
    let traced = try ExternalTools.run(
      try #require(strace), tracing + [CommandRunner.executable.path] + arguments, in: TestRendering.packageRoot)
    let calls = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").filter {
      $0.contains("fsync(") || $0.contains("syncfs(") || $0.contains("fdatasync(")
    }
    return (traced.status, traced.stderr, calls.count, calls.filter { $0.contains("syncfs(") }.count)
  }

  /// A merge commits as a render does: begin (the index and its folder), every file unflushed,
  /// one `syncfs` and the manifest's folder — 4 calls for a small merge, at most 12 for any,
  /// where it flushed each of its files and their folder before.
  @Test(.enabled(if: strace != nil, "needs strace to count the merge's flushes from outside"))
  func aMergeCommitsOnceWithAtMost12Flushes() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func folder(_ name: String) -> String { directory.appendingPathComponent(name).path }
    // seek-bar at 5 fps: 51 frames, too few for an early flush; both scenes at 30 fps: 422
    // frames, with early flushes.
    let scenes = ["render", "Examples/bent-line-strokeend.json", "Examples/seek-bar.json", "--jobs", "2"]
    for (name, arguments, most) in [
      ("small", ["render", "Examples/seek-bar.json", "--format", "png,apng,gif,svg", "--fps", "5", "--jobs", "2"], 4),
      ("large", scenes + ["--format", "png,apng", "--fps", "30"], 12),
    ] {
      let full = try Self.run(arguments + ["-o", folder("\(name)-full"), "--quiet"])
      try #require(full.status == 0, "\(full.stderr)")
      for i in 1...2 {
        let shard = try Self.run(arguments + ["-o", folder("\(name)-\(i)"), "--quiet", "--shard", "\(i)/2"])
        try #require(shard.status == 0, "\(shard.stderr)")
      }
      let merge = try Self.mergeFlushes(
        ["merge", folder("\(name)-1"), folder("\(name)-2"), "-o", folder("\(name)-merged"), "--quiet"],
        log: directory.appendingPathComponent("\(name).strace"))
      #expect(merge.status == 0, "\(merge.stderr)")
      if most == 4 {
        // The index and its folder, the one syncfs that makes every file durable, the folder.
        #expect(merge.flushes == 4 && merge.syncfs == 1, "\(name): \(merge.flushes) calls, \(merge.syncfs) syncfs")
      } else {
        #expect((4...most).contains(merge.flushes), "\(name): \(merge.flushes) fsync-family calls")
      }
      try Self.expectIdentical(
        directory.appendingPathComponent("\(name)-merged"), directory.appendingPathComponent("\(name)-full"))
    }
  }
}
