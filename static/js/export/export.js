// export.js: the tree out of the page, as shown at the current step (scene.js): SVG (text),
// PNG at 1x, 2x or 4x (the SVG drawn on a canvas), LaTeX with forest (tikz.js), and WebM video
// of the playback from one step to another (the tree's canvas recorded by MediaRecorder).
// The buttons sit in the tree's bar (Export ▾); window.pvscope.export(kind, opts) is the same.
import { sceneOf, valueText } from "./scene.js";
import { t } from "../i18n/i18n.js";

const R = 12; // node radius, as the canvas draws it (world units)
const PAD = 36;
const GUTTER = 44; // room for the MAX / MIN row names in the root view
const MAX_VIDEO_STEPS = 5000;

const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const num = (v) => Math.round(v * 100) / 100;

// toSVG(scene, col) -> a standalone SVG document: edges (PV heavy, pruned dashed), nodes shaped by
// expected type and filled by outcome, the value inside (with ≤ / ≥ for a bound), the move above,
// the window below, ✂ on cutoff edges, MAX / MIN row names in the root view.
export function toSVG(sc, col) {
  const gut = sc.rows.length ? GUTTER : 0;
  const ox = PAD + gut - sc.minX, oy = PAD - sc.minY;
  const w = Math.ceil(sc.maxX - sc.minX + 2 * PAD + gut), h = Math.ceil(sc.maxY - sc.minY + 2 * PAD + 8);
  const X = (x) => num(x + ox), Y = (y) => num(y + oy);
  const out = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">`);
  out.push(`<title>${esc(t("export.svgTitle"))}</title>`);
  out.push(`<rect width="100%" height="100%" fill="${col.bg}"/>`);
  for (const row of sc.rows) out.push(`<text x="6" y="${Y(row.y)}" font-size="10" font-weight="bold" fill="${col.stopped}" dominant-baseline="middle">${esc(row.name)}</text>`);
  const edge = { normal: `stroke="${col.edge}" stroke-width="1.2"`, pruned: `stroke="${col.pruned}" stroke-width="1.2" stroke-dasharray="4 3"`, pv: `stroke="${col.pv}" stroke-width="3"` };
  for (const l of sc.links) out.push(`<line x1="${X(l.from.x)}" y1="${Y(l.from.y)}" x2="${X(l.to.x)}" y2="${Y(l.to.y)}" ${edge[l.style]}/>`);
  for (const l of sc.links) {
    if (!l.cut) continue;
    const mx = l.from.x + (l.to.x - l.from.x) * 0.55 + R * 0.6, my = l.from.y + (l.to.y - l.from.y) * 0.55;
    out.push(`<text x="${X(mx)}" y="${Y(my)}" font-size="12" text-anchor="middle" dominant-baseline="middle" fill="${col["fail-high"]}">✂</text>`);
  }
  for (const n of sc.nodes) {
    const x = X(n.x), y = Y(n.y);
    const stroke = n.kind === "pruned" ? `stroke="${col.pruned}" stroke-dasharray="3 2"` : `stroke="${col.text}"`;
    const attrs = `fill="${n.fill}" ${stroke} stroke-width="1"${n.kind === "pruned" ? ' fill-opacity="0.35"' : ""}`;
    const cls = `class="node ${n.kind} ${n.outcome}${n.onPV ? " pv" : ""}" data-id="${esc(n.id)}"`;
    if (n.kind === "summary") {
      out.push(`<rect ${cls} x="${num(x - 1.6 * R)}" y="${num(y - 0.75 * R)}" width="${3.2 * R}" height="${1.5 * R}" rx="4" ${attrs}/>`);
      out.push(`<text x="${x}" y="${y}" font-size="7" fill="#fff" text-anchor="middle" dominant-baseline="central">${esc(n.value)}</text>`);
      continue;
    }
    if (n.shape === "square") out.push(`<rect ${cls} x="${num(x - 0.88 * R)}" y="${num(y - 0.88 * R)}" width="${num(1.76 * R)}" height="${num(1.76 * R)}" ${attrs}/>`);
    else if (n.shape === "diamond") {
      const d = 1.15 * R;
      out.push(`<polygon ${cls} points="${x},${num(y - d)} ${num(x + d)},${y} ${x},${num(y + d)} ${num(x - d)},${y}" ${attrs}/>`);
    } else out.push(`<circle ${cls} cx="${x}" cy="${y}" r="${R}" ${attrs}/>`);
    if (n.onPV && n.kind === "node") out.push(`<circle cx="${x}" cy="${y}" r="${R + 2}" fill="none" stroke="${col.pv}" stroke-width="2"/>`);
    if (n.current) out.push(`<circle cx="${x}" cy="${y}" r="${R + 5}" fill="none" stroke="${col.open}" stroke-width="3"/>`);
    const v = n.kind === "pruned" ? n.value : valueText(n);
    if (v) {
      // A range ([lo, hi], ?values=ranges) shrinks to fit inside its node: its text is white.
      const size = n.range ? num(Math.min(10, (1.9 * R) / (0.55 * v.length))) : v.length > 4 ? 7 : v.length > 3 ? 8 : 10;
      const fill = n.kind === "pruned" ? col.stopped : "#fff";
      out.push(`<text class="value" x="${x}" y="${y}" font-size="${size}" font-weight="${n.kind === "pruned" ? "normal" : "bold"}" fill="${fill}" text-anchor="middle" dominant-baseline="central">${esc(v)}</text>`);
    }
    // Labels with a halo in the background colour, so edges do not cross them out.
    const halo = `stroke="${col.bg}" stroke-width="3" paint-order="stroke" stroke-linejoin="round"`;
    if (n.move) out.push(`<text class="move" x="${x}" y="${num(y - R - 4)}" font-size="8" fill="${col.text}" ${halo} text-anchor="middle">${esc(n.move)}</text>`);
    if (n.window) out.push(`<text class="window" x="${x}" y="${num(y + R + 10)}" font-size="7" fill="${col.stopped}" ${halo} text-anchor="middle">${esc(n.window)}</text>`);
  }
  out.push("</svg>");
  return out.join("\n") + "\n";
}

// toPNG(svgText, scale) -> a PNG Blob of the SVG drawn at scale (1, 2 or 4).
export async function toPNG(svg, scale = 1) {
  if (![1, 2, 4].includes(scale)) throw new Error(t("export.pngScale"));
  const m = /width="(\d+)" height="(\d+)"/.exec(svg);
  const w = +m[1], h = +m[2];
  if (w * h * scale * scale > 16384 * 16384 / 4) throw new Error(t("export.pngTooLarge"));
  const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const c = document.createElement("canvas");
    c.width = w * scale; c.height = h * scale;
    const ctx = c.getContext("2d");
    ctx.scale(scale, scale);
    ctx.drawImage(img, 0, 0, w, h);
    return await new Promise((ok, bad) => c.toBlob((b) => (b ? ok(b) : bad(new Error(t("export.pngFailed")))), "image/png"));
  } finally {
    URL.revokeObjectURL(url);
  }
}

// recordWebM(canvas, steps, seek, {fps}) plays steps (a list of step indices) on the tree's
// canvas and records it: one frame per step, fps steps a second. Resolves to a WebM Blob.
export async function recordWebM(canvas, steps, seek, { fps = 10, onProgress = () => {} } = {}) {
  if (typeof MediaRecorder === "undefined" || !canvas.captureStream) throw new Error(t("export.noRecorder"));
  if (steps.length > MAX_VIDEO_STEPS) throw new Error(t("export.videoTooLong", { max: MAX_VIDEO_STEPS }));
  const type = ["video/webm;codecs=vp9", "video/webm;codecs=vp8", "video/webm"].find((m) => MediaRecorder.isTypeSupported(m));
  if (!type) throw new Error(t("export.noWebM"));
  const stream = canvas.captureStream(0);
  const track = stream.getVideoTracks()[0];
  const rec = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: 4e6 });
  const chunks = [];
  rec.ondataavailable = (e) => { if (e.data && e.data.size) chunks.push(e.data); };
  const stopped = new Promise((ok) => { rec.onstop = ok; });
  const frame = () => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
  const wait = (ms) => new Promise((ok) => setTimeout(ok, ms));
  rec.start();
  try {
    for (let i = 0; i < steps.length; i++) {
      seek(steps[i]);
      await frame();
      track.requestFrame();
      onProgress(i + 1, steps.length);
      await wait(1000 / fps);
    }
    track.requestFrame();
    await wait(1000 / fps);
  } finally {
    rec.stop();
    await stopped;
    track.stop();
  }
  return new Blob(chunks, { type: "video/webm" });
}

// createExport(S, deps): the Export drop-down and window.pvscope.export. deps: seek(k), pause().
// codeOf() is the code panel's text and running line while it is open (codepanel.js): the SVG,
// PNG and LaTeX exports then carry it beside the tree, unless opts.code is false.
export function createExport(S, { seek, pause, codeOf = () => null }) {
  const $ = (id) => document.getElementById(id);

  function scene() {
    if (!S.view || !S.trace || !S.trace.started) throw new Error(t("export.noTree"));
    return sceneOf(S.view);
  }

  // exportAs(kind, opts): "svg" | "tikz" (opts.bare: the forest environment alone) -> text;
  // "png" (opts.scale 1, 2, 4) | "webm" (opts.from, opts.to, opts.fps) -> Blob.
  async function exportAs(kind, opts = {}) {
    const code = opts.code === false ? null : codeOf();
    // The code beside the tree (codeexport.js) is loaded with the first export that has it.
    const { svgWithCode, tikzWithCode } = code ? await import("../teaching/codeexport.js") : {};
    const svg = () => { const s = toSVG(scene(), S.view.col); return code ? svgWithCode(s, code) : s; };
    switch (kind) {
      case "svg": return svg();
      case "tikz": { // loaded on the first LaTeX export, not with the page
        const sc = scene(), col = S.view.col;
        const { toForest } = await import("./tikz.js");
        const tex = toForest(sc, { bare: !!opts.bare, col });
        return code ? tikzWithCode(tex, code) : tex;
      }
      case "png": return toPNG(svg(), opts.scale || 1);
      case "webm": {
        scene(); // says so when there is nothing to record
        pause();
        const n = S.eventCount, back = S.k;
        const from = Math.max(0, Math.min(n, opts.from ?? 0)), to = Math.max(0, Math.min(n, opts.to ?? S.k));
        const lo = Math.min(from, to), hi = Math.max(from, to);
        const stride = Math.max(1, Math.ceil((hi - lo + 1) / MAX_VIDEO_STEPS));
        const steps = [];
        for (let k = lo; k <= hi; k += stride) steps.push(k);
        if (steps[steps.length - 1] !== hi) steps.push(hi);
        if (from > to) steps.reverse();
        try {
          return await recordWebM(S.view.canvas, steps, seek, { fps: opts.fps || 10, onProgress: opts.onProgress });
        } finally { seek(back); }
      }
    }
    throw new Error(t("export.unknownKind", { kind }));
  }

  function save(blob, name) {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  }
  const stem = () => `pvscope-tree-step-${Math.min(S.k, S.eventCount)}`;
  const say = (text) => { const el = $("export-state"); if (el) el.textContent = text; };

  async function run(kind, opts, name, type) {
    say("");
    try {
      const out = await exportAs(kind, opts);
      save(out instanceof Blob ? out : new Blob([out], { type }), name);
      say("");
    } catch (err) {
      say(err.message);
    }
  }

  // What each button of the menu exports; press(id) is a click that came before the module (lazy.js).
  const buttons = {
    "export-svg": () => run("svg", {}, `${stem()}.svg`, "image/svg+xml"),
    "export-png": () => {
      const scale = +$("export-scale").value || 1;
      run("png", { scale }, `${stem()}@${scale}x.png`);
    },
    "export-tikz": () => run("tikz", {}, `${stem()}.tex`, "application/x-tex"),
    "export-tikz-bare": () => run("tikz", { bare: true }, `${stem()}-forest.tex`, "application/x-tex"),
    "export-video": () => {
      const to = Math.min(S.k, S.eventCount);
      const fps = Math.max(1, Math.min(30, Math.round(S.speed) || 10));
      run("webm", { from: 0, to, fps, onProgress: (i, n) => say(t("export.recording", { i, n })) }, `pvscope-steps-0-${to}.webm`);
    },
  };
  function wire() {
    if (!$("export-svg")) return;
    for (const [id, press] of Object.entries(buttons)) $(id).addEventListener("click", press);
  }

  return { exportAs, wire, press: (id) => buttons[id] && buttons[id]() };
}
