// lessoncatalogue.js: the lessons of the Lessons menu, in the page's language. The server bundles
// the lessons static/lessons/index.json names as lessons/catalogue.json, [[name, text], ...], and
// for each language LANG with a folder static/lessons/LANG/ as lessons/LANG/catalogue.json,
// [[name, text, lang], ...], with the English text and "en" where a lesson is not translated
// (server/assets/assets.go; docs/lessons-translating.md). A language with no translated lesson at all
// has no catalogue of its own: English, then.
import { t } from "../i18n/i18n.js";

// fetchCatalogue(base, lang) -> [{name, text, lang}] in the menu's order; throws a sentence.
export async function fetchCatalogue(base, lang) {
  let url = base + "catalogue.json", r = null;
  if (lang && lang !== "en") {
    r = await fetch(base + lang + "/catalogue.json", { cache: "no-cache" });
    if (r.status === 404) r = null;
    else url = base + lang + "/catalogue.json";
  }
  r ||= await fetch(url, { cache: "no-cache" });
  if (!r.ok) throw new Error(t("lesson.answered", { url, status: r.status }));
  return (await r.json()).map(([name, text, textLang]) => ({ name, text, lang: textLang || "en" }));
}
