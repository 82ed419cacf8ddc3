#!/usr/bin/env python3
"""Writes the GDL games of wide/ (run from anywhere): games whose rules join literals
that share few variables, the shape that rule decomposition narrows (issue 48). Each
comes in small sizes, checked against the reference player through DepQBF and CAQE in
generators/games/gdl/tests/gdl_large_games.rs, and an 8x8 size that is a grounding
benchmark (make bench).

- skirmish-N: knights, kings and pawns on an NxN board, captures counted, more
  captures at the step limit wins. Its frame rule is the one of the issue:
  (<= (next (cell ?x ?y ?piece)) (true (cell ?x ?y ?piece)) (role ?player)
      (does ?player (move ?x1 ?y1 ?x2 ?y2))
      (distinctCell ?x ?y ?x1 ?y1) (distinctCell ?x ?y ?x2 ?y2))
- pathrace-N: each player grows a path from its home edge, one adjacent blank cell a
  move; a path that reaches the far edge connected to home (a bounded recursion, as
  in Hex) wins. Every cell is a fluent (blank, x, o), so its frame rule joins every
  cell's state with every move.
- snake-N: the same with two cells a move, (grow ?x1 ?y1 ?x2 ?y2 ?x3 ?y3): a move
  domain of paths, and a frame rule over cells x states x paths.

Conventions as in make_games.py: roles xplayer and oplayer, a control fluent, noop for
the player not on turn, goals 0/50/100, a step counter. Deterministic output.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "wide")
sys.path.insert(0, HERE)

from make_large_games import CONTROL, ROLES, facts, step_counter  # noqa: E402
from make_large_games import header as large_header  # noqa: E402


def header(title, lines):
    return large_header(title, lines, by="make_wide_games.py")


DISTINCT_CELL = """(<= (distinctCell ?x1 ?y1 ?x2 ?y2) (distinct ?x1 ?x2))
(<= (distinctCell ?x1 ?y1 ?x2 ?y2) (distinct ?y1 ?y2))
"""


def statics(n):
    return (facts("index", [(i,) for i in range(1, n + 1)], 12)
            + facts("succ", [(i, i + 1) for i in range(1, n)], 12))


def skirmish(n, limit):
    back = {4: "n k", 8: "r n b q k b n r"}[n].split()
    cols = [1 + (i * (n - 1)) // (len(back) - 1) for i in range(len(back))]
    pawns = range(1, n + 1, 1 if n > 4 else 3)
    text = header(f"Skirmish on a {n}x{n} board: several piece kinds, captures counted.", [
        "xplayer (pieces w*) starts on rows 1-2 and moves up, oplayer (b*) on the top rows and",
        "moves down. Knights (n) jump as in chess, kings (k) step to any adjacent cell, rooks",
        "(r), bishops (b) and queens (q) slide one or two cells along their lines over an",
        "empty cell, pawns (p) step forward to an empty cell or capture diagonally forward; a piece",
        "moves to a cell without an own piece, capturing what is there. Each capture is",
        f"counted; at step {limit}, or when the player on turn has no move, more captures win",
        "(equal: 50 each).",
    ])
    text += ROLES + "\n"
    for kind, x in zip(back, cols):
        text += f"(init (cell {x} 1 w{kind})) (init (cell {x} {n} b{kind}))\n"
    for x in pawns:
        text += f"(init (cell {x} 2 wp)) (init (cell {x} {n - 1} bp))\n"
    text += "(init (captures xplayer 0)) (init (captures oplayer 0))\n"
    text += CONTROL + step_counter(limit)
    text += """
(owner wn xplayer) (owner wk xplayer) (owner wp xplayer) (owner wr xplayer) (owner wb xplayer) (owner wq xplayer)
(owner bn oplayer) (owner bk oplayer) (owner bp oplayer) (owner br oplayer) (owner bb oplayer) (owner bq oplayer)
(kind wn knight) (kind wk king) (kind wp pawn) (kind wr rook) (kind wb bishop) (kind wq queen)
(kind bn knight) (kind bk king) (kind bp pawn) (kind br rook) (kind bb bishop) (kind bq queen)
(slides rook up) (slides rook down) (slides rook left) (slides rook right)
(slides bishop ur) (slides bishop ul) (slides bishop dr) (slides bishop dl)
(slides queen up) (slides queen down) (slides queen left) (slides queen right)
(slides queen ur) (slides queen ul) (slides queen dr) (slides queen dl)
(<= (dirstep up ?x ?y1 ?x ?y2) (index ?x) (succ ?y1 ?y2))
(<= (dirstep down ?x ?y2 ?x ?y1) (index ?x) (succ ?y1 ?y2))
(<= (dirstep right ?x1 ?y ?x2 ?y) (index ?y) (succ ?x1 ?x2))
(<= (dirstep left ?x2 ?y ?x1 ?y) (index ?y) (succ ?x1 ?x2))
(<= (dirstep ur ?x1 ?y1 ?x2 ?y2) (succ ?x1 ?x2) (succ ?y1 ?y2))
(<= (dirstep ul ?x2 ?y1 ?x1 ?y2) (succ ?x1 ?x2) (succ ?y1 ?y2))
(<= (dirstep dr ?x1 ?y2 ?x2 ?y1) (succ ?x1 ?x2) (succ ?y1 ?y2))
(<= (dirstep dl ?x2 ?y2 ?x1 ?y1) (succ ?x1 ?x2) (succ ?y1 ?y2))
(<= (forward xplayer ?y1 ?y2) (succ ?y1 ?y2))
(<= (forward oplayer ?y2 ?y1) (succ ?y1 ?y2))
(<= (side ?x1 ?x2) (succ ?x1 ?x2))
(<= (side ?x2 ?x1) (succ ?x1 ?x2))
(<= (near ?a ?a) (index ?a))
(<= (near ?a ?b) (side ?a ?b))
(<= (kingstep ?x1 ?y1 ?x2 ?y2) (near ?x1 ?x2) (near ?y1 ?y2) (distinctCell ?x1 ?y1 ?x2 ?y2))
(<= (two ?a ?c) (succ ?a ?b) (succ ?b ?c))
(<= (two ?c ?a) (succ ?a ?b) (succ ?b ?c))
(<= (knightstep ?x1 ?y1 ?x2 ?y2) (two ?x1 ?x2) (side ?y1 ?y2))
(<= (knightstep ?x1 ?y1 ?x2 ?y2) (side ?x1 ?x2) (two ?y1 ?y2))

(<= (occupied ?x ?y) (true (cell ?x ?y ?pc)))
(<= (ownat ?x ?y ?p) (true (cell ?x ?y ?pc)) (owner ?pc ?p))
(<= (enemyat ?x ?y ?p) (opponent ?p ?q) (ownat ?x ?y ?q))
(<= (legal ?p (move ?x1 ?y1 ?x2 ?y2)) (true (control ?p)) (true (cell ?x1 ?y1 ?pc)) (owner ?pc ?p)
    (kind ?pc knight) (knightstep ?x1 ?y1 ?x2 ?y2) (not (ownat ?x2 ?y2 ?p)))
(<= (legal ?p (move ?x1 ?y1 ?x2 ?y2)) (true (control ?p)) (true (cell ?x1 ?y1 ?pc)) (owner ?pc ?p)
    (kind ?pc king) (kingstep ?x1 ?y1 ?x2 ?y2) (not (ownat ?x2 ?y2 ?p)))
(<= (legal ?p (move ?x1 ?y1 ?x2 ?y2)) (true (control ?p)) (true (cell ?x1 ?y1 ?pc)) (owner ?pc ?p)
    (kind ?pc ?k) (slides ?k ?d) (dirstep ?d ?x1 ?y1 ?x2 ?y2) (not (ownat ?x2 ?y2 ?p)))
(<= (legal ?p (move ?x1 ?y1 ?x3 ?y3)) (true (control ?p)) (true (cell ?x1 ?y1 ?pc)) (owner ?pc ?p)
    (kind ?pc ?k) (slides ?k ?d) (dirstep ?d ?x1 ?y1 ?x2 ?y2) (not (occupied ?x2 ?y2))
    (dirstep ?d ?x2 ?y2 ?x3 ?y3) (not (ownat ?x3 ?y3 ?p)))
(<= (legal ?p (move ?x ?y1 ?x ?y2)) (true (control ?p)) (true (cell ?x ?y1 ?pc)) (owner ?pc ?p)
    (kind ?pc pawn) (forward ?p ?y1 ?y2) (not (occupied ?x ?y2)))
(<= (legal ?p (move ?x1 ?y1 ?x2 ?y2)) (true (control ?p)) (true (cell ?x1 ?y1 ?pc)) (owner ?pc ?p)
    (kind ?pc pawn) (forward ?p ?y1 ?y2) (side ?x1 ?x2) (enemyat ?x2 ?y2 ?p))

(<= (next (cell ?x2 ?y2 ?pc)) (does ?p (move ?x1 ?y1 ?x2 ?y2)) (true (cell ?x1 ?y1 ?pc)))
(<= (next (cell ?x ?y ?piece))
    (true (cell ?x ?y ?piece))
    (role ?player)
    (does ?player (move ?x1 ?y1 ?x2 ?y2))
    (distinctCell ?x ?y ?x1 ?y1)
    (distinctCell ?x ?y ?x2 ?y2))
""" + DISTINCT_CELL + """
(<= (next (captures ?p ?m)) (does ?p (move ?x1 ?y1 ?x2 ?y2)) (occupied ?x2 ?y2)
    (true (captures ?p ?n)) (countsucc ?n ?m))
(<= (next (captures ?p ?n)) (does ?p (move ?x1 ?y1 ?x2 ?y2)) (not (occupied ?x2 ?y2))
    (true (captures ?p ?n)))
(<= (next (captures ?p ?n)) (does ?p noop) (true (captures ?p ?n)))

(<= (canmove ?p) (legal ?p (move ?x1 ?y1 ?x2 ?y2)))
(<= stuck (true (control ?p)) (not (canmove ?p)))
(<= terminal timeout)
(<= terminal stuck)
(<= (more ?p) (opponent ?p ?q) (true (captures ?p ?a)) (true (captures ?q ?b)) (greater ?a ?b))
(<= (even ?p) (opponent ?p ?q) (true (captures ?p ?a)) (true (captures ?q ?a)))
(<= (goal ?p 100) (more ?p))
(<= (goal ?p 50) (even ?p))
(<= (goal ?p 0) (opponent ?p ?q) (more ?q))
"""
    pieces = len(back) + len(list(pawns))
    text += facts("countsucc", [(i, i + 1) for i in range(pieces)], 10)
    text += facts("greater", [(a, b) for a in range(pieces + 1) for b in range(a)], 10)
    text += statics(n)
    return text


def path_game(n, limit, double):
    move = "(grow ?x1 ?y1 ?x2 ?y2 ?x3 ?y3)" if double else "(extend ?x1 ?y1 ?x2 ?y2)"
    what = "two adjacent blank cells" if double else "one adjacent blank cell"
    name = "Snake" if double else "Path race"
    text = header(f"{name} on a {n}x{n} board: each player grows a path, {what} a move.", [
        f"xplayer's path starts at (1,1) and wins by reaching row {n}; oplayer's starts at",
        f"({n},{n}) and wins by reaching row 1. The path's end moves to {what}",
        "(orthogonally adjacent, a path); a path reaching the far row wins if",
        "it is connected to its home cell through own cells (a bounded recursion over the",
        f"path's length). At step {limit}, or when the player on turn cannot move, 50 each.",
        "Every cell is a fluent (blank, xplayer, oplayer), so the frame rule joins each cell",
        "with each move, as in the GGP originals.",
    ])
    text += ROLES + "\n"
    homes = {"xplayer": (1, 1, n), "oplayer": (n, n, 1)}
    for x in range(1, n + 1):
        for y in range(1, n + 1):
            owner = next((p for p, (hx, hy, _) in homes.items() if (hx, hy) == (x, y)), "blank")
            text += f"(init (cell {x} {y} {owner}))"
            text += "\n" if x == n else " "
    for p, (hx, hy, _) in homes.items():
        text += f"(init (end {p} {hx} {hy}))\n"
    text += CONTROL + step_counter(limit)
    text += """
(<= (adjacent ?x ?y1 ?x ?y2) (index ?x) (succ ?y1 ?y2))
(<= (adjacent ?x ?y2 ?x ?y1) (index ?x) (succ ?y1 ?y2))
(<= (adjacent ?x1 ?y ?x2 ?y) (index ?y) (succ ?x1 ?x2))
(<= (adjacent ?x2 ?y ?x1 ?y) (index ?y) (succ ?x1 ?x2))
"""
    if double:
        text += """(<= (legal ?p (grow ?x1 ?y1 ?x2 ?y2 ?x3 ?y3)) (true (control ?p)) (true (end ?p ?x1 ?y1))
    (adjacent ?x1 ?y1 ?x2 ?y2) (true (cell ?x2 ?y2 blank))
    (adjacent ?x2 ?y2 ?x3 ?y3) (true (cell ?x3 ?y3 blank)) (distinctCell ?x1 ?y1 ?x3 ?y3))
(<= (next (cell ?x2 ?y2 ?p)) (does ?p (grow ?x1 ?y1 ?x2 ?y2 ?x3 ?y3)))
(<= (next (cell ?x3 ?y3 ?p)) (does ?p (grow ?x1 ?y1 ?x2 ?y2 ?x3 ?y3)))
(<= (next (end ?p ?x3 ?y3)) (does ?p (grow ?x1 ?y1 ?x2 ?y2 ?x3 ?y3)))
(<= (next (cell ?x ?y ?s)) (true (cell ?x ?y ?s)) (role ?player)
    (does ?player (grow ?x1 ?y1 ?x2 ?y2 ?x3 ?y3))
    (distinctCell ?x ?y ?x2 ?y2) (distinctCell ?x ?y ?x3 ?y3))
(<= (canmove ?p) (legal ?p (grow ?x1 ?y1 ?x2 ?y2 ?x3 ?y3)))
"""
    else:
        text += """(<= (legal ?p (extend ?x1 ?y1 ?x2 ?y2)) (true (control ?p)) (true (end ?p ?x1 ?y1))
    (adjacent ?x1 ?y1 ?x2 ?y2) (true (cell ?x2 ?y2 blank)))
(<= (next (cell ?x2 ?y2 ?p)) (does ?p (extend ?x1 ?y1 ?x2 ?y2)))
(<= (next (end ?p ?x2 ?y2)) (does ?p (extend ?x1 ?y1 ?x2 ?y2)))
(<= (next (cell ?x ?y ?s)) (true (cell ?x ?y ?s)) (role ?player)
    (does ?player (extend ?x1 ?y1 ?x2 ?y2)) (distinctCell ?x ?y ?x2 ?y2))
(<= (canmove ?p) (legal ?p (extend ?x1 ?y1 ?x2 ?y2)))
"""
    text += DISTINCT_CELL + """(<= (next (end ?p ?x ?y)) (true (end ?p ?x ?y)) (does ?p noop))

(<= (reach ?p ?x ?y 1) (home ?p ?x ?y) (true (cell ?x ?y ?p)))
(<= (reach ?p ?x2 ?y2 ?k2) (reach ?p ?x1 ?y1 ?k1) (lensucc ?k1 ?k2) (adjacent ?x1 ?y1 ?x2 ?y2)
    (true (cell ?x2 ?y2 ?p)))
(<= (wins ?p) (goalrow ?p ?y) (reach ?p ?x ?y ?k))
(<= stuck (true (control ?p)) (not (canmove ?p)))
(<= decided (wins ?p))
(<= terminal decided)
(<= terminal timeout)
(<= terminal stuck)
(<= (goal ?p 100) (wins ?p))
(<= (goal ?p 0) (opponent ?p ?q) (wins ?q))
(<= (goal ?p 50) (role ?p) (not decided))
"""
    for p, (hx, hy, gy) in homes.items():
        text += f"(home {p} {hx} {hy}) (goalrow {p} {gy})\n"
    # A path from home to the far row has at most as many cells as grown within the limit.
    text += facts("lensucc", [(i, i + 1) for i in range(1, min(n * n, 2 * limit + 2))], 10)
    text += statics(n)
    return text


GAMES = {
    "skirmish-4x4": lambda: skirmish(4, 4),
    "skirmish-8x8": lambda: skirmish(8, 30),
    "pathrace-3x3": lambda: path_game(3, 8, False),
    "pathrace-4x4": lambda: path_game(4, 12, False),
    "pathrace-8x8": lambda: path_game(8, 40, False),
    "snake-4x4": lambda: path_game(4, 8, True),
    "snake-8x8": lambda: path_game(8, 24, True),
}


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, make in GAMES.items():
        with open(os.path.join(OUT, name + ".kif"), "w") as f:
            f.write(make())


if __name__ == "__main__":
    sys.exit(main())
