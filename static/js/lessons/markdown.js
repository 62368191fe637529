// markdown.js: the little Markdown a lesson's slides are written in, drawn as safe HTML.
// Paragraphs (blank lines between), lists ("- " or "1. "), **bold**, *emphasis*, `code` and
// [links](url) to this server (a path, ?query or #anchor) or to an http(s) address written whole
// (shown as external). Everything else is text: HTML in a lesson is escaped, never run.
//
// The inline parser is one left-to-right scan. Where a construct could close is looked up in
// tables made by one backward pass (the next "`", "*", "]", and ")" or space after each place),
// so an opener that never closes costs one look, not a scan to the end: time is linear in the
// text whatever it holds (a regular expression per construct took 246 s on 1 MB of "[a](").
// stats.steps, when given, counts the work done (the tests bound it by the text's length).

const ESC = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const esc = (s) => s.replace(/[&<>"]/g, (c) => ESC[c]);

const isSpace = (c) => c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f" || c === "\v";
const isWord = (c) => c !== undefined && /[A-Za-z0-9_]/.test(c);

// The base a relative link is resolved against to tell whether it stays on this server: any
// origin works, since a relative link keeps the page's own and anything else leaves it.
const HERE = "http://this.server.invalid/", HERE_ORIGIN = new URL(HERE).origin;

// safeHref(url) -> the href a link may have, or "" when the link must not be one. A link goes
// to this server (a path starting with one "/", a "?query" or "#anchor", which resolve to the
// page's own origin: "//host" and "/\host" do not, as browsers read "\" as "/") or to an
// http(s) address written whole. A backslash, a control character or a space (any Unicode
// one) is never in one.
export function safeHref(url) {
  if (!url || /[\\\u0000-\u001f\u007f-\u009f]|\s/.test(url)) return "";
  let u;
  if (/^https?:\/\//i.test(url)) {
    try { u = new URL(url); } catch { return ""; }
    return u.protocol === "http:" || u.protocol === "https:" ? url : "";
  }
  if (!/^[/?#]/.test(url) || url.startsWith("//")) return "";
  try { u = new URL(url, HERE); } catch { return ""; }
  return u.origin === HERE_ORIGIN ? url : "";
}

// external(href): an address of another site, opened in a new tab.
const external = (href) => /^https?:/i.test(href);

// Next-occurrence tables: next[c][i] is the first index >= i holding c (n when none).
function tables(s, stats) {
  const n = s.length;
  const tick = new Int32Array(n + 1), star = new Int32Array(n + 1), close = new Int32Array(n + 1), end = new Int32Array(n + 1);
  tick[n] = star[n] = close[n] = end[n] = n;
  for (let i = n - 1; i >= 0; i--) {
    const c = s[i];
    tick[i] = c === "`" ? i : tick[i + 1];
    star[i] = c === "*" ? i : star[i + 1];
    close[i] = c === "]" ? i : close[i + 1];
    end[i] = c === ")" || isSpace(c) ? i : end[i + 1]; // where a link's address stops
    stats.steps++;
  }
  return { tick, star, close, end };
}

// inline(s) -> HTML for one paragraph or list item.
function inline(s, stats) {
  const T = tables(s, stats);
  return range(s, 0, s.length, T, stats, 0);
}

// range draws s[from, to). Constructs close inside the range or are text. depth: nesting of
// bold, emphasis and link labels (each at most once: a bold's text holds no "*", a label no "]").
function range(s, from, to, T, stats, depth) {
  let out = "", text = from; // text: where the plain text not yet written starts
  const flush = (i) => { if (i > text) out += esc(s.slice(text, i)); };
  let i = from;
  while (i < to) {
    stats.steps++;
    const c = s[i];
    if (c === "`") {
      const j = T.tick[i + 1];
      if (j < to && j > i + 1) {
        flush(i);
        out += `<code>${esc(s.slice(i + 1, j))}</code>`;
        i = text = j + 1;
        continue;
      }
    } else if (c === "*" && s[i + 1] === "*" && depth < 3) {
      // **bold**: text without "*" up to the next "**".
      const j = T.star[i + 2];
      if (j < to - 1 && j > i + 2 && s[j + 1] === "*") {
        flush(i);
        out += `<strong>${range(s, i + 2, j, T, stats, depth + 1)}</strong>`;
        i = text = j + 2;
        continue;
      }
      i += 2; // a "**" that does not close is text, both stars
      continue;
    } else if (c === "*" && depth < 3) {
      // *emphasis*: after a space or punctuation, not before a space; text without "*" up to
      // a "*" that no letter follows.
      const before = i > from ? s[i - 1] : "";
      const next = s[i + 1];
      const j = T.star[i + 1];
      if ((before === "" || (before !== "*" && !isWord(before))) && next !== undefined && next !== "*" && !isSpace(next) &&
        j < to && !isWord(s[j + 1])) {
        flush(i);
        out += `<em>${range(s, i + 1, j, T, stats, depth + 1)}</em>`;
        i = text = j + 1;
        continue;
      }
    } else if (c === "[" && depth < 3) {
      // [label](address): a label without "]", then "(" and an address up to ")" with no space.
      const j = T.close[i + 1];
      if (j < to && j > i + 1 && s[j + 1] === "(") {
        const k = T.end[j + 2];
        if (k < to && s[k] === ")" && k > j + 2) {
          flush(i);
          const label = range(s, i + 1, j, T, stats, depth + 1);
          const href = safeHref(s.slice(j + 2, k));
          if (!href) out += label; // not a place a lesson may link to: its label as text
          else out += `<a href="${esc(href)}"${external(href) ? ' class="external" rel="noopener noreferrer" target="_blank"' : ""}>${label}</a>`;
          i = text = k + 1;
          continue;
        }
      }
    }
    i++;
  }
  flush(to);
  return out;
}

const BULLET = /^\s*[-*]\s+/, NUMBERED = /^\s*\d+\.\s+/;

// markdownToHTML(text, stats) -> an HTML string. Blocks are runs of lines between blank lines.
export function markdownToHTML(text, stats = { steps: 0 }) {
  const lines = String(text || "").replace(/\r\n?/g, "\n").split("\n");
  const out = [];
  let block = [];
  const end = () => {
    if (!block.length) return;
    if (block.every((l) => BULLET.test(l))) {
      out.push("<ul>" + block.map((l) => `<li>${inline(l.replace(BULLET, ""), stats)}</li>`).join("") + "</ul>");
    } else if (block.every((l) => NUMBERED.test(l))) {
      out.push("<ol>" + block.map((l) => `<li>${inline(l.replace(NUMBERED, ""), stats)}</li>`).join("") + "</ol>");
    } else {
      out.push(`<p>${inline(block.join(" "), stats)}</p>`);
    }
    block = [];
  };
  for (const l of lines) {
    stats.steps++;
    if (l.trim()) block.push(l);
    else end();
  }
  end();
  return out.join("");
}
