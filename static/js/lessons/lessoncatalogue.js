// lessoncatalogue.js: the lessons of the Lessons menu, in the page's language. The server bundles
// the lessons static/lessons/index.json names as lessons/catalogue.json, [[name, text], ...], and
// for each language LANG with a folder static/lessons/LANG/ as lessons/LANG/catalogue.json,
// [[name, text, lang], ...], with the English text and "en" where a lesson is not translated
// (server/assets/lessoncatalogue.go; docs/lessons-translating.md). A language with no translated
// lesson at all has no catalogue of its own: English, then. Beside each catalogue, menu.json,
// [[name, title, slides, lang], ...], is what the menu draws: the first load takes the menu, and
// the texts come with the first lesson opened (issue 28's 300 KB).
import { t } from "../i18n/i18n.js";

// fetchMenu(base, lang) -> [{name, title, slides, lang}] in the menu's order; throws a sentence.
export async function fetchMenu(base, lang) {
  return (await fetchJSON(base, lang, "menu.json")).map(([name, title, slides, textLang]) => ({ name, title, slides, lang: textLang || "en" }));
}

// fetchCatalogue(base, lang) -> [{name, text, lang}] in the menu's order; throws a sentence.
export async function fetchCatalogue(base, lang) {
  return (await fetchJSON(base, lang, "catalogue.json")).map(([name, text, textLang]) => ({ name, text, lang: textLang || "en" }));
}

async function fetchJSON(base, lang, file) {
  let url = base + file, r = null;
  if (lang && lang !== "en") {
    r = await fetch(base + lang + "/" + file, { cache: "no-cache" });
    if (r.status === 404) r = null;
    else url = base + lang + "/" + file;
  }
  r ||= await fetch(url, { cache: "no-cache" });
  if (!r.ok) throw new Error(t("lesson.answered", { url, status: r.status }));
  return r.json();
}

// catalogueLoader(catalogue, {base, lang(), parse, maxBytes, failed(err)}) -> {menu(), fill()}:
// menu() fills catalogue with stubs (name, title, lang, slides.length; stub: true), fill() fetches
// the texts once and turns every stub into its parsed lesson, in place (the same objects).
export function catalogueLoader(catalogue, { base, lang, parse, maxBytes, failed }) {
  let texts = null;
  return {
    async menu() {
      try {
        for (const { name, title, slides, lang: l } of await fetchMenu(base, lang())) catalogue.push({ name, title, lang: l, slides: { length: slides }, stub: true });
      } catch (err) { failed(err); }
    },
    fill() {
      texts ??= fetchCatalogue(base, lang()).then((all) => {
        for (const { name, text, lang: l } of all) {
          if (text.length > maxBytes) throw new Error(t("lesson.tooLong", { url: base + name + ".md", kb: maxBytes / 1024 }));
          const lesson = catalogue.find((x) => x.name === name);
          if (lesson) Object.assign(lesson, parse(text, name), { lang: l, stub: false });
        }
      }).catch(failed);
      return texts;
    },
  };
}
