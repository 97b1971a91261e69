/// The player page's style sheet: light and dark themes follow the system
/// (`prefers-color-scheme`), the stage is padded so a knob touching the frame's edge stays
/// visible against the backdrop, and zoomed frames keep their pixels sharp.
public enum PlayerStyle {
  public static let css = #"""
    :root { color-scheme: light dark; --bg: #f4f4f4; --fg: #222; --muted: #666; --panel: #fff; --line: #d4d4d4; --accent: #0a5cc2; --error-bg: #fde8e8; --error-fg: #8a1111; }
    @media (prefers-color-scheme: dark) {
      :root { --bg: #1b1b1b; --fg: #e8e8e8; --muted: #a8a8a8; --panel: #262626; --line: #444; --accent: #6aa8ff; --error-bg: #4a1818; --error-fg: #ffd0d0; }
    }
    * { box-sizing: border-box; }
    body { font: 14px/1.4 system-ui, -apple-system, "DejaVu Sans", sans-serif; margin: 0; color: var(--fg); background: var(--bg); }
    header { display: flex; flex-wrap: wrap; gap: 12px; align-items: baseline; padding: 12px 20px; border-bottom: 1px solid var(--line); background: var(--panel); }
    h1 { font-size: 18px; margin: 0; }
    main { padding: 16px 20px; }
    .meta, figcaption, .note { color: var(--muted); font-size: 12px; }
    .error { margin: 12px 20px 0; padding: 10px 12px; border-radius: 6px; background: var(--error-bg); color: var(--error-fg); white-space: pre-wrap; font: 13px/1.4 ui-monospace, "DejaVu Sans Mono", monospace; }
    .stages { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; margin: 12px 0; overflow: auto; }
    figure { margin: 0; }
    .stage { display: inline-block; position: relative; padding: 16px; line-height: 0; border: 1px solid var(--line); border-radius: 6px; }
    .stage img, .stage canvas { display: block; }
    /* The author styles above would otherwise show a hidden compare overlay as a broken image. */
    [hidden] { display: none !important; }
    .stage img.pixelated, .stage canvas.pixelated { image-rendering: pixelated; }
    .stage .overlay { position: absolute; left: 16px; top: 16px; }
    /* Only where the page may not read pixels (file://): the browser's blend stands in for the count. */
    .stage .overlay.diff { mix-blend-mode: difference; }
    .stage .divider { position: absolute; top: 8px; bottom: 8px; width: 0; border-left: 2px solid var(--accent); pointer-events: none; }
    .note { margin: 0 0 8px; white-space: pre-wrap; }
    .report-errors { margin-top: 16px; }
    .bd-checker { background: repeating-conic-gradient(#d6d6d6 0% 25%, #fff 0% 50%) 0 0 / 16px 16px; }
    .bd-light { background: #fff; }
    .bd-dark { background: #1e1e1e; }
    .stage.diff { background: #000; }
    .controls { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; margin: 8px 0; }
    .controls button { min-width: 44px; padding: 4px 10px; font: inherit; }
    #clock { font-variant-numeric: tabular-nums; min-width: 16em; }
    .timeline { position: relative; padding-bottom: 64px; margin-top: 4px; }
    .timeline input[type=range] { width: 100%; margin: 0; }
    .markers { position: absolute; left: 8px; right: 8px; top: 22px; height: 60px; }
    .marker { position: absolute; top: 0; border: 0; padding: 0 0 0 3px; background: none; color: var(--fg); font: 11px/1.2 system-ui, "DejaVu Sans", sans-serif; white-space: nowrap; cursor: pointer; border-left: 2px solid var(--accent); height: 18px; text-align: left; }
    .marker.band { background: color-mix(in srgb, var(--accent) 18%, transparent); }
    .marker.row1 { top: 20px; } .marker.row2 { top: 40px; }
    .files { margin-top: 8px; }
    .files a { margin-right: 12px; color: var(--accent); }
    .previews { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 8px; }
    .previews figure { max-width: 320px; }
    .previews img { max-width: 100%; height: auto; }
    """#
}
