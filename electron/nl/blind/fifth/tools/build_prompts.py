#!/usr/bin/env python3
"""Fifth blind evaluation set for Lapwing's natural-language reader.

Holds the 72 hand-written cases, checks every one against its map (relationship names,
instance names on the right side, typed values, kinds, counts) and writes ../prompts.json.
Exit code 1 on any problem (nothing is written then).

Usage: python3 tools/build_prompts.py [--check]   (--check: validate only, do not write)
"""
import datetime
import json
import os
import re
import sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MAPS = ["cider-press", "tailoring", "observatory"]

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


def q(rel, subj, obj):
    """A query triple; the asked part is None."""
    return {"relationship": rel, "subject": subj, "object": obj}


def f(rel, subj, obj):
    """A stated fact."""
    return {"relationship": rel, "subject": subj, "object": obj}


def question(m, fam, prompt, query):
    return {"map": m, "family": fam, "prompt": prompt, "expect": {"kind": "question", "query": query}}


def statement(m, fam, prompt, facts):
    return {"map": m, "family": fam, "prompt": prompt, "expect": {"kind": "statement", "facts": facts}}


def stmt_question(m, fam, prompt, facts, query):
    return {"map": m, "family": fam, "prompt": prompt,
            "expect": {"kind": "statement+question", "facts": facts, "query": query}}


def why(m, fam, prompt, triple):
    return {"map": m, "family": fam, "prompt": prompt, "expect": {"kind": "why", "query": triple}}


C, T, O = "cider-press", "tailoring", "observatory"
F = {i: name for i, name in enumerate(FAMILIES)}

# Every prompt below was written by hand, one at a time.
CASES = [
    # ---- possessives and noun phrases (extra on cider-press)
    question(C, F[0], "What's Gwen Price's annual subscription?", q("annual subscription", "Gwen Price", None)),
    question(C, F[0], "Batch 31 juice yield?", q("juice yield", "Batch 31", None)),
    question(T, F[0], "What's Kemal's hourly rate these days?", q("hourly rate", "Kemal", None)),
    question(O, F[0], "Scope 12's aperture?", q("aperture", "Scope 12", None)),

    # ---- how much / how many / how does (extra on tailoring)
    question(C, F[1], "How much juice did Batch 7 give us?", q("juice yield", "Batch 7", None)),
    question(T, F[1], "How many years has Rosalind Ashe been tailoring?", q("years of experience", "Rosalind Ashe", None)),
    question(T, F[1], "How much is it going to cost to alter the Wedding Dress?", q("quote", "Wedding Dress", None)),
    question(O, F[1], "How much does Hugo pay?", q("pays", "Hugo", None)),

    # ---- articles and concept nouns (extra on observatory)
    question(C, F[2], "Is Batch 3 made from the Kingston Black variety?", q("is made from", "Batch 3", "Kingston Black")),
    question(T, F[2], "Is the Linen Shirt assigned to the tailor Kemal?", q("is assigned to", "Linen Shirt", "Kemal")),
    question(O, F[2], "Is the Deep Sky Night event led by the guide Rayna?", q("is led by", "Deep Sky Night", "Rayna")),
    question(O, F[2], "Does the Star Party use the telescope Scope 12?", q("uses", "Star Party", "Scope 12")),

    # ---- prepositions belonging to the relationship (extra on cider-press)
    question(C, F[3], "What was the final gravity for Batch 3?", q("final gravity", "Batch 3", None)),
    question(C, F[3], "what's the pressing fee on Batch 31 going to be?", q("pressing fee", "Batch 31", None)),
    question(T, F[3], "What's the due date for the Tweed Coat?", q("due date", "Tweed Coat", None)),
    question(O, F[3], "What's the ticket price for Moon Watch?", q("ticket price", "Moon Watch", None)),

    # ---- object first and reverse direction (extra on tailoring)
    question(C, F[4], "Is Kingston Black grown at Long Meadow?", q("grows", "Long Meadow", "Kingston Black")),
    question(T, F[4], "Did Devika bring in the Linen Shirt?", q("was brought in by", "Linen Shirt", "Devika")),
    question(T, F[4], "Which garments need a Hem?", q("needs", None, "Hem")),
    question(O, F[4], "Does Rayna lead Deep Sky Night?", q("is led by", "Deep Sky Night", "Rayna")),

    # ---- verb forms (tenses) (extra on observatory)
    question(C, F[5], "Which press will Batch 12 be run through?", q("was run through", "Batch 12", None)),
    question(T, F[5], "What alterations did the Tweed Coat need?", q("needs", "Tweed Coat", None)),
    question(O, F[5], "Who booked Star Party Late?", q("has booked", None, "Star Party Late")),
    question(O, F[5], "Which telescopes did the Moon Watch use?", q("uses", "Moon Watch", None)),

    # ---- amounts and numbers in statements (extra on cider-press)
    statement(C, F[6], "Batch 12 came out at 260 litres of juice.", [f("juice yield", "Batch 12", "260")]),
    statement(C, F[6], "Olu's annual subscription is £30 and Olu has paid it.",
              [f("annual subscription", "Olu", "30"), f("has paid subscription", "Olu", "true")]),
    statement(T, F[6], "The Tweed Coat is going to take 2.5 hours.", [f("estimated hours", "Tweed Coat", "2.5")]),
    statement(O, F[6], "Tickets for Star Party Late have gone up to £17.50",
              [f("ticket price", "Star Party Late", "17.5")]),

    # ---- certainty phrase then question (extra on tailoring)
    stmt_question(C, F[7], "I'm fairly sure Gwen Price has paid her subscription. Can Gwen Price use the Rack Press?",
                  [f("has paid subscription", "Gwen Price", "true")], q("may use", "Gwen Price", "Rack Press")),
    stmt_question(T, F[7], "I think the Tweed Coat is assigned to Rosalind Ashe, maybe 80% sure. What's the quote for the Tweed Coat?",
                  [f("is assigned to", "Tweed Coat", "Rosalind Ashe")], q("quote", "Tweed Coat", None)),
    stmt_question(T, F[7], "Pretty certain Oscar Lund paid a deposit. Has Devika paid one?",
                  [f("has paid deposit", "Oscar Lund", "true")], q("has paid deposit", "Devika", None)),
    stmt_question(O, F[7], "Sam Okafor is a member, I'm about 90% certain. How much does Sam Okafor pay?",
                  [f("is a member", "Sam Okafor", "true")], q("pays", "Sam Okafor", None)),

    # ---- why questions (extra on observatory)
    why(C, F[8], "Why is Batch 7 ready to bottle?", f("is ready to bottle", "Batch 7", "true")),
    why(T, F[8], "Why could Kemal handle the Linen Shirt?", f("could be handled by", "Linen Shirt", "Kemal")),
    why(O, F[8], "Why can Joanna attend Deep Sky Night?", f("may attend", "Joanna", "Deep Sky Night")),
    why(O, F[8], "Why is M1 hard to see?", f("is hard to see", "M1", "true")),

    # ---- lower case without question mark (extra on cider-press)
    question(C, F[9], "when did tom reilly join", q("joined on", "Tom Reilly", None)),
    question(C, F[9], "which batches belong to anna", q("belongs to", None, "Anna")),
    question(T, F[9], "what is the blue suit made of", q("is made of", "Blue Suit", None)),
    question(O, F[9], "who leads star party late", q("is led by", "Star Party Late", None)),

    # ---- terse questions (extra on tailoring)
    question(C, F[10], "Batch 7 owner?", q("belongs to", "Batch 7", None)),
    question(T, F[10], "Tweed Coat due?", q("due date", "Tweed Coat", None)),
    question(T, F[10], "Rosa - experience?", q("years of experience", "Rosa", None)),
    question(O, F[10], "Saturn magnitude?", q("magnitude", "Saturn", None)),

    # ---- typos (extra on observatory)
    question(C, F[11], "Whcih orchards does Ann pick frm?", q("picks from", "Ann", None)),
    question(T, F[11], "Has Iris Bell payed the deposit?", q("has paid deposit", "Iris Bell", None)),
    question(O, F[11], "Whats the apperture of Solar Scope?", q("aperture", "Solar Scope", None)),
    question(O, F[11], "Is Helen Ward qualifed on Scope 1?", q("is qualified on", "Helen Ward", "Scope 1")),

    # ---- synonyms (extra on cider-press)
    question(C, F[12], "What apples does Hill Orchard produce?", q("grows", "Hill Orchard", None)),
    question(C, F[12], "What does it cost Anna to be a member each year?", q("annual subscription", "Anna", None)),
    question(T, F[12], "Which tailor is working on the Blue Suit?", q("is assigned to", "Blue Suit", None)),
    question(O, F[12], "Who is hosting the Moon Watch?", q("is led by", "Moon Watch", None)),

    # ---- plurals (extra on tailoring)
    question(C, F[13], "Which batches are made from Bramley apples?", q("is made from", None, "Bramley")),
    question(T, F[13], "Which tailors could take on the Tweed Coat?", q("could be handled by", "Tweed Coat", None)),
    question(T, F[13], "Are the Blue Suit Trousers made of Wool?", q("is made of", "Blue Suit Trousers", "Wool")),
    question(O, F[13], "Which guides are qualified on Scope 12?", q("is qualified on", None, "Scope 12")),

    # ---- contractions (extra on observatory)
    question(C, F[14], "Isn't Batch 3 ready to bottle yet?", q("is ready to bottle", "Batch 3", None)),
    question(T, F[14], "Hasn't Devika paid her deposit?", q("has paid deposit", "Devika", None)),
    question(O, F[14], "Who's leading the Star Party?", q("is led by", "Star Party", None)),
    question(O, F[14], "Can't Sam Okafor attend Deep Sky Night?", q("may attend", "Sam Okafor", "Deep Sky Night")),

    # ---- per-unit phrasing (extra on cider-press)
    question(C, F[15], "How much per litre does the Belt Press cost?", q("charge per litre", "Belt Press", None)),
    question(C, F[15], "What's the Rack Press rate per litre?", q("charge per litre", "Rack Press", None)),
    question(T, F[15], "How much is silk a metre?", q("price per metre", "Silk", None)),
    question(O, F[15], "How much an hour is Scope 1 to hire?", q("hire cost per hour", "Scope 1", None)),

    # ---- polite wrappers (extra on tailoring)
    question(C, F[16], "Could you tell me which press Batch 31 was run through, please?", q("was run through", "Batch 31", None)),
    question(T, F[16], "Would you mind checking whether the Tweed Coat is a rush job?", q("is a rush job", "Tweed Coat", None)),
    question(T, F[16], "Please can you let me know what Wool Flannel costs per metre", q("price per metre", "Wool Flannel", None)),
    question(O, F[16], "Hi! Could you please tell me how old Priya Shah is?", q("age", "Priya Shah", None)),

    # ---- dates (extra on observatory)
    statement(C, F[17], "Batch 12 was pressed on 24 October 2026.", [f("pressing date", "Batch 12", "2026-10-24")]),
    statement(T, F[17], "The Tweed Coat is now due on the 27th of November 2026",
              [f("due date", "Tweed Coat", "2026-11-27")]),
    statement(O, F[17], "Moon Watch has been moved to January 10th, 2027.", [f("takes place on", "Moon Watch", "2027-01-10")]),
    question(O, F[17], "What date is the Star Party Late?", q("takes place on", "Star Party Late", None)),
]

ABOUT = ("Fifth blind evaluation set for Lapwing's offline natural-language reader: 72 hand-written "
         "prompts, 18 families x 4, 24 per map, over three maps written for this set (a cider press "
         "co-op, a tailoring shop, a public observatory). Expected readings are Decision API triples "
         "with the asked part null. See README.md for the grading rule.")


def load_map(name):
    root = ET.parse(os.path.join(ROOT, "maps", name + ".rbl")).getroot()
    concepts = {c.get("name"): c.get("type") for c in root.iter("concept")}
    rels = {r.get("name"): (r.get("subject"), r.get("object")) for r in root.iter("rel")}
    insts = {}
    for ci in root.iter("concinst"):
        insts.setdefault(ci.get("type"), set()).add(ci.get("name"))
    derived = set()
    for ri in root.iter("relinst"):
        if ri.find("condition") is not None:
            derived.add(ri.get("type"))
    return concepts, rels, insts, derived


NUMBER = re.compile(r"^-?\d+(\.\d+)?$")


def check_value(problems, where, model, concept, value):
    concepts, _, insts, _ = model
    kind = concepts.get(concept)
    if not isinstance(value, str):
        problems.append(f"{where}: value {value!r} is not a string")
        return
    if kind == "string":
        if value not in insts.get(concept, set()):
            problems.append(f"{where}: {value!r} is not an instance of {concept!r}")
    elif kind == "number":
        if not NUMBER.match(value):
            problems.append(f"{where}: {value!r} is not a plain decimal number")
    elif kind == "date":
        try:
            if datetime.date.fromisoformat(value).isoformat() != value:
                raise ValueError
        except ValueError:
            problems.append(f"{where}: {value!r} is not an ISO date")
    elif kind == "truth":
        if value not in ("true", "false"):
            problems.append(f"{where}: {value!r} is not true/false")
    else:
        problems.append(f"{where}: concept {concept!r} has unknown type {kind!r}")


def check_triple(problems, where, model, t, role):
    _, rels, _, derived = model
    if set(t) != {"relationship", "subject", "object"}:
        problems.append(f"{where}: {role} keys {sorted(t)}")
        return
    rel = t["relationship"]
    if rel not in rels:
        problems.append(f"{where}: unknown relationship {rel!r}")
        return
    subj_c, obj_c = rels[rel]
    concept_types = model[0]
    if t["subject"] is not None:
        check_value(problems, where + " subject", model, subj_c, t["subject"])
    if t["object"] is not None:
        check_value(problems, where + " object", model, obj_c, t["object"])
    if role == "fact" and (t["subject"] is None or t["object"] is None):
        problems.append(f"{where}: a stated fact needs subject and object")
    if role == "query" and t["subject"] is None and t["object"] is None:
        problems.append(f"{where}: a query needs a subject or an object")
    if role == "query" and t["subject"] is None and concept_types[obj_c] != "string":
        problems.append(f"{where}: subject asked of a {concept_types[obj_c]} relationship")
    if role == "why":
        if t["subject"] is None or t["object"] is None:
            problems.append(f"{where}: a why-question needs the full triple")
        if rel not in derived:
            problems.append(f"{where}: {rel!r} is not derived by a rule")
        if concept_types[obj_c] == "truth" and t["object"] != "true":
            problems.append(f"{where}: truth conclusion must be 'true'")


def validate(cases):
    problems = []
    models = {m: load_map(m) for m in MAPS}
    seen = set()
    for i, c in enumerate(cases, 1):
        where = f"case {i} ({c.get('prompt', '')[:40]!r})"
        if c["map"] not in models:
            problems.append(f"{where}: unknown map {c['map']!r}")
            continue
        if c["family"] not in FAMILIES:
            problems.append(f"{where}: unknown family {c['family']!r}")
        p = c["prompt"].strip()
        if not p or p in seen:
            problems.append(f"{where}: empty or duplicate prompt")
        seen.add(p)
        model = models[c["map"]]
        e = c["expect"]
        kind = e["kind"]
        if kind == "question":
            if "facts" in e or "query" not in e:
                problems.append(f"{where}: a question has a query and no facts")
            else:
                check_triple(problems, where, model, e["query"], "query")
        elif kind == "statement":
            if "query" in e or not e.get("facts"):
                problems.append(f"{where}: a statement has facts and no query")
            for t in e.get("facts", []):
                check_triple(problems, where, model, t, "fact")
        elif kind == "statement+question":
            if not e.get("facts") or "query" not in e:
                problems.append(f"{where}: statement+question needs facts and a query")
            for t in e.get("facts", []):
                check_triple(problems, where, model, t, "fact")
            if "query" in e:
                check_triple(problems, where, model, e["query"], "query")
        elif kind == "why":
            if "facts" in e or "query" not in e:
                problems.append(f"{where}: a why-question has a query and no facts")
            else:
                check_triple(problems, where, model, e["query"], "why")
        else:
            problems.append(f"{where}: unknown kind {kind!r}")
    # counts
    if len(cases) != 72:
        problems.append(f"{len(cases)} cases, not 72")
    for m in MAPS:
        n = sum(1 for c in cases if c["map"] == m)
        if n != 24:
            problems.append(f"map {m}: {n} cases, not 24")
    for fam in FAMILIES:
        fc = [c for c in cases if c["family"] == fam]
        if len(fc) != 4:
            problems.append(f"family {fam!r}: {len(fc)} cases, not 4")
        for m in MAPS:
            if not any(c["map"] == m for c in fc):
                problems.append(f"family {fam!r} has no case on {m}")
    return problems


def main():
    problems = validate(CASES)
    if problems:
        for p in problems:
            print("problem:", p, file=sys.stderr)
        print(f"{len(problems)} problem(s); prompts.json not written", file=sys.stderr)
        return 1
    kinds = {}
    for c in CASES:
        kinds[c["expect"]["kind"]] = kinds.get(c["expect"]["kind"], 0) + 1
    per_map = {m: sum(1 for c in CASES if c["map"] == m) for m in MAPS}
    print(f"ok: {len(CASES)} cases; per map {per_map}; {len(FAMILIES)} families x 4; kinds {kinds}")
    if "--check" not in sys.argv:
        with open(os.path.join(ROOT, "prompts.json"), "w", encoding="utf-8") as fh:
            json.dump({"about": ABOUT, "cases": CASES}, fh, indent=2, ensure_ascii=False)
            fh.write("\n")
        print("wrote prompts.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
