#!/usr/bin/env python3
"""Blind evaluation set 14: the hand-written prompts, checked against their maps, written to prompts.json.

Every prompt below was written by hand, one at a time. This script only holds them, checks them
(names against the maps, value formats, counts) and writes ../prompts.json. Exit 1 on any problem.
"""
import json, os, re, sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

FAMILIES = [
    "possessives and noun phrases", "how much / how many / how does", "articles and concept nouns",
    "prepositions belonging to the relationship", "object first and reverse direction",
    "verb forms (tenses)", "amounts and numbers in statements", "certainty phrase then question",
    "why questions", "lower case without question mark", "terse questions", "typos", "synonyms",
    "plurals", "contractions", "per-unit phrasing", "polite wrappers", "dates",
]
F = dict(enumerate(FAMILIES, 1))

def T(rel, s, o):
    return {"relationship": rel, "subject": s, "object": o}

def Q(m, fam, prompt, q):
    return {"map": m, "family": F[fam], "prompt": prompt, "expect": {"kind": "question", "query": q}}

def W(m, fam, prompt, q):
    return {"map": m, "family": F[fam], "prompt": prompt, "expect": {"kind": "why", "query": q}}

def S(m, fam, prompt, facts):
    return {"map": m, "family": F[fam], "prompt": prompt, "expect": {"kind": "statement", "facts": facts}}

def SQ(m, fam, prompt, facts, q):
    return {"map": m, "family": F[fam], "prompt": prompt, "expect": {"kind": "statement+question", "facts": facts, "query": q}}

C, SL, D = "canal-marina", "seed-library", "darts-league"

CASES = [
    # ---- canal-marina (families 1-6 twice) ----
    Q(C, 1, "What is Otter's monthly mooring fee?", T("monthly mooring fee", "Otter", None)),
    Q(C, 1, "Anna Price's boat?", T("owns", "Anna Price", None)),
    Q(C, 2, "How much does Mayfly cost to moor for a whole year?", T("annual mooring cost", "Mayfly", None)),
    Q(C, 2, "How many years has Priya been with the marina?", T("years of membership", "Priya", None)),
    Q(C, 3, "Is the boat Otter moored at the Pontoon 1 berth?", T("is moored at", "Otter", "Pontoon 1")),
    Q(C, 3, "Does the marina hand Joanne work on the Visitor Berth?", T("works on", "Joanne", "Visitor Berth")),
    Q(C, 4, "What is the length in feet of the Slow Lane?", T("length in feet", "Slow Lane", None)),
    Q(C, 4, "What is the annual mooring cost for Kestrel II?", T("annual mooring cost", "Kestrel II", None)),
    Q(C, 5, "Is Kestrel owned by Ann?", T("owns", "Ann", "Kestrel")),
    Q(C, 5, "Which hand looks after Mayfly?", T("looks after", None, "Mayfly")),
    Q(C, 6, "Did Tom book the Pump Out?", T("has booked", "Tom", "Pump Out")),
    Q(C, 6, "Who was working on Dry Dock?", T("works on", None, "Dry Dock")),
    S(C, 7, "Slow Lane is 62 feet long and pays £295 a month for mooring.",
      [T("length in feet", "Slow Lane", "62"), T("monthly mooring fee", "Slow Lane", "295")]),
    SQ(C, 8, "I'm fairly sure Dev works on Visitor Berth. Which boats does Dev look after then?",
       [T("works on", "Dev", "Visitor Berth")], T("looks after", "Dev", None)),
    W(C, 9, "Why does Jo look after Kestrel?", T("looks after", "Jo", "Kestrel")),
    Q(C, 10, "where is mayfly moored", T("is moored at", "Mayfly", None)),
    Q(C, 11, "Kestrel licence expiry?", T("licence expires on", "Kestrel", None)),
    Q(C, 12, "Whcih services has Anna Price bookd?", T("has booked", "Anna Price", None)),
    Q(C, 13, "Which boat belongs to Tomasz Nowak?", T("owns", "Tomasz Nowak", None)),
    Q(C, 14, "Which boaters have booked Blacking?", T("has booked", None, "Blacking")),
    Q(C, 15, "Doesn't Priya live aboard?", T("lives aboard", "Priya", None)),
    Q(C, 16, "How much per month is mooring for Otter?", T("monthly mooring fee", "Otter", None)),
    Q(C, 17, "Could you tell me which berth Kestrel II is moored at, please?", T("is moored at", "Kestrel II", None)),
    S(C, 18, "Anna Price joined the marina on 14 May 2019.", [T("joined on", "Anna Price", "2019-05-14")]),

    # ---- seed-library (families 7-12 twice) ----
    Q(SL, 1, "What is Sungold's germination rate?", T("germination rate", "Sungold", None)),
    Q(SL, 2, "How many packets of Blue Lake 47 have we got left?", T("packets in stock", "Blue Lake 47", None)),
    Q(SL, 3, "Does the variety Painted Lady belong to the Legumes crop family?", T("belongs to family", "Painted Lady", "Legumes")),
    Q(SL, 4, "What is the annual subscription for Rosalind Fry?", T("annual subscription", "Rosalind Fry", None)),
    Q(SL, 5, "Does Omar Haddad lead Seed Saving?", T("is led by", "Seed Saving", "Omar Haddad")),
    Q(SL, 6, "Who borrows Crimson Flowered?", T("borrowed", None, "Crimson Flowered")),
    S(SL, 7, "Crimson Flowered is down to 3 packets, germination rate 92.5 percent.",
      [T("packets in stock", "Crimson Flowered", "3"), T("germination rate", "Crimson Flowered", "92.5")]),
    S(SL, 7, "Kit pays an annual subscription of £12.50.", [T("annual subscription", "Kit", "12.5")]),
    SQ(SL, 8, "Pretty certain Omar Haddad went to Seed Saving. Can Omar Haddad save seed of Blue Lake?",
       [T("attended", "Omar Haddad", "Seed Saving")], T("may save seed of", "Omar Haddad", "Blue Lake")),
    SQ(SL, 8, "Kit grows at Plot 41, I think - maybe 70% sure. Who grows at Plot 4?",
       [T("grows at", "Kit", "Plot 41")], T("grows at", None, "Plot 4")),
    W(SL, 9, "Why is Sungold low on stock?", T("is low on stock", "Sungold", "true")),
    W(SL, 9, "Why may Rosa save seed of Painted Lady?", T("may save seed of", "Rosa", "Painted Lady")),
    Q(SL, 10, "which crop family does red russian belong to", T("belongs to family", "Red Russian", None)),
    Q(SL, 10, "has kitty paid her subscription", T("has paid subscription", "Kitty", None)),
    Q(SL, 11, "Blue Lake germination?", T("germination rate", "Blue Lake", None)),
    Q(SL, 11, "Plot 4 grower?", T("grows at", None, "Plot 4")),
    Q(SL, 12, "Dose Sungold need isolaton?", T("needs isolation", "Sungold", None)),
    Q(SL, 12, "Wich workshops did Rosalind Fry atend?", T("attended", "Rosalind Fry", None)),
    Q(SL, 13, "Who runs the Pollination Basics workshop?", T("is led by", "Pollination Basics", None)),
    Q(SL, 14, "Which members attended Composting?", T("attended", None, "Composting")),
    Q(SL, 15, "Isn't Blue Lake low on stock?", T("is low on stock", "Blue Lake", None)),
    Q(SL, 16, "How much is Rosa's subscription per year?", T("annual subscription", "Rosa", None)),
    Q(SL, 17, "Hi! Would you mind checking where Rosalind Fry grows?", T("grows at", "Rosalind Fry", None)),
    S(SL, 18, "Kitty returned seed on 3rd March 2027.", [T("returned seed on", "Kitty", "2027-03-03")]),

    # ---- darts-league (families 13-18 twice) ----
    Q(D, 1, "Big Sam's highest checkout?", T("highest checkout", "Big Sam", None)),
    Q(D, 2, "How many matches did Marcus Dell play this season?", T("matches played", "Marcus Dell", None)),
    Q(D, 3, "Is the Ship Inn team sponsored by the Quayside Fish Bar?", T("is sponsored by", "Ship Inn", "Quayside Fish Bar")),
    Q(D, 4, "What is the league fee for Crown Arms?", T("league fee", "Crown Arms", None)),
    Q(D, 5, "Does Leena Shah captain Red Lion B?", T("is captained by", "Red Lion B", "Leena Shah")),
    Q(D, 6, "Has Sam played for Ship Inn?", T("plays for", "Sam", "Ship Inn")),
    S(D, 7, "Marcus Dell has played 11 matches and averages 66.8.",
      [T("matches played", "Marcus Dell", "11"), T("three-dart average", "Marcus Dell", "66.8")]),
    SQ(D, 8, "I'm 80% sure Sam is registered. Is Sam eligible for finals night?",
       [T("is registered", "Sam", "true")], T("is eligible for finals night", "Sam", None)),
    W(D, 9, "Why does Lee play in Premier?", T("plays in", "Lee", "Premier")),
    Q(D, 10, "who sponsors the red lion", T("is sponsored by", "Red Lion", None)),
    Q(D, 11, "Leena Shah division?", T("plays in", "Leena Shah", None)),
    Q(D, 12, "Is Big Sam registred with the leauge?", T("is registered", "Big Sam", None)),
    Q(D, 13, "Which side does Big Sam throw for?", T("plays for", "Big Sam", None)),
    Q(D, 13, "Who is skipper of Crown Arms?", T("is captained by", "Crown Arms", None)),
    Q(D, 14, "Which teams are in Division One?", T("competes in", None, "Division One")),
    Q(D, 14, "Which players practise on Board 10?", T("practises on", None, "Board 10")),
    Q(D, 15, "What's Marcus Dell's three-dart average?", T("three-dart average", "Marcus Dell", None)),
    Q(D, 15, "Doesn't Sam practise on Back Room Board?", T("practises on", "Sam", "Back Room Board")),
    Q(D, 16, "What does Red Lion B pay per season in league fees?", T("league fee", "Red Lion B", None)),
    Q(D, 16, "What's Big Sam's average per three darts?", T("three-dart average", "Big Sam", None)),
    Q(D, 17, "Please could you tell me which division Crown Arms competes in?", T("competes in", "Crown Arms", None)),
    Q(D, 17, "Sorry to bother you, but who plays for Ship Inn?", T("plays for", None, "Ship Inn")),
    S(D, 18, "Lee registered with the league on 2 September 2026.", [T("registered on", "Lee", "2026-09-02")]),
    S(D, 18, "Red Lion's next fixture is on Thursday 10 December 2026.", [T("next fixture on", "Red Lion", "2026-12-10")]),
]

def load_map(name):
    root = ET.parse(os.path.join(ROOT, "maps", name + ".rbl")).getroot()
    concepts = {c.get("name"): c.get("type") for c in root.iter("concept")}
    rels = {r.get("name"): (r.get("subject"), r.get("object")) for r in root.iter("rel")}
    insts = {}
    for i in root.iter("concinst"):
        insts.setdefault(i.get("type"), set()).add(i.get("name"))
    return concepts, rels, insts

def main():
    problems = []
    maps = {m: load_map(m) for m in (C, SL, D)}

    def check_triple(i, m, t, where, must_full=False):
        concepts, rels, insts = maps[m]
        rel = t.get("relationship")
        if set(t) != {"relationship", "subject", "object"}:
            problems.append(f"case {i}: {where}: keys {sorted(t)}"); return
        if rel not in rels:
            problems.append(f"case {i}: {where}: no relationship {rel!r} in {m}"); return
        sc, oc = rels[rel]
        s, o = t["subject"], t["object"]
        if s is not None and s not in insts.get(sc, set()):
            problems.append(f"case {i}: {where}: {s!r} is not a {sc} in {m}")
        if must_full and (s is None or o is None):
            problems.append(f"case {i}: {where}: a fact needs subject and object")
        if o is None:
            return
        kind = concepts[oc]
        if not isinstance(o, str):
            problems.append(f"case {i}: {where}: object {o!r} is not a string")
        elif kind == "string" and o not in insts.get(oc, set()):
            problems.append(f"case {i}: {where}: {o!r} is not a {oc} in {m}")
        elif kind == "number" and not re.fullmatch(r"-?\d+(\.\d+)?", o):
            problems.append(f"case {i}: {where}: {o!r} is not a plain decimal")
        elif kind == "date" and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", o):
            problems.append(f"case {i}: {where}: {o!r} is not an ISO date")
        elif kind == "truth" and o not in ("true", "false"):
            problems.append(f"case {i}: {where}: {o!r} is not true/false")

    seen = set()
    for i, c in enumerate(CASES, 1):
        m, e = c["map"], c["expect"]
        if c["prompt"] in seen:
            problems.append(f"case {i}: duplicate prompt")
        seen.add(c["prompt"])
        k = e["kind"]
        if k in ("question", "why", "statement+question"):
            if "query" not in e:
                problems.append(f"case {i}: {k} without query")
            else:
                check_triple(i, m, e["query"], "query", must_full=(k == "why"))
                q = e["query"]
                if k != "why" and q["subject"] is None and q["object"] is None:
                    problems.append(f"case {i}: query names neither subject nor object")
        if k in ("statement", "statement+question"):
            if not e.get("facts"):
                problems.append(f"case {i}: {k} without facts")
            for j, f in enumerate(e.get("facts", [])):
                check_triple(i, m, f, f"fact {j}", must_full=True)
        if k == "statement" and "query" in e:
            problems.append(f"case {i}: statement with a query")
        if k == "why" and "facts" in e:
            problems.append(f"case {i}: why with facts")

    if len(CASES) != 72:
        problems.append(f"{len(CASES)} cases, not 72")
    for m in maps:
        n = sum(c["map"] == m for c in CASES)
        if n != 24:
            problems.append(f"{m}: {n} cases, not 24")
        for f in FAMILIES:
            if not any(c["map"] == m and c["family"] == f for c in CASES):
                problems.append(f"{m}: no case of family {f!r}")
    for f in FAMILIES:
        n = sum(c["family"] == f for c in CASES)
        if n != 4:
            problems.append(f"family {f!r}: {n} cases, not 4")

    if problems:
        print("\n".join(problems), file=sys.stderr)
        sys.exit(1)
    out = {
        "about": "Blind evaluation set 14 for Lapwing's offline natural-language reader: 72 hand-written prompts "
                 "(18 families x 4, 24 per map) over three maps written for this set (canal-marina, seed-library, "
                 "darts-league). Written 2026-11-25 by an independent evaluator who had not read the reader's code "
                 "or any earlier test set. See README.md for the grading rule.",
        "cases": CASES,
    }
    with open(os.path.join(ROOT, "prompts.json"), "w") as fh:
        json.dump(out, fh, indent=2, ensure_ascii=False)
        fh.write("\n")
    kinds = {}
    for c in CASES:
        kinds[c["expect"]["kind"]] = kinds.get(c["expect"]["kind"], 0) + 1
    print(f"ok: {len(CASES)} cases; per map " + ", ".join(f"{m} {sum(c['map']==m for c in CASES)}" for m in maps)
          + "; kinds " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))

if __name__ == "__main__":
    main()
