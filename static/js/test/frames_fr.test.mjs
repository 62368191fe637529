// The server's sentences on a French page (issue 20, item 4): a frame with a key and args
// (error, notice, queued, a room's) is said from the catalog (errors.js frameText); an English
// page shows the server's message exactly; a key the catalog lacks falls back to the message.
// Every expected French sentence is written here by hand.
import "./words.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { speak, own } from "./words.mjs";
import { parse, args } from "../i18n/message.js";
import { frameText } from "../errors.js";
import { noticeText } from "../notices.js";

const NB = "\u00a0"; // before : ; ? ! and inside « »
const NN = "\u202f"; // between thousands, as French writes numbers

function inFrench(fn) {
  speak("fr");
  try { fn(); } finally { speak("en"); }
}

// The frame the server sends for a depth over its limit (server/keyed_test.go checks the server's side).
const depthFrame = { type: "error", id: 1, field: "depth", message: "depth 9 is more than this server allows (7).",
  key: "go-server.depthLimit", args: { depth: 9, limit: 7 } };

test("an error frame with a key is said in French; English keeps the server's words", () => {
  assert.equal(frameText(depthFrame), "depth 9 is more than this server allows (7).");
  inFrench(() => {
    assert.equal(frameText(depthFrame), "La profondeur 9 dépasse ce que ce serveur permet (7).");
    assert.equal(frameText({ type: "error", message: `Unknown option "dpeth".`, key: "go-server.unknownOption", args: { name: "dpeth" } }),
      `Option inconnue «${NB}dpeth${NB}».`);
  });
});

test("a key the catalog lacks, or no key, falls back to the server's English", () => {
  inFrench(() => {
    assert.equal(frameText({ type: "error", message: "A sentence from a newer server.", key: "go-server.noSuchKeyYet", args: { n: 1 } }),
      "A sentence from a newer server.");
    assert.equal(frameText({ type: "error", message: "Plain English." }), "Plain English.");
  });
});

test("counts in French digits, and the forms a count picks", () => {
  inFrench(() => {
    assert.equal(frameText({ key: "go-server.roomsFull", args: { n: 1234 }, message: "x" }),
      `Le serveur a déjà 1${NN}234 salles ouvertes, le plus qu'il permet${NB}; réessayez quand un cours sera fini.`);
    const queued = (place, th, running, searchWord) =>
      noticeText({ type: "queued", position: place, message: "x", key: "go-server.queued", args: { place, th, running, searchWord, wait: "1 s" } });
    assert.equal(queued(1, "st", 1, "search"), "1re dans la file d'attente d'une place de recherche (le serveur mène 1 recherche à la fois).");
    assert.equal(queued(2, "nd", 4, "searches"), "2e dans la file d'attente d'une place de recherche (le serveur mène 4 recherches à la fois).");
    assert.equal(queued(21, "st", 4, "searches"), "21e dans la file d'attente d'une place de recherche (le serveur mène 4 recherches à la fois).");
    // A refusal with the wait: the pace in French decimals, one other search waiting or two.
    const line = (waiting, are) => frameText({ message: "x", key: "go-server.lineWait", args: { running: 1, searchWord: "search",
      waiting, are, pace: 0.9, slots: 1, wait: "2 min", maxWait: "1 min", retry: "1 min", againIn: "1 s", budget: "1 GB", cap: 64 } });
    assert.equal(line(1, "is"), `Le serveur mène 1 recherche et 1 autre attend${NB}; au rythme récent (0,9 s par recherche, 1 à la fois), ` +
      `la vôtre attendrait environ 2 min, plus longtemps que ce serveur ne garde une recherche en file (-max-wait 1 min)${NB}: réessayez dans environ 1 min.`);
    assert.ok(line(2, "are").startsWith("Le serveur mène 1 recherche et 2 autres attendent;".replace(";", `${NB};`)), line(2, "are"));
  });
});

test("a notice and a room's sentence in French", () => {
  inFrench(() => {
    assert.equal(noticeText({ type: "notice", id: 3, message: "x", key: "go-server.recordingEvicted", args: {} }),
      `Le serveur a libéré l'enregistrement de cette recherche pour faire de la place à d'autres recherches${NB}; ` +
      "cette page garde sa propre copie, donc le pas à pas fonctionne toujours.");
    assert.equal(frameText({ type: "room-closed", code: "KQRB", message: "x", key: "go-server.presenterAway", args: { grace: "2m0s", code: "KQRB" } }),
      `Le présentateur est absent depuis 2m0s, donc la salle KQRB est fermée${NB}; ce que vous avez reçu reste consultable pas à pas.`);
  });
});

// Every go-server sentence, its parameters filled, reads as French: a whole sentence, no English
// word (field and command names the protocol spells, shown in « », stay), NB before : and ;.
test("every go-server sentence is French", () => {
  const ENGLISH = /\b(the|is|are|with|and|of|to|searched|node|nodes|search|searches|server|room|wait|try|again|line|more|than|not|only|memory|tree)\b/i;
  const en = own("en"), fr = own("fr");
  const keys = Object.keys(en).filter((k) => k.startsWith("go-server."));
  assert.ok(keys.length > 40);
  inFrench(() => {
    for (const k of keys) {
      const params = {};
      for (const name of args(parse(fr[k])).keys()) params[name] = 2;
      // The forms an English word selects (searchWord, are, th) and the rare English fragments.
      Object.assign(params, { searchWord: "searches", are: "are", th: "nd", again: "…", waitText: "…", reason: "…" });
      const s = frameText({ key: k, args: params, message: "x" });
      const bare = s.replace(/«[^»]*»/g, "«»").replace(/-max-[a-z]+|-rooms?-[a-z-]+|tt-size|max-nodes|create-room|join-room|leave-room|\?room=|order=random/g, "");
      assert.doesNotMatch(bare, ENGLISH, `${k}: ${s}`);
      assert.match(s, /^[A-ZÀ-Ýa-zà-ÿ«0-9]/, `${k} starts a sentence: ${s}`);
      assert.doesNotMatch(bare, / [:;!?]/, `${k}: a plain space before a colon or semicolon`);
    }
  });
});

test("why the server stopped a search, in the run-state line, in French", async () => {
  const { runStateText } = await import("../runstate.js");
  const done = (stopped, stoppedKey, stoppedArgs) => ({ done: { stopped, stoppedKey, stoppedArgs, result: {} } });
  assert.equal(runStateText(done("the node limit of 1000 reached", "go-server.stoppedNodeLimit", { n: 1000 })),
    "stopped: the node limit of 1000 reached");
  inFrench(() => {
    assert.equal(runStateText(done("the node limit of 1000 reached", "go-server.stoppedNodeLimit", { n: 1000 })),
      `arrêtée${NB}: limite de 1${NN}000 nœuds atteinte`);
    assert.equal(runStateText(done("x", "go-server.stoppedNodeLimit", { n: 1 })), `arrêtée${NB}: limite de 1 nœud atteinte`);
    assert.equal(runStateText(done("x", "go-server.stoppedMemory", { memory: "64 MB", n: 0 })),
      `arrêtée${NB}: le budget mémoire du serveur (-max-memory, 64 MB) est plein${NB}: la recherche s'est arrêtée après 0 événement`);
    assert.equal(runStateText(done("x", "go-server.stoppedMemory", { memory: "64 MB", n: 2 })),
      `arrêtée${NB}: le budget mémoire du serveur (-max-memory, 64 MB) est plein${NB}: la recherche s'est arrêtée après 2 événements`);
  });
});
