import BarFramesExport
import Testing

/// `--shard auto` against environments as each runner sets them, injected.
@Suite struct ShardEnvironmentTests {
  static func detect(_ environment: [String: String]) throws -> Shard {
    try ShardEnvironment.detect(in: environment).shard
  }

  /// The error `auto` gives for `environment`, or nil when it finds a shard.
  static func failure(_ environment: [String: String]) -> String? {
    do {
      _ = try ShardEnvironment.detect(in: environment)
      return nil
    } catch {
      return error.description
    }
  }

  // MARK: Each convention

  /// Kubernetes numbers the pods of an Indexed Job 0 … completions − 1.
  @Test(arguments: [(0, 1), (1, 2), (2, 3)])
  func kubernetesIndexedJobCountsFromZero(index: Int, shard: Int) throws {
    let found = try Self.detect([
      "JOB_COMPLETION_INDEX": "\(index)", "BARFRAMES_SHARD_COUNT": "3", "HOSTNAME": "render-\(index)",
    ])
    #expect(found == (try Shard(index: shard, count: 3)))
  }

  /// GitLab's `parallel: 3` sets CI_NODE_INDEX 1 … 3 and CI_NODE_TOTAL 3.
  @Test(arguments: [1, 2, 3])
  func gitLabParallelCountsFromOne(index: Int) throws {
    let found = try Self.detect(["CI_NODE_INDEX": "\(index)", "CI_NODE_TOTAL": "3", "GITLAB_CI": "true"])
    #expect(found == (try Shard(index: index, count: 3)))
  }

  /// GitHub Actions has no variable of its own; the example workflow sets BARFRAMES_SHARD from
  /// `matrix.shard` and `strategy.job-total`.
  @Test func gitHubActionsMatrixThroughBarframesShard() throws {
    let environment = ["GITHUB_ACTIONS": "true", "BARFRAMES_SHARD": "4/4"]
    let detection = try ShardEnvironment.detect(in: environment)
    #expect(detection.shard == (try Shard(index: 4, count: 4)))
    #expect(detection.source == "BARFRAMES_SHARD=4/4")
  }

  @Test func theSourceNamesTheVariablesAndTheRunner() throws {
    let detection = try ShardEnvironment.detect(in: ["JOB_COMPLETION_INDEX": "1", "BARFRAMES_SHARD_COUNT": "8"])
    #expect(detection.source == "JOB_COMPLETION_INDEX=1, BARFRAMES_SHARD_COUNT=8 (Kubernetes Indexed Job)")
  }

  @Test func twoConventionsThatAgreeAreFine() throws {
    // A GitLab job on a Kubernetes runner that also runs as an Indexed Job, say.
    let found = try Self.detect([
      "CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "2", "JOB_COMPLETION_INDEX": "1", "BARFRAMES_SHARD_COUNT": "2",
    ])
    #expect(found == (try Shard(index: 2, count: 2)))
  }

  // MARK: Refusals

  @Test func nothingSetNamesEveryVariableLookedAt() throws {
    let message = try #require(Self.failure(["PATH": "/usr/bin", "CI": "true"]))
    for variable in [
      "BARFRAMES_SHARD", "JOB_COMPLETION_INDEX", "BARFRAMES_SHARD_COUNT", "CI_NODE_INDEX", "CI_NODE_TOTAL",
    ] {
      #expect(message.contains(variable), "\(message)")
    }
    #expect(message.hasPrefix("'--shard auto' found no shard in the environment"))
    #expect(!message.contains("\n"))
  }

  /// GitLab sets CI_NODE_TOTAL=1 and no CI_NODE_INDEX in a job without `parallel:`.
  @Test func aCountWithoutItsIndexIsNoShard() throws {
    let message = try #require(Self.failure(["CI_NODE_TOTAL": "1"]))
    #expect(message.contains("found no shard"))
    #expect(message.contains("only CI_NODE_TOTAL=1"))
  }

  @Test func anIndexWithoutItsCountIsRefusedNamingTheCount() throws {
    let message = try #require(Self.failure(["JOB_COMPLETION_INDEX": "2"]))
    #expect(
      message
        == "'--shard auto': JOB_COMPLETION_INDEX=2 (Kubernetes Indexed Job) needs BARFRAMES_SHARD_COUNT, the number of shards, and it is not set"
    )
    #expect(Self.failure(["CI_NODE_INDEX": "2"])?.contains("needs CI_NODE_TOTAL") == true)
  }

  @Test(arguments: [
    (
      ["JOB_COMPLETION_INDEX": "3", "BARFRAMES_SHARD_COUNT": "3"],
      "JOB_COMPLETION_INDEX=3 must be a whole number from 0 to 2"
    ),
    (["JOB_COMPLETION_INDEX": "-1", "BARFRAMES_SHARD_COUNT": "3"], "from 0 to 2"),
    (["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "3"], "CI_NODE_INDEX=0 must be a whole number from 1 to 3"),
    (["CI_NODE_INDEX": "4", "CI_NODE_TOTAL": "3"], "from 1 to 3"),
    (["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "0"], "CI_NODE_TOTAL=0 must be a whole number ≥ 1"),
    (["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "three"], "CI_NODE_TOTAL=\"three\" must be a whole number"),
    (["BARFRAMES_SHARD": "3"], "BARFRAMES_SHARD=3 must be i/n"),
    (["BARFRAMES_SHARD": "0/2"], "BARFRAMES_SHARD=0/2 must be i/n"),
    (["BARFRAMES_SHARD": "3/2"], "must be i/n with 1 ≤ i ≤ n"),
    (["BARFRAMES_SHARD": ""], "BARFRAMES_SHARD=\"\" must be i/n"),
  ])
  func malformedOrOutOfRangeValuesAreRefusedNamingThem(environment: [String: String], expected: String) throws {
    let message = try #require(Self.failure(environment))
    #expect(message.contains(expected), "\(message)")
  }

  @Test func conventionsThatDisagreeAreRefusedNamingBoth() throws {
    let message = try #require(Self.failure(["BARFRAMES_SHARD": "1/2", "CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "2"]))
    #expect(message.contains("two different shards"))
    #expect(message.contains("1/2 from BARFRAMES_SHARD=1/2"))
    #expect(message.contains("2/2 from CI_NODE_INDEX=2, CI_NODE_TOTAL=2 (GitLab CI parallel)"))
  }

  @Test func valuesAreEscapedInMessages() throws {
    let message = try #require(Self.failure(["BARFRAMES_SHARD": "\u{1B}[31m1/2"]))
    #expect(!message.contains("\u{1B}"))
    #expect(message.contains("\\u{1B}"))
  }

  // MARK: The flag's argument

  @Test func resolveTakesIOverNOrAuto() throws {
    let explicit = try Shard.resolve("2/3", environment: ["BARFRAMES_SHARD": "1/3"])
    #expect(explicit.shard == (try Shard(index: 2, count: 3)) && explicit.source == nil)
    let automatic = try Shard.resolve("auto", environment: ["CI_NODE_INDEX": "3", "CI_NODE_TOTAL": "3"])
    #expect(automatic.shard == (try Shard(index: 3, count: 3)))
    #expect(automatic.source == "CI_NODE_INDEX=3, CI_NODE_TOTAL=3 (GitLab CI parallel)")
    #expect(throws: ExportError.self) { try Shard.resolve("auto", environment: [:]) }
  }
}
