"""Regenerate board.json from the shared transcription (run by hand, not at import).

    python -m ccg.games.chicago_express.data.make_board PATH/TO/chicago_express/map.json

(the transcription of the printed map, kept with the project's research data, not in the package)

Every value in board.json names its source (see the "sources" table there);
values the data README calls doubtful carry a "doubtful" note.
"""
from __future__ import annotations

import json
import os
import sys

START = {"R5": "PRR", "Q7": "B&O", "S3": "NYC", "Q9": "C&O"}
INDUSTRY = {"E0": "detroit", "I6": "wheeling", "K4": "pittsburgh"}
DOUBTFUL = {
    ("J2", "cost"): "README: forest J2 cost 1 is doubtful",
    ("L6", "cost"): "README: mountain L6 cost 2 is doubtful",
    ("M6", "cost"): "README: mountain M6 cost 2 is doubtful",
    ("N4", "house"): "README: mountain N4 house 1 is doubtful",
    ("N8", "cost"): "README: plain N8 cost 2 is doubtful",
    ("O5", "cost"): "README: plain O5 cost 2 is doubtful",
    ("O6", "cost"): "README: plain O6 cost 2 is doubtful",
    ("O8", "cost"): "README: plain O8 cost 2 is doubtful",
    ("A2", "income"): "README/CE-7.5: Chicago's income 7 is doubtful (the rulebook gives no value)",
    ("Q9", "name"): "README/CE-1.1: the name Washington and the C&O pairing are inferred",
    ("R5", "company"): "CE-1.1: PRR = Philadelphia is inferred from picture captions",
    ("Q7", "company"): "CE-1.1: B&O = Baltimore is inferred from picture captions",
    ("Q9", "company"): "CE-1.1: C&O = Washington is inferred from picture captions",
}
SOURCES = {
    "map": "shared/data/chicago_express/map.json: hand transcription of a physical board by a hobby "
           "implementation's author; not verified against a printed board",
    "rules": "Czech rulebook (seeds/001_d5ca7cd670261e20.txt) as digested in rules/chicago_express.md",
    "readme": "shared/data/chicago_express/README.md (hobby implementation's numbers, unverified)",
    "derived": "derived here from the other sources (see the note beside the value)",
}


ABOUT = ("Chicago Express board for ccg. Keys: column A-S (west to east) + row 0-10 (north to south); "
         "flat-topped hexes, odd columns (B, D, ...) half a hex lower. cost = red build value, "
         "income = black value, house = development value (null: industrial, see industry). "
         "Each hex's 'source' names where every value came from (see 'sources'); 'doubtful' flags "
         "values the data README or the rules digest question.")
# CE-1.1 companies (shares and trains printed; CE-D.2 starting incomes derived)
COMPANIES = [
    {"name": "PRR", "colour": "red", "shares": 3, "trains": 20, "start": "R5", "income": 7,
     "source": {"shares": "rules", "trains": "rules", "start": "map", "income": "derived"}},
    {"name": "B&O", "colour": "blue", "shares": 4, "trains": 22, "start": "Q7", "income": 6,
     "source": {"shares": "rules", "trains": "rules", "start": "map", "income": "derived"}},
    {"name": "NYC", "colour": "green", "shares": 5, "trains": 24, "start": "S3", "income": 8,
     "source": {"shares": "rules", "trains": "rules", "start": "map", "income": "derived"}},
    {"name": "C&O", "colour": "yellow", "shares": 6, "trains": 26, "start": "Q9", "income": 5,
     "source": {"shares": "rules", "trains": "rules", "start": "map", "income": "derived"}},
    {"name": "Wabash", "colour": "black", "shares": 2, "trains": 11, "start": "D3", "income": 0,
     "source": {"shares": "rules", "trains": "rules", "start": "rules", "income": "rules"}},
]
COMPANIES_NOTES = {
    "income": "starting incomes are derived (CE-D.2): they equal the opening minimum bids of p.3 "
              "(PRR 7, B&O 6, C&O 5, NYC 8) through ceil(I/1); the hobby implementation swaps NYC "
              "and C&O. Wabash has no income until it enters (1, or 3 with a house on Fort Wayne, CE-10.4).",
    "start": "PRR/B&O/C&O pairings with their start cities are inferred (CE-1.1).",
}
# CE-7.3 industry tracks
INDUSTRY_TRACKS = {
    "detroit": {"hex": "E0", "start": 1, "step": 1, "max": 8,
                "source": {"start": "rules", "step": "rules", "max": "rules"}},
    "wheeling": {"hex": "I6", "start": 3, "step": 1, "max": 6,
                 "source": {"start": "rules", "step": "rules", "max": "readme"},
                 "doubtful": {"max": "README: maximum 6 from the hobby implementation only"}},
    "pittsburgh": {"hex": "K4", "start": 4, "step": 2, "max": 8,
                   "source": {"start": "rules", "step": "rules", "max": "readme"},
                   "doubtful": {"max": "README: maximum 8 from the hobby implementation only"}},
}


def hex_key(key: str) -> tuple[str, int]:
    """Column, then row: the order of board.json's hexes."""
    return key[0], int(key[1:])


def convert(src: dict) -> dict:
    """board.json's data from the transcription ``src``."""
    hexes = {key: hex_entry(key, src["hexes"][key]) for key in sorted(src["hexes"], key=hex_key)}
    return {"_about": ABOUT, "sources": SOURCES, "companies": COMPANIES, "companies_notes": COMPANIES_NOTES,
            "industry": INDUSTRY_TRACKS, "hexes": hexes}


def hex_entry(key: str, h: dict) -> dict:
    """One hex: its values, where each came from ("source") and the doubtful ones ("doubtful")."""
    terrain = h["terrain"]
    entry, srcs = _terrain(key, terrain)
    if "name" in h:
        entry["name"] = h["name"]
        srcs["name"] = "map"
    entry["cost"] = h["cost"]
    srcs["cost"] = "map"
    entry["income"] = h["income"]
    srcs["income"] = "map"
    if terrain == "industrial":
        entry["house"] = None  # the industry track gives the value (CE-7.3)
        srcs["house"] = "rules"
    else:
        entry["house"] = h["house"]
        srcs["house"] = "map"
    if key == "D3":
        entry["wabash_start"] = True
        srcs["wabash_start"] = "rules"
    entry["neighbours"] = sorted(h["neighbours"], key=hex_key)
    srcs["neighbours"] = "map"
    entry["source"] = srcs
    notes = _doubtful(key, terrain)
    if notes:
        entry["doubtful"] = notes
    return entry


def _terrain(key: str, terrain: str) -> tuple[dict, dict]:
    """The hex's kind (Chicago, a company's start, an industry, or the map's terrain) and its sources."""
    if key == "A2":
        return {"terrain": "chicago"}, {"terrain": "rules"}  # CE-1.9: Chicago is its own kind (never developable, CE-8.6)
    if key in START:
        return {"terrain": "start", "company": START[key]}, {"terrain": "map", "company": "map"}
    if key in INDUSTRY:
        return {"terrain": "industrial", "industry": INDUSTRY[key]}, {"terrain": "map", "industry": "map"}
    return {"terrain": terrain}, {"terrain": "map"}


def _doubtful(key: str, terrain: str) -> dict:
    """The notes on the hex's doubtful values (DOUBTFUL; a forest's house value, CE-8.2, CE-8.9)."""
    notes = {f: n for (k, f), n in DOUBTFUL.items() if k == key}
    if terrain == "forest":
        notes.setdefault("house", "map gives 0; the rulebook lets a forest with a train be developed once "
                                  "for a $2 bonus (CE-8.2, CE-8.9)")
    return notes


def main(path: str) -> None:
    with open(path, encoding="utf-8") as f:
        src = json.load(f)
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "board.json")
    with open(out, "w", encoding="utf-8") as f:
        json.dump(convert(src), f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m ccg.games.chicago_express.data.make_board PATH/TO/map.json")
    main(sys.argv[1])
