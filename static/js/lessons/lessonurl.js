// lessonurl.js: where a lesson may come from. A lesson is a few pages of text: at most MAX_BYTES
// (64 KB, 65,536 characters) from a file, an address or a link's #lesson-text= alike (README,
// "Lessons"); its Markdown is drawn in linear time (markdown.js), so this bounds what a slide
// costs. An address must be on the page's own server, compared as a URL, never as a string.

export const MAX_BYTES = 64 * 1024;

// lessonURL(address, page) -> {href, path} of a lesson on the page's own server, or {error:
// "notURL"} / {error: "otherOrigin", origin}. Same server means the same scheme, host and port
// once resolved; path is how ?lesson-url= names it again (a path beginning "//" is written
// "/.//" so that it still reads as a path).
export function lessonURL(address, page) {
  let u, here;
  try { u = new URL(address, page); here = new URL(page); } catch { return { error: "notURL" }; }
  // javascript:, data: and the like have the origin "null": say their scheme instead.
  if (u.protocol !== here.protocol || u.hostname !== here.hostname || u.port !== here.port) return { error: "otherOrigin", origin: u.origin === "null" ? u.protocol : u.origin };
  const path = (u.pathname.startsWith("//") ? "/." : "") + u.pathname + u.search;
  return { href: u.href, path };
}
