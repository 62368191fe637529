// codeexport.js: the code panel's text in an export, for a slide (export.js): beside the tree in
// the SVG (and so the PNG), and as a LaTeX tabular beside the forest, the running line marked.
const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const CHAR_W = 6.6; // a monospace character at 11 px, in SVG units
const LINE_H = 15;

// svgWithCode(svg, {lines, line, title}) -> the tree's SVG document with the code at its right.
export function svgWithCode(svg, { lines, line, title = "" }) {
  const m = /<svg[^>]*width="(\d+)"[^>]*height="(\d+)"/.exec(svg);
  if (!m) return svg;
  const w = +m[1], h = +m[2];
  const cw = Math.ceil(Math.max(...lines.map((l) => l.length), title.length) * CHAR_W + 60);
  const ch = (lines.length + 2) * LINE_H + 24;
  const W = w + cw, H = Math.max(h, ch);
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    svg.replace(/^<svg /, `<svg x="0" y="0" `).replace(/\n$/, ""),
    `<g class="code" transform="translate(${w + 10}, 12)" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="11">`];
  if (title) out.push(`<text x="0" y="${LINE_H - 4}" font-weight="bold" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">${esc(title)}</text>`);
  lines.forEach((text, i) => {
    const y = (i + 2) * LINE_H;
    if (i + 1 === line) out.push(`<rect class="running" x="-4" y="${y - LINE_H + 3}" width="${cw - 12}" height="${LINE_H}" fill="#fff1b8" stroke="#8a6d00"/>`);
    out.push(`<text x="0" y="${y}" fill="#555" text-anchor="start">${String(i + 1).padStart(2, " ")}</text>`);
    out.push(`<text x="24" y="${y}" xml:space="preserve"${i + 1 === line ? ' font-weight="bold"' : ""}>${esc(text)}</text>`);
  });
  out.push("</g>", "</svg>");
  return out.join("\n") + "\n";
}

// LaTeX for a code line: specials escaped, the symbols the texts use in math mode.
const SYM = { "α": "$\\alpha$", "β": "$\\beta$", "←": "$\\leftarrow$", "−": "-", "∞": "$\\infty$", "≥": "$\\geq$",
  "≤": "$\\leq$", "×": "$\\times$", "·": "$\\cdot$", "²": "$^2$", "…": "\\ldots{}" };
export function texLine(s) {
  return String(s).replace(/[\\{}$&#%_^~]/g, (c) => ({ "\\": "\\textbackslash{}", "^": "\\textasciicircum{}", "~": "\\textasciitilde{}" }[c] || `\\${c}`))
    .replace(/[αβ←−∞≥≤×·²…]/g, (c) => SYM[c]).replace(/ /g, "~");
}

// tikzWithCode(tex, {lines, line}) -> the forest export followed by the code as a tabular, the
// running line in a colour box (xcolor, which forest's tikz loads).
export function tikzWithCode(tex, { lines, line }) {
  const rows = lines.map((l, i) => {
    const body = `\\texttt{${texLine(l) || "~"}}`;
    return `${i + 1} & ${i + 1 === line ? `\\colorbox{yellow!40}{${body}}` : body} \\\\`;
  });
  const table = ["% The code beside the tree, the running line marked (pvscope's code panel).",
    "\\begin{tabular}{@{}r@{\\enspace}l@{}}", ...rows, "\\end{tabular}"].join("\n");
  const end = tex.lastIndexOf("\\end{document}");
  return end < 0 ? `${tex}\n${table}\n` : `${tex.slice(0, end)}\\par\\medskip\n${table}\n${tex.slice(end)}`;
}
