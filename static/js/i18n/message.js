// message.js: the small message format of the page's catalogs (i18n/<lang>/*.json), a subset
// of ICU MessageFormat that a translator may already know:
//
//   {name}                          the parameter as given (a string, or a number as digits)
//   {name, number}                  a number in the language's digits and separators
//   {name, plural, one {…} other {…}}  a form chosen by the language's plural rules
//                                   (zero, one, two, few, many, other, or =N for exactly N);
//                                   # inside a form is the number, formatted
//   {name, select, max {…} other {…}}  a form chosen by the parameter's value
//
// Forms nest. Braces are the only special characters, so apostrophes ("l'arbre") are plain text.
// A missing "other" form, an unclosed brace or an unknown type is an error when the message is
// parsed, which the catalog tests do for every message of every language.

// parse turns a message into parts: strings and {arg, type, forms} objects.
export function parse(text) {
  let i = 0;
  function message(inForm, hash) {
    const parts = [];
    let s = "";
    while (i < text.length) {
      const c = text[i];
      if (c === "{") {
        if (s) parts.push(s), (s = "");
        i++;
        parts.push(argument(hash));
      } else if (c === "}") {
        if (!inForm) throw new Error(`unmatched } at ${i}`);
        break;
      } else if (c === "#" && hash) {
        if (s) parts.push(s), (s = "");
        parts.push({ hash: true });
        i++;
      } else {
        s += c;
        i++;
      }
    }
    if (s) parts.push(s);
    return parts;
  }
  function word() {
    while (text[i] === " ") i++;
    const m = /^[=\w.-]+/.exec(text.slice(i));
    if (!m) throw new Error(`a name is missing at ${i}`);
    i += m[0].length;
    while (text[i] === " ") i++;
    return m[0];
  }
  function argument(hash) {
    const arg = word();
    if (text[i] === "}") return i++, { arg };
    if (text[i] !== ",") throw new Error(`expected , or } after {${arg} at ${i}`);
    i++;
    const type = word();
    if (type === "number") {
      if (text[i] !== "}") throw new Error(`expected } after {${arg}, number at ${i}`);
      return i++, { arg, type };
    }
    if (type !== "plural" && type !== "select") throw new Error(`unknown type ${type} in {${arg}}`);
    if (text[i] !== ",") throw new Error(`expected , after {${arg}, ${type} at ${i}`);
    i++;
    const forms = Object.create(null); // a value like "constructor" must not find Object's own
    for (;;) {
      while (text[i] === " ") i++;
      if (text[i] === "}") { i++; break; }
      const key = word();
      if (text[i] !== "{") throw new Error(`expected { after form ${key} of {${arg}} at ${i}`);
      i++;
      forms[key] = message(true, hash || type === "plural");
      if (text[i] !== "}") throw new Error(`unclosed form ${key} of {${arg}}`);
      i++;
    }
    if (!forms.other) throw new Error(`{${arg}, ${type}} has no "other" form`);
    return { arg, type, forms };
  }
  const parts = message(false, false);
  if (i < text.length) throw new Error(`unmatched } at ${i}`);
  return parts;
}

// args lists the parameters a message uses, with their types, for the catalog tests: a
// translation must use the same parameters as the English (it may use them in other forms).
export function args(parts, out = new Map()) {
  for (const p of parts) {
    if (typeof p === "string" || p.hash) continue;
    if (!out.has(p.arg) || p.type) out.set(p.arg, p.type || out.get(p.arg) || "");
    for (const f of Object.values(p.forms || {})) args(f, out);
  }
  return out;
}

// render fills parsed parts with params in locale lang.
export function render(parts, params, lang, n = null) {
  let out = "";
  for (const p of parts) {
    if (typeof p === "string") out += p;
    else if (p.hash) out += n === null ? "#" : formatNumber(n, lang);
    else {
      const v = params[p.arg];
      if (!p.type) out += v === undefined || v === null ? `{${p.arg}}` : String(v);
      else if (p.type === "number") out += typeof v === "number" ? formatNumber(v, lang) : String(v ?? `{${p.arg}}`);
      else if (p.type === "plural") {
        const x = Number(v);
        const form = p.forms["=" + x] || p.forms[pluralRules(lang).select(x)] || p.forms.other;
        out += render(form, params, lang, x);
      } else out += render(p.forms[String(v)] || p.forms.other, params, lang, n);
    }
  }
  return out;
}

const numberFormats = new Map(), plurals = new Map();
export function formatNumber(n, lang, options) {
  if (!Number.isFinite(n)) return String(n);
  const key = lang + JSON.stringify(options || {});
  if (!numberFormats.has(key)) numberFormats.set(key, new Intl.NumberFormat(lang, options || { maximumFractionDigits: 3 }));
  return numberFormats.get(key).format(n);
}
function pluralRules(lang) {
  if (!plurals.has(lang)) plurals.set(lang, new Intl.PluralRules(lang));
  return plurals.get(lang);
}
