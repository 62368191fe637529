// A chain deeper than an int16's plies: the page keeps the plies the server sends (issue 44's
// outside probe: a 70,000-node chain; the ply column was an Int16Array and wrapped past 32,767).
import { test } from "node:test";
import assert from "node:assert/strict";
import { Trace, batchFromJSONL } from "../model/model.js";

test("a node 70,000 plies deep keeps its ply in the page's model", () => {
  const head = '{"format":"pvscope-trace","version":1,"meta":{"tree":"deep"}}';
  const lines = [head,
    '{"seq":1,"kind":"enter","node":1,"parent":0,"ply":40000,"depth":0,"alpha":-5,"beta":5}',
    '{"seq":2,"kind":"enter","node":2,"parent":1,"ply":69999,"depth":0,"move":"a","alpha":-5,"beta":5}',
    '{"seq":3,"kind":"exit","node":2,"score":1}',
    '{"seq":4,"kind":"exit","node":1,"score":-1}'];
  const { hello, started, batch } = batchFromJSONL(lines.join("\n") + "\n");
  const t = new Trace(hello);
  t.start(started);
  t.append(batch);
  assert.equal(t.node(1).ply, 40000);
  assert.equal(t.node(2).ply, 69999);
  assert.equal(t.event(1).ply, 69999);
});
