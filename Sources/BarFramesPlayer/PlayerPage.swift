import BarFramesJSON

/// The player page shell: one self-contained HTML file with ``PlayerStyle``, ``PlayerScript``
/// and the page's data inline. The gallery (`OUT/index.html`), `barframes preview` and the
/// golden report (`golden verify --report`) are this page with different data.
///
/// The data is the JSON the script reads from `#barframes-data`: `scenes` (each a named run of
/// frames: a numbered sequence, or with `frames.items` an explicit list of images), and
/// optionally `defaults` (the view shown when the URL's hash does not say otherwise: `scene`,
/// `compare`, `mode`…), `extra` (a scene always shown beside the others, at the same position,
/// such as the golden report's diff images), `summary` (the line under the header for lists),
/// and for a comparison of two renders `label` (the render's name) and `against` (`label` and
/// `scenes` of another render: compare `@against` shows each scene against its namesake there).
/// A scene with `"timed": false` has frame numbers but no known timing.
public enum PlayerPage {
  /// The page showing `data`.
  /// - Parameters:
  ///   - data: The scenes and settings the script reads, embedded as `#barframes-data` (above).
  ///   - titleHTML: The page's title and heading, as HTML text (already escaped).
  ///   - appendixHTML: HTML placed after the player, e.g. the golden report's list of frames
  ///     that could not be compared.
  public static func html(data: JSONValue, titleHTML: String = "BarFrames", appendixHTML: String = "") -> String {
    """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <title>\(titleHTML)</title>
    <style>
    \(PlayerStyle.css)
    </style>
    </head>
    <body>
    <header><h1>\(titleHTML)</h1><span class="meta" id="tool"></span>
    <label>Scene <select id="scene" autocomplete="off"></select></label></header>
    <div id="error" class="error" role="alert" hidden></div>
    <main>
    <p class="meta" id="meta"></p>
    <div class="stages">
    <figure class="view" id="viewA"><div class="stage" id="stageA"><img id="frameA" alt="frame"><canvas id="diffmap" role="img" aria-label="pixels that differ" hidden></canvas><img id="overlay" class="overlay" alt="compared frame" hidden><div id="divider" class="divider" hidden></div></div><figcaption id="captionA"></figcaption></figure>
    <figure class="view" id="viewB" hidden><div class="stage" id="stageB"><img id="frameB" alt="compared frame"></div><figcaption id="captionB"></figcaption></figure>
    <figure class="view" id="viewC" hidden><div class="stage" id="stageC"><img id="frameC" alt="extra frame"></div><figcaption id="captionC"></figcaption></figure>
    </div>
    <p class="meta" id="diffStats" role="status" hidden></p>
    <p class="note" id="note" hidden></p>
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
    <select id="mode" autocomplete="off" aria-label="comparison"><option value="side">side by side</option><option value="swipe">swipe</option><option value="diff">difference</option><option value="onion">onion skin</option></select>
    <input type="range" id="onion" min="0" max="100" value="50" autocomplete="off" aria-label="onion skin opacity">
    <input type="range" id="swipe" min="0" max="100" value="50" autocomplete="off" aria-label="swipe: the scene left of the divider, the compared one right of it">
    </div>
    <div class="timeline"><input type="range" id="scrub" min="0" max="0" value="0" autocomplete="off" aria-label="frame"><div class="markers" id="markers"></div></div>
    <section class="files" id="files"></section>
    \(appendixHTML)
    </main>
    <script type="application/json" id="barframes-data">\(scriptText(data))</script>
    <script>
    \(PlayerScript.javascript)
    </script>
    </body>
    </html>

    """
  }

  /// The JSON text, safe inside a `<script>` element (`</` is written `<\/`).
  public static func scriptText(_ data: JSONValue) -> String {
    data.serialized(pretty: false).replacingOccurrences(of: "</", with: "<\\/")
  }
}
