#!/usr/bin/env python3
"""Blind set 6: the hand-written prompts, checked against the maps, written to prompts.json.

Every prompt below was written by hand, one at a time. This script only checks them and writes
prompts.json; it exits 1 on any problem.
"""
import json, os, re, sys, xml.etree.ElementTree as ET
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAPS = ["locksmith", "brewery", "florist"]
FAMILIES = [
    "possessives and noun phrases", "how much / how many / how does", "articles and concept nouns",
    "prepositions belonging to the relationship", "object first and reverse direction",
    "verb forms (tenses)", "amounts and numbers in statements", "certainty phrase then question",
    "why questions", "lower case without question mark", "terse questions", "typos", "synonyms",
    "plurals", "contractions", "per-unit phrasing", "polite wrappers", "dates",
]

def Q(rel, s, o=None): return {"relationship": rel, "subject": s, "object": o}
def F(rel, s, o): return {"relationship": rel, "subject": s, "object": o}
def q(m, fam, p, query): return {"map": m, "family": fam, "prompt": p, "expect": {"kind": "question", "query": query}}
def st(m, fam, p, *facts): return {"map": m, "family": fam, "prompt": p, "expect": {"kind": "statement", "facts": list(facts)}}
def sq(m, fam, p, facts, query): return {"map": m, "family": fam, "prompt": p, "expect": {"kind": "statement+question", "facts": facts, "query": query}}
def why(m, fam, p, fact): return {"map": m, "family": fam, "prompt": p, "expect": {"kind": "why", "query": fact}}

L, B, FL = "locksmith", "brewery", "florist"
f = FAMILIES
CASES = [
    # possessives and noun phrases
    q(L, f[0], "What's Iona's hourly rate?", Q("hourly rate", "Iona")),
    q(L, f[0], "Job 41 call-out fee?", Q("call-out fee", "Job 41")),
    q(B, f[0], "Pale Ale's strength?", Q("strength", "Pale Ale")),
    q(FL, f[0], "What is Order 30's delivery date?", Q("delivery date", "Order 30")),
    # how much / how many / how does
    q(L, f[1], "How many hours did the Job 4 call-out take on site?", Q("hours on site", "Job 4")),
    q(B, f[1], "How much does a cask of Night Porter cost?", Q("price per cask", "Night Porter")),
    q(B, f[1], "How many casks does the Crown Inn get through each week?", Q("casks per week", "Crown Inn")),
    q(FL, f[1], "How much has Dan Ames put down as a deposit on Order 30?", Q("deposit paid", "Order 30")),
    # articles and concept nouns
    q(L, f[2], "Is the locksmith Iona certified for the Smart Lock Pro?", Q("is certified for", "Iona", "Smart Lock Pro")),
    q(B, f[2], "Is the beer Pale Ale hopped with the Citra hop?", Q("is hopped with", "Pale Ale", "Citra")),
    q(FL, f[2], "Is order 30 arranged by the florist Rosa Vale?", Q("is arranged by", "Order 30", "Rosa Vale")),
    q(FL, f[2], "Does the Order 3 arrangement contain a peony?", Q("contains", "Order 3", "Peony")),
    # prepositions belonging to the relationship
    q(L, f[3], "What's the total charge for Job 41?", Q("total charge", "Job 41")),
    q(L, f[3], "Who is Job 7 assigned to?", Q("is assigned to", "Job 7")),
    q(B, f[3], "What tank is Night Porter fermenting in?", Q("ferments in", "Night Porter")),
    q(FL, f[3], "What's the price per stem for Rose Gold?", Q("price per stem", "Rose Gold")),
    # object first and reverse direction
    q(L, f[4], "Which locksmith drives Van AB?", Q("drives", None, "Van AB")),
    q(B, f[4], "Is Pale Ale brewed by Moira?", Q("brews", "Moira", "Pale Ale")),
    q(B, f[4], "Who supplies the Crown Inn?", Q("supplies", None, "Crown Inn")),
    q(FL, f[4], "Was Lily trained by Rosa Vale?", Q("trained", "Rosa Vale", "Lily")),
    # verb forms (tenses)
    q(L, f[5], "Was Ian driving Van A?", Q("drives", "Ian", "Van A")),
    q(B, f[5], "Who brewed Night Porter?", Q("brews", None, "Night Porter")),
    q(FL, f[5], "Who arranged Order 3?", Q("is arranged by", "Order 3")),
    q(FL, f[5], "Which orders has Dana placed?", Q("placed by", None, "Dana")),
    # amounts and numbers in statements
    st(L, f[6], "Job 7 took 3.5 hours on site and the call-out fee was £55.",
       F("hours on site", "Job 7", "3.5"), F("call-out fee", "Job 7", "55")),
    st(L, f[6], "The call-out fee on Job 41 went up to £75.", F("call-out fee", "Job 41", "75")),
    st(B, f[6], "Red Rye comes in at 5.8% and sells for £98 a cask.",
       F("strength", "Red Rye", "5.8"), F("price per cask", "Red Rye", "98")),
    st(FL, f[6], "Order 12 has 60 stems and a £50 deposit has been paid on it.",
       F("number of stems", "Order 12", "60"), F("deposit paid", "Order 12", "50")),
    # certainty phrase then question
    sq(L, f[7], "I'm fairly sure Job 7 is an emergency. Does Job 7 need priority then?",
       [F("is an emergency", "Job 7", "true")], Q("needs priority", "Job 7")),
    sq(B, f[7], "I think Anchor Tap orders Red Rye, probably. Who supplies Anchor Tap?",
       [F("orders", "Anchor Tap", "Red Rye")], Q("supplies", None, "Anchor Tap")),
    sq(B, f[7], "Pretty certain Red Rye is gluten free. Is Red Rye a strong beer?",
       [F("is gluten free", "Red Rye", "true")], Q("is strong", "Red Rye")),
    sq(FL, f[7], "About 80% sure Order 12 is for a wedding. Who placed Order 12?",
       [F("is for a wedding", "Order 12", "true")], Q("placed by", "Order 12")),
    # why questions
    why(L, f[8], "Why does Job 41 need priority?", F("needs priority", "Job 41", "true")),
    why(B, f[8], "Why does Moira supply The Anchor?", F("supplies", "Moira", "The Anchor")),
    why(FL, f[8], "Why is Order 30 going in the van?", F("needs the van", "Order 30", "true")),
    why(FL, f[8], "Why has Lily worked for Dana?", F("has worked for", "Lily", "Dana")),
    # lower case without question mark
    q(L, f[9], "which van does iona drive", Q("drives", "Iona")),
    q(L, f[9], "who is certified for padlock locks", Q("is certified for", None, "Padlock")),
    q(B, f[9], "what is the brew date of night porter", Q("brew date", "Night Porter")),
    q(FL, f[9], "where is order 3 being delivered", Q("delivered to", "Order 3")),
    # terse questions
    q(L, f[10], "Job 4 lock?", Q("involves", "Job 4")),
    q(B, f[10], "Night Porter tank?", Q("ferments in", "Night Porter")),
    q(B, f[10], "FV1 cleaner?", Q("is cleaned by", "FV1")),
    q(FL, f[10], "Order 30 stems?", Q("number of stems", "Order 30")),
    # typos
    q(L, f[11], "Has Mrs Hale signed the waver?", Q("has signed waiver", "Mrs Hale")),
    q(B, f[11], "Wich beers does The Anchor oder?", Q("orders", "The Anchor")),
    q(FL, f[11], "Is Sweet Pea in seson?", Q("is in season", "Sweet Pea")),
    q(FL, f[11], "Wat is the delivry date for Order 3?", Q("delivery date", "Order 3")),
    # synonyms
    q(L, f[12], "Which client requested Job 7?", Q("booked by", "Job 7")),
    q(L, f[12], "Is Ian qualified to work on Deadbolt locks?", Q("is certified for", "Ian", "Deadbolt")),
    q(B, f[12], "What's the ABV of Red Rye?", Q("strength", "Red Rye")),
    q(FL, f[12], "Which blooms go into Order 30?", Q("contains", "Order 30")),
    # plurals
    q(L, f[13], "What jobs are assigned to Iona?", Q("is assigned to", None, "Iona")),
    q(B, f[13], "What hops go in Pale Ale?", Q("is hopped with", "Pale Ale")),
    q(B, f[13], "What pubs are ordering Night Porter?", Q("orders", None, "Night Porter")),
    q(FL, f[13], "Which flowers are in Order 3?", Q("contains", "Order 3")),
    # contractions
    q(L, f[14], "Who's Job 41 assigned to?", Q("is assigned to", "Job 41")),
    q(B, f[14], "Isn't Night Porter a strong beer?", Q("is strong", "Night Porter")),
    q(FL, f[14], "What's the deposit that's been paid on Order 3?", Q("deposit paid", "Order 3")),
    q(FL, f[14], "Where's Order 30 going?", Q("delivered to", "Order 30")),
    # per-unit phrasing
    q(L, f[15], "How much does Ian charge per hour?", Q("hourly rate", "Ian")),
    st(L, f[15], "Gus Pryor's rate is 40 pounds an hour.", F("hourly rate", "Gus Pryor", "40")),
    st(B, f[15], "The Anchor takes 4 casks a week.", F("casks per week", "The Anchor", "4")),
    q(FL, f[15], "How much is Peony per stem?", Q("price per stem", "Peony")),
    # polite wrappers
    q(L, f[16], "Could you tell me which van Gus Pryor drives, please?", Q("drives", "Gus Pryor")),
    q(B, f[16], "Would you mind checking whether Crown Inn has a late licence?", Q("has a late licence", "Crown Inn")),
    q(B, f[16], "Please can you tell me who cleans FV10?", Q("is cleaned by", "FV10")),
    q(FL, f[16], "Hi, could you let me know who placed Order 30? Thanks", Q("placed by", "Order 30")),
    # dates
    st(L, f[17], "Job 7 is booked in for 3rd March 2027.", F("scheduled for", "Job 7", "2027-03-03")),
    st(B, f[17], "Red Rye was brewed on 14/09/2026", F("brew date", "Red Rye", "2026-09-14")),
    st(FL, f[17], "Order 12 goes out on the 5th of May 2027", F("delivery date", "Order 12", "2027-05-05")),
    st(FL, f[17], "Delivery for Order 3 is June 1st 2027.", F("delivery date", "Order 3", "2027-06-01")),
]

def load_map(name):
    root = ET.parse(os.path.join(ROOT, "maps", name + ".rbl")).getroot()
    concepts = {c.get("name"): c.get("type") for c in root.iter("concept")}
    rels = {r.get("name"): (r.get("subject"), r.get("object")) for r in root.iter("rel")}
    inst = {}
    for c in root.iter("concinst"):
        inst.setdefault(c.get("type"), set()).add(c.get("name"))
    return concepts, rels, inst

def main():
    problems = []
    maps = {m: load_map(m) for m in MAPS}
    def check_triple(i, m, t, asked_ok, label):
        concepts, rels, inst = maps[m]
        rel = t.get("relationship")
        if set(t) != {"relationship", "subject", "object"}:
            problems.append(f"case {i}: {label} keys {sorted(t)}"); return
        if rel not in rels:
            problems.append(f"case {i}: {label} relationship {rel!r} not in {m}"); return
        sc, oc = rels[rel]
        s, o = t["subject"], t["object"]
        if s is None:
            if not asked_ok: problems.append(f"case {i}: {label} subject is null")
        elif s not in inst.get(sc, ()):
            problems.append(f"case {i}: {label} subject {s!r} is not a {sc} in {m}")
        otype = concepts[oc]
        if o is None:
            if not asked_ok: problems.append(f"case {i}: {label} object is null")
        elif not isinstance(o, str):
            problems.append(f"case {i}: {label} object {o!r} is not a string")
        elif otype == "string" and o not in inst.get(oc, ()):
            problems.append(f"case {i}: {label} object {o!r} is not a {oc} in {m}")
        elif otype == "number" and not re.fullmatch(r"-?\d+(\.\d+)?", o):
            problems.append(f"case {i}: {label} object {o!r} is not a plain decimal")
        elif otype == "date" and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", o):
            problems.append(f"case {i}: {label} object {o!r} is not an ISO date")
        elif otype == "truth" and o not in ("true", "false"):
            problems.append(f"case {i}: {label} object {o!r} is not true/false")
        if s is None and o is None:
            problems.append(f"case {i}: {label} has neither subject nor object")
    for i, c in enumerate(CASES):
        if c["map"] not in MAPS: problems.append(f"case {i}: unknown map {c['map']}")
        if c["family"] not in FAMILIES: problems.append(f"case {i}: unknown family {c['family']}")
        if not c["prompt"].strip(): problems.append(f"case {i}: empty prompt")
        e, k = c["expect"], c["expect"]["kind"]
        if k == "question":
            if "facts" in e or "query" not in e: problems.append(f"case {i}: question needs query only")
            else: check_triple(i, c["map"], e["query"], True, "query")
        elif k == "statement":
            if "query" in e or not e.get("facts"): problems.append(f"case {i}: statement needs facts only")
            else:
                for t in e["facts"]: check_triple(i, c["map"], t, False, "fact")
        elif k == "statement+question":
            if not e.get("facts") or "query" not in e: problems.append(f"case {i}: statement+question needs facts and query")
            else:
                for t in e["facts"]: check_triple(i, c["map"], t, False, "fact")
                check_triple(i, c["map"], e["query"], True, "query")
        elif k == "why":
            if "query" not in e: problems.append(f"case {i}: why needs query")
            else: check_triple(i, c["map"], e["query"], False, "why fact")
        else:
            problems.append(f"case {i}: unknown kind {k}")
    prompts = [c["prompt"] for c in CASES]
    for p, n in Counter(prompts).items():
        if n > 1: problems.append(f"duplicate prompt {p!r}")
    if len(CASES) != 72: problems.append(f"{len(CASES)} cases, not 72")
    per_map = Counter(c["map"] for c in CASES)
    for m in MAPS:
        if per_map[m] != 24: problems.append(f"{m}: {per_map[m]} cases, not 24")
    per_fam = Counter(c["family"] for c in CASES)
    for fam in FAMILIES:
        if per_fam[fam] != 4: problems.append(f"family {fam!r}: {per_fam[fam]} cases, not 4")
        for m in MAPS:
            if not any(c["family"] == fam and c["map"] == m for c in CASES):
                problems.append(f"family {fam!r} has no case on {m}")
    if problems:
        print("\n".join(problems)); sys.exit(1)
    out = {"about": "Blind evaluation set 6 for Lapwing's offline natural-language reader: 72 hand-written prompts, "
                    "18 families x 4, 24 per map, over three maps (locksmith, brewery, florist) used nowhere else. "
                    "Written by an evaluator who had not read the reader's code, corpus or earlier sets. See README.md.",
           "cases": CASES}
    with open(os.path.join(ROOT, "prompts.json"), "w") as fh:
        json.dump(out, fh, indent=2, ensure_ascii=False); fh.write("\n")
    kinds = Counter(c["expect"]["kind"] for c in CASES)
    print(f"ok: {len(CASES)} cases; per map {dict(per_map)}; 18 families x 4; kinds {dict(kinds)}; wrote prompts.json")

if __name__ == "__main__":
    main()
