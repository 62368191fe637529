// testapi.js: window.pvscope, the surface tests and benchmarks drive the page through
// (DESIGN.md, "Test contract"): snapshot() of what the page shows, seek(k), node(path), answer(x),
// setView(mode), traceJSONL(), and the live objects (trace, view, room, timings).
import { pvReports, latestComplete, cutsBefore } from "./pv/pvreports.js";
import { describeNode } from "./tree/nodepath.js";
import { toJSONL } from "./engines/tracefile.js";

// The collectors' lines and the MultiPV lines of the newest iteration finished at step k, and
// every cut reported up to k.
function pvLabSnapshot(reports) {
  const last = latestComplete(reports);
  return {
    pvByMethod: last ? { ...last.lines } : {},
    cuts: cutsBefore(reports),
    multipv: last ? last.multipv.map(({ score, pv }) => ({ score, pv })) : [],
  };
}

// createTestAPI(S, parts): S is the page state (app.js); parts are the page's controllers, sanOf
// names a move from a node, and setView(mode) chooses the view as the menu does.
export function createTestAPI(S, { board, codePanel, playback, quizUI, compare, room, engines, treeEdit, timings, sanOf, setView, problems, exporter, exercises, sheet, lessons }) {
  // drawn: the step shown is drawn whole, its board too (a chess position takes two frames; a
  // game's board waits for its rules module).
  const drawn = () => !S.renderOwed && !S.dirty && !(board && board.busy);
  return {
    snapshot() {
      const t = S.trace;
      const has = !!(t && t.started);
      const k = Math.min(S.k, S.eventCount);
      const st = has ? t.stats(k) : null;
      return {
        eventIndex: k,
        eventCount: S.eventCount,
        nodeCount: has ? t.nodeCount(k) : 0,
        visibleNodes: S.view && has ? S.view.visibleNodes : 0,
        pv: has ? t.rootPV(k) : [],
        running: S.streaming || S.playing,
        drawn: drawn(),
        streaming: S.streaming,
        playing: S.playing,
        error: S.error,
        queued: S.queued || 0,
        score: has ? t.rootScore(k) : null,
        depth: st ? st.depth : 0,
        selected: S.selected || 0,
        view: S.pov.mode,
        quiz: quizUI.snapshot(),
        pruned: has && t.started.kind === "tree" ? t.pruned(k).map((p) => p.path) : [],
        ...pvLabSnapshot(has ? pvReports(t, k) : []),
        panes: compare.snapshot(), // one entry per pane while comparing (compare.js)
        room: room.snapshot(),
        engine: engines.snapshot(), // the engine panel (engines.js)
        ...problems.snapshot(), // an opened trace's violations, warnings and their counts (traceproblems.js)
        exercise: exercises.snapshot(), // {kind, seed, key} while an exercise is open (exerciseui.js)
        sheet: sheet.snapshot(), // {kind, seed, trees, paper, pages} while a worksheet is shown (sheet.js)
        lesson: lessons.snapshot(), // the open lesson's slide (lesson.js), null when none is open
        code: codePanel.snapshot(), // {lang, algo, form, line, vars} while the code panel is open (codepanel.js)
      };
    },
    // settled(): once the step is drawn (docs/browser-tests.md).
    seek(k) { playback.pause(); playback.seek(k); return this.snapshot(); },
    settled() {
      return new Promise((resolve) => {
        const check = () => (drawn() ? resolve(this.snapshot()) : requestAnimationFrame(check));
        requestAnimationFrame(check);
      });
    },
    // setBudget({events, nodes, lines}): what the page holds of the next searches (model/budget.js),
    // lowered by a test that opens a trace past it; the rest stay as they were.
    setBudget(b) { if (S.trace) S.trace.budget = { ...S.trace.budget, ...b }; return S.trace ? { ...S.trace.budget } : null; },
    // What the page shows for the node at path (DESIGN: {path, move, value, window, outcome, expect, actual, player}).
    node(path) {
      const t = S.trace;
      if (!t || !t.started) return null;
      return describeNode(t, Math.min(S.k, S.eventCount), S.pov, path, sanOf);
    },
    // Answers the open quiz question as the form would; returns whether it was right.
    answer(x) { return quizUI.answer(x); },
    // Chooses the view as the menu does: "root", "negamax" or "auto".
    setView(mode) { setView(mode); return S.pov.mode; },
    // Grades x (the open exercise's key shape) as its form would: {right, mistakes: [sentences]}.
    answerExercise(x) { return exercises.answer(x); },
    // The tree as shown (export.js): "svg", "tikz" ({bare}) -> text; "png" ({scale}), "webm" ({from, to, fps}) -> Blob.
    export(kind, opts) { return exporter.exportAs(kind, opts); },
    // The code panel's text (codepanel.js): {lang, algo, form, text}, null until loaded or when none fits.
    code(lang) { return codePanel.code(lang); },
    codePanel, // open(lang), close(), runToLine(n)
    traceJSONL() { return S.trace && S.trace.started ? toJSONL(S.trace) : ""; }, // what trace-save writes
    get trace() { return S.trace; },
    get view() { return S.view; }, // the TreeView (for tests: hit testing, visibleNodes)
    get treeEdit() { return treeEdit.state(); },
    lessons: () => lessons.list(), // [{name, title, slides}] (lesson.js)
    lesson: lessons, // open(name, slide), openURL(url, slide), next(), prev(), explore(), progress(), resetProgress()
    room, // room.js: share(), close(), ask(), answer(), toggleFollow()
    timings,
  };
}
