/// The player page's script: plain JavaScript, no framework, no network beyond the frames.
///
/// It reads the page's data (see ``PlayerPage``) from `#barframes-data` and keeps one state — scene,
/// frame position, playing, speed, loop, backdrop, zoom, comparison — which the URL's hash
/// mirrors (`#scene=seek-bar&t=1.250000&zoom=4`), so a link reproduces the exact view and Back
/// restores it. Frames are requested only around the playhead (`BEHIND` before it, `AHEAD` after);
/// playback waits for a frame that has not arrived rather than skipping it.
///
/// The script is `player.js` beside this file, compiled into the module (`.embedInCode`), so a
/// `barframes` binary copied alone still writes it, and `make test` checks its syntax with Node.
public enum PlayerScript {
  /// The text of `player.js` without its final line break, as the page embeds it.
  public static let javascript: String = {
    let text = String(decoding: PackageResources.player_js, as: UTF8.self)
    return text.hasSuffix("\n") ? String(text.dropLast()) : text
  }()
}
