// stages.js: a drawing made of stages (the page's regions) that may be spread over frames. The
// first drawing of a big search runs cold code in every region and lays the whole page out: one
// task of 45 ms of CPU, 60-86 ms by the clock with the engine on the other core (issue 28).
// Drawn a few stages a frame, no task holds a key that long. A stage starts only when what it
// cost last time still fits in the frame's budget, and a stage never drawn yet, cold, has a
// frame of its own: the first drawing of a big search is spread over one frame a region.
export class Stages {
  // stages: functions called in order with draw()'s picture; now: the clock (a test's own).
  constructor(stages, now = () => performance.now()) {
    this.stages = stages;
    this.now = now;
    this.left = null; // {picture, next}: an unfinished drawing, and the stage it goes on with
    this.cost = stages.map(() => Infinity); // each stage's time when last drawn (ms); never drawn: unknown
  }

  // owed says whether the last drawing stopped before its last stage.
  get owed() { return this.left !== null; }

  // draw runs the stages with picture, the arguments that say what is drawn (the trace, the
  // step): the same values draw the same picture. goOn takes up the last drawing where it
  // stopped if its picture is this one; otherwise it starts over. It stops between stages when
  // the next one, at what it cost last time, would end past budgetMs (one stage runs at least),
  // and returns false; true when the picture is drawn whole.
  draw(picture, { budgetMs = Infinity, goOn = false } = {}) {
    const t0 = this.now();
    const left = this.left;
    const same = left && left.picture.length === picture.length && left.picture.every((x, j) => x === picture[j]);
    let i = goOn && same ? left.next : 0;
    this.left = null;
    for (const first = i; i < this.stages.length; i++) {
      const start = this.now();
      if (i > first && start - t0 + this.cost[i] > budgetMs) {
        this.left = { picture, next: i };
        return false;
      }
      const whole = this.stages[i](...picture);
      this.cost[i] = this.now() - start;
      // false: more to draw (the tree in parts), again next time
      if (whole === false) {
        this.left = { picture, next: i };
        return false;
      }
    }
    return true;
  }
}
