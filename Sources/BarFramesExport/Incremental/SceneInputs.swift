/// Everything a scene's output bytes depend on, as one SHA-256 that the manifest records per
/// scene (`"inputs"`): its ``SceneSources`` (scene, style and icon bytes), the tool and its
/// version, every render setting that changes a byte (``RenderSettings``: formats, background,
/// selection, every n-th, PNG preset, WebP quality, sheet frames) and the scene's own frame
/// rate, scale and size in pixels.
///
/// The shard is not in it, so that merged shards carry the unsharded render's value: each
/// shard reads and writes its own manifest (``ExportManifest/fileName(for:)``), and a render
/// compares its inputs only with the manifest of its own shard.
enum SceneInputs {
  static func digest(sources: SceneSources, tool: String, settings: RenderSettings, plan: ScenePlan) -> String {
    let text =
      "sources \(sources.digest)\ntool \(tool)\nrender \(settings.json.serialized(pretty: false))\nrate \(plan.rate.description)\nscale \(plan.scale)\nsize \(plan.pixelWidth) \(plan.pixelHeight)\n"
    return SHA256.hex(Array(text.utf8))
  }
}
