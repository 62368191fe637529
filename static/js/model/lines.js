// lines.js: the lines events carry (a pv-update's, a root-pv's), kept by reference: line id 0
// is the empty line, every other is a move and the id of the line after it (protocol 3: the
// frame's "lines", pairs of move id and tail id, numbered on from the last). A chain of n
// nodes sends n lines of 1..n moves; kept as moves they took n²/2 numbers (issue 44: 30,000
// nodes, 1.9 GB); kept as pairs they take 3 numbers a line.
import { GrowInt32 } from "./columns.js";

export class Lines {
  constructor() {
    this.head = new GrowInt32(); this.head.push(0); // line id -> its first move id
    this.tail = new GrowInt32(); this.tail.push(0); // line id -> the line after its first move
    this.len = new GrowInt32(); this.len.push(0); // line id -> its number of moves
  }
  get count() { return this.head.length - 1; }
  get bytes() { return this.head.bytes + this.tail.bytes + this.len.bytes; }

  // add takes a frame's new pairs [move, tail, move, tail, ...]; a tail must name a line
  // already known (else the pair is the move alone: a broken frame cannot make a cycle).
  add(pairs) {
    for (let i = 0; i + 1 < pairs.length; i += 2) this.push(pairs[i] | 0, pairs[i + 1] | 0);
  }
  push(move, tail) {
    if (!(tail >= 0 && tail < this.head.length)) tail = 0;
    this.head.push(move); this.tail.push(tail); this.len.push(this.len.get(tail) + 1);
    return this.head.length - 1;
  }
  // fromMoves keeps a line given as move ids (a trace read by the page itself): its id.
  fromMoves(ids) {
    let id = 0;
    for (let i = ids.length - 1; i >= 0; i--) id = this.push(ids[i], id);
    return id;
  }
  length(id) { return id > 0 && id < this.head.length ? this.len.get(id) : 0; }
  // moves(id, names) -> the line's moves as names, walked from its first move (no recursion).
  moves(id, names) {
    const out = new Array(this.length(id));
    for (let i = 0; id > 0 && i < out.length; i++, id = this.tail.get(id)) out[i] = names[this.head.get(id)];
    return out;
  }
}
