(function () {
  'use strict';
  var AHEAD = 24, BEHIND = 4;
  var data = JSON.parse(document.getElementById('barframes-data').textContent);
  var $ = function (id) { return document.getElementById(id); };
  var scenes = data.scenes;
  var byName = {};
  scenes.forEach(function (s) { byName[s.name] = s; });
  // Another render of the same scenes (barframes compare, preview --against): compare
  // "@against" shows each scene against its namesake there.
  var against = data.against || null, againstByName = {};
  if (against) against.scenes.forEach(function (s) { againstByName[s.name] = s; });
  var AGAINST = '@against';
  // The view without a hash; the data may change it (the golden report opens on a swipe
  // between reference and actual).
  var defaults = { scene: scenes.length ? scenes[0].name : '', speed: 1, loop: true, backdrop: 'auto', zoom: 'fit',
    compare: '', mode: 'side', onion: 50, swipe: 50 };
  Object.keys(data.defaults || {}).forEach(function (k) { if (k in defaults) defaults[k] = data.defaults[k]; });
  var state = Object.assign({ pos: 0, playing: false }, defaults);
  var cache = new Map(), requested = new Set();
  var raf = 0, last = 0, acc = 0;

  function pad(n, digits) { var s = String(n); while (s.length < digits) s = '0' + s; return s; }
  function encodePath(p) { return p.split('/').map(function (x) { return encodeURIComponent(x).replace(/%40/g, '@'); }).join('/'); }
  function withRevision(u) { return data.revision ? u + '?r=' + data.revision : u; }
  function micro(t) { return Math.round(t * 1e6) / 1e6; }
  // A scene's frames are a numbered sequence (prefix, digits, first, step, count) or an
  // explicit list (frames.items: path, label, size, backdrop of each), whose "time" is the
  // position in the list, so lists of the same length line up item by item.
  function items(s) { return s && s.frames && s.frames.items ? s.frames.items : null; }
  function item(s, p) { var list = items(s); return list ? list[p] || null : null; }
  function count(s) { return s && s.frames ? (items(s) ? items(s).length : s.frames.count) : 0; }
  function frameIndex(s, p) { return items(s) ? p : s.frames.first + p * s.frames.step; }
  function timeAt(s, p) { return items(s) ? p : micro(s.sampleStart + frameIndex(s, p) * s.fpsDen / s.fpsNum); }
  function frameURL(s, p) {
    if (items(s)) { var it = item(s, p); return it && it.path ? withRevision(encodePath(it.path)) : null; }
    return withRevision(encodePath(s.frames.prefix + pad(frameIndex(s, p), s.frames.digits) + s.frames.suffix));
  }
  // The first frame at or after t (an event at t has happened at t), within the selection.
  // Times are compared to the microsecond, as links write them (timeAt), so the t of a link
  // maps back to the frame that wrote it: frame 61 at 60 fps (1.0166666… s) writes 1.016667,
  // which is after the frame's exact time, and an exact comparison would pick frame 62.
  function positionAt(s, t) {
    var n = count(s);
    if (!n) return 0;
    if (items(s)) return Math.max(0, Math.min(n - 1, Math.round(t)));
    var target = micro(t);
    // Within a frame of the answer; then stepped to the first frame whose time is not before t.
    var p = Math.floor(((t - s.sampleStart) * s.fpsNum / s.fpsDen - s.frames.first) / s.frames.step);
    p = Math.max(0, Math.min(n - 1, p));
    while (p > 0 && timeAt(s, p - 1) >= target) p--;
    while (p < n - 1 && timeAt(s, p) < target) p++;
    return p;
  }
  function current() { return byName[state.scene]; }
  function compared() {
    if (state.compare === AGAINST) return againstByName[state.scene] || null;
    return state.compare ? byName[state.compare] || null : null;
  }
  function validCompare(v) { return v === AGAINST ? !!against : !!byName[v]; }
  // Frame i of a render without known timing is shown as its number only.
  function timed(s) { return s.timed !== false; }

  function request(u) {
    var img = cache.get(u);
    if (!img) {
      img = new Image();
      img.decoding = 'async';
      img.onerror = function () { img.failed = true; };
      img.onload = frameLoaded;
      img.src = u;
      cache.set(u, img);
      requested.add(u);
    }
    return img;
  }
  function ready(u) { if (!u) return true; var img = cache.get(u); return !!img && (img.failed || (img.complete && img.naturalWidth > 0)); }
  function preload() {
    [current(), compared()].forEach(function (s, which) {
      if (!count(s)) return;
      var n = count(s), center = which === 0 ? state.pos : positionAt(s, timeAt(current(), state.pos));
      var keep = new Set();
      for (var d = -BEHIND; d <= AHEAD; d++) {
        var p = center + d;
        if (state.loop) p = ((p % n) + n) % n;
        if (p < 0 || p >= n) continue;
        var u = frameURL(s, p);
        if (!u) continue;
        keep.add(u);
        request(u);
      }
      if (items(s)) return;
      // Forget frames far from the playhead so memory stays flat on long scenes.
      cache.forEach(function (img, u) {
        if (!keep.has(u) && u.indexOf(encodePath(s.frames.prefix)) === 0 && cache.size > 4 * (AHEAD + BEHIND)) cache.delete(u);
      });
    });
  }

  function backdropOf(s, p) {
    if (state.backdrop !== 'auto') return state.backdrop;
    var own = item(s, p) || s;
    return own.transparent ? own.backdrop : 'checker';
  }
  function sizeImage(img, s, p) {
    var own = item(s, p) || s, scale = own.scale || 1;
    if (!own.width || !own.height) { img.style.width = img.style.height = ''; return; }
    var w = state.zoom === 'fit' ? own.width / scale : own.width * +state.zoom / (window.devicePixelRatio || 1);
    var h = state.zoom === 'fit' ? own.height / scale : own.height * +state.zoom / (window.devicePixelRatio || 1);
    img.style.width = w + 'px';
    img.style.height = h + 'px';
    img.classList.toggle('pixelated', state.zoom !== 'fit');
  }
  function show(img, s, p) {
    var u = count(s) ? frameURL(s, p) : null;
    if (!u) { img.removeAttribute('src'); return; }
    request(u);
    if (img.getAttribute('src') !== u) img.setAttribute('src', u);
    img.dataset.position = p;
    img.dataset.time = timeAt(s, p);
    sizeImage(img, s, p);
  }
  function label(s, p) { var it = item(s, p); return it ? ' · ' + it.label : ''; }

  // The difference view: both frames drawn on canvases and compared pixel by pixel
  // (getImageData), every differing pixel marked on a faded copy of the scene's frame and
  // counted. A page opened from file:// may not read its images' pixels (the browser's
  // rule); it then shows the browser's blend of the two, without counts, and says so.
  var diffMemo = { key: '', result: null }, shownDiff = null, rerender = 0;
  function frameLoaded() {
    if (state.mode !== 'diff' || !compared() || rerender) return;
    rerender = requestAnimationFrame(function () { rerender = 0; render(); });
  }
  function pixelsOf(img, w, h) {
    var c = document.createElement('canvas');
    c.width = w; c.height = h;
    var g = c.getContext('2d', { willReadFrequently: true });
    g.drawImage(img, 0, 0);
    return g.getImageData(0, 0, w, h).data;
  }
  function computeDifference(ia, ib) {
    var w = Math.max(ia.naturalWidth, ib.naturalWidth), h = Math.max(ia.naturalHeight, ib.naturalHeight);
    var a = pixelsOf(ia, w, h), b = pixelsOf(ib, w, h);
    var canvas = $('diffmap'), g = canvas.getContext('2d');
    canvas.width = w; canvas.height = h;
    var out = g.createImageData(w, h), o = out.data, differing = 0, largest = 0;
    for (var i = 0; i < a.length; i += 4) {
      var d = Math.max(Math.abs(a[i] - b[i]), Math.abs(a[i + 1] - b[i + 1]), Math.abs(a[i + 2] - b[i + 2]), Math.abs(a[i + 3] - b[i + 3]));
      if (d) {
        differing++;
        if (d > largest) largest = d;
        // Yellow for the smallest difference to red for the largest; never invisible.
        o[i] = 255; o[i + 1] = Math.round(200 * (1 - Math.sqrt(d / 255))); o[i + 2] = 0;
      } else {
        var al = a[i + 3] / 255, l = (0.299 * a[i] + 0.587 * a[i + 1] + 0.114 * a[i + 2]) * al + 255 * (1 - al);
        o[i] = o[i + 1] = o[i + 2] = Math.round(255 - (255 - l) * 0.3);
      }
      o[i + 3] = 255;
    }
    g.putImageData(out, 0, 0);
    return { count: differing, total: w * h, largest: largest, width: w, height: h,
      sizeA: [ia.naturalWidth, ia.naturalHeight], sizeB: [ib.naturalWidth, ib.naturalHeight] };
  }
  function difference(ua, ub) {
    if (!ua || !ub) return { error: 'missing' };
    var key = ua + '|' + ub;
    if (diffMemo.key === key) return diffMemo.result;
    var ia = request(ua), ib = request(ub);
    if (!ready(ua) || !ready(ub)) return { pending: true };
    var result;
    if (ia.failed || ib.failed) result = { error: 'missing' };
    else {
      try { result = computeDifference(ia, ib); }
      catch (e) { result = { error: e && e.name === 'SecurityError' ? 'file' : 'failed', message: String(e) }; }
    }
    result.a = ua; result.b = ub;
    diffMemo = { key: key, result: result };
    return result;
  }
  function differenceText(d) {
    if (!d) return '';
    if (d.pending) return 'Comparing the two frames…';
    if (d.error === 'file') return 'Opened from a file, this page may not read its frames\u2019 pixels (a browser rule), so shown is the browser\u2019s blend of the two frames (identical pixels black), without counts. Served over HTTP \u2014 barframes compare, barframes preview or any local web server \u2014 it counts the pixels that differ.';
    if (d.error === 'missing') return 'A frame is missing, so there is nothing to compare.';
    if (d.error) return 'The frames could not be compared: ' + d.message;
    var sizes = d.sizeA[0] !== d.sizeB[0] || d.sizeA[1] !== d.sizeB[1]
      ? ' · sizes differ: ' + d.sizeA.join('×') + ' and ' + d.sizeB.join('×') + ' px (pixels outside the smaller one differ)' : '';
    if (!d.count) return 'No pixel differs (' + d.width + '×' + d.height + ' px)' + sizes;
    return d.count.toLocaleString('en-US') + ' of ' + d.total.toLocaleString('en-US') + ' pixels differ (' + (100 * d.count / d.total).toFixed(2) +
      ' %) · largest channel difference ' + d.largest + ' of 255' + sizes;
  }

  function render() {
    var s = current();
    if (!s) return;
    var n = count(s);
    state.pos = Math.max(0, Math.min(Math.max(0, n - 1), state.pos));
    var stageA = $('stageA'), b = compared(), mode = b ? state.mode : 'side', frameA = $('frameA');
    show(frameA, s, state.pos);
    var t = n ? timeAt(s, state.pos) : s.start;
    var pb = b ? positionAt(b, t) : 0;
    var diff = mode === 'diff' ? difference(n ? frameURL(s, state.pos) : null, count(b) ? frameURL(b, pb) : null) : null;
    shownDiff = diff;
    var counted = !!(diff && diff.count !== undefined), blend = !!(diff && diff.error === 'file');
    stageA.className = 'stage bd-' + backdropOf(s, state.pos) + (blend ? ' diff' : '');
    var nameA = s.name + (data.label ? ' (' + data.label + ')' : '');
    $('captionA').textContent = nameA + (n ? label(s, state.pos) : ' · no PNG frames were rendered: add png to --format');
    var overlay = $('overlay'), divider = $('divider'), canvas = $('diffmap');
    overlay.hidden = !(b && (mode === 'swipe' || mode === 'onion' || blend));
    frameA.hidden = counted;
    canvas.hidden = !counted;
    $('viewB').hidden = !(b && mode === 'side');
    divider.hidden = mode !== 'swipe';
    $('diffStats').hidden = mode !== 'diff';
    $('diffStats').textContent = differenceText(diff);
    // Swipe: the scene left of the divider, the compared one right of it; each is clipped
    // to its side, so transparent frames never show through each other.
    frameA.style.clipPath = mode === 'swipe' ? 'inset(0 ' + (100 - state.swipe) + '% 0 0)' : '';
    overlay.style.clipPath = mode === 'swipe' ? 'inset(0 0 0 ' + state.swipe + '%)' : '';
    if (counted) {
      var own = item(s, state.pos) || s, scale = own.scale || 1;
      var factor = state.zoom === 'fit' ? 1 / scale : +state.zoom / (window.devicePixelRatio || 1);
      canvas.style.width = diff.width * factor + 'px';
      canvas.style.height = diff.height * factor + 'px';
      canvas.classList.toggle('pixelated', state.zoom !== 'fit');
      canvas.dataset.a = diff.a; canvas.dataset.b = diff.b;
    }
    if (b) {
      var nameB = b.name + (state.compare === AGAINST ? ' (' + against.label + ')' : '');
      var target = mode === 'side' ? $('frameB') : overlay;
      show(target, b, pb);
      overlay.className = 'overlay' + (blend ? ' diff' : '');
      overlay.style.opacity = mode === 'onion' ? state.onion / 100 : 1;
      if (mode === 'swipe') divider.style.left = (16 + frameA.getBoundingClientRect().width * state.swipe / 100) + 'px';
      $('stageB').className = 'stage bd-' + backdropOf(b, pb);
      $('captionB').textContent = nameB + (items(b) ? label(b, pb) : ' · frame ' + (count(b) ? frameIndex(b, pb) : '–') +
        (timed(b) ? ' · ' + (count(b) ? timeAt(b, pb).toFixed(3) : '–') + ' s' : ''));
      if (mode === 'swipe') $('captionA').textContent = nameA + ' | ' + nameB + label(s, state.pos);
      if (mode === 'diff') $('captionA').textContent = nameA + ' − ' + nameB + label(s, state.pos);
    }
    var c = data.extra ? byName[data.extra] : null;
    $('viewC').hidden = !c || c === s || (c === b && mode === 'side');
    if (c && !$('viewC').hidden) {
      var pc = positionAt(c, t);
      show($('frameC'), c, pc);
      $('stageC').className = 'stage bd-' + backdropOf(c, pc);
      $('captionC').textContent = c.name + label(c, pc);
    }
    var it = item(s, state.pos);
    var note = it && it.message ? it.message : state.compare === AGAINST && !b ? s.name + ' is not in ' + against.label + ': nothing to compare it with.' : '';
    $('note').textContent = note;
    $('note').hidden = !note;
    var scrub = $('scrub');
    scrub.max = Math.max(0, n - 1);
    scrub.value = state.pos;
    $('clock').textContent = !n ? 'no frames' : items(s) ? (state.pos + 1) + ' of ' + n + label(s, state.pos)
      : 'frame ' + frameIndex(s, state.pos) + ' (' + (state.pos + 1) + '/' + n + ')' + (timed(s) ? ' · ' + t.toFixed(3) + ' s' : '');
    $('play').textContent = state.playing ? 'Pause' : 'Play';
    $('play').setAttribute('aria-pressed', state.playing ? 'true' : 'false');
    document.documentElement.dataset.scene = s.name;
    document.documentElement.dataset.position = state.pos;
    document.documentElement.dataset.playing = state.playing;
    preload();
  }

  function hash() {
    var s = current(), parts = ['scene=' + encodeURIComponent(state.scene)];
    if (count(s)) parts.push('t=' + (items(s) ? String(state.pos) : timeAt(s, state.pos).toFixed(6)));
    ['speed', 'loop', 'backdrop', 'zoom', 'compare', 'mode', 'onion', 'swipe'].forEach(function (k) {
      if (state[k] !== defaults[k]) parts.push(k + '=' + encodeURIComponent(k === 'loop' ? (state.loop ? 1 : 0) : state[k]));
    });
    return '#' + parts.join('&');
  }
  // Browsers limit how often a page may change its URL: Safari (WebKit) throws a SecurityError
  // past 100 changes in 10 s, Chrome ignores them past 200. A held → steps 30 times a second,
  // so a replaced hash is written at most every HASH_INTERVAL ms, the last one always.
  var HASH_INTERVAL = 250, hashWritten = 0, hashTimer = 0;
  function writeHash(push) {
    clearTimeout(hashTimer);
    hashTimer = 0;
    var h = hash(), now = Date.now();
    if (location.hash === h) return;
    if (!push && now - hashWritten < HASH_INTERVAL) {
      hashTimer = setTimeout(function () { writeHash(false); }, HASH_INTERVAL - (now - hashWritten));
      return;
    }
    hashWritten = now;
    try {
      if (push) history.pushState(null, '', h); else history.replaceState(null, '', h);
    } catch (e) {
      // Over the limit all the same (other scripts of the page): try again later.
      hashTimer = setTimeout(function () { writeHash(false); }, 10 * HASH_INTERVAL);
    }
  }
  function readHash() {
    var q = new URLSearchParams(location.hash.replace(/^#/, ''));
    var name = q.get('scene');
    function oneOf(k, values) { return values.indexOf(q.get(k)) >= 0 ? q.get(k) : defaults[k]; }
    function percent(k) { return q.has(k) ? Math.max(0, Math.min(100, +q.get(k) || 0)) : defaults[k]; }
    state.scene = name && byName[name] ? name : defaults.scene;
    state.speed = Math.max(0.25, Math.min(2, +q.get('speed') || defaults.speed));
    state.loop = q.has('loop') ? q.get('loop') !== '0' : defaults.loop;
    state.backdrop = oneOf('backdrop', ['auto', 'checker', 'light', 'dark']);
    state.zoom = oneOf('zoom', ['fit', '1', '2', '4', '8']);
    // "compare=" (empty) is "none" even where the data's default compares.
    state.compare = q.has('compare') ? (validCompare(q.get('compare')) ? q.get('compare') : '') : defaults.compare;
    state.mode = oneOf('mode', ['side', 'swipe', 'diff', 'onion']);
    state.onion = percent('onion');
    state.swipe = percent('swipe');
    var t = q.has('t') ? +q.get('t') : NaN;
    state.pos = isFinite(t) ? positionAt(current(), t) : 0;
    syncControls();
  }
  function syncControls() {
    $('scene').value = state.scene;
    $('speed').value = String(state.speed);
    $('loop').checked = state.loop;
    $('backdrop').value = state.backdrop;
    $('zoom').value = state.zoom;
    $('compare').value = state.compare;
    $('mode').value = state.mode;
    $('onion').value = state.onion;
    $('swipe').value = state.swipe;
    $('mode').hidden = !state.compare;
    $('onion').hidden = !state.compare || state.mode !== 'onion';
    $('swipe').hidden = !state.compare || state.mode !== 'swipe';
    buildTimeline();
    buildFiles();
  }

  function play() {
    var s = current();
    if (!count(s) || state.playing) return;
    if (state.pos >= count(s) - 1 && !state.loop) state.pos = 0;
    state.playing = true;
    last = performance.now();
    acc = 0;
    raf = requestAnimationFrame(tick);
    render();
  }
  function pause() {
    state.playing = false;
    cancelAnimationFrame(raf);
    render();
    writeHash(false);
  }
  function tick(now) {
    if (!state.playing) return;
    var s = current(), n = count(s);
    var frame = s.fpsDen / s.fpsNum * (items(s) ? 1 : s.frames.step);
    acc += Math.min(0.25, (now - last) / 1000) * state.speed;
    last = now;
    while (acc >= frame) {
      var next = state.pos + 1;
      if (next >= n) {
        if (!state.loop) { pause(); return; }
        next = 0;
      }
      // Never skip a frame that has not arrived yet: wait for it (buffering).
      if (!ready(frameURL(s, next))) { request(frameURL(s, next)); acc = Math.min(acc, frame); break; }
      acc -= frame;
      state.pos = next;
    }
    render();
    raf = requestAnimationFrame(tick);
  }
  function step(delta) {
    var s = current(), n = count(s);
    if (!n) return;
    if (state.playing) { state.playing = false; cancelAnimationFrame(raf); }
    var p = state.pos + delta;
    state.pos = state.loop ? ((p % n) + n) % n : Math.max(0, Math.min(n - 1, p));
    render();
    writeHash(false);
  }
  function seek(t) {
    state.pos = positionAt(current(), t);
    render();
    writeHash(false);
  }

  function buildTimeline() {
    var s = current(), box = $('markers');
    box.textContent = '';
    if (!s) return;
    var span = s.end - s.start;
    s.events.forEach(function (e, i) {
      var m = document.createElement('button');
      m.type = 'button';
      m.className = 'marker row' + (i % 3) + (e.count > 1 ? ' band' : '');
      var left = span > 0 ? (e.at - s.start) / span * 100 : 0;
      m.style.left = left + '%';
      if (e.count > 1 && span > 0) m.style.width = Math.max(0.5, (e.until - e.at) / span * 100) + '%';
      m.textContent = e.count > 1 ? e.call + ' ×' + e.count : e.call;
      m.title = e.at.toFixed(3) + ' s · ' + e.call + (e.count > 1 ? ' ×' + e.count + ' until ' + e.until.toFixed(3) + ' s' : ' ' + e.args);
      m.dataset.time = e.at;
      m.addEventListener('click', function () { seek(e.at); });
      box.appendChild(m);
    });
  }
  function buildFiles() {
    var s = current(), box = $('files');
    box.textContent = '';
    if (!s) return;
    if (items(s)) { $('meta').textContent = data.summary || ''; return; }
    $('meta').textContent = [s.file, s.design,
      timed(s) ? s.start.toFixed(3) + '–' + s.end.toFixed(3) + ' s · ' + s.fpsLabel + ' fps' : 'timing unknown (the render left no index.html): frames by number',
      count(s) + ' frames', s.width + '×' + s.height + ' px @' + s.scale + 'x',
      s.transparent ? 'transparent (backdrop ' + s.backdrop + ' by contrast)' : s.background ? 'background ' + s.background : 'opaque'].filter(Boolean).join(' · ');
    var p = document.createElement('p');
    s.files.forEach(function (f) {
      var a = document.createElement('a');
      a.href = withRevision(encodePath(f.path));
      a.textContent = { apng: 'APNG', gif: 'GIF', webp: 'WebP', 'animated-svg': 'animated SVG', sheet: 'contact sheet' }[f.format] || f.format;
      p.appendChild(a);
    });
    box.appendChild(p);
    if (s.previews.length) {
      var d = document.createElement('details'), sum = document.createElement('summary'), row = document.createElement('div');
      sum.textContent = s.previews.length + ' SVG previews';
      row.className = 'previews';
      s.previews.forEach(function (v) {
        var fig = document.createElement('figure'), a = document.createElement('a'), img = document.createElement('img'), cap = document.createElement('figcaption');
        a.href = encodePath(v.path);
        img.loading = 'lazy';
        img.alt = 'SVG at ' + v.time.toFixed(3) + ' s';
        img.dataset.src = withRevision(encodePath(v.path));
        a.appendChild(img);
        cap.textContent = v.time.toFixed(3) + ' s · ' + v.label;
        fig.appendChild(a); fig.appendChild(cap); row.appendChild(fig);
      });
      // Only an opened list loads its pictures.
      d.addEventListener('toggle', function () {
        if (d.open) row.querySelectorAll('img[data-src]').forEach(function (img) { img.src = img.dataset.src; img.removeAttribute('data-src'); });
      });
      d.appendChild(sum); d.appendChild(row); box.appendChild(d);
    }
  }

  function showError(text) {
    $('error').textContent = text || '';
    $('error').hidden = !text;
  }

  // Controls.
  if (against) {
    var same = document.createElement('option');
    same.value = AGAINST;
    same.textContent = against.label + ' (same scene)';
    $('compare').appendChild(same);
  }
  scenes.forEach(function (s) {
    [$('scene'), $('compare')].forEach(function (sel) {
      var o = document.createElement('option');
      o.value = s.name; o.textContent = s.name;
      sel.appendChild(o);
    });
  });
  $('tool').textContent = data.tool + (against ? ' · ' + data.summary : data.summary ? '' : ' · ' + scenes.length + ' scene' + (scenes.length === 1 ? '' : 's'));
  $('play').addEventListener('click', function () { state.playing ? pause() : play(); });
  $('back').addEventListener('click', function () { step(-1); });
  $('forward').addEventListener('click', function () { step(1); });
  $('scrub').addEventListener('input', function () {
    state.pos = +$('scrub').value;
    render();
    if (!state.playing) writeHash(false);
  });
  $('scene').addEventListener('change', function () {
    var t = count(current()) ? timeAt(current(), state.pos) : 0;
    state.scene = $('scene').value;
    state.pos = positionAt(current(), t);
    syncControls(); render(); writeHash(true);
  });
  function option(id, key, convert) {
    $(id).addEventListener($(id).type === 'range' ? 'input' : 'change', function () {
      state[key] = convert($(id).type === 'checkbox' ? $(id).checked : $(id).value);
      syncControls(); render(); writeHash(false);
    });
  }
  option('speed', 'speed', Number);
  option('loop', 'loop', Boolean);
  option('backdrop', 'backdrop', String);
  option('zoom', 'zoom', String);
  option('compare', 'compare', String);
  option('mode', 'mode', String);
  option('onion', 'onion', Number);
  option('swipe', 'swipe', Number);

  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var tag = e.target && e.target.tagName;
    if (tag === 'SELECT' || (tag === 'INPUT' && e.target.type !== 'range' && e.target.type !== 'checkbox')) return;
    if (e.key === ' ' || e.key === 'Spacebar') { e.preventDefault(); state.playing ? pause() : play(); }
    else if (e.key === 'ArrowLeft') { e.preventDefault(); step(-1); }
    else if (e.key === 'ArrowRight') { e.preventDefault(); step(1); }
  });
  // A space released on a focused button would click it a second time.
  document.addEventListener('keyup', function (e) { if (e.key === ' ') e.preventDefault(); });
  window.addEventListener('hashchange', function () { if (location.hash !== hash()) { state.playing = false; cancelAnimationFrame(raf); readHash(); render(); } });
  // Back/forward (and the back-forward cache) restore the view from the hash, never from
  // stale form state, so the scrubber and the picture always agree.
  window.addEventListener('pageshow', function () { readHash(); render(); });

  if (data.live) {
    // barframes preview pushes "reload" after a good render and "failure\n<message>" after a bad one.
    var socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/events');
    socket.addEventListener('message', function (e) {
      var text = String(e.data);
      if (text === 'reload') { writeHash(false); location.reload(); }
      else if (text.indexOf('failure\n') === 0) showError(text.slice(8));
    });
  }
  showError(data.error);
  readHash();
  render();
  window.barframesPlayer = {
    state: state, data: data, requested: function () { return Array.from(requested); },
    difference: function () { return shownDiff; },
    play: play, pause: pause, step: step, seek: seek, timeAt: function (p) { return timeAt(current(), p); },
    link: hash
  };
})();
