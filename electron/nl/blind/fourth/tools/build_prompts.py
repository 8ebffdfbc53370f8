#!/usr/bin/env python3
"""Build prompts.json for the fourth blind evaluation of Lapwing's natural-language reader.

Every prompt below was written by hand, one at a time. This script only holds them, checks them
against the three maps in ../maps and writes ../prompts.json. It exits 1 on any problem (and then
writes nothing).

Checks: relationship names exist in the case's map; a subject is an instance of the relationship's
subject concept; a string object is an instance of its object concept; number objects are plain
decimals, date objects ISO dates, truth objects true/false; question kinds have a query and no
facts, statements facts and no query, statement+question both; a why names a full triple of a
relationship the map's rules conclude (truth conclusions "true"); counts: 72 cases, 24 per map,
4 per family, every family on every map.

Run: python3 tools/build_prompts.py   (from /work/blind4 or anywhere)
"""
import datetime
import json
import os
import re
import sys
import xml.etree.ElementTree as ET
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

MAPS = ["climbing-wall", "beekeepers", "pottery-studio"]

FAMILIES = [
    "possessives-noun-phrases",      # possessives and noun phrases
    "how-much-many-does",            # how much / how many / how does (and other "how ..." questions)
    "articles-concept-nouns",        # articles and the concept's noun around an instance
    "relationship-prepositions",     # prepositions that belong to the relationship
    "object-first-reverse",          # object first and the other direction of a verb
    "verb-tenses",                   # verb forms (tenses)
    "amounts-in-statements",         # amounts and numbers in statements
    "certainty-then-question",       # a statement with a certainty phrase, then a question
    "why",                           # why questions
    "lowercase-no-question-mark",    # lower case without a question mark
    "terse",                         # terse questions
    "typos",                         # typos
    "synonyms",                      # synonyms of the relationship's words
    "plurals",                       # plurals
    "contractions",                  # contractions
    "per-unit",                      # per-unit phrasing
    "polite-wrappers",               # polite wrappers
    "dates",                         # dates
]


def q(relationship, subject, obj):
    return {"relationship": relationship, "subject": subject, "object": obj}


f = q  # a fact has the same shape


def ask(m, family, prompt, query):
    return {"map": m, "family": family, "prompt": prompt, "expect": {"kind": "question", "query": query}}


def say(m, family, prompt, *facts):
    return {"map": m, "family": family, "prompt": prompt, "expect": {"kind": "statement", "facts": list(facts)}}


def say_ask(m, family, prompt, facts, query):
    return {"map": m, "family": family, "prompt": prompt,
            "expect": {"kind": "statement+question", "facts": list(facts), "query": query}}


def why(m, family, prompt, triple):
    return {"map": m, "family": family, "prompt": prompt, "expect": {"kind": "why", "query": triple}}


C, B, P = "climbing-wall", "beekeepers", "pottery-studio"

CASES = [
    # ------------------------------------------------------------------ climbing wall (24)
    ask(C, "possessives-noun-phrases", "What is Anna's annual cost?",
        q("annual cost", "Anna", None)),
    ask(C, "possessives-noun-phrases", "Joe's induction date?",
        q("was inducted on", "Joe", None)),
    ask(C, "how-much-many-does", "How hard is Green Slab Direct?",
        q("difficulty rating", "Green Slab Direct", None)),
    ask(C, "articles-concept-nouns", "Is the route Green Slab in the Lead Wall North area?",
        q("is located in", "Green Slab", "Lead Wall North")),
    ask(C, "relationship-prepositions", "what's the monthly fee on the Off Peak Plus plan?",
        q("monthly fee", "Off Peak Plus", None)),
    ask(C, "relationship-prepositions", "Who is Mei Ling supervised by at the moment?",
        q("is supervised by", "Mei Ling", None)),
    ask(C, "object-first-reverse", "Does Dev Patel supervise Kofi?",
        q("is supervised by", "Kofi", "Dev Patel")),
    ask(C, "verb-tenses", "Which routes did Ann climb?",
        q("has climbed", "Ann", None)),
    say(C, "amounts-in-statements", "Kofi climbs 6.5 hours a week.",
        f("hours per week", "Kofi", "6.5")),
    say(C, "amounts-in-statements", "The Student plan now costs £29.50 a month and Marek charges £38 an hour.",
        f("monthly fee", "Student", "29.5"), f("hourly rate", "Marek", "38")),
    say_ask(C, "certainty-then-question", "Pretty sure Kofi signed the waiver last week. Can Kofi lead climb?",
            [f("has signed waiver", "Kofi", "true")],
            q("may lead climb", "Kofi", None)),
    why(C, "why", "Why can Anna use Lead Wall North?",
        q("can use", "Anna", "Lead Wall North")),
    ask(C, "lowercase-no-question-mark", "which areas can joel use",
        q("can use", "Joel", None)),
    ask(C, "lowercase-no-question-mark", "has mei ling signed the waiver",
        q("has signed waiver", "Mei Ling", None)),
    ask(C, "terse", "Anna belay certified?",
        q("is belay certified", "Anna", None)),
    ask(C, "typos", "Wich plan does Ann subscibe to?",
        q("subscribes to", "Ann", None)),
    ask(C, "synonyms", "Which instructor looks after Joe?",
        q("is supervised by", "Joe", None)),
    ask(C, "synonyms", "What's Joel's yearly cost?",
        q("annual cost", "Joel", None)),
    ask(C, "plurals", "Which climbers are on the Student plan?",
        q("subscribes to", None, "Student")),
    ask(C, "contractions", "Hasn't Joel climbed Green Slab Direct yet?",
        q("has climbed", "Joel", "Green Slab Direct")),
    ask(C, "per-unit", "How much is Off Peak per month?",
        q("monthly fee", "Off Peak", None)),
    ask(C, "per-unit", "What's Rosa's rate per hour?",
        q("hourly rate", "Rosa", None)),
    ask(C, "polite-wrappers", "Please could you tell me where Overhang 2 is?",
        q("is located in", "Overhang 2", None)),
    say(C, "dates", "Kofi was inducted on 9 Feb 2027.",
        f("was inducted on", "Kofi", "2027-02-09")),

    # ------------------------------------------------------------------ beekeepers (24)
    ask(B, "possessives-noun-phrases", "What was Hive 1's honey yield?",
        q("honey yield", "Hive 1", None)),
    ask(B, "how-much-many-does", "How many frames are in Hive 30?",
        q("number of frames", "Hive 30", None)),
    ask(B, "how-much-many-does", "How much does Sam pay for his subscription?",
        q("annual subscription", "Sam", None)),
    ask(B, "articles-concept-nouns", "Is the hive Top Bar sited at the Hill Top apiary?",
        q("is sited at", "Top Bar", "Hill Top")),
    ask(B, "relationship-prepositions", "Who is responsible for Church Field?",
        q("is responsible for", None, "Church Field")),
    ask(B, "object-first-reverse", "Is Lena mentored by Priya?",
        q("mentors", "Priya", "Lena")),
    ask(B, "object-first-reverse", "Which hives are kept by Sam Okafor?",
        q("keeps", "Sam Okafor", None)),
    ask(B, "verb-tenses", "Who was mentoring Hugh?",
        q("mentors", None, "Hugh")),
    say(B, "amounts-in-statements", "Hive 30 produced 23.4 kg of honey and it has 10 frames.",
        f("honey yield", "Hive 30", "23.4"), f("number of frames", "Hive 30", "10")),
    say_ask(B, "certainty-then-question", "Hugh is insured, I'm about 80% sure of that. Is Hugh allowed to sell honey?",
            [f("is insured", "Hugh", "true")],
            q("may sell honey", "Hugh", None)),
    say_ask(B, "certainty-then-question", "I'm certain Lena has completed Beginners Plus - has Lena completed Queen Rearing too?",
            [f("has completed", "Lena", "Beginners Plus")],
            q("has completed", "Lena", "Queen Rearing")),
    why(B, "why", "Why does Hive 12 have to be reported?",
        q("must be reported", "Hive 12", "true")),
    ask(B, "lowercase-no-question-mark", "when was hive 1 last inspected",
        q("was last inspected on", "Hive 1", None)),
    ask(B, "terse", "Hive 3 diseases?",
        q("is affected by", "Hive 3", None)),
    ask(B, "terse", "Nosema notifiable?",
        q("is notifiable", "Nosema", None)),
    ask(B, "typos", "Wich apiaries is Priya responsable for?",
        q("is responsible for", "Priya", None)),
    ask(B, "synonyms", "Who owns Hive 12?",
        q("keeps", None, "Hive 12")),
    ask(B, "plurals", "Which hives have Varroa?",
        q("is affected by", None, "Varroa")),
    ask(B, "plurals", "Which hives are at Mill Lane?",
        q("is sited at", None, "Mill Lane")),
    ask(B, "contractions", "Hasn't Len completed the Microscopy course yet?",
        q("has completed", "Len", "Microscopy")),
    ask(B, "per-unit", "How much rent do we pay for Church Field each year?",
        q("rent per year", "Church Field", None)),
    ask(B, "polite-wrappers", "Would you mind telling me whether Hive 30 must be reported?",
        q("must be reported", "Hive 30", None)),
    ask(B, "polite-wrappers", "Hi! Could you let me know who mentors Sam, please?",
        q("mentors", None, "Sam")),
    say(B, "dates", "Hive 3 was last inspected on 21/06/2027.",
        f("was last inspected on", "Hive 3", "2027-06-21")),

    # ------------------------------------------------------------------ pottery studio (24)
    ask(P, "possessives-noun-phrases", "What's Electric 10's maximum temperature?",
        q("maximum temperature", "Electric 10", None)),
    ask(P, "how-much-many-does", "How hot do you fire Porcelain?",
        q("firing temperature", "Porcelain", None)),
    ask(P, "articles-concept-nouns", "Is the glaze Clear compatible with the clay Earthenware?",
        q("is compatible with", "Clear", "Earthenware")),
    ask(P, "articles-concept-nouns", "Does the potter Olu Adeyemi teach the Wheel Basics class?",
        q("teaches", "Olu Adeyemi", "Wheel Basics")),
    ask(P, "relationship-prepositions", "What's the fee for Hand Building?",
        q("class fee", "Hand Building", None)),
    ask(P, "object-first-reverse", "Is Wheel Basics 2 taught by Grace?",
        q("teaches", "Grace", "Wheel Basics 2")),
    ask(P, "verb-tenses", "Who taught Hand Building?",
        q("teaches", None, "Hand Building")),
    ask(P, "verb-tenses", "Has Tariq enrolled in Saturday Throwing?",
        q("is enrolled in", "Tariq", "Saturday Throwing")),
    say(P, "amounts-in-statements", "A firing in Electric 10 costs £11.75 now.",
        f("cost per firing", "Electric 10", "11.75")),
    say_ask(P, "certainty-then-question", "I'm 90% sure Tariq has paid the deposit. Is Tariq ready to fire?",
            [f("has paid deposit", "Tariq", "true")],
            q("is ready to fire", "Tariq", None)),
    why(P, "why", "Why can Earthenware be fired in Electric 10?",
        q("can be fired in", "Earthenware", "Electric 10")),
    why(P, "why", "Why is Kim ready to fire?",
        q("is ready to fire", "Kim", "true")),
    ask(P, "lowercase-no-question-mark", "which glazes can kimberly use",
        q("may glaze with", "Kimberly", None)),
    ask(P, "terse", "Raku max temp?",
        q("maximum temperature", "Raku", None)),
    ask(P, "typos", "Is Celadon food saef?",
        q("is food safe", "Celadon", None)),
    ask(P, "typos", "Whcih clays can be fired in the Gas Klin?",
        q("can be fired in", None, "Gas Kiln")),
    ask(P, "synonyms", "Has Grace put down her deposit?",
        q("has paid deposit", "Grace", None)),
    ask(P, "plurals", "Which potters are enrolled in Wheel Basics 2?",
        q("is enrolled in", None, "Wheel Basics 2")),
    ask(P, "contractions", "Who's teaching Saturday Throwing?",
        q("teaches", None, "Saturday Throwing")),
    ask(P, "contractions", "Doesn't Kimberly work with Earthenware?",
        q("works with", "Kimberly", "Earthenware")),
    ask(P, "per-unit", "How much per firing is the Gas Kiln?",
        q("cost per firing", "Gas Kiln", None)),
    ask(P, "polite-wrappers", "Could you please tell me how many shelves Tariq has booked?",
        q("shelves booked", "Tariq", None)),
    ask(P, "dates", "When does Wheel Basics 2 start?",
        q("starts on", "Wheel Basics 2", None)),
    say(P, "dates", "Hand Building starts on the 4th of October 2027.",
        f("starts on", "Hand Building", "2027-10-04")),
]

ABOUT = (
    "Fourth blind evaluation set for Lapwing's offline natural-language reader: 72 hand-written "
    "prompts over three maps written for it (a climbing wall, a beekeepers' association, a pottery "
    "studio), 18 families x 4, 24 prompts per map. Written 24 November 2026 by an independent "
    "evaluator who had not read the reader's code, its corpora or the earlier blind sets, and who "
    "ran no prompt through it. Grading: see README.md."
)


# ---------------------------------------------------------------------------------- checking
def load_map(name):
    tree = ET.parse(os.path.join(ROOT, "maps", name + ".rbl"))
    root = tree.getroot()
    concepts, instances, rels, derived = {}, {}, {}, set()
    for el in root:
        tag = el.tag.split("}")[-1]
        if tag == "concept":
            concepts[el.get("name")] = el.get("type")
        elif tag == "concinst":
            instances.setdefault(el.get("type"), set()).add(el.get("name"))
        elif tag == "rel":
            rels[el.get("name")] = (el.get("subject"), el.get("object"))
        elif tag == "relinst" and any(c.tag.split("}")[-1] == "condition" for c in el):
            derived.add(el.get("type"))
    return concepts, instances, rels, derived


NUMBER = re.compile(r"^-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?$")


def check_value(problems, where, side, value, concept, concepts, instances):
    ctype = concepts.get(concept)
    if ctype == "string":
        if value not in instances.get(concept, set()):
            problems.append(f"{where}: {side} {value!r} is not an instance of concept {concept!r}")
    elif ctype == "number":
        if not NUMBER.match(value):
            problems.append(f"{where}: {side} {value!r} is not a plain decimal")
    elif ctype == "date":
        try:
            ok = datetime.date.fromisoformat(value).isoformat() == value
        except ValueError:
            ok = False
        if not ok:
            problems.append(f"{where}: {side} {value!r} is not an ISO date")
    elif ctype == "truth":
        if value not in ("true", "false"):
            problems.append(f"{where}: {side} {value!r} is not true/false")
    else:
        problems.append(f"{where}: concept {concept!r} has unknown type {ctype!r}")


def check_triple(problems, where, triple, model, full):
    concepts, instances, rels, _ = model
    if set(triple) != {"relationship", "subject", "object"}:
        problems.append(f"{where}: triple keys {sorted(triple)}")
        return
    rel = triple["relationship"]
    if rel not in rels:
        problems.append(f"{where}: unknown relationship {rel!r}")
        return
    subj_concept, obj_concept = rels[rel]
    s, o = triple["subject"], triple["object"]
    if full and (s is None or o is None):
        problems.append(f"{where}: needs subject and object")
    if s is None and o is None:
        problems.append(f"{where}: neither subject nor object")
    if s is not None:
        if not isinstance(s, str):
            problems.append(f"{where}: subject must be a string")
        elif s not in instances.get(subj_concept, set()):
            problems.append(f"{where}: subject {s!r} is not an instance of concept {subj_concept!r}")
    if o is not None:
        if not isinstance(o, str):
            problems.append(f"{where}: object must be a string")
        else:
            check_value(problems, where, "object", o, obj_concept, concepts, instances)
    if s is None and concepts.get(obj_concept) != "string":
        problems.append(f"{where}: asks for the subject of a {concepts.get(obj_concept)} relationship")


def main():
    problems = []
    models = {m: load_map(m) for m in MAPS}
    prompts_seen = Counter()
    for i, case in enumerate(CASES, 1):
        where = f"case {i} ({case.get('map')}, {case.get('family')})"
        if case["map"] not in models:
            problems.append(f"{where}: unknown map")
            continue
        if case["family"] not in FAMILIES:
            problems.append(f"{where}: unknown family")
        if not case["prompt"].strip():
            problems.append(f"{where}: empty prompt")
        prompts_seen[case["prompt"]] += 1
        model = models[case["map"]]
        exp = case["expect"]
        kind = exp["kind"]
        if kind == "question":
            if "facts" in exp or "query" not in exp:
                problems.append(f"{where}: a question has a query and no facts")
            else:
                check_triple(problems, where, exp["query"], model, full=False)
        elif kind == "statement":
            if "query" in exp or not exp.get("facts"):
                problems.append(f"{where}: a statement has facts and no query")
        elif kind == "statement+question":
            if "query" not in exp or not exp.get("facts"):
                problems.append(f"{where}: statement+question needs facts and a query")
            else:
                check_triple(problems, where, exp["query"], model, full=False)
        elif kind == "why":
            if "facts" in exp or "query" not in exp:
                problems.append(f"{where}: a why has a query (the fact) and no facts")
            else:
                check_triple(problems, where, exp["query"], model, full=True)
                if exp["query"]["relationship"] not in model[3]:
                    problems.append(f"{where}: why about a relationship no rule concludes")
                rel = model[2].get(exp["query"]["relationship"])
                if rel and model[0].get(rel[1]) == "truth" and exp["query"]["object"] != "true":
                    problems.append(f"{where}: truth conclusion must be 'true'")
        else:
            problems.append(f"{where}: unknown kind {kind!r}")
        for fact in exp.get("facts", []):
            check_triple(problems, where + " fact", fact, model, full=True)
    for p, n in prompts_seen.items():
        if n > 1:
            problems.append(f"prompt written twice: {p!r}")

    if len(CASES) != 72:
        problems.append(f"{len(CASES)} cases, not 72")
    per_map = Counter(c["map"] for c in CASES)
    for m in MAPS:
        if per_map[m] != 24:
            problems.append(f"map {m}: {per_map[m]} cases, not 24")
    per_family = Counter(c["family"] for c in CASES)
    for fam in FAMILIES:
        if per_family[fam] != 4:
            problems.append(f"family {fam}: {per_family[fam]} cases, not 4")
        for m in MAPS:
            if not any(c["family"] == fam and c["map"] == m for c in CASES):
                problems.append(f"family {fam} missing on map {m}")
    # the fourth case of each family rotates over the maps
    for k, fam in enumerate(FAMILIES):
        extra = MAPS[k % 3]
        n = sum(1 for c in CASES if c["family"] == fam and c["map"] == extra)
        if n != 2:
            problems.append(f"family {fam}: expected its fourth case on {extra}")

    if problems:
        for p in problems:
            print("problem:", p)
        print(f"{len(problems)} problem(s); prompts.json not written")
        return 1

    out = {"about": ABOUT, "cases": CASES}
    with open(os.path.join(ROOT, "prompts.json"), "w", encoding="utf-8") as fh:
        fh.write(json.dumps(out, indent=2, ensure_ascii=False) + "\n")
    kinds = Counter(c["expect"]["kind"] for c in CASES)
    print(f"ok: {len(CASES)} cases; per map {dict(per_map)}; families {len(per_family)} x 4; kinds {dict(kinds)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
