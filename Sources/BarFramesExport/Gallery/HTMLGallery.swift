import BarFrames
import BarFramesRenderer

/// `OUT/index.html`: one static page showing every rendered scene — the APNG (or GIF)
/// animating, a scrubber over the PNG sequence, the SVG previews and links to the contact
/// sheet. No network: relative links and a few lines of inline script.
public enum HTMLGallery {
  /// The page for `plans`, written by `tool` (e.g. "barframes 0.1.0").
  public static func page(for plans: [ScenePlan], tool: String) -> String {
    var html = """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>BarFrames gallery</title>
      <style>
      body { font: 14px/1.4 system-ui, -apple-system, "DejaVu Sans", sans-serif; margin: 24px; color: #222; background: #fafafa; }
      h1 { font-size: 20px; margin: 0 0 4px; }
      h2 { font-size: 16px; margin: 0 0 4px; }
      nav a { margin-right: 12px; }
      section { background: #fff; border: 1px solid #ddd; border-radius: 8px; padding: 16px; margin: 16px 0; }
      .meta, figcaption, .note { color: #666; font-size: 12px; }
      .row { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; margin-top: 12px; }
      figure { margin: 0; }
      .stage { display: inline-block; line-height: 0; border: 1px solid #ccc; }
      .stage img { max-width: 100%; height: auto; }
      body.checker .stage { background: repeating-conic-gradient(#e3e3e3 0% 25%, #fff 0% 50%) 0 0 / 12px 12px; }
      body.white .stage { background: #fff; }
      body.black .stage { background: #000; }
      .scrubber input[type=range] { width: 100%; }
      .scrubber output { font-variant-numeric: tabular-nums; font-size: 12px; color: #444; }
      .previews figure { max-width: 320px; }
      details { margin-top: 8px; }
      </style>
      </head>
      <body class="checker">
      <h1>BarFrames gallery</h1>
      <p class="meta">\(escape(tool)) · \(plans.count) scene\(plans.count == 1 ? "" : "s") · backdrop
      <select id="backdrop"><option value="checker">checkerboard</option><option value="white">white</option><option value="black">black</option></select></p>
      <nav>\(plans.map { "<a href=\"#\(escape(anchor($0.name)))\">\(escape($0.name))</a>" }.joined(separator: " "))</nav>

      """
    for plan in plans { html += section(plan) }
    html += """
      <script>
      document.getElementById('backdrop').addEventListener('change', function (e) { document.body.className = e.target.value; });
      document.querySelectorAll('.scrubber').forEach(function (box) {
        var d = box.dataset, img = box.querySelector('img'), range = box.querySelector('input'), out = box.querySelector('output');
        var button = box.querySelector('button'), count = +d.count, timer = null;
        function show(n) {
          var index = +d.first + n * +d.step, digits = String(index);
          while (digits.length < +d.digits) digits = '0' + digits;
          var seconds = +d.start + index * +d.den / +d.num;
          img.src = d.prefix + digits + d.suffix;
          out.textContent = 'frame ' + index + ' · ' + seconds.toFixed(3) + ' s';
        }
        range.addEventListener('input', function () { show(+range.value); });
        button.addEventListener('click', function () {
          if (timer) { clearInterval(timer); timer = null; button.textContent = 'Play'; return; }
          button.textContent = 'Pause';
          timer = setInterval(function () { range.value = (+range.value + 1) % count; show(+range.value); }, 1000 * +d.step * +d.den / +d.num);
        });
        show(0);
      });
      </script>
      </body>
      </html>

      """
    return html
  }

  private static func section(_ plan: ScenePlan) -> String {
    let names = plan.names
    let formats = plan.formats
    let count = plan.selection.indices.count
    let pointWidth = Double(plan.pixelWidth) / Double(plan.scale)
    let pointHeight = Double(plan.pixelHeight) / Double(plan.scale)
    let size = "width=\"\(Int(pointWidth.rounded()))\" height=\"\(Int(pointHeight.rounded()))\""
    var html = "<section id=\"\(escape(anchor(plan.name)))\">\n"
    html += "<h2>\(escape(plan.name))</h2>\n"
    html += "<p class=\"meta\">\(escape(plan.scene.file)) · \(plan.scene.style.design.kind.rawValue) · "
    html += "\(plan.selection.timeRange.lowerBound.formatted(decimals: 3))–\(plan.selection.timeRange.upperBound.formatted(decimals: 3)) s"
    html += " · \(plan.rate) fps · \(count) frame\(count == 1 ? "" : "s") · \(plan.pixelWidth)×\(plan.pixelHeight) px @\(plan.scale)x"
    html += plan.background == nil ? " · transparent" : " · background \(plan.background!.hexString)"
    html += "</p>\n<div class=\"row\">\n"

    var links: [String] = []
    if formats.contains(.apng) { links.append(link(names.apngPath, "APNG")) }
    if formats.contains(.gif) { links.append(link(names.gifPath, "GIF")) }
    if formats.contains(.sheet) { links.append(link(names.sheetPath, "contact sheet")) }
    if let animated = formats.contains(.apng) ? names.apngPath : formats.contains(.gif) ? names.gifPath : nil {
      html += "<figure><div class=\"stage\"><img src=\"\(url(animated))\" \(size) alt=\"\(escape(plan.name)) animated\"></div>"
      html += "<figcaption>\(links.joined(separator: " · "))</figcaption></figure>\n"
    } else if !links.isEmpty {
      html += "<p>\(links.joined(separator: " · "))</p>\n"
    }
    if formats.contains(.png) {
      let fileName = names.frameFileName(0)
      let prefix = "\(names.directory)/\(names.scene)-"
      let suffix = "\(names.scaleSuffix).png"
      precondition(fileName.hasSuffix(suffix))
      html += """
        <figure class="scrubber" data-prefix="\(escape(url(prefix)))" data-suffix="\(escape(url(suffix)))" \
        data-digits="\(names.indexDigits)" data-first="\(plan.selection.indices.first ?? 0)" \
        data-step="\(plan.selection.everyNth)" data-count="\(count)" data-start="\(plan.selection.sampler.start)" \
        data-num="\(plan.rate.numerator)" data-den="\(plan.rate.denominator)">
        <div class="stage"><img \(size) alt="\(escape(plan.name)) frame"></div>
        <input type="range" min="0" max="\(max(0, count - 1))" value="0" aria-label="frame">
        <figcaption><button type="button">Play</button> <output></output> · PNG sequence</figcaption></figure>

        """
    }
    html += "</div>\n"
    if formats.contains(.svg) {
      let keys = plan.previews.filter { $0.label.hasSuffix("%") }
      let events = plan.previews.filter { !$0.label.hasSuffix("%") }
      html += "<div class=\"row previews\">\n"
      for preview in keys { html += svgFigure(preview, names: names, size: size) }
      html += "</div>\n"
      if !events.isEmpty {
        html += "<details><summary>\(events.count) preview\(events.count == 1 ? "" : "s") at event times</summary>\n<div class=\"row previews\">\n"
        for preview in events { html += svgFigure(preview, names: names, size: size) }
        html += "</div></details>\n"
      }
    }
    html += "</section>\n"
    return html
  }

  private static func svgFigure(_ preview: SVGPreview, names: SceneFileNames, size: String) -> String {
    let path = names.svgPath(time: preview.time)
    return "<figure><div class=\"stage\"><a href=\"\(url(path))\"><img src=\"\(url(path))\" \(size) loading=\"lazy\" alt=\"SVG at \(SceneFileNames.timeLabel(preview.time)) s\"></a></div>"
      + "<figcaption>\(SceneFileNames.timeLabel(preview.time)) s · \(escape(preview.label))</figcaption></figure>\n"
  }

  private static func link(_ path: String, _ text: String) -> String {
    "<a href=\"\(url(path))\">\(escape(text))</a>"
  }

  /// HTML text and attribute escaping (the same as the SVG writer's and the golden report's).
  static func escape(_ text: String) -> String { text.xmlEscaped }

  /// A relative URL for a path: every byte outside the unreserved set (and `/`, `@`) escaped.
  static func url(_ path: String) -> String {
    var out = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "@"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return escape(out)
  }

  private static func anchor(_ name: String) -> String { "scene-" + name }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
