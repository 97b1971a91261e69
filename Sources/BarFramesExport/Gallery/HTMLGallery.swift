import BarFrames
import BarFramesPlayer

/// `OUT/index.html`: the player — one page for every rendered scene with play/pause, frame
/// stepping (space, ←, →), speed, loop, a timeline with the scene's events, deep links
/// (`#scene=…&t=…`), backdrops, zoom to pixels and a side-by-side, swipe, difference or
/// onion-skin comparison of two scenes. `barframes preview` serves the same page, and the
/// golden report is the same player (``PlayerPage``) with other data.
///
/// The page is self-contained: its style, script and data (``GalleryData``) are inline, links
/// are relative, nothing is fetched from the network, and frames are requested only around
/// the playhead (see ``PlayerScript``).
public enum HTMLGallery {
  /// The page for `plans`, written by `tool` (e.g. "barframes 0.1.0").
  public static func page(for plans: [ScenePlan], tool: String) -> String {
    page(GalleryData(plans: plans, tool: tool))
  }

  /// The page showing `data`.
  public static func page(_ data: GalleryData) -> String { PlayerPage.html(data: data.json) }
}
