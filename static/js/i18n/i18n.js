// i18n.js: the page's words. Every sentence the page shows comes from t(key, params), looked up
// in the catalog of the page's language: static/js/i18n/<lang>/<area>.json, where a message
// "x" in file narrate.json is the key "narrate.x" (message.js: the format). The server picks
// the language (?lang=, then the pvscope-lang cookie, then the browser's Accept-Language,
// then English), merges the English messages under it, so a language a contributor has not
// finished shows English where it is silent, and puts them in the page as the JSON script
// "pvscope-words": {lang, messages}. Node tests call useWords() with a catalog read from disk.
import { parse, render, formatNumber } from "./message.js";

let lang = "en", messages = {};
const parsed = new Map(), warned = new Set();

export function useWords(words) {
  lang = words.lang || "en";
  messages = words.messages || {};
  parsed.clear();
}

// t returns the message key in the page's language, with params filled in. A key missing from
// every catalog (a bug the catalog tests catch) shows itself rather than nothing.
export function t(key, params = {}) {
  let p = parsed.get(key);
  if (!p) {
    const text = messages[key];
    if (text === undefined) {
      if (!warned.has(key)) warned.add(key), console.warn(`pvscope: no words for ${key}`);
      return key;
    }
    p = parse(text);
    parsed.set(key, p);
  }
  return render(p, params, lang);
}

// has reports whether the catalog holds key (for words keyed by data: an option, a reason).
export const has = (key) => messages[key] !== undefined;

// language is the page's language code ("en", "fr").
export const language = () => lang;

// num formats a number in the page's language (1,234 / 1 234); options as Intl.NumberFormat's.
export const num = (n, options) => formatNumber(n, lang, options);

// list joins words as the language does ("a, b and c" / "a, b et c").
export const list = (items, type = "conjunction") => new Intl.ListFormat(lang, { type }).format(items);

if (typeof document !== "undefined") {
  const el = document.getElementById("pvscope-words");
  if (el) useWords(JSON.parse(el.textContent));
}
