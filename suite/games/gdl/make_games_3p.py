#!/usr/bin/env python3
"""Writes the three-player GDL games of this directory (run from anywhere).

Three roles xplayer, oplayer, zplayer mark a board in this fixed order (x, o, z, x, ...);
the roles not on turn play `noop`. Whoever first has k marks in a line (row, column or
diagonal) gets goal 100 and the others 0; a full board ends the game with 50 for all.
Tic-tac-toe marks any empty cell; Connect drops a mark into a column, where it lands on
the lowest empty cell. The qbfgames question is whether one role wins against the other
two as a coalition. The files share the conventions of make_games.py (same header).

Only the role that has just moved can complete a line (the game ends at the first line),
so a line is looked for only in its marks, and a mark is placed only by the role in
control: with the turn order fixed, the control fluent is a constant at every step of
the temporal extension, and the encoder folds the lines and moves of the other roles
away.
"""

import os

import make_games
from make_games import succ_facts, winning_lines

HERE = os.path.dirname(os.path.abspath(__file__))

PLAYERS = [("xplayer", "x"), ("oplayer", "o"), ("zplayer", "z")]

ROLES = "".join(f"(role {p})\n" for p, _ in PLAYERS)

CONTROL = "(init (control xplayer))\n" + "".join(
    f"(<= (next (control {PLAYERS[(i + 1) % 3][0]})) (true (control {p})))\n" for i, (p, _) in enumerate(PLAYERS)
) + """(<= (legal ?p noop) (role ?p) (not (true (control ?p))))
"""

MARKS = "".join(f"(mark {p} {c})\n" for p, c in PLAYERS) + "".join(
    f"(movedbefore {p} {PLAYERS[(i + 1) % 3][0]})\n" for i, (p, _) in enumerate(PLAYERS)
)

GOALS = """(<= won (line ?c))
(<= (goal ?p 100) (mark ?p ?c) (line ?c))
(<= (goal ?p 0) (mark ?p ?c) won (not (line ?c)))
(<= (goal ?p 50) (role ?p) (not won))
(<= terminal won)
(<= terminal (not open))
"""


def header(title, lines):
    return make_games.header(title, lines).replace("make_games.py", "make_games_3p.py")


def line_rules(k, w, h):
    args = " ".join(f"?x{i} ?y{i}" for i in range(k))
    cond = " ".join(f"(true (cell ?x{i} ?y{i} ?c))" for i in range(k))
    text = f"(<= (line ?c) (true (control ?q)) (movedbefore ?p ?q) (mark ?p ?c) (winline {args}) {cond})\n"
    return text + "".join("(winline " + " ".join(f"{a} {b}" for a, b in cells) + ")\n" for cells in winning_lines(k, w, h))


def board(w, h):
    return "".join(f"(init (cell {x} {y} b))\n" for x in range(1, w + 1) for y in range(1, h + 1))


def tictactoe(k, n):
    text = header(f"Three-player tic-tac-toe on a {n}x{n} board, {k} in a line wins.", [
        "xplayer, oplayer and zplayer mark an empty cell in turn (x, o, z, x, ...).",
        f"Whoever first has {k} marks in a row, column or diagonal gets 100, the others 0;",
        "a full board ends the game with 50 for everyone.",
    ])
    text += ROLES + "\n" + board(n, n) + CONTROL
    text += """
(<= (legal ?p (put ?x ?y)) (true (control ?p)) (true (cell ?x ?y b)))
(<= (next (cell ?x ?y ?c)) (does ?p (put ?x ?y)) (true (control ?p)) (mark ?p ?c))
(<= (next (cell ?x ?y ?c)) (true (cell ?x ?y ?c)) (distinct ?c b))
(<= (next (cell ?x ?y b)) (true (cell ?x ?y b)) (not (taken ?x ?y)))
(<= (taken ?x ?y) (does ?p (put ?x ?y)) (true (control ?p)))
(<= open (true (cell ?x ?y b)))

"""
    return text + MARKS + GOALS + "\n" + line_rules(k, n, n)


def connect(k, w, h):
    text = header(f"Three-player Connect-{k} on a {w}x{h} board ({w} columns, {h} rows).", [
        "xplayer, oplayer and zplayer drop a mark into a column in turn (x, o, z, x, ...);",
        "it lands on the lowest empty cell of the column.",
        f"Whoever first has {k} marks in a row, column or diagonal gets 100, the others 0;",
        "a full board ends the game with 50 for everyone.",
    ])
    text += ROLES + "\n" + board(w, h) + CONTROL
    text += f"""
(<= (legal ?p (drop ?x)) (true (control ?p)) (true (cell ?x {h} b)))
(<= (lowest ?x 1) (true (cell ?x 1 b)))
(<= (lowest ?x ?y) (true (cell ?x ?y b)) (succ ?z ?y) (not (true (cell ?x ?z b))))
(<= (next (cell ?x ?y ?c)) (does ?p (drop ?x)) (true (control ?p)) (lowest ?x ?y) (mark ?p ?c))
(<= (next (cell ?x ?y ?c)) (true (cell ?x ?y ?c)) (distinct ?c b))
(<= (next (cell ?x ?y b)) (true (cell ?x ?y b)) (not (filled ?x ?y)))
(<= (filled ?x ?y) (does ?p (drop ?x)) (true (control ?p)) (lowest ?x ?y))
(<= open (true (cell ?x {h} b)))

"""
    return text + MARKS + GOALS + "\n" + line_rules(k, w, h) + succ_facts("succ", h)


def main():
    games = {}
    for n in (3, 4):
        games[f"tictactoe-3p-{n}x{n}.kif"] = tictactoe(3, n)
    for k, sizes in [(3, [(4, 4), (5, 5), (6, 6)]), (4, [(4, 4), (5, 4), (5, 5)])]:
        for w, h in sizes:
            games[f"connect{k}-3p-{w}x{h}.kif"] = connect(k, w, h)
    for name, text in sorted(games.items()):
        with open(os.path.join(HERE, name), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
