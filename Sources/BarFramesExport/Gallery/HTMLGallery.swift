import BarFrames
import BarFramesRenderer

/// `OUT/index.html`: the player — one page for every rendered scene with play/pause, frame
/// stepping (space, ←, →), speed, loop, a timeline with the scene's events, deep links
/// (`#scene=…&t=…`), backdrops, zoom to pixels and a side-by-side, difference or onion-skin
/// comparison of two scenes. `barframes preview` serves the same page.
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
  public static func page(_ data: GalleryData) -> String {
    """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <title>BarFrames</title>
    <style>
    \(PlayerStyle.css)
    </style>
    </head>
    <body>
    <header><h1>BarFrames</h1><span class="meta" id="tool"></span>
    <label>Scene <select id="scene" autocomplete="off"></select></label></header>
    <div id="error" class="error" role="alert" hidden></div>
    <main>
    <p class="meta" id="meta"></p>
    <div class="stages">
    <figure class="view" id="viewA"><div class="stage" id="stageA"><img id="frameA" alt="frame"><img id="overlay" class="overlay" alt="compared frame" hidden></div><figcaption id="captionA"></figcaption></figure>
    <figure class="view" id="viewB" hidden><div class="stage" id="stageB"><img id="frameB" alt="compared frame"></div><figcaption id="captionB"></figcaption></figure>
    </div>
    <div class="controls">
    <button type="button" id="back" title="Step one frame back (←)" aria-label="Step back">◀︎❘</button>
    <button type="button" id="play" title="Play or pause (space)">Play</button>
    <button type="button" id="forward" title="Step one frame forward (→)" aria-label="Step forward">❘▶︎</button>
    <output id="clock"></output>
    <label>Speed <select id="speed" autocomplete="off"><option value="0.25">0.25×</option><option value="0.5">0.5×</option><option value="0.75">0.75×</option><option value="1">1×</option><option value="1.5">1.5×</option><option value="2">2×</option></select></label>
    <label><input type="checkbox" id="loop" autocomplete="off"> Loop</label>
    <label>Backdrop <select id="backdrop" autocomplete="off"><option value="auto">auto</option><option value="checker">checker</option><option value="light">light</option><option value="dark">dark</option></select></label>
    <label>Zoom <select id="zoom" autocomplete="off"><option value="fit">points</option><option value="1">1:1 pixels</option><option value="2">2× pixels</option><option value="4">4× pixels</option><option value="8">8× pixels</option></select></label>
    <label>Compare <select id="compare" autocomplete="off"><option value="">none</option></select></label>
    <select id="mode" autocomplete="off" aria-label="comparison"><option value="side">side by side</option><option value="diff">difference</option><option value="onion">onion skin</option></select>
    <input type="range" id="onion" min="0" max="100" value="50" autocomplete="off" aria-label="onion skin opacity">
    </div>
    <div class="timeline"><input type="range" id="scrub" min="0" max="0" value="0" autocomplete="off" aria-label="frame"><div class="markers" id="markers"></div></div>
    <section class="files" id="files"></section>
    </main>
    <script type="application/json" id="barframes-data">\(data.scriptText())</script>
    <script>
    \(PlayerScript.javascript)
    </script>
    </body>
    </html>

    """
  }

  /// HTML text and attribute escaping (the same as the SVG writer's and the golden report's).
  static func escape(_ text: String) -> String { text.xmlEscaped }
}
