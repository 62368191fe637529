// Lesson Markdown from a hostile author: linear work on inputs that made the old patterns
// quadratic (counted in the parser's steps, never timed), links that leave the server only when
// written whole as http(s), lesson addresses compared as URLs, and a lesson without slides.
// Expected HTML is written by hand.
import { test } from "node:test";
import assert from "node:assert/strict";
import "./words.mjs";
import { markdownToHTML, safeHref } from "../lessons/markdown.js";
import { lessonURL, MAX_BYTES } from "../lessons/lessonurl.js";
import { parseLesson } from "../lessons/lessonformat.js";
import { checkHTML } from "./markdowncheck.mjs";

const MB = 1 << 20;

// The work is at most a few steps per character: one pass builds the tables, one draws.
const linear = (input, stats) => assert.ok(stats.steps <= 3 * input.length + 16, `${stats.steps} steps for ${input.length} characters`);

test("1 MB of openers that never close renders as text, in linear work", () => {
  for (const unit of ["[a](", "[", "`", "**a", "*a", "[a]", "[a](b", "a*", "[`*"]) {
    const input = unit.repeat(Math.ceil(MB / unit.length));
    const stats = { steps: 0 };
    const html = markdownToHTML(input, stats);
    linear(input, stats);
    checkHTML(input, html);
    if (!/[*`]/.test(unit)) assert.equal(html, `<p>${input}</p>`, unit); // nothing closes: the text, as it is
  }
});

test("a link whose address carries 400 KB of openers is one link, in linear work", () => {
  const junk = "[a](".repeat(100000);
  const input = `[x](/${junk})`;
  const stats = { steps: 0 };
  assert.equal(markdownToHTML(input, stats), `<p><a href="/${junk}">x</a></p>`);
  linear(input, stats);
});

test("links: this server by path, query or anchor; other sites only written whole as http(s)", () => {
  const cases = [
    ["[x](/?lesson=pvs)", '<p><a href="/?lesson=pvs">x</a></p>'],
    ["[x](?slide=2)", '<p><a href="?slide=2">x</a></p>'],
    ["[x](#top)", '<p><a href="#top">x</a></p>'],
    ["[x](https://example.org/a?b=1&c=2)", '<p><a href="https://example.org/a?b=1&amp;c=2" class="external" rel="noopener noreferrer" target="_blank">x</a></p>'],
    ["[x](http://example.org)", '<p><a href="http://example.org" class="external" rel="noopener noreferrer" target="_blank">x</a></p>'],
    // Not links: another site without its scheme, backslash tricks (browsers read "\" as "/"),
    // other schemes, an address that does not parse.
    ["[x](//example.org/)", "<p>x</p>"],
    ["[x](/\\example.org/)", "<p>x</p>"],
    ["[x](\\\\example.org/)", "<p>x</p>"],
    ["[x](https:\\\\example.org/)", "<p>x</p>"],
    ["[x](http:/\\example.org/)", "<p>x</p>"],
    ["[x](javascript:alert(1))", "<p>x)</p>"],
    ["[x](JavaScript:alert)", "<p>x</p>"],
    ["[x](data:text/html,hi)", "<p>x</p>"],
    ["[x](mailto:a@b.c)", "<p>x</p>"],
    ["[x](http://)", "<p>x</p>"],
    ["[x](lesson.md)", "<p>x</p>"],
    // The label is drawn, its HTML escaped; an address cannot leave its quotes.
    ['[<b>"x"</b>](/a"b)', '<p><a href="/a&quot;b">&lt;b&gt;&quot;x&quot;&lt;/b&gt;</a></p>'],
    ["[**x**](/a)", '<p><a href="/a"><strong>x</strong></a></p>'],
  ];
  for (const [md, html] of cases) assert.equal(markdownToHTML(md), html, md);
});

test("safeHref resolves a relative address against a server and keeps it only if it stays there", () => {
  for (const ok of ["/", "/a/b.md", "/.//other-host/l.md", "?x=1", "#a", "https://example.org", "HTTP://EXAMPLE.ORG/"]) assert.equal(safeHref(ok), ok, ok);
  for (const bad of ["", "//h/", "/\\h/", "\\/h", "/\th/", " /a", "/a b", "javascript:x", "ftp://h/", "http:h", "a/b", "https://"])
    assert.equal(safeHref(bad), "", JSON.stringify(bad));
});

test("inline: code, bold and emphasis as before; what does not close is text", () => {
  assert.equal(markdownToHTML("a **b** *c* `d<e>`\n\n- x\n- y"), "<p>a <strong>b</strong> <em>c</em> <code>d&lt;e&gt;</code></p><ul><li>x</li><li>y</li></ul>");
  assert.equal(markdownToHTML("1. one\n2. two"), "<ol><li>one</li><li>two</li></ol>");
  assert.equal(markdownToHTML("a*b*c **x `*`"), "<p>a*b*c **x <code>*</code></p>");
  assert.equal(markdownToHTML("`[x](/a)` [y](/b)"), '<p><code>[x](/a)</code> <a href="/b">y</a></p>');
  assert.equal(markdownToHTML("line one\nline two\n  \n\nnext"), "<p>line one line two</p><p>next</p>");
});

test("a lesson address is compared as a URL: the page's scheme, host and port", () => {
  const page = "http://class.example:8080/?lesson-url=x";
  // The audit's two: each resolves to this server, and is fetched there (the path alone,
  // "//other-host/l.md", would have been read by fetch as another host).
  for (const [address, path] of [["http://class.example:8080//other-host/l.md", "/.//other-host/l.md"], ["/.//other-host/l.md", "/.//other-host/l.md"]]) {
    const u = lessonURL(address, page);
    assert.equal(u.error, undefined, address);
    assert.equal(new URL(u.href).host, "class.example:8080");
    assert.equal(u.path, path);
    assert.equal(new URL(u.path, page).host, "class.example:8080", "the path names this server again");
  }
  assert.deepEqual(lessonURL("/lessons/mine.md?v=2", page), { href: "http://class.example:8080/lessons/mine.md?v=2", path: "/lessons/mine.md?v=2" });
  for (const [address, origin] of [["//other-host/l.md", "http://other-host"], ["/\\other-host/l.md", "http://other-host"],
    ["https://class.example:8080/l.md", "https://class.example:8080"], ["http://class.example:8081/l.md", "http://class.example:8081"],
    ["http://class.example.evil.org:8080/l.md", "http://class.example.evil.org:8080"], ["javascript:alert(1)", "javascript:"], ["data:text/plain,x", "data:"]]) { // "not from null" said nothing
    assert.deepEqual(lessonURL(address, page), { error: "otherOrigin", origin }, address);
  }
  assert.deepEqual(lessonURL("http://[oops/l.md", page), { error: "notURL" });
  assert.equal(MAX_BYTES, 65536);
});

test("a lesson without a '---' line has no slides (the page says so once, lesson.js)", () => {
  const l = parseLesson("# Only a title\n\nAn introduction, and no slide.", "empty");
  assert.equal(l.title, "Only a title");
  assert.equal(l.slides.length, 0);
});

test("a title line of 64 KB of spaces reads in linear time", () => {
  const l = parseLesson("#" + " ".repeat(MAX_BYTES) + "x\n\n---\nstate: " + " ".repeat(MAX_BYTES) + "tree=((1 2))" + " ".repeat(MAX_BYTES) + "\n\nText.", "spaces");
  assert.equal(l.title, "x");
  assert.equal(l.slides[0].state, "tree=((1 2))");
});
