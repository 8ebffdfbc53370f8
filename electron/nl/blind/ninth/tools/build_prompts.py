#!/usr/bin/env python3
"""Holds the 72 hand-written prompts of blind set 9, checks them against the three maps, writes prompts.json.

Every prompt below was written by hand, one at a time. The checks only look at the expected readings:
relationship and instance names exist in the map (subject against the relationship's subject concept,
string objects against its object concept), numbers are plain decimals, dates ISO, truths true/false,
and the counts (72; 24 per map; 4 per family; every family on every map). Exit code 1 on any problem.
"""
import json, os, re, sys, datetime
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAPS = ["roastery", "grooming", "kayaks"]
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
F = {i + 1: f for i, f in enumerate(FAMILIES)}

def Q(rel, s, o):
    return {"relationship": rel, "subject": s, "object": o}

def question(rel, s, o):
    return {"kind": "question", "query": Q(rel, s, o)}

def statement(*facts):
    return {"kind": "statement", "facts": [Q(*f) for f in facts]}

def stq(facts, query):
    return {"kind": "statement+question", "facts": [Q(*f) for f in facts], "query": Q(*query)}

def why(rel, s, o):
    return {"kind": "why", "query": Q(rel, s, o)}

# (map, family number, prompt, expected reading)
CASES = [
    # ---------------- roastery: a coffee roastery (families 1-6 get their fourth prompt here)
    ("roastery", 1, "What is Lot 71's price per kilo?", question("price per kilo", "Lot 71", None)),
    ("roastery", 1, "Bluebird Cafe account balance?", question("account balance", "Bluebird Cafe", None)),
    ("roastery", 2, "How much is a kilo of Yirgacheffe?", question("price per kilo", "Yirgacheffe", None)),
    ("roastery", 2, "How many kilos does the Daily Grind take each week?", question("kilos per week", "The Daily Grind", None)),
    ("roastery", 3, "Is the coffee Lot 7 roasted on the machine Drum 12?", question("roasting machine", "Lot 7", "Drum 12")),
    ("roastery", 3, "Does the cafe Corner Kiosk order the Lot 71 coffee?", question("orders", "Corner Kiosk", "Lot 71")),
    ("roastery", 4, "What is the roast level for Lot 7?", question("roast level", "Lot 7", None)),
    ("roastery", 4, "What's the account balance on Corner Kiosk at the moment?", question("account balance", "Corner Kiosk", None)),
    ("roastery", 5, "Does Robin operate Drum 12?", question("is operated by", "Drum 12", "Robin")),
    ("roastery", 5, "Yirgacheffe is ordered by which cafes?", question("orders", None, "Yirgacheffe")),
    ("roastery", 6, "Has Mai Tran ever roasted Huila Reserve?", question("roasts", "Mai Tran", "Huila Reserve")),
    ("roastery", 6, "Which coffees did the Daily Grind order?", question("orders", "The Daily Grind", None)),
    ("roastery", 7, "Corner Kiosk is up to 8.5 kg a week now, and its account balance is £112.40",
     statement(("kilos per week", "Corner Kiosk", "8.5"), ("account balance", "Corner Kiosk", "112.4"))),
    ("roastery", 8, "I'm fairly sure Bluebird has paid its deposit. Is Bluebird a wholesale account?",
     stq([("has paid deposit", "Bluebird", "true")], ("is a wholesale account", "Bluebird", None))),
    ("roastery", 9, "Why is Bluebird Cafe a wholesale account?", why("is a wholesale account", "Bluebird Cafe", "true")),
    ("roastery", 10, "which machine is huila roasted on", question("roasting machine", "Huila", None)),
    ("roastery", 11, "Lot 7 organic?", question("is organic", "Lot 7", None)),
    ("roastery", 12, "whats the rost level of Yirgachefe?", question("roast level", "Yirgacheffe", None)),
    ("roastery", 13, "Who runs Big Probat?", question("is operated by", "Big Probat", None)),
    ("roastery", 14, "What coffees does Robin roast?", question("roasts", "Robin", None)),
    ("roastery", 15, "Isn't Yirgacheffe organic?", question("is organic", "Yirgacheffe", None)),
    ("roastery", 16, "What do we charge per kilo for Huila Reserve?", question("price per kilo", "Huila Reserve", None)),
    ("roastery", 17, "Could you please tell me which cafes Mai Tran supplies?", question("supplies", "Mai Tran", None)),
    ("roastery", 18, "Huila Reserve was roasted on 2 March 2027.", statement(("was roasted on", "Huila Reserve", "2027-03-02"))),

    # ---------------- grooming: a dog grooming salon (families 7-12 get their fourth prompt here)
    ("grooming", 1, "What is Pepper's coat type?", question("coat type", "Pepper", None)),
    ("grooming", 2, "How much does Sir Wagsalot weigh?", question("weight in kilos", "Sir Wagsalot", None)),
    ("grooming", 3, "Is the dog Max booked in for a Deshed?", question("is booked for", "Max", "Deshed")),
    ("grooming", 4, "What is the outstanding balance for Tom Reilly?", question("outstanding balance", "Tom Reilly", None)),
    ("grooming", 5, "Is Max groomed by Ann?", question("grooms", "Ann", "Max")),
    ("grooming", 6, "Who groomed Sir Wagsalot?", question("grooms", None, "Sir Wagsalot")),
    ("grooming", 7, "A Bath and Brush is £40 now and takes 50 minutes",
     statement(("costs", "Bath and Brush", "40"), ("minutes per session", "Bath and Brush", "50"))),
    ("grooming", 7, "Pepper weighs 14.2 kg.", statement(("weight in kilos", "Pepper", "14.2"))),
    ("grooming", 8, "Pretty sure Pepper was last groomed on 10 January 2027 - when is Pepper next due in?",
     stq([("was last groomed on", "Pepper", "2027-01-10")], ("next visit due", "Pepper", None))),
    ("grooming", 8, "I think Maxi weighs 7 kilos. Does Maxi need a double slot?",
     stq([("weight in kilos", "Maxi", "7")], ("needs a double slot", "Maxi", None))),
    ("grooming", 9, "Why does Max need a double slot?", why("needs a double slot", "Max", "true")),
    ("grooming", 9, "why can Biscuit be groomed by Anna?", why("can be groomed by", "Biscuit", "Anna")),
    ("grooming", 10, "who does maxi belong to", question("belongs to", "Maxi", None)),
    ("grooming", 10, "is biscuit vaccinated", question("is vaccinated", "Biscuit", None)),
    ("grooming", 11, "Nail Trim price?", question("costs", "Nail Trim", None)),
    ("grooming", 11, "Jo Beck qualified in Nail Trim?", question("is qualified in", "Jo Beck", "Nail Trim")),
    ("grooming", 12, "Whos qualifed in Full Grom?", question("is qualified in", None, "Full Groom")),
    ("grooming", 12, "When was Biscit last groomd?", question("was last groomed on", "Biscuit", None)),
    ("grooming", 13, "Who owns Sir Wagsalot?", question("belongs to", "Sir Wagsalot", None)),
    ("grooming", 14, "Which dogs are booked in for Nail Trims?", question("is booked for", None, "Nail Trim")),
    ("grooming", 15, "Doesn't Mrs Patel have a loyalty card?", question("has a loyalty card", "Mrs Patel", None)),
    ("grooming", 16, "How many minutes does each Full Groom session last?", question("minutes per session", "Full Groom", None)),
    ("grooming", 17, "Would you mind telling me when Max is next due in?", question("next visit due", "Max", None)),
    ("grooming", 18, "Maxi was last groomed on 28 Feb 2027.", statement(("was last groomed on", "Maxi", "2027-02-28"))),

    # ---------------- kayaks: a kayak and canoe hire centre (families 13-18 get their fourth prompt here)
    ("kayaks", 1, "What is Omar Haddad's skill level?", question("skill level", "Omar Haddad", None)),
    ("kayaks", 2, "How many seats does the Red Canoe have?", question("number of seats", "Red Canoe", None)),
    ("kayaks", 3, "Does the instructor Samir lead the River Loop?", question("leads", "Samir", "River Loop")),
    ("kayaks", 4, "What is the minimum level for Estuary Run?", question("minimum level", "Estuary Run", None)),
    ("kayaks", 5, "Does Sam supervise Kit?", question("is supervised by", "Kit", "Sam")),
    ("kayaks", 6, "Who hired Tandem Two?", question("hires", None, "Tandem Two")),
    ("kayaks", 7, "Kit is 14 and hires Kayak 3", statement(("age", "Kit", "14"), ("hires", "Kit", "Kayak 3"))),
    ("kayaks", 8, "I'm certain Kit is an Improver. Which routes is Kit allowed on?",
     stq([("skill level", "Kit", "Improver")], ("is allowed on", "Kit", None))),
    ("kayaks", 9, "Why is Leela's deposit 64?", why("deposit", "Leela", "64")),
    ("kayaks", 10, "how long is the river loop long in km", question("distance in km", "River Loop Long", None)),
    ("kayaks", 11, "Kayak 30 hourly rate?", question("hourly rate", "Kayak 30", None)),
    ("kayaks", 12, "Has Lela pased the capsize drill?", question("has passed capsize drill", "Leela", None)),
    ("kayaks", 13, "Who is looking after Lee on the water?", question("is supervised by", "Lee", None)),
    ("kayaks", 13, "How far is Seal Bay?", question("distance in km", "Seal Bay", None)),
    ("kayaks", 14, "Which paddlers are allowed on the Estuary Run?", question("is allowed on", None, "Estuary Run")),
    ("kayaks", 14, "Which instructors lead Seal Bay?", question("leads", None, "Seal Bay")),
    ("kayaks", 15, "Who's Kit supervised by?", question("is supervised by", "Kit", None)),
    ("kayaks", 15, "Doesn't Omar Haddad need an instructor?", question("needs an instructor", "Omar Haddad", None)),
    ("kayaks", 16, "How much is Tandem Two per hour?", question("hourly rate", "Tandem Two", None)),
    ("kayaks", 16, "What's the rate per hour on the Red Canoe?", question("hourly rate", "Red Canoe", None)),
    ("kayaks", 17, "Please could you check whether Leela needs an instructor?", question("needs an instructor", "Leela", None)),
    ("kayaks", 17, "Hi there, can you tell me how old Omar Haddad is, thanks", question("age", "Omar Haddad", None)),
    ("kayaks", 18, "Kit's trip is on 3rd July 2027", statement(("trip date", "Kit", "2027-07-03"))),
    ("kayaks", 18, "Omar Haddad's trip date is June 21, 2027.", statement(("trip date", "Omar Haddad", "2027-06-21"))),
]


def load_map(name):
    root = ET.parse(os.path.join(ROOT, "maps", name + ".rbl")).getroot()
    local = lambda e: e.tag.split("}")[-1]
    concepts = {e.get("name"): e.get("type") for e in root if local(e) == "concept"}
    rels = {e.get("name"): (e.get("subject"), e.get("object")) for e in root if local(e) == "rel"}
    insts = {}
    for e in root:
        if local(e) == "concinst":
            insts.setdefault(e.get("type"), set()).add(e.get("name"))
    return concepts, rels, insts


def main():
    problems = []
    maps = {m: load_map(m) for m in MAPS}

    def check_triple(i, m, t, where, need_s, need_o):
        concepts, rels, insts = maps[m]
        rel = t.get("relationship")
        if set(t) != {"relationship", "subject", "object"}:
            problems.append(f"case {i}: {where}: keys {sorted(t)}")
            return
        if rel not in rels:
            problems.append(f"case {i}: {where}: no relationship {rel!r} in {m}")
            return
        sc, oc = rels[rel]
        s, o = t["subject"], t["object"]
        if s is None:
            if need_s:
                problems.append(f"case {i}: {where}: subject missing")
        elif s not in insts.get(sc, ()):
            problems.append(f"case {i}: {where}: {s!r} is not a {sc} in {m}")
        otype = concepts[oc]
        if o is None:
            if need_o:
                problems.append(f"case {i}: {where}: object missing")
            return
        if not isinstance(o, str):
            problems.append(f"case {i}: {where}: object {o!r} is not a string")
        elif otype == "string":
            if o not in insts.get(oc, ()):
                problems.append(f"case {i}: {where}: {o!r} is not a {oc} in {m}")
        elif otype == "number":
            if not re.fullmatch(r"-?(0|[1-9]\d*)(\.\d*[1-9])?", o):
                problems.append(f"case {i}: {where}: {o!r} is not a plain decimal")
        elif otype == "date":
            try:
                datetime.date.fromisoformat(o)
                assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", o)
            except Exception:
                problems.append(f"case {i}: {where}: {o!r} is not an ISO date")
        elif otype == "truth":
            if o not in ("true", "false"):
                problems.append(f"case {i}: {where}: {o!r} is not true/false")

    out = []
    seen_prompts = set()
    for i, (m, fam, prompt, exp) in enumerate(CASES, 1):
        if m not in maps:
            problems.append(f"case {i}: unknown map {m}")
            continue
        if fam not in F:
            problems.append(f"case {i}: unknown family {fam}")
            continue
        if prompt in seen_prompts:
            problems.append(f"case {i}: duplicate prompt {prompt!r}")
        seen_prompts.add(prompt)
        kind = exp["kind"]
        if kind == "question":
            if set(exp) != {"kind", "query"}:
                problems.append(f"case {i}: a question has only a query")
            else:
                t = exp["query"]
                check_triple(i, m, t, "query", False, False)
                if t.get("subject") is None and t.get("object") is None:
                    problems.append(f"case {i}: a question needs a subject or an object")
        elif kind == "statement":
            if set(exp) != {"kind", "facts"} or not exp["facts"]:
                problems.append(f"case {i}: a statement has facts and no query")
            for t in exp.get("facts", []):
                check_triple(i, m, t, "fact", True, True)
        elif kind == "statement+question":
            if set(exp) != {"kind", "facts", "query"} or not exp["facts"]:
                problems.append(f"case {i}: statement+question has facts and a query")
            for t in exp.get("facts", []):
                check_triple(i, m, t, "fact", True, True)
            check_triple(i, m, exp["query"], "query", False, False)
        elif kind == "why":
            check_triple(i, m, exp["query"], "why", True, True)
        else:
            problems.append(f"case {i}: unknown kind {kind}")
        out.append({"map": m, "family": F[fam], "prompt": prompt, "expect": exp})

    # counts
    if len(out) != 72:
        problems.append(f"{len(out)} cases, not 72")
    for m in MAPS:
        n = sum(1 for c in out if c["map"] == m)
        if n != 24:
            problems.append(f"{m}: {n} cases, not 24")
        for f in FAMILIES:
            if not any(c["map"] == m and c["family"] == f for c in out):
                problems.append(f"{m}: no case of family {f!r}")
    for f in FAMILIES:
        n = sum(1 for c in out if c["family"] == f)
        if n != 4:
            problems.append(f"family {f!r}: {n} cases, not 4")

    if problems:
        for p in problems:
            print("problem:", p)
        sys.exit(1)

    doc = {
        "about": ("Blind evaluation set 9 for Lapwing's offline natural-language reader: 72 hand-written prompts, "
                  "18 families x 4, 24 per map, over three maps written for this set (a coffee roastery, a dog "
                  "grooming salon, a kayak hire centre) by an evaluator who has not read the reader's code or "
                  "its earlier test sets. Written 24 November 2026. See README.md for the grading rule."),
        "cases": out,
    }
    with open(os.path.join(ROOT, "prompts.json"), "w") as f:
        json.dump(doc, f, indent=2, ensure_ascii=False)
        f.write("\n")
    kinds = {}
    for c in out:
        kinds[c["expect"]["kind"]] = kinds.get(c["expect"]["kind"], 0) + 1
    print(f"ok: {len(out)} cases; per map " + ", ".join(f"{m} {sum(1 for c in out if c['map'] == m)}" for m in MAPS)
          + "; kinds " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))


if __name__ == "__main__":
    main()
