# pvscope_trace.py: write a pvscope trace (JSON Lines) from a Python search. Standard library only.
#
# SPDX-License-Identifier: MIT-0
# MIT No Attribution. Copyright (c) 2026 the pvscope authors.
# Permission is hereby granted, free of charge, to any person obtaining a copy of this
# software and associated documentation files (the "Software"), to deal in the Software
# without restriction, including without limitation the rights to use, copy, modify,
# merge, publish, distribute, sublicense, and/or sell copies of the Software, and to
# permit persons to whom the Software is furnished to do so.
# THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A
# PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT
# HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF
# CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE
# OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
# (MIT-0 asks for no notice in your copies: take this file into any engine.)
"""Write pvscope's trace from a Python search: the same calls as pvscope_trace.h.

    trace = pvscope_trace.from_env()    # writes $PVSCOPE_TRACE_FILE, or nothing
    trace.search_start(depth, fen=..., bounds="fail-hard", mate=30000, infinity=32000,
                       mate_band=256, pov="white",  # pov: only when scores are White's
                       tt_mate="node")  # how the table holds a mate: "node" or "root"
    ...  trace.move(ply, "e2e4"); score = -search(...)       # in the parent's loop
    ...  trace.enter(ply, alpha, beta, depth); return trace.exit(ply, score)
    ...  trace.tt_hit(ply, "lower", entry_depth, entry_score, entry_move)  # the table's entry
    ...  trace.tt_probe(ply, key); trace.tt_hit(..., key=key, raw=entry_raw)  # with its key
    ...  trace.tt_store(ply, key, "exact", depth, score, raw, move)  # the node files its entry
    ...  trace.subsearch(ply, "iid"); search(pos, ply, ...)  # a search of the node's own position,
    ...  trace.singular(ply, tt_move); ...                  # entered at the node's own ply
    trace.search_end(depth, score, pv, move=best)

A trace is written only when a file is named (PVSCOPE_TRACE_FILE, or path=) and only
for one search: the first, the n-th (PVSCOPE_TRACE_SEARCH=n, only_search=n) or the first
whose requested depth is d (PVSCOPE_TRACE_DEPTH=d, only_depth=d); the environment wins.
Off, each call returns at once (exit returns its score); a hot loop may test trace.on.
Nodes are found by ply: the parent announces its move, the child enters and exits at
its ply; node ids and parents are kept here. The format: pvscope's docs/trace-format.md.

Numbers are whole: a score, window or depth that is not an int raises ValueError naming
it (the format has no fractions, and one would make the whole file unreadable), except
an infinite window or score (float("inf")), written as the trace's infinity: infinity=,
else 32000, or mate + 1 when that is higher, as the format reads a header without one.
"""

import json
import math
import numbers
import os

__all__ = ["Trace", "from_env"]


class Trace:
    """One engine's trace writer; on is true while the chosen search is traced."""

    def __init__(self, path=None, only_search=0, only_depth=0):
        self.path = path
        self.only_search, self.only_depth = only_search, only_depth
        self.on = False
        self._paused = False
        self._searches = 0
        self._done = False
        self._out = None

    # The search: one traced at most.

    def search_start(self, depth, fen=None, bounds=None, mate=None, infinity=None, mate_band=None, pov=None,
                     tt_mate=None, game=None, position=None):
        if self._out and not self._out.closed:  # the traced search ended without search_end
            self._out.close()
            self.on = self._paused = False
        self._searches += 1
        if self.only_depth:
            chosen = depth == self.only_depth
        else:
            chosen = self._searches == (self.only_search or 1)
        if self._done or not chosen or not self.path:
            return
        # The scale first, before the file is opened: a refused call writes nothing. The
        # format reads these as a number or a string of digits.
        scale = {}
        for key, value in (("mate", mate), ("infinity", infinity), ("mateBand", mate_band)):
            if isinstance(value, str) and value.strip().isdigit():
                value = int(value.strip())
            if value:
                scale[key] = _whole("search_start", key, value, 32)
        self._done, self.on = True, True
        self._out = open(self.path, "w", encoding="utf-8")
        self._nodes = 0
        self._id = {}        # ply -> the id of the node open there
        self._index = {}     # ply -> how many moves the node there announced
        self._move = {}      # ply -> the move that leads to the node entered there
        self._change = {}    # ply -> (reduced, extended, why) for the next node entered there
        self._sub = None     # (ply, purpose, excluded): the search of a node's own position announced
        self._subs = []      # those open: (ply, id, what they displaced at ply and ply + 1)
        meta = {"writer": "pvscope_trace.py"}
        for key, value in (("fen", fen), ("bounds", bounds), ("pov", pov)):
            if value:
                meta[key] = value
        meta.update(scale)
        if tt_mate:
            meta["ttMate"] = tt_mate
        if game:  # a game other than chess (meta.game) and its root in its notation ("" its start)
            meta["game"], meta["position"] = game, position or ""
        self._infinity = meta.get("infinity") or max(32000, meta.get("mate", 0) + 1)
        self._write({"format": "pvscope-trace", "version": 1, "meta": meta})
        self._write({"kind": "search-start", "depth": depth})

    def search_end(self, depth, score, pv=(), move=None):
        if not self.on:
            return
        event = {"kind": "search-end", "depth": depth, "score": score}
        if move is not None:
            event["move"] = move
        event["pv"] = list(pv)
        self._write(event)
        self._out.close()
        self.on = self._paused = False

    def iteration_start(self, depth, alpha, beta):
        if self.on:
            self._write({"kind": "iteration-start", "depth": depth, "alpha": alpha, "beta": beta})

    def aspiration_fail(self, depth, score, alpha, beta):
        """The root scored outside its window: searched again with (alpha, beta)."""
        if self.on:
            self._write({"kind": "aspiration-fail", "depth": depth, "score": score, "alpha": alpha, "beta": beta})

    def iteration_end(self, depth, score, pv=None):
        if self.on:
            event = {"kind": "iteration-end", "depth": depth, "score": score}
            if pv:
                event["pv"] = list(pv)
            self._write(event)

    def root_pv(self, depth, score, pv):
        if self.on:
            self._write({"kind": "root-pv", "depth": depth, "score": score, "pv": list(pv)})

    # Nodes, by ply.

    def move(self, ply, move):
        """The node at ply searches move next; a re-search of it needs no new call."""
        if self.on:
            if self._move.get(ply + 1) != move:
                self._index[ply] = self._index.get(ply, 0) + 1
            self._move[ply + 1] = move
            self._change.pop(ply + 1, None)

    def reduced(self, ply, plies, why):
        """The next search of the announced move is plies shallower, for why."""
        if self.on:
            self._change[ply + 1] = (plies, 0, why)

    def extended(self, ply, plies, why):
        if self.on:
            self._change[ply + 1] = (0, plies, why)

    def enter(self, ply, alpha, beta, depth):
        if not self.on:
            return
        # Checked before the writer's state moves: a refused enter takes no node id.
        self._numbers("enter", ply=ply, alpha=alpha, beta=beta, depth=depth)
        sub = self._sub if self._sub and self._sub[0] == ply else None
        parent = self._id[ply - 1] if ply else 0
        if sub:  # the node searched for keeps its state here until the sub-search exits
            parent = self._id[ply]
            self._subs.append((ply, self._nodes + 1, self._displaced(ply)))
            self._sub = None
        self._nodes += 1
        self._id[ply] = self._nodes
        self._index[ply] = 0
        self._move.pop(ply + 1, None)
        event = {"kind": "enter", "node": self._nodes, "parent": parent,
                 "ply": ply, "depth": depth, "alpha": alpha, "beta": beta}
        if sub:
            event["subsearch"] = sub[1]
            if sub[2]:
                event["excluded"] = sub[2]
        elif ply:
            event["move"] = self._move.get(ply, "")
            reduced, extended, why = self._change.pop(ply, (0, 0, ""))
            if reduced:
                event["reduced"] = reduced
            if extended:
                event["extended"] = extended
            if reduced or extended:
                event["why"] = why
        self._write(event)

    def exit(self, ply, score, end=None):
        """Writes the node's exit and returns score: return trace.exit(ply, score).

        end, when given, says why the node stopped early: "eval", "mate", "repetition", ...;
        in a game other than chess "win", "loss" or "draw", the side to move's result."""
        if self.on:
            event = {"kind": "exit", "node": self._id[ply], "score": score}
            if end:
                event["end"] = end
            self._write(event)
            if self._subs and self._subs[-1][:2] == (ply, self._id[ply]):
                # The sub-search is over: the node it searched for has its moves back.
                self._restore(ply, self._subs.pop()[2])
        return score

    def subsearch(self, ply, purpose):
        """The node at ply searches its own position next ("iid", "razor", "probcut"): the
        next enter at ply is that search, a child with no move, and its exit gives the node
        back its moves; its score is no move's value."""
        if self.on:
            self._sub = (ply, purpose, None)

    def singular(self, ply, excluded):
        """The singular verification: the node at ply searches its own position next,
        leaving out the move excluded."""
        if self.on:
            self._sub = (ply, "singular", excluded)

    def _displaced(self, ply):
        return tuple((d.get(p), p in d) for p in (ply, ply + 1)
                     for d in (self._id, self._index, self._move, self._change))

    def _restore(self, ply, saved):
        i = 0
        for p in (ply, ply + 1):
            for d in (self._id, self._index, self._move, self._change):
                value, present = saved[i]
                i += 1
                if present:
                    d[p] = value
                else:
                    d.pop(p, None)

    def stand_pat(self, ply, score):
        """Quiescence: the node takes its static evaluation as its own value."""
        if self.on:
            self._write({"kind": "stand-pat", "node": self._id[ply], "score": score})

    def move_value(self, ply, score):
        """The node took score for its last move, where that is not minus the child's exit."""
        if self.on:
            self._write({"kind": "move-value", "node": self._id[ply], "move": self._move.get(ply + 1, ""),
                         "index": self._index.get(ply, 1) - 1, "score": score})

    def prune(self, ply, move, why):
        if self.on:
            self._write({"kind": "prune", "node": self._id[ply], "move": move, "why": why})

    def tt_hit(self, ply, bound, depth, score, move=None, key=None, raw=None):
        """The table holds an entry for the node at ply: its bound ("exact", "lower" or
        "upper", else ValueError), the depth it was stored for, its score (the node's, after
        the engine's mate adjustment) and move (None or "": left out); key, the engine's key
        it was found under (an int, 0 to 2**64 - 1), and raw, the integer the entry holds
        (None: left out). Written just before the node's use of it: an exit "tt-cutoff" that
        follows is judged by the entry's depth (rule tt-depth)."""
        if self.on:
            self._tt("tt-hit", ply, key, bound, depth, score, raw, move)

    def tt_probe(self, ply, key):
        """The node at ply looks its key up in the table, hit or miss."""
        if self.on:
            self._tt("tt-probe", ply, key)

    def tt_store(self, ply, key, bound, depth, score, raw=None, move=None):
        """The node at ply files its entry under key: score as the node returned it, raw as
        the table keeps it (after the mate adjustment, if the engine makes one)."""
        if self.on:
            self._tt("tt-store", ply, key, bound, depth, score, raw, move)

    def _tt(self, kind, ply, key, bound=None, depth=None, score=None, raw=None, move=None):
        event = {"kind": kind, "node": self._id[ply]}
        if key is not None:
            if isinstance(key, bool) or not isinstance(key, numbers.Integral) or not 0 <= key < 1 << 64:
                raise ValueError("pvscope_trace: %s: key %r is not an integer from 0 to 2**64 - 1" % (kind, key))
            event["key"] = "%x" % key
        if kind != "tt-probe":
            if bound not in ("exact", "lower", "upper"):
                raise ValueError("pvscope_trace: %s: bound %r is not exact, lower or upper" % (kind, bound))
            event.update(bound=bound, depth=depth, score=score)
            if raw is not None:
                event["raw"] = raw
            if move:
                event["move"] = move
        self._write(event)

    def pause(self):
        """What runs until resume() is not traced (a quiescence search kept out)."""
        if self.on:
            self.on, self._paused = False, True

    def resume(self):
        if self._paused:
            self.on, self._paused = True, False

    def _numbers(self, kind, **fields):
        """The format's integers for fields (an infinite score as the trace's), or ValueError."""
        for field, value in fields.items():
            if field in _SCORES and isinstance(value, float) and math.isinf(value):
                value = self._infinity if value > 0 else -self._infinity
            fields[field] = _whole(kind, field, value, _BITS[field])
        return fields

    def _write(self, obj):
        obj.update(self._numbers(obj.get("kind", ""), **{f: obj[f] for f in _BITS if f in obj}))
        self._out.write(json.dumps(obj, separators=(",", ":")) + "\n")


# The trace format's integer fields and the bits they fit in, signed; the
# fields where an infinity is the trace's.
_BITS = {"node": 32, "parent": 32, "ply": 16, "depth": 16, "index": 16, "reduced": 16,
         "extended": 16, "alpha": 32, "beta": 32, "score": 32, "raw": 32}
_SCORES = ("alpha", "beta", "score")


def _whole(kind, field, value, bits):
    """value as an int that fits in bits (signed), or ValueError naming the field."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError("pvscope_trace: %s: %s %r is not a whole number (the trace format's "
                         "numbers are integers)" % (kind, field, value))
    value = int(value)
    if not -(1 << (bits - 1)) <= value < 1 << (bits - 1):
        raise ValueError("pvscope_trace: %s: %s %d does not fit in %d bits" % (kind, field, value, bits))
    return value


def from_env(path=None, only_search=0, only_depth=0):
    """A Trace configured by the arguments, then by PVSCOPE_TRACE_FILE, _SEARCH and _DEPTH."""
    path = os.environ.get("PVSCOPE_TRACE_FILE") or path
    n = int(os.environ.get("PVSCOPE_TRACE_SEARCH") or 0)
    d = int(os.environ.get("PVSCOPE_TRACE_DEPTH") or 0)
    if n > 0:
        only_search, only_depth = n, 0
    if d > 0:
        only_search, only_depth = 0, d
    return Trace(path, only_search, only_depth)
