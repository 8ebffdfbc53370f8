#!/usr/bin/env python3
"""The thirteenth blind set: 72 hand-written prompts over three new maps.

Every prompt below was written by hand, one at a time. This script only checks them against the
maps (relationship names, instance names on the right side, number / date / truth literals, kinds)
and the counts (72; 24 per map; 4 per family; every family on every map), then writes
prompts.json. Exit code 1 on any problem.

Case tuple: (map, family, prompt, kind, query, facts)
  query  = (relationship, subject, object) with the asked part None, or None
  facts  = list of (relationship, subject, object), or None
"""
import collections, datetime, json, os, re, sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

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
F = dict(enumerate(FAMILIES, 1))

C, T, K = "cheese-cave", "thatcher", "curling-club"
Q, S, SQ, W = "question", "statement", "statement+question", "why"

CASES = [
    # ---------------- cheese cave ----------------
    (C, F[1], "What's Tomme Noire's price per kilo?", Q, ("price per kilo", "Tomme Noire", None), None),
    (C, F[1], "Ashby Blue wheel weight?", Q, ("wheel weight", "Ashby Blue", None), None),
    (C, F[2], "How many weeks has the Tomme been in the cave?", Q, ("weeks matured", "Tomme", None), None),
    (C, F[2], "How much does a whole wheel of Tomme Noire cost?", Q, ("wheel price", "Tomme Noire", None), None),
    (C, F[3], "Is the cheese Old Wren made from goat milk?", Q, ("is made from", "Old Wren", "Goat"), None),
    (C, F[3], "Does the Tomme mature in the room Cellar 12?", Q, ("matures in", "Tomme", "Cellar 12"), None),
    (C, F[4], "What is the temperature setting for Cellar 1?", Q, ("room temperature", "Cellar 1", None), None),
    (C, F[4], "What's the grade on Tomme Noire at the moment?", Q, ("has grade", "Tomme Noire", None), None),
    (C, F[5], "Is Jo supervised by Priya Shah?", Q, ("supervises", "Priya Shah", "Jo"), None),
    (C, F[5], "Which cheeses does Joan turn?", Q, ("is turned by", None, "Joan"), None),
    (C, F[6], "Who turned Tomme Noire last week?", Q, ("is turned by", "Tomme Noire", None), None),
    (C, F[6], "Has Wren matured in the Cold Room?", Q, ("matures in", "Wren", "Cold Room"), None),
    (C, F[7], "Wren sells at £14.50 a kilo and each wheel weighs 1.2 kg", S, None,
     [("price per kilo", "Wren", "14.5"), ("wheel weight", "Wren", "1.2")]),
    (C, F[8], "I'm fairly sure Old Wren has been in the cave 9 weeks. What grade would Old Wren get?", SQ,
     ("has grade", "Old Wren", None), [("weeks matured", "Old Wren", "9")]),
    (C, F[9], "Why is Tomme graded Reserve?", W, ("has grade", "Tomme", "Reserve"), None),
    (C, F[10], "who supervises joan", Q, ("supervises", None, "Joan"), None),
    (C, F[11], "Tomme ready to sell?", Q, ("is ready to sell", "Tomme", None), None),
    (C, F[12], "Whats the wheel wieght of Tome Noire?", Q, ("wheel weight", "Tomme Noire", None), None),
    (C, F[13], "What animal's milk is Ashby Blue produced from?", Q, ("is made from", "Ashby Blue", None), None),
    (C, F[14], "Which cheeses do we mature in Cellar 1?", Q, ("matures in", None, "Cellar 1"), None),
    (C, F[15], "Hasn't Ashby Blue passed inspection?", Q, ("has passed inspection", "Ashby Blue", None), None),
    (C, F[16], "How much per kilo is Tomme?", Q, ("price per kilo", "Tomme", None), None),
    (C, F[17], "Could you please tell me how many hours a week Marek works?", Q, ("hours per week", "Marek", None), None),
    (C, F[18], "Tomme Noire was made on 3rd September 2026.", S, None, [("date made", "Tomme Noire", "2026-09-03")]),

    # ---------------- thatcher ----------------
    (T, F[1], "What's Old Forge's quoted price?", Q, ("quoted price", "Old Forge", None), None),
    (T, F[2], "How many years does Water Reed last?", Q, ("lasts", "Water Reed", None), None),
    (T, F[3], "Is the Old Forge in the village of Ashwell End?", Q, ("is in", "Old Forge", "Ashwell End"), None),
    (T, F[4], "What is the day rate for Hattie Crouch?", Q, ("day rate", "Hattie Crouch", None), None),
    (T, F[5], "Is Willa trained by Hattie Crouch?", Q, ("trains", "Hattie Crouch", "Willa"), None),
    (T, F[6], "Who led the job at Mill Cottage?", Q, ("is led by", "Mill Cottage", None), None),
    (T, F[7], "Rose Lodge has been quoted at £12,400 for a 95 square metre roof", S, None,
     [("quoted price", "Rose Lodge", "12400"), ("roof area", "Rose Lodge", "95")]),
    (T, F[7], "Dev charges 275 a day and has 12 years of experience.", S, None,
     [("day rate", "Dev", "275"), ("years of experience", "Dev", "12")]),
    (T, F[8], "Pretty certain Rose Lodge is a listed building. Does it need listed building consent?", SQ,
     ("needs listed building consent", "Rose Lodge", None), [("is listed", "Rose Lodge", "true")]),
    (T, F[8], "I think Dev trains Will - who trains Willa though?", SQ,
     ("trains", None, "Willa"), [("trains", "Dev", "Will")]),
    (T, F[9], "Why does Mill Cottage need listed building consent?", W,
     ("needs listed building consent", "Mill Cottage", "true"), None),
    (T, F[9], "Why is Old Forge a Very Large job?", W, ("has job size", "Old Forge", "Very Large"), None),
    (T, F[10], "which village is rose lodge in", Q, ("is in", "Rose Lodge", None), None),
    (T, F[10], "does old forge have a fire barrier", Q, ("has fire barrier", "Old Forge", None), None),
    (T, F[11], "Mill Cottage material?", Q, ("is thatched with", "Mill Cottage", None), None),
    (T, F[11], "Old Forge start date?", Q, ("start date", "Old Forge", None), None),
    (T, F[12], "Who's leading the jb at Mill Cottag?", Q, ("is led by", "Mill Cottage", None), None),
    (T, F[12], "Is Old Froge thached with Water Reed?", Q, ("is thatched with", "Old Forge", "Water Reed"), None),
    (T, F[13], "How big is the roof on Old Forge?", Q, ("roof area", "Old Forge", None), None),
    (T, F[14], "Which roofs have we got in Ashwell?", Q, ("is in", None, "Ashwell"), None),
    (T, F[15], "Isn't Mill Cottage Barn a listed building?", Q, ("is listed", "Mill Cottage Barn", None), None),
    (T, F[16], "How much are we charging per square metre at the Mill Cottage Barn?", Q,
     ("price per square metre", "Mill Cottage Barn", None), None),
    (T, F[17], "Would you mind checking who Hattie Crouch is training at the moment?", Q,
     ("trains", "Hattie Crouch", None), None),
    (T, F[18], "Work on Old Forge starts on 15 April 2027", S, None, [("start date", "Old Forge", "2027-04-15")]),

    # ---------------- curling club ----------------
    (K, F[1], "What's Iain Munro's annual subscription?", Q, ("annual subscription", "Iain Munro", None), None),
    (K, F[2], "How many league points have Red Hacks got?", Q, ("league points", "Red Hacks", None), None),
    (K, F[3], "Does the curler Ann play for the team Stoneham?", Q, ("plays for", "Ann", "Stoneham"), None),
    (K, F[4], "What's the hourly ice fee on Sheet 10?", Q, ("hourly ice fee", "Sheet 10", None), None),
    (K, F[5], "Is Anna coached by Iain Munro?", Q, ("coaches", "Iain Munro", "Anna"), None),
    (K, F[6], "Which team did Kirsty play for?", Q, ("plays for", "Kirsty", None), None),
    (K, F[7], "Rab is 52 and pays 240 a year subscription", S, None,
     [("age", "Rab", "52"), ("annual subscription", "Rab", "240")]),
    (K, F[8], "I'm quite sure Rab has signed the waiver. Can Rab play in the league then?", SQ,
     ("can play in the league", "Rab", None), [("has signed waiver", "Rab", "true")]),
    (K, F[9], "Why is Anna a Junior member?", W, ("has membership", "Anna", "Junior"), None),
    (K, F[10], "who plays for stoneham seniors", Q, ("plays for", None, "Stoneham Seniors"), None),
    (K, F[11], "Ann position?", Q, ("plays position", "Ann", None), None),
    (K, F[12], "Has Kirtsy signed the waver?", Q, ("has signed waiver", "Kirsty", None), None),
    (K, F[13], "Who's the trainer for Kirsty?", Q, ("coaches", None, "Kirsty"), None),
    (K, F[13], "What are Ann's yearly dues?", Q, ("annual subscription", "Ann", None), None),
    (K, F[14], "Who are the skips at the club?", Q, ("plays position", None, "Skip"), None),
    (K, F[14], "Which teams have their practices on Sheet 10?", Q, ("practises on", None, "Sheet 10"), None),
    (K, F[15], "Isn't Iain Munro a certified umpire?", Q, ("is certified", "Iain Munro", None), None),
    (K, F[15], "Who's Iain Munro coaching this season?", Q, ("coaches", "Iain Munro", None), None),
    (K, F[16], "How much is Sheet 1 per hour?", Q, ("hourly ice fee", "Sheet 1", None), None),
    (K, F[16], "What's Iain Munro's subscription per month?", Q, ("monthly subscription", "Iain Munro", None), None),
    (K, F[17], "Hi, could you let me know what position Iain Munro plays, please?", Q,
     ("plays position", "Iain Munro", None), None),
    (K, F[17], "Please can you tell me whether Ann can play in the league", Q,
     ("can play in the league", "Ann", None), None),
    (K, F[18], "Kirsty joined the club on 2 March 2024.", S, None, [("joined on", "Kirsty", "2024-03-02")]),
    (K, F[18], "Sheet 10 was resurfaced on the 20th of October 2026", S, None,
     [("last resurfaced", "Sheet 10", "2026-10-20")]),
]


def load_map(path):
    root = ET.parse(path).getroot()
    concepts = {c.get("name"): c.get("type") for c in root.iter("concept")}
    insts = collections.defaultdict(set)
    for ci in root.iter("concinst"):
        insts[ci.get("type")].add(ci.get("name"))
    rels = {r.get("name"): (r.get("subject"), r.get("object")) for r in root.iter("rel")}
    return concepts, insts, rels


problems = []
maps = {m: load_map(os.path.join(ROOT, "maps", m + ".rbl")) for m in (C, T, K)}
NUM = re.compile(r"^-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?$")


def check_literal(where, concepts, insts, concept, value):
    kind = concepts.get(concept)
    if kind == "string":
        if value not in insts[concept]:
            problems.append(f"{where}: {value!r} is not an instance of {concept}")
    elif kind == "number":
        if not NUM.match(value):
            problems.append(f"{where}: {value!r} is not a plain decimal")
    elif kind == "date":
        try:
            ok = datetime.date.fromisoformat(value).isoformat() == value
        except ValueError:
            ok = False
        if not ok:
            problems.append(f"{where}: {value!r} is not an ISO date")
    elif kind == "truth":
        if value not in ("true", "false"):
            problems.append(f"{where}: {value!r} is not true/false")
    else:
        problems.append(f"{where}: concept {concept!r} has unknown type {kind!r}")


def check_triple(where, m, triple, role):
    concepts, insts, rels = maps[m]
    rel, subj, obj = triple
    if rel not in rels:
        problems.append(f"{where}: no relationship {rel!r} in {m}")
        return
    sc, oc = rels[rel]
    if role == "fact" or role == "why":
        if subj is None or obj is None:
            problems.append(f"{where}: a {role} triple needs subject and object")
    else:
        if subj is None and obj is None:
            problems.append(f"{where}: a question needs a subject or an object")
    if subj is not None and subj not in insts[sc]:
        problems.append(f"{where}: subject {subj!r} is not an instance of {sc}")
    if obj is not None:
        check_literal(where, concepts, insts, oc, obj)
    if role == "query" and subj is None and concepts.get(oc) != "string":
        problems.append(f"{where}: a subject question needs a string object")


out = []
seen = set()
for i, (m, fam, prompt, kind, query, facts) in enumerate(CASES, 1):
    where = f"case {i} ({m}, {prompt!r})"
    if m not in maps:
        problems.append(f"{where}: unknown map")
        continue
    if fam not in FAMILIES:
        problems.append(f"{where}: unknown family {fam!r}")
    if prompt in seen:
        problems.append(f"{where}: duplicate prompt")
    seen.add(prompt)
    expect = {"kind": kind}
    if kind in (Q, W, SQ):
        if query is None:
            problems.append(f"{where}: {kind} needs a query")
        else:
            check_triple(where, m, query, "why" if kind == W else "query")
            expect["query"] = {"relationship": query[0], "subject": query[1], "object": query[2]}
    elif query is not None:
        problems.append(f"{where}: a statement has no query")
    if kind in (S, SQ):
        if not facts:
            problems.append(f"{where}: {kind} needs facts")
        else:
            for f in facts:
                check_triple(where, m, f, "fact")
            expect["facts"] = [{"relationship": r, "subject": s, "object": o} for r, s, o in facts]
    elif facts:
        problems.append(f"{where}: a {kind} has no facts")
    if kind not in (Q, S, SQ, W):
        problems.append(f"{where}: unknown kind {kind!r}")
    out.append({"map": m, "family": fam, "prompt": prompt, "expect": expect})

if len(out) != 72:
    problems.append(f"{len(out)} cases, not 72")
per_map = collections.Counter(c["map"] for c in out)
for m in maps:
    if per_map[m] != 24:
        problems.append(f"{m}: {per_map[m]} cases, not 24")
per_fam = collections.Counter(c["family"] for c in out)
for fam in FAMILIES:
    if per_fam[fam] != 4:
        problems.append(f"family {fam!r}: {per_fam[fam]} cases, not 4")
    for m in maps:
        if not any(c["family"] == fam and c["map"] == m for c in out):
            problems.append(f"family {fam!r} missing on {m}")

if problems:
    for p in problems:
        print("problem:", p, file=sys.stderr)
    sys.exit(1)

doc = {
    "about": "Thirteenth blind evaluation set for Lapwing's offline natural-language reader: 72 hand-written "
             "prompts (18 families x 4, 24 per map) over three maps written for this set (cheese cave, "
             "thatcher, curling club), by an evaluator who had not seen the reader's code or earlier sets. "
             "Written 2026-11-25. Grading rule in README.md.",
    "cases": out,
}
with open(os.path.join(ROOT, "prompts.json"), "w") as f:
    json.dump(doc, f, indent=2, ensure_ascii=False)
    f.write("\n")
kinds = collections.Counter(c["expect"]["kind"] for c in out)
print(f"ok: {len(out)} cases; per map {dict(per_map)}; kinds {dict(kinds)}; 18 families x 4")
