// fakedom.mjs: the little of the DOM that room.js, traceproblems.js and comparediff.js touch,
// for node tests of their sentences: elements with ids, text, children, attributes, classes and
// listeners. Not a browser: no layout, no selectors beyond what those modules ask.
class Node {
  constructor() { this.parentElement = null; }
  remove() {
    const p = this.parentElement;
    if (p) p.children.splice(p.children.indexOf(this), 1);
    this.parentElement = null;
  }
}

class Text extends Node {
  constructor(text) { super(); this.textContent = String(text); }
}

class ClassList {
  constructor() { this.set = new Set(); }
  add(...c) { c.forEach((x) => this.set.add(x)); }
  remove(...c) { c.forEach((x) => this.set.delete(x)); }
  toggle(c, on = !this.set.has(c)) { if (on) this.set.add(c); else this.set.delete(c); return on; }
  contains(c) { return this.set.has(c); }
}

export class Element extends Node {
  constructor(tag, doc) {
    super();
    Object.assign(this, { tagName: tag.toUpperCase(), doc, children: [], attributes: {}, dataset: {}, hidden: false,
      title: "", type: "", className: "", listeners: {}, classList: new ClassList(), style: { setProperty() {} }, _text: "", _value: "" });
  }
  get id() { return this.attributes.id || ""; }
  set id(v) { this.setAttribute("id", v); }
  get textContent() { return this.children.length ? this.children.map((c) => c.textContent).join("") : this._text; }
  set textContent(v) { for (const c of [...this.children]) c.remove(); this._text = String(v); }
  // An <output>'s value is its text, as in a browser; an input's is its own.
  get value() { return this.tagName === "OUTPUT" ? this.textContent : this._value; }
  set value(v) { if (this.tagName === "OUTPUT") this.textContent = v; else this._value = String(v); }
  set innerHTML(v) { this.textContent = ""; }
  setAttribute(k, v) { this.attributes[k] = String(v); if (k === "id") this.doc.ids.set(String(v), this); }
  getAttribute(k) { return k in this.attributes ? this.attributes[k] : null; }
  removeAttribute(k) { delete this.attributes[k]; }
  addEventListener(type, fn) { (this.listeners[type] ||= []).push(fn); }
  click() { for (const fn of this.listeners.click || []) fn({ target: this }); }
  append(...nodes) {
    for (let n of nodes) {
      if (!(n instanceof Node)) n = new Text(n);
      n.remove();
      n.parentElement = this;
      if (!this.children.length && this._text) this.children.push(new Text(this._text)), (this._text = "");
      this.children.push(n);
    }
  }
  replaceChildren(...nodes) { this.textContent = ""; this.append(...nodes); }
  after(n) {
    const p = this.parentElement;
    n.remove();
    n.parentElement = p;
    p.children.splice(p.children.indexOf(this) + 1, 0, n);
  }
  querySelector(sel) { return this.querySelectorAll(sel)[0] || null; }
  // Only ".class" and "[data-testid=x]" (what the modules under test ask of a part of the page).
  querySelectorAll(sel) {
    const out = [], m = /^\.([\w-]+)$/.exec(sel), d = /^\[data-testid="([\w-]+)"\]$/.exec(sel);
    const walk = (el) => {
      for (const c of el.children) {
        if (!(c instanceof Element)) continue;
        if ((m && c.className.split(" ").includes(m[1])) || (d && c.dataset.testid === d[1])) out.push(c);
        walk(c);
      }
    };
    if (m || d) walk(this);
    return out;
  }
  focus() {}
}

// install() puts a document with the given tree in globalThis; returns it. tree: [tag, {attrs},
// ...children] nested, an id in attrs makes getElementById find it.
export function install(...trees) {
  const doc = {
    ids: new Map(),
    getElementById(id) { return this.ids.get(id) || null; },
    createElement(tag) { return new Element(tag, this); },
    createTextNode(s) { return new Text(s); },
    querySelectorAll() { return []; },
  };
  doc.documentElement = doc.createElement("html");
  doc.body = doc.createElement("body");
  doc.documentElement.append(doc.body);
  const build = ([tag, attrs = {}, ...kids]) => {
    const el = doc.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === "class") el.className = v;
      else if (k === "testid") el.dataset.testid = v;
      else if (k === "hidden") el.hidden = !!v;
      else el.setAttribute(k, v);
    }
    for (const k of kids) el.append(typeof k === "string" ? k : build(k));
    return el;
  };
  for (const t of trees) doc.body.append(build(t));
  globalThis.document = doc;
  return doc;
}
