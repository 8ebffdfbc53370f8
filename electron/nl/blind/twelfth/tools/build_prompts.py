#!/usr/bin/env python3
"""The twelfth blind set: 72 hand-written prompts over three maps, with their expected readings.

Every case below was written by hand. This script only checks them against the maps
(relationship, instance and datatype names), checks the counts, and writes prompts.json.
Exit code 1 on any problem.
"""
import json, os, re, sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MAPS = ["archery-club", "vineyard", "chimney-sweep"]
FAMILIES = [
    "possessives and noun phrases",
    "how much / how many / how does",
    "articles and concept nouns",
    "prepositions belonging to the relationship",
    "object first and reverse direction",
    "verb forms (tenses)",
    "amounts and numbers in statements",
    "certainty phrase then question",
    "why questions",
    "lower case without question mark",
    "terse questions",
    "typos",
    "synonyms",
    "plurals",
    "contractions",
    "per-unit phrasing",
    "polite wrappers",
    "dates",
]
# The fourth case of each family goes to one map, rotating: family i -> MAPS[i % 3].
FOURTH = {f: MAPS[i % 3] for i, f in enumerate(FAMILIES)}


def T(rel, subject, obj):
    return {"relationship": rel, "subject": subject, "object": obj}


def Q(m, fam, prompt, rel, s, o):
    return {"map": m, "family": fam, "prompt": prompt, "expect": {"kind": "question", "query": T(rel, s, o)}}


def S(m, fam, prompt, *facts):
    return {"map": m, "family": fam, "prompt": prompt, "expect": {"kind": "statement", "facts": [T(*f) for f in facts]}}


def SQ(m, fam, prompt, facts, q):
    return {"map": m, "family": fam, "prompt": prompt,
            "expect": {"kind": "statement+question", "facts": [T(*f) for f in facts], "query": T(*q)}}


def W(m, fam, prompt, rel, s, o):
    return {"map": m, "family": fam, "prompt": prompt, "expect": {"kind": "why", "query": T(rel, s, o)}}


A, V, C = MAPS
F = dict(enumerate(FAMILIES))
CASES = [
    # ---------------- archery club ----------------
    Q(A, F[0], "Remind me of Mei Ling's best score.", "best score", "Mei Ling", None),
    Q(A, F[0], "Rosa's coach - who is that again?", "is coached by", "Rosa", None),
    Q(A, F[1], "How many points did Teddy score at his best?", "best score", "Teddy", None),
    Q(A, F[2], "Is the archer Oskar coached by the coach Gwendolyn?", "is coached by", "Oskar", "Gwendolyn"),
    Q(A, F[3], "What is the entry deadline for the County Open Junior?", "entry deadline", "County Open Junior", None),
    Q(A, F[3], "What's the draw weight on the Longbow Elite?", "draw weight", "Longbow Elite", None),
    Q(A, F[4], "Does Gwen coach Teddy?", "is coached by", "Teddy", "Gwen"),
    Q(A, F[5], "Did Rosa enter the Winter League?", "entered", "Rosa", "Winter League"),
    S(A, F[6], "Ted pays £27.50 a month and has a best score of 488.",
      ("monthly fee", "Ted", "27.5"), ("best score", "Ted", "488")),
    S(A, F[6], "The Longbow Elite pulls 45 lbs, and Field 12 costs £18 an hour to hire.",
      ("draw weight", "Longbow Elite", "45"), ("hire cost per hour", "Field 12", "18")),
    SQ(A, F[7], "I'm pretty sure Teddy has passed his safety induction. Can Teddy shoot unsupervised now?",
       [("has passed safety induction", "Teddy", "true")], ("may shoot unsupervised", "Teddy", None)),
    W(A, F[8], "Why can Mei Ling shoot unsupervised?", "may shoot unsupervised", "Mei Ling", "true"),
    Q(A, F[9], "has rosa entered the county open", "entered", "Rosa", "County Open"),
    Q(A, F[9], "who coaches ted", "is coached by", "Ted", None),
    Q(A, F[10], "Oskar yearly cost?", "yearly cost", "Oskar", None),
    Q(A, F[11], "Whats the draw wieght of the Recurve 68?", "draw weight", "Recurve 68", None),
    Q(A, F[12], "Who trains Oskar?", "is coached by", "Oskar", None),
    Q(A, F[12], "Which venue hosts the Winter League?", "is held at", "Winter League", None),
    Q(A, F[13], "Which ranges does Rosa compete at?", "competes at", "Rosa", None),
    Q(A, F[14], "Hasn't Ted done the safety induction yet?", "has passed safety induction", "Ted", None),
    Q(A, F[15], "How much per hour is the Indoor Hall?", "hire cost per hour", "Indoor Hall", None),
    Q(A, F[15], "What does Oskar pay per month?", "monthly fee", "Oskar", None),
    Q(A, F[16], "Could you tell me which bow Teddy shoots with, please?", "shoots with", "Teddy", None),
    S(A, F[17], "Teddy joined the club on the 3rd of March 2025.", ("joined on", "Teddy", "2025-03-03")),
    # ---------------- vineyard ----------------
    Q(V, F[0], "What is Joanna's hourly wage at the moment?", "hourly wage", "Joanna", None),
    Q(V, F[1], "How many acres does North Slope Lower cover?", "area in acres", "North Slope Lower", None),
    Q(V, F[1], "How much is a bottle of Bacchus Dry Reserve?", "bottle price", "Bacchus Dry Reserve", None),
    Q(V, F[2], "Is the plot Row 40 planted with the Chardonnay variety?", "is planted with", "Row 40", "Chardonnay"),
    Q(V, F[3], "What's the harvest date for North Slope?", "harvest date", "North Slope", None),
    Q(V, F[4], "Is Bacchus Dry stocked by Marlow Wines?", "stocks", "Marlow Wines", "Bacchus Dry"),
    Q(V, F[4], "Is Chalk Bank picked by Marguerite?", "picks", "Marguerite", "Chalk Bank"),
    Q(V, F[5], "Has Dev Patel picked North Slope Lower?", "picks", "Dev Patel", "North Slope Lower"),
    S(V, F[6], "Row 40 is 3.75 acres and yields 2.8 tonnes an acre.",
      ("area in acres", "Row 40", "3.75"), ("yield per acre", "Row 40", "2.8")),
    SQ(V, F[7], "Jo has definitely signed her contract. Is Jo ready to start work?",
       [("has signed contract", "Jo", "true")], ("is ready to work", "Jo", None)),
    SQ(V, F[7], "I think Row 4 is about 1.2 acres, maybe. What yield should we expect from Row 4?",
       [("area in acres", "Row 4", "1.2")], ("expected yield", "Row 4", None)),
    W(V, F[8], "Why is Dev Patel ready to work?", "is ready to work", "Dev Patel", "true"),
    Q(V, F[9], "does oakley farm shop stock little red", "stocks", "Oakley Farm Shop", "Little Red"),
    Q(V, F[10], "Chalk Bank organic?", "is certified organic", "Chalk Bank", None),
    Q(V, F[10], "Expected yield, Chalk Bank?", "expected yield", "Chalk Bank", None),
    Q(V, F[11], "Wich varieties is Bachus Dry made from?", "is made from", "Bacchus Dry", None),
    Q(V, F[12], "What do we charge for a bottle of Little Red?", "bottle price", "Little Red", None),
    Q(V, F[13], "What wines are made from Pinot Noir grapes?", "is made from", None, "Pinot Noir"),
    Q(V, F[13], "Which pickers are picking Row 40?", "picks", None, "Row 40"),
    Q(V, F[14], "Who's stocking Hillside Brut these days?", "stocks", None, "Hillside Brut"),
    Q(V, F[15], "How many cases a month does Fenwick Hotel order?", "cases ordered per month", "Fenwick Hotel", None),
    Q(V, F[16], "Please could you check whether North Slope is certified organic?", "is certified organic", "North Slope", None),
    Q(V, F[16], "Hi! Would you mind telling me which plots Joanna picks? Thanks", "picks", "Joanna", None),
    S(V, F[17], "We're harvesting Row 40 on 2 October 2027.", ("harvest date", "Row 40", "2027-10-02")),
    # ---------------- chimney sweep ----------------
    Q(C, F[0], "What is Natalie's van?", "drives", "Natalie", None),
    Q(C, F[1], "How many flues has Hale Farm got?", "number of flues", "Hale Farm", None),
    Q(C, F[2], "Is the customer Mr Bryce in the village of Upton Magna?", "is located in", "Mr Bryce", "Upton Magna"),
    Q(C, F[2], "Does the Old Rectory have an open fire?", "has appliance", "The Old Rectory", "Open Fire"),
    Q(C, F[3], "What's the sweeping price for a Range Cooker?", "sweeping price", "Range Cooker", None),
    Q(C, F[4], "Is Upton covered by Cole Burns?", "covers", "Cole Burns", "Upton"),
    Q(C, F[5], "Who swept Ivy Lodge Annex?", "is swept by", "Ivy Lodge Annex", None),
    Q(C, F[5], "Has Pip been driving Van 12?", "drives", "Pip", "Van 12"),
    S(C, F[6], "Hale Farm has 3 flues, and a Multi Fuel Stove costs £72.50 to sweep now.",
      ("number of flues", "Hale Farm", "3"), ("sweeping price", "Multi Fuel Stove", "72.5")),
    SQ(C, F[7], "I'm fairly certain Pip is HETAS registered - can Pip issue a certificate?",
       [("is HETAS registered", "Pip", "true")], ("can issue certificate", "Pip", None)),
    W(C, F[8], "Why is The Old Rectory due a sweep?", "is due a sweep", "The Old Rectory", "true"),
    W(C, F[8], "Why does a visit to Ivy Lodge cost £130?", "visit cost", "Ivy Lodge", "130"),
    Q(C, F[9], "is nat hetas registered", "is HETAS registered", "Nat", None),
    Q(C, F[10], "Van 1 cost per mile?", "cost per mile", "Van 1", None),
    Q(C, F[11], "Which vilages does Natale cover?", "covers", "Natalie", None),
    Q(C, F[11], "Does Ivy Lodge have a bird gaurd?", "has bird guard", "Ivy Lodge", None),
    Q(C, F[12], "Who looks after the chimneys at Hale Farm?", "is swept by", "Hale Farm", None),
    Q(C, F[13], "Which customers have wood burners?", "has appliance", None, "Wood Burner"),
    Q(C, F[14], "Who's Cole Burns sweeping for?", "is swept by", None, "Cole Burns"),
    Q(C, F[14], "Isn't Mr Bryce due a sweep by now?", "is due a sweep", "Mr Bryce", None),
    Q(C, F[15], "How much is Big Blue per mile?", "cost per mile", "Big Blue", None),
    Q(C, F[16], "Could you let me know how many years Cole Burns has been sweeping, please?", "years of experience", "Cole Burns", None),
    S(C, F[17], "Ivy Lodge Annex was last swept on 14/09/2024.", ("last swept on", "Ivy Lodge Annex", "2024-09-14")),
    Q(C, F[17], "Was Hale Farm last swept on 5 Jan 2026?", "last swept on", "Hale Farm", "2026-01-05"),
]


def load_map(name):
    root = ET.parse(os.path.join(ROOT, "maps", name + ".rbl")).getroot()
    concepts = {c.get("name"): c.get("type") for c in root if c.tag == "concept"}
    rels = {r.get("name"): (r.get("subject"), r.get("object")) for r in root if r.tag == "rel"}
    inst = {}
    for ci in root:
        if ci.tag == "concinst":
            inst.setdefault(ci.get("type"), set()).add(ci.get("name"))
    return concepts, rels, inst


def main():
    problems = []
    maps = {m: load_map(m) for m in MAPS}

    def check_triple(where, t, kind_of):
        m = where[0]
        concepts, rels, inst = maps[m]
        if set(t) != {"relationship", "subject", "object"}:
            problems.append(f"{where}: triple keys {sorted(t)}")
            return
        r = t["relationship"]
        if r not in rels:
            problems.append(f"{where}: no relationship {r!r} in {m}")
            return
        sc, oc = rels[r]
        s, o = t["subject"], t["object"]
        if s is not None and s not in inst.get(sc, set()):
            problems.append(f"{where}: subject {s!r} is not a {sc} of {m}")
        if o is not None:
            ty = concepts[oc]
            if not isinstance(o, str):
                problems.append(f"{where}: object {o!r} is not a string")
            elif ty == "string" and o not in inst.get(oc, set()):
                problems.append(f"{where}: object {o!r} is not a {oc} of {m}")
            elif ty == "number" and not re.fullmatch(r"-?\d+(\.\d+)?", o):
                problems.append(f"{where}: number {o!r} is not a plain decimal")
            elif ty == "number" and "." in o and o.endswith("0"):
                problems.append(f"{where}: number {o!r} has a trailing zero")
            elif ty == "date" and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", o):
                problems.append(f"{where}: date {o!r} is not ISO")
            elif ty == "truth" and o not in ("true", "false"):
                problems.append(f"{where}: truth {o!r}")
        if kind_of == "fact" and (s is None or o is None):
            problems.append(f"{where}: a fact needs subject and object")
        if kind_of == "query" and s is None and o is None:
            problems.append(f"{where}: a query needs a subject or an object")
        if kind_of == "why" and (s is None or o is None):
            problems.append(f"{where}: a why-question names the whole fact")
        if kind_of == "why" and r in rels and concepts[oc] == "truth" and o != "true":
            problems.append(f"{where}: a truth conclusion is explained as true")

    seen = set()
    for i, c in enumerate(CASES):
        where = (c["map"], i, c["prompt"][:40])
        if c["map"] not in MAPS:
            problems.append(f"{where}: unknown map")
            continue
        if c["family"] not in FAMILIES:
            problems.append(f"{where}: unknown family {c['family']!r}")
        if c["prompt"] in seen:
            problems.append(f"{where}: duplicate prompt")
        seen.add(c["prompt"])
        e = c["expect"]
        k = e["kind"]
        if k == "question":
            if set(e) != {"kind", "query"}:
                problems.append(f"{where}: a question has a query only")
            check_triple(where, e["query"], "query")
        elif k == "statement":
            if set(e) != {"kind", "facts"} or not e["facts"]:
                problems.append(f"{where}: a statement has facts only")
            for f in e["facts"]:
                check_triple(where, f, "fact")
        elif k == "statement+question":
            if set(e) != {"kind", "facts", "query"} or not e["facts"]:
                problems.append(f"{where}: statement+question needs facts and a query")
            for f in e["facts"]:
                check_triple(where, f, "fact")
            check_triple(where, e["query"], "query")
        elif k == "why":
            if set(e) != {"kind", "query"}:
                problems.append(f"{where}: a why has a query only")
            check_triple(where, e["query"], "why")
            r = e["query"]["relationship"]
            if r in maps[c["map"]][1] and not any(
                    x.tag == "relinst" and x.get("type") == r and len(x.findall("condition"))
                    for x in ET.parse(os.path.join(ROOT, "maps", c["map"] + ".rbl")).getroot()):
                problems.append(f"{where}: {r!r} has no rule")
        else:
            problems.append(f"{where}: unknown kind {k!r}")

    if len(CASES) != 72:
        problems.append(f"{len(CASES)} cases, not 72")
    for m in MAPS:
        n = sum(c["map"] == m for c in CASES)
        if n != 24:
            problems.append(f"{m}: {n} cases, not 24")
    for f in FAMILIES:
        n = sum(c["family"] == f for c in CASES)
        if n != 4:
            problems.append(f"family {f!r}: {n} cases, not 4")
        for m in MAPS:
            k = sum(c["family"] == f and c["map"] == m for c in CASES)
            want = 2 if FOURTH[f] == m else 1
            if k != want:
                problems.append(f"family {f!r} on {m}: {k} cases, want {want}")

    if problems:
        for p in problems:
            print("problem:", p, file=sys.stderr)
        sys.exit(1)

    out = {
        "about": ("Twelfth blind evaluation set for Lapwing's offline natural-language reader: 72 prompts "
                  "written by hand over three maps used nowhere else (an archery club, a vineyard, a chimney "
                  "sweep business), 18 families x 4, 24 per map, by an evaluator who had not read the "
                  "reader's code or any earlier set. Written 2026-11-25."),
        "cases": CASES,
    }
    with open(os.path.join(ROOT, "prompts.json"), "w") as fh:
        json.dump(out, fh, indent=2, ensure_ascii=False)
        fh.write("\n")
    kinds = {}
    for c in CASES:
        kinds[c["expect"]["kind"]] = kinds.get(c["expect"]["kind"], 0) + 1
    print(f"wrote prompts.json: {len(CASES)} cases; per map " +
          ", ".join(f"{m} {sum(c['map'] == m for c in CASES)}" for m in MAPS) +
          "; kinds " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))


if __name__ == "__main__":
    main()
