// markdown.js: the little Markdown a lesson's slides are written in, drawn as safe HTML.
// Paragraphs (blank lines between), lists ("- " or "1. "), **bold**, *emphasis*, `code` and
// [links](url) to http(s) or to this server. Everything else is text: HTML in a lesson is
// escaped, never run.

const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function inline(s) {
  const parts = [];
  // Code spans first, so their insides stay literal.
  const out = esc(s).replace(/`([^`]+)`/g, (_, c) => { parts.push(`<code>${c}</code>`); return `\u0000${parts.length - 1}\u0000`; })
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[^*\w])\*([^*\s][^*]*)\*(?!\w)/g, "$1<em>$2</em>")
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (m, label, url) => {
      const u = url.replace(/&amp;/g, "&");
      if (!/^(https?:\/\/|\/(?!\/)|\?|#)/.test(u)) return label; // "//host" is another site: not as a local link
      return `<a href="${esc(u)}"${/^https?:/.test(u) ? ' rel="noopener" target="_blank"' : ""}>${label}</a>`;
    });
  return out.replace(/\u0000(\d+)\u0000/g, (_, i) => parts[+i]);
}

// markdownToHTML(text) -> an HTML string.
export function markdownToHTML(text) {
  const blocks = String(text || "").replace(/\r\n?/g, "\n").split(/\n\s*\n/);
  const out = [];
  for (const b of blocks) {
    const lines = b.split("\n").filter((l) => l.trim());
    if (!lines.length) continue;
    if (lines.every((l) => /^\s*[-*]\s+/.test(l))) {
      out.push("<ul>" + lines.map((l) => `<li>${inline(l.replace(/^\s*[-*]\s+/, ""))}</li>`).join("") + "</ul>");
    } else if (lines.every((l) => /^\s*\d+\.\s+/.test(l))) {
      out.push("<ol>" + lines.map((l) => `<li>${inline(l.replace(/^\s*\d+\.\s+/, ""))}</li>`).join("") + "</ol>");
    } else {
      out.push(`<p>${inline(lines.join(" "))}</p>`);
    }
  }
  return out.join("");
}
