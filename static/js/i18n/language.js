// language.js: the language menu. Choosing a language keeps it in a cookie (the server reads
// it for the next page) and reloads this page in it, with ?lang= so the link says so too.
import { isSite } from "../site.js";

export function bindLanguageMenu() {
  const menu = document.getElementById("language-menu");
  if (!menu) return;
  menu.addEventListener("change", () => {
    const lang = menu.value;
    if (isSite()) { // a static site has a page per language (server/assets/site.go): index.html, fr.html
      const url = new URL(lang === "en" ? "index.html" : `${lang}.html`, location.href);
      url.search = location.search;
      url.hash = location.hash;
      location.assign(url.toString());
      return;
    }
    document.cookie = `pvscope-lang=${encodeURIComponent(lang)}; path=/; max-age=31536000; samesite=lax`;
    const url = new URL(location.href);
    url.searchParams.set("lang", lang);
    location.assign(url.toString());
  });
}
