import "./words.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { noticeText } from "../notices.js";

test("a queued frame reads as its place in line; the server's sentence wins when given", () => {
  assert.equal(noticeText({ type: "queued", position: 3 }), "Waiting for a free search slot: number 3 in line.");
  const message = "Waiting for a free search slot: 1st in line (the server runs 4 searches at once).";
  assert.equal(noticeText({ type: "queued", position: 1, message }), message);
  assert.equal(noticeText({ type: "notice", message: "Let go." }), "Let go.");
});
