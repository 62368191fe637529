// markdowncheck.mjs: what lesson Markdown's HTML may hold, checked without the parser's own code
// (markdown.test.mjs, markdown_fuzz.test.mjs). Text is escaped, so every "<" opens one of the
// few tags the format draws, with its few attributes; tags nest properly; a link goes to this
// server or to an http(s) address written whole; the HTML grows at most linearly.
import assert from "node:assert/strict";

const TAGS = new Set(["p", "ul", "ol", "li", "strong", "em", "code", "a"]);
const ATTRS = new Set(["href", "class", "rel", "target"]);
const PAGE = "https://page.example/lesson/";

const unescape = (s) => s.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

// A link's address is fine when a browser on PAGE stays on PAGE's origin, or when it is an
// absolute http(s) URL; never one with a backslash (read as "/") or starting "//".
function hrefOK(href) {
  if (/[\\\s]/.test(href) || href.startsWith("//")) return false;
  let u;
  try { u = new URL(href, PAGE); } catch { return false; }
  if (/^https?:\/\//i.test(href)) return u.protocol === "http:" || u.protocol === "https:";
  return u.origin === new URL(PAGE).origin;
}

export function checkHTML(input, html) {
  assert.ok(html.length <= 8 * input.length + 16, `the HTML (${html.length}) is not linear in the input (${input.length})`);
  assert.ok(!/<script/i.test(html), "a script tag");
  const stack = [];
  let i = 0;
  for (;;) {
    const lt = html.indexOf("<", i);
    if (lt < 0) break;
    const gt = html.indexOf(">", lt);
    assert.ok(gt > lt, `an unclosed "<" at ${lt}`);
    const tag = html.slice(lt + 1, gt);
    i = gt + 1;
    if (tag.startsWith("/")) {
      assert.equal(tag.slice(1), stack.pop(), `a closing </${tag.slice(1)}> out of order`);
      continue;
    }
    const m = /^([a-z]+)((?: [a-z]+="[^"<>]*")*)$/.exec(tag);
    assert.ok(m && TAGS.has(m[1]), `a tag that is not the format's: <${tag.slice(0, 80)}>`);
    for (const [, name, value] of m[2].matchAll(/ ([a-z]+)="([^"]*)"/g)) {
      assert.ok(ATTRS.has(name), `an attribute ${name} (on* handlers and styles are never drawn)`);
      if (name === "href") assert.ok(hrefOK(unescape(value)), `a link that leaves the server: ${value.slice(0, 80)}`);
    }
    stack.push(m[1]);
  }
  assert.deepEqual(stack, [], "tags left open");
}
