import BarFrames

/// `--shard auto`: the shard a job runner assigned, read from the environment it sets.
///
/// Runners number parallel jobs in their own ways; each convention below is one row, and a
/// convention is *present* when its index variable is set:
///
/// | runner | index | count | first index |
/// |---|---|---|---|
/// | any (GitHub Actions sets it from the matrix) | `BARFRAMES_SHARD=i/n` | (in the value) | 1 |
/// | Kubernetes Indexed Job (`completionMode: Indexed`) | `JOB_COMPLETION_INDEX` | `BARFRAMES_SHARD_COUNT` (the Job's
/// `completions`) | 0 |
/// | GitLab CI `parallel:` | `CI_NODE_INDEX` | `CI_NODE_TOTAL` | 1 |
///
/// Kubernetes tells a pod its index but not how many there are, so the Job's manifest sets
/// `BARFRAMES_SHARD_COUNT` to its `completions`. GitHub Actions has no variable of its own: a
/// workflow sets `BARFRAMES_SHARD: ${{ matrix.shard }}/${{ strategy.job-total }}` (see
/// `Examples/ci/github-actions-shards.yml`). GitLab sets `CI_NODE_TOTAL` to 1 in jobs without
/// `parallel:` and no `CI_NODE_INDEX`, which counts as absent.
///
/// Exactly what is found decides: nothing present is an error naming every variable looked at;
/// a present convention with a missing, malformed or out-of-range value is an error naming it;
/// two present conventions must agree (a GitLab job on a Kubernetes runner sets both), or that is
/// an error naming both.
public enum ShardEnvironment {
  /// One way a runner states a job's index and count.
  public struct Convention: Sendable {
    /// Who uses it: "Kubernetes Indexed Job".
    public var runner: String
    /// The variable whose presence makes the convention apply.
    public var indexVariable: String
    /// The variable holding the count; nil when the index variable holds `i/n`.
    public var countVariable: String?
    /// The number of the first job: 0 or 1.
    public var firstIndex: Int
  }

  /// The conventions, in the order they are reported.
  public static let conventions: [Convention] = [
    Convention(runner: "barframes", indexVariable: "BARFRAMES_SHARD", countVariable: nil, firstIndex: 1),
    Convention(
      runner: "Kubernetes Indexed Job", indexVariable: "JOB_COMPLETION_INDEX", countVariable: "BARFRAMES_SHARD_COUNT",
      firstIndex: 0),
    Convention(
      runner: "GitLab CI parallel", indexVariable: "CI_NODE_INDEX", countVariable: "CI_NODE_TOTAL", firstIndex: 1),
  ]

  /// Every variable `auto` reads, for messages and documentation.
  public static var variables: [String] {
    conventions.flatMap { [$0.indexVariable] + ($0.countVariable.map { [$0] } ?? []) }
  }

  /// The shard the environment assigns, and where it was read.
  public struct Detection: Hashable, Sendable {
    public var shard: Shard
    /// The variables and values it came from: "JOB_COMPLETION_INDEX=1, BARFRAMES_SHARD_COUNT=3
    /// (Kubernetes Indexed Job)".
    public var source: String
  }

  /// The shard `environment` assigns.
  /// - Throws: ``ExportError/invalidShard(_:)`` when no convention is present, or one is
  ///   incomplete, malformed or out of range, or two disagree.
  public static func detect(in environment: [String: String]) throws(ExportError) -> Detection {
    var found: [Detection] = []
    for convention in conventions {
      guard let raw = environment[convention.indexVariable] else { continue }
      found.append(try read(convention, index: raw, environment: environment))
    }
    guard let first = found.first else {
      let strays = variables.filter { environment[$0] != nil }
      var message =
        "'--shard auto' found no shard in the environment: it reads BARFRAMES_SHARD (i/n), JOB_COMPLETION_INDEX with BARFRAMES_SHARD_COUNT (Kubernetes Indexed Job) and CI_NODE_INDEX with CI_NODE_TOTAL (GitLab parallel:), and none is set"
      if !strays.isEmpty {
        message +=
          " (only \(strays.map { "\($0)=\(shown(environment[$0] ?? ""))" }.joined(separator: ", ")), which is a count without its index)"
      }
      throw .invalidShard(message + "; set BARFRAMES_SHARD=i/n or give --shard i/n")
    }
    for other in found.dropFirst() where other.shard != first.shard {
      throw .invalidShard(
        "'--shard auto' found two different shards in the environment: \(first.shard) from \(first.source) and \(other.shard) from \(other.source); unset one"
      )
    }
    return first
  }

  private static func read(
    _ convention: Convention, index raw: String, environment: [String: String]
  ) throws(ExportError) -> Detection {
    let indexText = "\(convention.indexVariable)=\(shown(raw))"
    guard let countVariable = convention.countVariable else {
      let parts = raw.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else {
        throw .invalidShard("'--shard auto': \(indexText) must be i/n with 1 ≤ i ≤ n (for example 2/4)")
      }
      return Detection(shard: try Shard(index: i, count: n), source: indexText)
    }
    guard let countRaw = environment[countVariable] else {
      throw .invalidShard(
        "'--shard auto': \(indexText) (\(convention.runner)) needs \(countVariable), the number of shards, and it is not set"
      )
    }
    let countText = "\(countVariable)=\(shown(countRaw))"
    let source = "\(indexText), \(countText) (\(convention.runner))"
    guard let count = Int(countRaw), count >= 1 else {
      throw .invalidShard("'--shard auto': \(countText) must be a whole number ≥ 1 (\(convention.runner))")
    }
    let last = convention.firstIndex + count - 1
    guard let index = Int(raw), (convention.firstIndex...last).contains(index) else {
      throw .invalidShard(
        "'--shard auto': \(indexText) must be a whole number from \(convention.firstIndex) to \(last) with \(countText) (\(convention.runner))"
      )
    }
    return Detection(shard: try Shard(index: index - convention.firstIndex + 1, count: count), source: source)
  }

  /// A value from the environment as a message shows it: quoted when it is not a plain
  /// number or fraction, escaped, cut short.
  private static func shown(_ value: String) -> String {
    let plain = !value.isEmpty && value.count <= 20 && value.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "/") }
    return plain ? value : InputText.quoted(value, limit: 20)
  }
}

extension Shard {
  /// Parses `--shard`'s argument: `i/n`, or `auto` to read the job runner's variables from
  /// `environment` (see ``ShardEnvironment``).
  /// - Returns: the shard, and where `auto` found it (nil for `i/n`).
  public static func resolve(
    _ argument: String, environment: [String: String]
  ) throws(ExportError) -> (shard: Shard, source: String?) {
    if argument.lowercased() == "auto" {
      let detection = try ShardEnvironment.detect(in: environment)
      return (detection.shard, detection.source)
    }
    return (try Shard(parsing: argument), nil)
  }
}
