// lessonprogress.js: what a student has done, kept in the browser (localStorage
// "pvscope.lessons"): per lesson the slides seen and the exercise's last result. Private
// browsing (no storage) keeps it for the page's life only.
const KEY = "pvscope.lessons";

// A passed exercise: at least two answers in three right.
export const passed = (asked, correct) => asked > 0 && correct * 3 >= asked * 2;

export class Progress {
  constructor(storage = globalThis.localStorage) {
    this.storage = storage;
    this.data = {};
    try { this.data = JSON.parse(storage.getItem(KEY) || "{}") || {}; } catch { this.data = {}; }
  }

  _save() { try { this.storage.setItem(KEY, JSON.stringify(this.data)); } catch { /* private mode */ } }
  _of(name) { return (this.data[name] ||= { seen: [], exercise: null }); }

  // seen(name, i): slide i (0-based) was shown.
  seen(name, i) {
    const p = this._of(name);
    if (!p.seen.includes(i)) { p.seen.push(i); p.seen.sort((a, b) => a - b); this._save(); }
  }

  exercise(name, asked, correct) {
    this._of(name).exercise = { asked, correct, passed: passed(asked, correct) };
    this._save();
  }

  // of(name, slides) -> {seen, read (every slide seen), exercise}
  of(name, slides) {
    const p = this.data[name] || { seen: [], exercise: null };
    return { seen: p.seen.length, read: slides > 0 && p.seen.length >= slides, exercise: p.exercise };
  }

  reset() { this.data = {}; this._save(); }
}
