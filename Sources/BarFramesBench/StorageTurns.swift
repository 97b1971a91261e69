import BarFramesOutput
import Foundation

/// The pipeline and the naive pipeline writing to the scratch folder and, when given, to a
/// folder in memory, and the pipeline with one worker on the scratch folder, run in turns: each
/// turn runs them one after the other (in an order that alternates from turn to turn), so its
/// runs share the machine's moment, and every ratio is the median of the turns' ratios. A busy
/// machine's speed drifts over seconds; best-of figures of runs seconds apart compared different
/// moments. The file systems are flushed before each run, outside its time.
public struct StorageTurns: Sendable {
  /// Seconds of one turn's runs; the memory ones nil without a memory folder.
  public struct Turn: Sendable {
    public var pipeline: Double
    public var naive: Double
    public var memoryPipeline: Double?
    public var memoryNaive: Double?
    /// The pipeline with one worker, on the scratch folder; nil when the pipeline has one.
    public var oneJobPipeline: Double?
  }

  public var turns: [Turn]

  /// Each turn's naive time ÷ its pipeline time, on the scratch folder.
  public var speedupRatios: [Double] { turns.map { $0.naive / $0.pipeline } }
  /// Each turn's naive time ÷ its pipeline time, in memory.
  public var memorySpeedupRatios: [Double] {
    turns.compactMap { turn in turn.memoryNaive.flatMap { naive in turn.memoryPipeline.map { naive / $0 } } }
  }
  /// Each turn's one-worker pipeline time ÷ its pipeline time, on the scratch folder.
  public var scalingRatios: [Double] {
    turns.compactMap { turn in turn.oneJobPipeline.map { $0 / turn.pipeline } }
  }
  /// Each turn's pipeline time on the scratch folder ÷ in memory.
  public var scratchOverMemoryRatios: [Double] {
    turns.compactMap { turn in turn.memoryPipeline.map { turn.pipeline / $0 } }
  }

  /// Runs `count` turns of `measurement` with `jobs` workers, writing under `scratch` and
  /// `memory` (each run into a folder of its own, removed after its turn).
  static func measure(
    _ measurement: Measurement, jobs: Int, scratch: URL, memory: URL?, count: Int
  ) throws -> StorageTurns {
    var turns: [Turn] = []
    for turn in 0..<count {
      let folders = [scratch, memory].compactMap { $0?.appendingPathComponent("turn-\(turn)") }
      defer { for folder in folders { DeferredRemoval.remove(folder) } }
      for folder in folders { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
      var seconds: [String: Double] = [:]
      var runs: [(String, () throws -> Double)] = [
        ("pipeline", { try measurement.pipelineRun(jobs: jobs, in: folders[0].appendingPathComponent("pipeline")) }),
        ("naive", { try measurement.naiveRun(in: folders[0], run: turn) }),
      ]
      if jobs != 1 {
        runs.append(
          ("oneJobPipeline", { try measurement.pipelineRun(jobs: 1, in: folders[0].appendingPathComponent("one-job")) })
        )
      }
      if folders.count == 2 {
        runs += [
          (
            "memoryPipeline",
            { try measurement.pipelineRun(jobs: jobs, in: folders[1].appendingPathComponent("pipeline")) }
          ),
          ("memoryNaive", { try measurement.naiveRun(in: folders[1], run: turn) }),
        ]
      }
      if turn % 2 == 1 { runs.reverse() }
      for (name, run) in runs {
        // Each run starts with nothing of another's left to write: the naive pipeline never
        // flushes, and the pipeline's one flush of the file system would write the naive run's
        // files too.
        for folder in folders { try? StableStorage.flushFileSystem(containing: folder) }
        seconds[name] = try run()
      }
      turns.append(
        Turn(
          pipeline: seconds["pipeline"] ?? 0, naive: seconds["naive"] ?? 0,
          memoryPipeline: seconds["memoryPipeline"], memoryNaive: seconds["memoryNaive"],
          oneJobPipeline: seconds["oneJobPipeline"]))
    }
    return StorageTurns(turns: turns)
  }
}
