#!/usr/bin/env python3
"""blind10: the hand-written prompt cases, checked against their maps, written to prompts.json.

Every prompt below was written by hand, one at a time. This script only checks them and writes
../prompts.json. Exit 1 on any problem (unknown relationship or instance, wrong concept, bad number,
date or truth, wrong counts)."""
import json, re, sys, os
import xml.etree.ElementTree as ET
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MAPS = ["recording-studio", "model-railway", "sign-language-school"]
FAMILIES = [
    "possessives and noun phrases", "how much / how many / how does", "articles and concept nouns",
    "prepositions belonging to the relationship", "object first and reverse direction",
    "verb forms (tenses)", "amounts and numbers in statements", "certainty phrase then question",
    "why questions", "lower case without question mark", "terse questions", "typos", "synonyms",
    "plurals", "contractions", "per-unit phrasing", "polite wrappers", "dates",
]
F = dict(zip(["poss", "how", "art", "prep", "rev", "tense", "amount", "cert", "why", "lower", "terse",
              "typo", "syn", "plural", "contr", "unit", "polite", "date"], FAMILIES))

def t(rel, s, o):
    return {"relationship": rel, "subject": s, "object": o}

def Q(m, fam, prompt, rel, s, o):
    return {"map": m, "family": F[fam], "prompt": prompt, "expect": {"kind": "question", "query": t(rel, s, o)}}

def S(m, fam, prompt, *facts):
    return {"map": m, "family": F[fam], "prompt": prompt, "expect": {"kind": "statement", "facts": [t(*f) for f in facts]}}

def SQ(m, fam, prompt, facts, query):
    return {"map": m, "family": F[fam], "prompt": prompt,
            "expect": {"kind": "statement+question", "facts": [t(*f) for f in facts], "query": t(*query)}}

def W(m, fam, prompt, rel, s, o):
    return {"map": m, "family": F[fam], "prompt": prompt, "expect": {"kind": "why", "query": t(rel, s, o)}}

R, M, L = MAPS
CASES = [
    # ---- recording studio (families 1-6 twice) ----
    Q(R, "poss", "What's Studio A2's hourly rate?", "hourly rate", "Studio A2", None),
    Q(R, "poss", "The Owlets' deposit?", "deposit paid", "The Owlets", None),
    Q(R, "how", "How much does an hour in the Live Room cost?", "hourly rate", "Live Room", None),
    Q(R, "how", "How many hours is Night Session booked for?", "hours booked", "Night Session", None),
    Q(R, "art", "Is Moira the engineer for the Night Session?", "engineers", "Moira", "Night Session"),
    Q(R, "art", "Has the room Studio A got a grand piano?", "contains", "Studio A", "Grand Piano"),
    Q(R, "prep", "What is the session cost for Session 12?", "session cost", "Session 12", None),
    Q(R, "prep", "Which band is Session 12 booked by?", "is booked by", "Session 12", None),
    Q(R, "rev", "Is Session 1 engineered by Kit Lane?", "engineers", "Kit Lane", "Session 1"),
    Q(R, "rev", "Which rooms have drums in them?", "contains", None, "Drums"),
    Q(R, "tense", "Did The Owls book Session 1?", "is booked by", "Session 1", "The Owls"),
    Q(R, "tense", "Has Mo engineered Night Session?", "engineers", "Mo", "Night Session"),
    S(R, "amount", "The Owls have paid a £120 deposit.", ("deposit paid", "The Owls", "120")),
    SQ(R, "cert", "I'm pretty sure Session 1 is booked by Marsh Radio. Who's engineering Session 1 then?",
       [("is booked by", "Session 1", "Marsh Radio")], ("engineers", None, "Session 1")),
    W(R, "why", "Why does Session 12 cost 150?", "session cost", "Session 12", "150"),
    Q(R, "lower", "is studio a2 soundproofed", "is soundproofed", "Studio A2", None),
    Q(R, "terse", "Night Session date?", "session date", "Night Session", None),
    Q(R, "typo", "Which instuments does The Owlets play?", "plays", "The Owlets", None),
    Q(R, "syn", "Has Marsh Radio inked the studio contract yet?", "has signed contract", "Marsh Radio", None),
    Q(R, "plural", "What instruments are kept in the Live Room?", "contains", "Live Room", None),
    Q(R, "contr", "Who's engineering the Night Session?", "engineers", None, "Night Session"),
    Q(R, "unit", "How much per hour is Studio A?", "hourly rate", "Studio A", None),
    Q(R, "polite", "Could you please tell me which room Night Session takes place in? Thanks!", "takes place in", "Night Session", None),
    S(R, "date", "Session 12 is on 3 March 2027.", ("session date", "Session 12", "2027-03-03")),
    # ---- model railway club (families 7-12 twice) ----
    Q(M, "poss", "What is Priya Shah's annual subscription?", "annual subscription", "Priya Shah", None),
    Q(M, "how", "How many metres of track has the Hill Loop got?", "track length", "Hill Loop", None),
    Q(M, "art", "Is the layout Fenton built to the OO gauge?", "is built to", "Fenton", "OO"),
    Q(M, "prep", "Who is Joan supervised by?", "is supervised by", "Joan", None),
    Q(M, "rev", "Is Loco 40 owned by Jo?", "owns", "Jo", "Loco 40"),
    Q(M, "tense", "When did Joan join?", "joined on", "Joan", None),
    S(M, "amount", "Jo pays £35.50 a year subscription and volunteers 4 hours a week.",
      ("annual subscription", "Jo", "35.5"), ("hours per week", "Jo", "4")),
    S(M, "amount", "Fenton has 18 metres of track.", ("track length", "Fenton", "18")),
    SQ(M, "cert", "I'm almost certain Jo owns Loco 4 - can Jo drive on Hill Loop?",
       [("owns", "Jo", "Loco 4")], ("can drive on", "Jo", "Hill Loop")),
    SQ(M, "cert", "Joan has definitely passed the safety induction. Is Joan a voting member?",
       [("has passed safety induction", "Joan", "true")], ("is voting member", "Joan", None)),
    W(M, "why", "Why can Jo drive on Fenton?", "can drive on", "Jo", "Fenton"),
    W(M, "why", "why is Joan a voting member?", "is voting member", "Joan", "true"),
    Q(M, "lower", "who maintains fenton junction", "maintains", None, "Fenton Junction"),
    Q(M, "lower", "is loco 4 dcc fitted", "is DCC fitted", "Loco 4", None),
    Q(M, "terse", "Green Arrow gauge?", "runs on", "Green Arrow", None),
    Q(M, "terse", "Chair of the club?", "holds role", None, "Chair"),
    Q(M, "typo", "Wich locomotives does Priya Shah onw?", "owns", "Priya Shah", None),
    Q(M, "typo", "Has Jo pased the saftey induction?", "has passed safety induction", "Jo", None),
    Q(M, "syn", "Who looks after the Hill Loop layout?", "maintains", None, "Hill Loop"),
    Q(M, "plural", "What locos does Joan have?", "owns", "Joan", None),
    Q(M, "contr", "Who's supervising Jo at the track?", "is supervised by", "Jo", None),
    Q(M, "unit", "How many hours a week does Joan put in?", "hours per week", "Joan", None),
    Q(M, "polite", "Hi, would you mind telling me what gauge Hill Loop is built to?", "is built to", "Hill Loop", None),
    S(M, "date", "Fenton Junction is being exhibited on the 14th of June 2027", ("exhibition date", "Fenton Junction", "2027-06-14")),
    # ---- sign-language school (families 13-18 twice) ----
    Q(L, "poss", "What is Leela's exam date?", "exam date", "Leela", None),
    Q(L, "how", "How much does BSL Level 1 Intensive cost?", "course fee", "BSL Level 1 Intensive", None),
    Q(L, "art", "Is the student Lee enrolled on the BSL Level 1 course?", "is enrolled on", "Lee", "BSL Level 1"),
    Q(L, "prep", "Which venue is BSL Level 1 taught in?", "is taught in", "BSL Level 1", None),
    Q(L, "rev", "Does Ruth mentor Sam Ortiz?", "is mentored by", "Sam Ortiz", "Ruth"),
    Q(L, "tense", "Has Dev Patel taught Deafblind Awareness?", "teaches", "Dev Patel", "Deafblind Awareness"),
    S(L, "amount", "Sam Ortiz has attended 72.5% of classes", ("attendance", "Sam Ortiz", "72.5")),
    SQ(L, "cert", "I'm fairly confident Ruthie is fluent in ISL. Is Ruthie qualified to teach BSL Level 1?",
       [("is fluent in", "Ruthie", "ISL")], ("is qualified to teach", "Ruthie", "BSL Level 1")),
    W(L, "why", "Why can Lee sit the exam in BSL?", "can sit exam in", "Lee", "BSL"),
    Q(L, "lower", "which courses does dev patel teach", "teaches", "Dev Patel", None),
    Q(L, "terse", "Room 30 hearing loop?", "has hearing loop", "Room 30", None),
    Q(L, "typo", "Is Ruth certfied?", "is certified", "Ruth", None),
    Q(L, "syn", "Who's signed up for Deafblind Awareness?", "is enrolled on", None, "Deafblind Awareness"),
    Q(L, "syn", "What does the BSL Level 1 course set you back?", "course fee", "BSL Level 1", None),
    Q(L, "plural", "Which tutors teach BSL Level 1 Intensive?", "teaches", None, "BSL Level 1 Intensive"),
    Q(L, "plural", "Which students are mentored by Ruth?", "is mentored by", None, "Ruth"),
    Q(L, "contr", "Lee's not enrolled on BSL Level 1 Intensive, is he?", "is enrolled on", "Lee", "BSL Level 1 Intensive"),
    Q(L, "contr", "When's Sam Ortiz's exam?", "exam date", "Sam Ortiz", None),
    Q(L, "unit", "How many hours a week is Deafblind Awareness?", "hours per week", "Deafblind Awareness", None),
    S(L, "unit", "BSL Level 1 runs 2.5 hours per week.", ("hours per week", "BSL Level 1", "2.5")),
    Q(L, "polite", "Please could you check whether Room 3 has a hearing loop?", "has hearing loop", "Room 3", None),
    Q(L, "polite", "Hello! I'd be grateful if you could tell me what percentage of classes Lee has attended.", "attendance", "Lee", None),
    S(L, "date", "Leela sits her exam on 2 November 2027.", ("exam date", "Leela", "2027-11-02")),
    Q(L, "date", "Does BSL Level 1 start on 12 January 2027?", "starts on", "BSL Level 1", "2027-01-12"),
]

def load_map(name):
    root = ET.parse(os.path.join(ROOT, "maps", name + ".rbl")).getroot()
    concepts = {c.get("name"): c.get("type") for c in root if c.tag == "concept"}
    rels = {r.get("name"): (r.get("subject"), r.get("object"), r.get("askable") or "all") for r in root if r.tag == "rel"}
    insts = {}
    for c in root:
        if c.tag == "concinst":
            insts.setdefault(c.get("type"), set()).add(c.get("name"))
    derived = {r.get("type") for r in root if r.tag == "relinst" and r.find("condition") is not None}
    return concepts, rels, insts, derived

def main():
    problems = []
    maps = {m: load_map(m) for m in MAPS}
    def check_triple(i, m, tr, where, need_subject, need_object, kind):
        concepts, rels, insts, derived = maps[m]
        rel = tr["relationship"]
        if rel not in rels:
            problems.append(f"case {i}: {where}: unknown relationship {rel!r} in {m}"); return
        sc, oc, _ = rels[rel]
        s, o = tr["subject"], tr["object"]
        if kind == "why" and rel not in derived:
            problems.append(f"case {i}: why on {rel!r}, which no rule derives")
        if s is None:
            if need_subject: problems.append(f"case {i}: {where}: subject missing")
        elif s not in insts.get(sc, ()):
            problems.append(f"case {i}: {where}: {s!r} is not a {sc}")
        otype = concepts[oc]
        if o is None:
            if need_object: problems.append(f"case {i}: {where}: object missing")
            if s is None: problems.append(f"case {i}: {where}: both ends null")
            return
        if not isinstance(o, str):
            problems.append(f"case {i}: {where}: object must be a string"); return
        if otype == "string" and o not in insts.get(oc, ()):
            problems.append(f"case {i}: {where}: {o!r} is not a {oc}")
        if otype == "number" and not re.fullmatch(r"-?\d+(\.\d+)?", o):
            problems.append(f"case {i}: {where}: {o!r} is not a plain decimal")
        if otype == "date" and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", o):
            problems.append(f"case {i}: {where}: {o!r} is not an ISO date")
        if otype == "truth" and o not in ("true", "false"):
            problems.append(f"case {i}: {where}: {o!r} is not true/false")
    for i, c in enumerate(CASES, 1):
        m, e = c["map"], c["expect"]
        if m not in maps: problems.append(f"case {i}: unknown map {m}"); continue
        if c["family"] not in FAMILIES: problems.append(f"case {i}: unknown family")
        k = e["kind"]
        if k in ("question", "why", "statement+question") and "query" not in e:
            problems.append(f"case {i}: no query")
        if k == "statement" and "query" in e: problems.append(f"case {i}: statement with query")
        if k in ("statement", "statement+question") and not e.get("facts"): problems.append(f"case {i}: no facts")
        if k in ("question", "why") and "facts" in e: problems.append(f"case {i}: facts on a {k}")
        if "query" in e:
            check_triple(i, m, e["query"], "query", False, k == "why", k)
            if k == "why" and e["query"]["subject"] is None: problems.append(f"case {i}: why needs a subject")
        for f in e.get("facts", []):
            check_triple(i, m, f, "fact", True, True, k)
    if len(CASES) != 72: problems.append(f"{len(CASES)} cases, not 72")
    per_map = Counter(c["map"] for c in CASES)
    for m in MAPS:
        if per_map[m] != 24: problems.append(f"{m}: {per_map[m]} cases, not 24")
        fams = Counter(c["family"] for c in CASES if c["map"] == m)
        for f in FAMILIES:
            if fams[f] == 0: problems.append(f"{m}: family {f!r} missing")
    per_family = Counter(c["family"] for c in CASES)
    for f in FAMILIES:
        if per_family[f] != 4: problems.append(f"family {f!r}: {per_family[f]} cases, not 4")
    prompts = [c["prompt"] for c in CASES]
    if len(set(prompts)) != len(prompts): problems.append("duplicate prompts")
    if problems:
        print("\n".join(problems)); sys.exit(1)
    out = {"about": "blind10: 72 hand-written prompts over three maps (recording studio, model railway club, "
                    "sign-language school) written without seeing the reader's code or earlier sets; see README.md",
           "cases": CASES}
    with open(os.path.join(ROOT, "prompts.json"), "w") as fh:
        json.dump(out, fh, indent=2, ensure_ascii=False); fh.write("\n")
    kinds = Counter(c["expect"]["kind"] for c in CASES)
    print(f"ok: {len(CASES)} cases; per map {dict(per_map)}; kinds {dict(kinds)}; 18 families x 4")

main()
