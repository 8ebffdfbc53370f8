#!/usr/bin/env python3
"""Blind set 11: holds the hand-written prompts, checks them against the maps, writes prompts.json.

Every prompt below was written by hand, one at a time. Each case: (map, family, prompt, expect).
Exit 1 on any problem.
"""
import json, os, re, sys
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FAMILIES = [
    "possessives and noun phrases", "how much / how many / how does", "articles and concept nouns",
    "prepositions belonging to the relationship", "object first and reverse direction",
    "verb forms (tenses)", "amounts and numbers in statements", "certainty phrase then question",
    "why questions", "lower case without question mark", "terse questions", "typos", "synonyms",
    "plurals", "contractions", "per-unit phrasing", "polite wrappers", "dates",
]
MAPS = ["bindery", "clock-repair", "mushroom-farm"]

def Q(rel, s, o):
    return {"kind": "question", "query": {"relationship": rel, "subject": s, "object": o}}
def S(*facts):
    return {"kind": "statement", "facts": [{"relationship": r, "subject": s, "object": o} for r, s, o in facts]}
def SQ(facts, q):
    return {"kind": "statement+question", "facts": [{"relationship": r, "subject": s, "object": o} for r, s, o in facts],
            "query": {"relationship": q[0], "subject": q[1], "object": q[2]}}
def W(rel, s, o):
    return {"kind": "why", "query": {"relationship": rel, "subject": s, "object": o}}

F = FAMILIES
B, C, M = MAPS
CASES = [
    # ---- bindery ----
    (B, F[0], "What's Ines Vale's hourly rate?", Q("hourly rate", "Ines Vale", None)),
    (B, F[0], "Atlas 12's due date?", Q("due date", "Atlas 12", None)),
    (B, F[1], "How many pages are in the Herbal?", Q("page count", "Herbal", None)),
    (B, F[2], "Does the binder Oskar bind the book Ledger?", Q("binds", "Oskar", "Ledger")),
    (B, F[3], "What's the quoted price for Herbal Folio?", Q("quoted price", "Herbal Folio", None)),
    (B, F[3], "What is the rush price on Atlas 12?", Q("rush price", "Atlas 12", None)),
    (B, F[4], "Was Atlas 1 bound by Priya?", Q("binds", "Priya", "Atlas 1")),
    (B, F[5], "Who trained in Coptic Long Stitch?", Q("has trained in", None, "Coptic Long Stitch")),
    (B, F[6], "Atlas 12 was quoted at £240 and runs to 96 pages.",
        S(("quoted price", "Atlas 12", "240"), ("page count", "Atlas 12", "96"))),
    (B, F[6], "Oskar charges £32.50 an hour and works 20 hours a week",
        S(("hourly rate", "Oskar", "32.5"), ("hours per week", "Oskar", "20"))),
    (B, F[7], "I'm fairly sure the Ledger is covered in Calfskin. Does it need leather then?",
        SQ([("is covered in", "Ledger", "Calfskin")], ("needs leather", "Ledger", None))),
    (B, F[8], "Why is Ines qualified to bind the Herbal?", W("is qualified to bind", "Ines", "Herbal")),
    (B, F[9], "who commissioned the herbal folio", Q("was commissioned by", "Herbal Folio", None)),
    (B, F[9], "which books are covered in marbled paper", Q("is covered in", None, "Marbled Paper")),
    (B, F[10], "Ledger client?", Q("was commissioned by", "Ledger", None)),
    (B, F[11], "Wich styles has Priya trainned in?", Q("has trained in", "Priya", None)),
    (B, F[12], "Who ordered Atlas 1?", Q("was commissioned by", "Atlas 1", None)),
    (B, F[12], "What material is on the Herbal Folio?", Q("is covered in", "Herbal Folio", None)),
    (B, F[13], "Which binders have trained in Quarter Leather?", Q("has trained in", None, "Quarter Leather")),
    (B, F[14], "Who's binding the Ledger?", Q("binds", None, "Ledger")),
    (B, F[15], "How much does Priya charge per hour?", Q("hourly rate", "Priya", None)),
    (B, F[15], "How many hours a week does Ines put in?", Q("hours per week", "Ines", None)),
    (B, F[16], "Could you tell me when the Herbal Folio is due, please?", Q("due date", "Herbal Folio", None)),
    (B, F[17], "Atlas 1 is due back on the 14th of January 2027", S(("due date", "Atlas 1", "2027-01-14"))),
    # ---- clock repair ----
    (C, F[0], "What is the Carriage Clock's estimate?", Q("estimate", "Carriage Clock", None)),
    (C, F[1], "How much will the parts for Long Case 3 cost?", Q("parts cost", "Long Case 3", None)),
    (C, F[1], "How many years old is Long Case 30?", Q("age in years", "Long Case 30", None)),
    (C, F[2], "Does the Carriage Clock belong to the owner Dr Sato?", Q("belongs to", "Carriage Clock", "Dr Sato")),
    (C, F[3], "What is the total bill for Long Case 30?", Q("total bill", "Long Case 30", None)),
    (C, F[4], "Is Lise Jonah's supervisor?", Q("is supervised by", "Jonah", "Lise")),
    (C, F[4], "Which clockmaker is the Mantel repaired by?", Q("repairs", None, "Mantel")),
    (C, F[5], "Has Wen repaired the Carriage Clock?", Q("repairs", "Wen", "Carriage Clock")),
    (C, F[6], "The estimate for Long Case 3 is £275 and the parts come to £60.80",
        S(("estimate", "Long Case 3", "275"), ("parts cost", "Long Case 3", "60.8"))),
    (C, F[7], "Pretty certain Long Case 3 is 120 years old. Is it an antique?",
        SQ([("age in years", "Long Case 3", "120")], ("is antique", "Long Case 3", None))),
    (C, F[7], "I think Jonah specialises in the Dial. Should he work on the Mantel Regulator?",
        SQ([("specialises in", "Jonah", "Dial")], ("should work on", "Jonah", "Mantel Regulator"))),
    (C, F[8], "Why is Long Case 30 an antique?", W("is antique", "Long Case 30", "true")),
    (C, F[9], "what faults does the carriage clock have", Q("has fault", "Carriage Clock", None)),
    (C, F[10], "Mantel warranty?", Q("is under warranty", "Mantel", None)),
    (C, F[10], "Long Case 30 owner?", Q("belongs to", "Long Case 30", None)),
    (C, F[11], "Who supervies Jonah Reed?", Q("is supervised by", "Jonah Reed", None)),
    (C, F[12], "Who is fixing the Mantel Regulator?", Q("repairs", None, "Mantel Regulator")),
    (C, F[13], "Which clocks need new mainsprings?", Q("needs a new", None, "Mainspring")),
    (C, F[13], "Which of the clocks have stopped?", Q("has fault", None, "Stopped")),
    (C, F[14], "What's wrong with Long Case 3?", Q("has fault", "Long Case 3", None)),
    (C, F[15], "How much does Wen charge a day?", Q("day rate", "Wen", None)),
    (C, F[16], "Please could you let me know who owns the Carriage Clock?", Q("belongs to", "Carriage Clock", None)),
    (C, F[16], "Would you mind checking whether the Mantel is under warranty?", Q("is under warranty", "Mantel", None)),
    (C, F[17], "Mantel Regulator is being picked up 9 Feb 2027.", S(("collection date", "Mantel Regulator", "2027-02-09"))),
    # ---- mushroom farm ----
    (M, F[0], "What's Room 11's humidity?", Q("humidity", "Room 11", None)),
    (M, F[1], "How much does Room 1 bring in each week?", Q("weekly takings", "Room 1", None)),
    (M, F[2], "Is the variety Oyster grown on the Straw substrate?", Q("is grown on", "Oyster", "Straw")),
    (M, F[2], "Is the grow room Dark Shed North sterilised?", Q("is sterilised", "Dark Shed North", None)),
    (M, F[3], "What is the harvest date for Room 11?", Q("harvest date", "Room 11", None)),
    (M, F[4], "Does Dev supply the Green Larder?", Q("is supplied by", "Green Larder", "Dev")),
    (M, F[5], "Is Rosalind tending Dark Shed North?", Q("tends", "Rosalind", "Dark Shed North")),
    (M, F[5], "Was King Oyster grown on Sawdust Pellets?", Q("is grown on", "King Oyster", "Sawdust Pellets")),
    (M, F[6], "Room 11 yields 8.5 kg a week and sits at 92% humidity",
        S(("weekly yield", "Room 11", "8.5"), ("humidity", "Room 11", "92"))),
    (M, F[7], "I'm quite sure Dark Shed North has been sterilised - is it ready to fruit?",
        SQ([("is sterilised", "Dark Shed North", "true")], ("is ready to fruit", "Dark Shed North", None))),
    (M, F[8], "Why should Rosa deliver to Chef Amos?", W("should deliver to", "Rosa", "Chef Amos")),
    (M, F[8], "Why is Room 11 ready to fruit?", W("is ready to fruit", "Room 11", "true")),
    (M, F[9], "what is growing in dark shed", Q("grows", "Dark Shed", None)),
    (M, F[10], "Rosa hours?", Q("hours per week", "Rosa", None)),
    (M, F[11], "Which varietys does Chef Amos perfer?", Q("prefers", "Chef Amos", None)),
    (M, F[11], "Who tneds Room 1?", Q("tends", None, "Room 1")),
    (M, F[12], "Who looks after Room 11?", Q("tends", None, "Room 11")),
    (M, F[13], "Which rooms are growing Oysters?", Q("grows", None, "Oyster")),
    (M, F[14], "Who's supplying Market Stall?", Q("is supplied by", "Market Stall", None)),
    (M, F[14], "Hasn't Room 1 been sterilised yet?", Q("is sterilised", "Room 1", None)),
    (M, F[15], "How much a kilo does King Oyster fetch?", Q("price per kilo", "King Oyster", None)),
    (M, F[16], "Hi! Could you find out who Kit should be delivering to? Thanks", Q("should deliver to", "Kit", None)),
    (M, F[17], "Room 1 gets harvested on 21/12/2026", S(("harvest date", "Room 1", "2026-12-21"))),
    (M, F[17], "When's the Dark Shed harvest?", Q("harvest date", "Dark Shed", None)),
]

def load_map(name):
    root = ET.parse(os.path.join(ROOT, "maps", name + ".rbl")).getroot()
    concepts = {c.get("name"): c.get("type") for c in root.iter("concept")}
    rels = {r.get("name"): (r.get("subject"), r.get("object")) for r in root.iter("rel")}
    inst = {}
    for ci in root.iter("concinst"):
        inst.setdefault(ci.get("type"), set()).add(ci.get("name"))
    derived = {ri.get("type") for ri in root.iter("relinst") if ri.find("condition") is not None}
    return concepts, rels, inst, derived

def main():
    problems = []
    maps = {m: load_map(m) for m in MAPS}
    def check_triple(i, m, t, where, is_fact, is_why=False):
        concepts, rels, inst, derived = maps[m]
        rel = t.get("relationship")
        if rel not in rels:
            problems.append(f"case {i}: {where}: unknown relationship {rel!r} on {m}"); return
        sc, oc = rels[rel]
        s, o = t.get("subject"), t.get("object")
        if s is not None and s not in inst.get(sc, ()):
            problems.append(f"case {i}: {where}: subject {s!r} is not a {sc}")
        if is_fact and (s is None or o is None):
            problems.append(f"case {i}: {where}: a fact needs subject and object")
        if not is_fact and s is None and o is None:
            problems.append(f"case {i}: {where}: a query needs subject or object")
        if is_why and rel not in derived:
            problems.append(f"case {i}: why on {rel!r}, which no rule derives")
        if o is None:
            return
        if not isinstance(o, str):
            problems.append(f"case {i}: {where}: object must be a string"); return
        ty = concepts[oc]
        if ty == "string" and o not in inst.get(oc, ()):
            problems.append(f"case {i}: {where}: object {o!r} is not a {oc}")
        elif ty == "number" and not re.fullmatch(r"-?\d+(\.\d+)?", o):
            problems.append(f"case {i}: {where}: {o!r} is not a plain decimal")
        elif ty == "date" and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", o):
            problems.append(f"case {i}: {where}: {o!r} is not an ISO date")
        elif ty == "truth" and o not in ("true", "false"):
            problems.append(f"case {i}: {where}: {o!r} is not true/false")

    seen = set()
    for i, (m, fam, prompt, exp) in enumerate(CASES, 1):
        if m not in MAPS: problems.append(f"case {i}: unknown map {m}")
        if fam not in FAMILIES: problems.append(f"case {i}: unknown family {fam}")
        if prompt in seen: problems.append(f"case {i}: duplicate prompt")
        seen.add(prompt)
        k = exp["kind"]
        if k == "question":
            if "facts" in exp: problems.append(f"case {i}: question with facts")
            check_triple(i, m, exp["query"], "query", False)
        elif k == "statement":
            if "query" in exp or not exp.get("facts"): problems.append(f"case {i}: statement shape")
            for f in exp.get("facts", []): check_triple(i, m, f, "fact", True)
        elif k == "statement+question":
            for f in exp.get("facts", []): check_triple(i, m, f, "fact", True)
            if not exp.get("facts"): problems.append(f"case {i}: statement+question without facts")
            check_triple(i, m, exp["query"], "query", False)
        elif k == "why":
            q = exp["query"]
            if q.get("subject") is None or q.get("object") is None:
                problems.append(f"case {i}: why needs a full triple")
            check_triple(i, m, q, "why", True, True)
        else:
            problems.append(f"case {i}: unknown kind {k}")

    if len(CASES) != 72: problems.append(f"{len(CASES)} cases, not 72")
    for m in MAPS:
        n = sum(1 for c in CASES if c[0] == m)
        if n != 24: problems.append(f"{m}: {n} cases, not 24")
        for fam in FAMILIES:
            if not any(c[0] == m and c[1] == fam for c in CASES):
                problems.append(f"{m}: no case of family {fam!r}")
    for fam in FAMILIES:
        n = sum(1 for c in CASES if c[1] == fam)
        if n != 4: problems.append(f"family {fam!r}: {n} cases, not 4")

    if problems:
        print("\n".join(problems)); sys.exit(1)
    out = {"about": "Blind evaluation set 11 for Lapwing's natural-language reader: 72 hand-written prompts, "
                    "18 families x 4, 24 per map, over three maps (bindery, clock-repair, mushroom-farm) written "
                    "for this set. Written by an independent evaluator who did not read the reader's code or earlier sets.",
           "cases": [{"map": m, "family": fam, "prompt": p, "expect": e} for m, fam, p, e in CASES]}
    with open(os.path.join(ROOT, "prompts.json"), "w") as fh:
        json.dump(out, fh, indent=2, ensure_ascii=False); fh.write("\n")
    kinds = {}
    for c in CASES: kinds[c[3]["kind"]] = kinds.get(c[3]["kind"], 0) + 1
    print(f"ok: {len(CASES)} cases; per map " + ", ".join(f"{m} {sum(1 for c in CASES if c[0]==m)}" for m in MAPS)
          + "; kinds " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))

if __name__ == "__main__":
    main()
