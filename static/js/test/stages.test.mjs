// A drawing in stages (stages.js): a frame draws the regions its budget allows and the next frame
// goes on where it stopped, unless what is drawn changed. Driven with a fake clock: no timing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Stages } from "../stepping/stages.js";

// Four regions costing 5, 5, 10 and 3 ms on the fake clock; ran lists what each call drew.
function regions() {
  let clock = 0;
  const ran = [];
  const cost = [5, 5, 10, 3];
  const st = new Stages(cost.map((ms, i) => (trace, k) => { ran.push(`${i}@${trace}${k}`); clock += ms; }), () => clock);
  return { st, ran };
}

test("without a budget every stage is drawn at once", () => {
  const { st, ran } = regions();
  assert.equal(st.draw(["t", 7]), true);
  assert.deepEqual(ran, ["0@t7", "1@t7", "2@t7", "3@t7"]);
  assert.equal(st.owed, false);
});

test("a stage that was never drawn (cold) has a frame of its own", () => {
  const { st, ran } = regions();
  for (let frame = 0; frame < 4; frame++) {
    assert.equal(st.draw(["t", 7], { budgetMs: 100, goOn: true }), frame === 3, `frame ${frame}`);
    assert.deepEqual(ran, [`${frame}@t7`], `frame ${frame}`);
    ran.length = 0;
  }
  assert.equal(st.owed, false);
});

test("once drawn, a stage starts only if its last cost still fits the budget, and the next frames go on", () => {
  const { st, ran } = regions();
  st.draw(["t", 6]); // every stage drawn once: 5, 5, 10 and 3 ms
  ran.length = 0;
  assert.equal(st.draw(["t", 7], { budgetMs: 12 }), false); // 5 + 5 = 10, then 10 more > 12: stop
  assert.deepEqual(ran, ["0@t7", "1@t7"]);
  assert.equal(st.owed, true);
  assert.equal(st.draw(["t", 7], { budgetMs: 8, goOn: true }), false); // one stage at least, even over budget
  assert.deepEqual(ran.slice(2), ["2@t7"]);
  assert.equal(st.draw(["t", 7], { budgetMs: 8, goOn: true }), true);
  assert.deepEqual(ran.slice(3), ["3@t7"]); // each region drawn once, in order
  assert.equal(st.owed, false);
  ran.length = 0;
  assert.equal(st.draw(["t", 8], { budgetMs: 10 }), false); // 5 + 5 fits exactly, 10 more does not
  assert.deepEqual(ran, ["0@t8", "1@t8"]);
});

test("another step, another trace, or a new request start the drawing over", () => {
  for (const [key, goOn] of [[["t", 8], true], [["u", 7], true], [["t", 7], false]]) {
    const { st, ran } = regions();
    st.draw(["t", 7], { budgetMs: 8 });
    ran.length = 0;
    st.draw(key, { budgetMs: Infinity, goOn });
    assert.deepEqual(ran, [0, 1, 2, 3].map((i) => `${i}@${key.join("")}`), `picture ${key} goOn ${goOn}`);
  }
});
