// site.js: whether the page was built by pvscope site (a static site, no server behind it), as
// the page's config says ("site": true). A leaf: the transport (transport.js), the language menu
// and the panels that need a server ask it without importing the transport.
export function isSite() {
  if (typeof document === "undefined") return false; // node tests
  const el = document.getElementById("pvscope-config");
  try { return !!(el && JSON.parse(el.textContent).site); } catch { return false; }
}
