// lessonprogress.js: what a student has done, kept in the browser (localStorage
// "pvscope.lessons"): per lesson the slides seen and the exercise's last result. Private
// browsing (no storage) keeps it for the page's life only.
import { t } from "../i18n/i18n.js";

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

// The Lessons menu's marks for one lesson ({seen, read, exercise} from Progress.of), in the
// page's language: "2/8 read, exercise 2/3 passed", or "" when nothing was done yet. Whether an
// exercise passed picks the catalog's words (a select on yes/no, never shown as such).
export function progressMarks(p, slides) {
  const ex = p.exercise;
  return [p.read ? t("lesson.read") : p.seen ? t("lesson.seen", { seen: p.seen, slides }) : "",
    ex ? t("lesson.exercise", { correct: ex.correct, asked: ex.asked, passed: ex.passed ? "yes" : "no" }) : ""].filter(Boolean).join(", ");
}

// The line under an exercise slide once every question is answered.
export const doneText = (asked, correct) => t("lesson.done", { correct, asked, passed: passed(asked, correct) ? "yes" : "no" });
