// columns.js: the Trace's storage (model.js): growable typed arrays, one per event field or
// node table, and the binary searches that count a sorted column's entries below a step.

// Growable typed arrays: doubling keeps append amortised O(1) and memory near 1x-2x of use.
//
// A Trace's ~40 columns grow together (one entry per event, or per node), so with equal
// capacities they all doubled in the same websocket frame: at 500k events that frame copied
// ~16 arrays of 2 MB and took 35-60 ms (docs/streaming.md). Each new column's first capacity
// is therefore staggered across one octave (1, 2^(1/16), ... 2^(15/16) times the asked size),
// so the doublings of a big search fall in different frames.
let staggered = 0;
const STAGGER = 16;

class Grow {
  constructor(Type, cap = 1024) {
    cap = Math.round(cap * 2 ** ((staggered++ % STAGGER) / STAGGER));
    this.a = new Type(cap); this.length = 0; this.Type = Type;
  }
  push(v) {
    if (this.length === this.a.length) {
      const b = new this.Type(this.a.length * 2);
      b.set(this.a); this.a = b;
    }
    this.a[this.length++] = v;
  }
  // pushFrom appends src[0..n) (a missing src or value is 0: the array past length is still zero).
  pushFrom(src, n) {
    const len = this.length;
    if (len + n > this.a.length) {
      let cap = this.a.length * 2;
      while (cap < len + n) cap *= 2;
      const b = new this.Type(cap);
      b.set(this.a.subarray(0, len)); this.a = b;
    }
    if (src) {
      const a = this.a;
      for (let i = 0; i < n; i++) a[len + i] = src[i] || 0;
    }
    this.length = len + n;
  }
  get(i) { return this.a[i]; }
  set(i, v) { this.a[i] = v; }
  get bytes() { return this.a.byteLength; }
}
export class GrowInt32 extends Grow { constructor(cap) { super(Int32Array, cap); } }
export class GrowInt16 extends Grow { constructor(cap) { super(Int16Array, cap); } }
export class GrowUint8 extends Grow { constructor(cap) { super(Uint8Array, cap); } }

// Number of entries < k in a sorted column, from position `from`.
export function countBelow(col, k, from = 0) {
  let lo = from, hi = col.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (col.a[mid] < k) lo = mid + 1; else hi = mid;
  }
  return lo - from;
}
// Position of the last entry < k in a sorted column, or -1.
export function lastBelow(col, k) { return countBelow(col, k) - 1; }
