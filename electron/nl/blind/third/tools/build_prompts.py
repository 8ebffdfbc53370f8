#!/usr/bin/env python3
"""Build /work/blind3/prompts.json from the hand-written cases below and check them against the maps.

Checks: every relationship exists in its map; subjects are instances of the relationship's subject
concept and string objects instances of its object concept; number objects are plain decimals, dates
ISO, truths true/false; kinds carry the right parts (question: query only; statement: facts only;
statement+question: both; why: full triple); 72 cases, 24 per map, 18 families x 4, each family on
every map. Run: python3 tools/build_prompts.py (exits 1 on any problem).
"""
import datetime, json, os, re, sys
import xml.etree.ElementTree as ET
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

FAMILIES = [
    "possessives and noun phrases", "how much / how many / how does", "articles and concept nouns",
    "prepositions belonging to the relationship", "object first and reverse direction",
    "verb forms (tenses)", "amounts and numbers in statements", "certainty phrase then question",
    "why questions", "lower case without question mark", "terse questions", "typos", "synonyms",
    "plurals", "contractions", "per-unit phrasing", "polite wrappers", "dates",
]

def q(rel, s, o=None):
    return {"relationship": rel, "subject": s, "object": o}

def f(rel, s, o):
    return {"relationship": rel, "subject": s, "object": o}

def Q(map_, fam, prompt, query):
    return {"map": map_, "family": fam, "prompt": prompt, "expect": {"kind": "question", "query": query}}

def S(map_, fam, prompt, *facts):
    return {"map": map_, "family": fam, "prompt": prompt, "expect": {"kind": "statement", "facts": list(facts)}}

def SQ(map_, fam, prompt, facts, query):
    return {"map": map_, "family": fam, "prompt": prompt,
            "expect": {"kind": "statement+question", "facts": facts, "query": query}}

def W(map_, fam, prompt, triple):
    return {"map": map_, "family": fam, "prompt": prompt, "expect": {"kind": "why", "query": triple}}

A, K, M = "allotment", "kennels", "music-school"
F = dict(enumerate(FAMILIES, 1))

CASES = [
    # 1 possessives and noun phrases
    Q(A, F[1], "What is Plot 12's annual rent?", q("annual rent", "Plot 12")),
    Q(A, F[1], "Maisie's tenancy start date?", q("tenancy start date", "Maisie")),
    Q(K, F[1], "What is Lady Penelope's arrival date?", q("arrival date", "Lady Penelope")),
    Q(M, F[1], "What is Ravi Patel's current grade?", q("current grade", "Ravi Patel")),
    # 2 how much / how many / how does
    Q(A, F[2], "How many raised beds does Top Corner have?", q("number of raised beds", "Top Corner")),
    Q(K, F[2], "How much does Max weigh?", q("weighs", "Max")),
    Q(K, F[2], "How many nights has Biscuit been booked in for?", q("nights booked", "Biscuit")),
    Q(M, F[2], "How much is Joanna's term fee?", q("term fee", "Joanna")),
    # 3 articles and concept nouns
    Q(A, F[3], "Is the Top Corner plot inspected by committee member Dev?", q("is inspected by", "Top Corner", "Dev")),
    Q(K, F[3], "Is the dog Scout boarded in the Garden Suite?", q("is boarded in", "Scout", "Garden Suite")),
    Q(M, F[3], "Does the pupil Noor learn the cello?", q("learns", "Noor", "Cello")),
    Q(M, F[3], "Does the String Quartet ensemble rehearse in the Blue Room?", q("rehearses in", "String Quartet", "Blue Room")),
    # 4 prepositions belonging to the relationship
    Q(A, F[4], "Who is Plot 12 inspected by?", q("is inspected by", "Plot 12")),
    Q(A, F[4], "What is the daily water allowance for Plot 4?", q("daily water allowance", "Plot 4")),
    Q(K, F[4], "What is the nightly rate for Run 10?", q("nightly rate", "Run 10")),
    Q(M, F[4], "What's the term fee for Noor?", q("term fee", "Noor")),
    # 5 object first and reverse direction
    Q(A, F[5], "Who rents Plot 4?", q("rents", None, "Plot 4")),
    Q(K, F[5], "Which dogs does Kira walk?", q("is walked by", None, "Kira")),
    Q(K, F[5], "Does Sam walk Max?", q("is walked by", "Max", "Sam")),
    Q(M, F[5], "Does Ms Adeyemi teach Joanna?", q("is taught by", "Joanna", "Ms Adeyemi")),
    # 6 verb forms (tenses)
    Q(A, F[6], "Who borrowed the Hedge Trimmer?", q("borrows", None, "Hedge Trimmer")),
    Q(K, F[6], "Who has been walking Biscuit?", q("is walked by", "Biscuit")),
    Q(M, F[6], "Has Jo been learning piano?", q("learns", "Jo", "Piano")),
    Q(M, F[6], "Who taught Noor?", q("is taught by", "Noor")),
    # 7 amounts and numbers in statements
    S(A, F[7], "The annual rent on Plot 4A has gone up to £40", f("annual rent", "Plot 4A", "40")),
    S(K, F[7], "Scout weighs 27.5 kg and is booked in for 4 nights",
      f("weighs", "Scout", "27.5"), f("nights booked", "Scout", "4")),
    S(K, F[7], "£19.50 a night is the nightly rate for Run 10 now", f("nightly rate", "Run 10", "19.5")),
    S(M, F[7], "Mr Fenwick's hourly rate is £38 and Noor has 11 lessons per term",
      f("hourly rate", "Mr Fenwick", "38"), f("lessons per term", "Noor", "11")),
    # 8 certainty phrase then question
    SQ(A, F[8], "I'm fairly sure Old Ron grows Potatoes. Who else grows Potatoes?",
       [f("grows", "Old Ron", "Potatoes")], q("grows", None, "Potatoes")),
    SQ(K, F[8], "Pretty certain Scout is vaccinated - can Scout be admitted?",
       [f("is vaccinated", "Scout", "true")], q("can be admitted", "Scout")),
    SQ(M, F[8], "I'm about 80% sure Little Fin is in the Junior Choir. Where does the Junior Choir rehearse?",
       [f("plays in", "Little Fin", "Junior Choir")], q("rehearses in", "Junior Choir")),
    SQ(M, F[8], "Noor has probably passed grade 4 now. May Noor perform at the concert?",
       [f("current grade", "Noor", "4")], q("may perform at the concert", "Noor")),
    # 9 why questions
    W(A, F[9], "Why does Tom owe £35 in rent?", f("rent owed", "Tom", "35")),
    W(A, F[9], "Why may Maisie take out the Hedge Trimmer?", f("may take out", "Maisie", "Hedge Trimmer")),
    W(K, F[9], "Why can Biscuit be admitted?", f("can be admitted", "Biscuit", "true")),
    W(M, F[9], "Why is Joanna's term fee 378?", f("term fee", "Joanna", "378")),
    # 10 lower case without question mark
    Q(A, F[10], "what does priya shah grow", q("grows", "Priya Shah")),
    Q(K, F[10], "which kennel is max boarded in", q("is boarded in", "Max")),
    Q(M, F[10], "who plays in the string quartet", q("plays in", None, "String Quartet")),
    Q(M, F[10], "is ravi patel taught by mr fenwick", q("is taught by", "Ravi Patel", "Mr Fenwick")),
    # 11 terse questions
    Q(A, F[11], "Rotavator hire fee?", q("hire fee per day", "Rotavator")),
    Q(K, F[11], "Max owner?", q("belongs to", "Max")),
    Q(K, F[11], "Run 1 nightly rate?", q("nightly rate", "Run 1")),
    Q(M, F[11], "Noor exam date?", q("exam date", "Noor")),
    # 12 typos
    Q(A, F[12], "Wich plot does Tomasz rent?", q("rents", "Tomasz")),
    Q(A, F[12], "Has Priya Shah payed her rent?", q("has paid rent", "Priya Shah")),
    Q(K, F[12], "Is Lady Penelpoe vaccinated?", q("is vaccinated", "Lady Penelope")),
    Q(M, F[12], "Which instruments does Joana learn?", q("learns", "Joanna")),
    # 13 synonyms
    Q(A, F[13], "Which plot is Tomasz leasing?", q("rents", "Tomasz")),
    Q(K, F[13], "Who owns Biscuit?", q("belongs to", "Biscuit")),
    Q(M, F[13], "Which pupils does Ms Adeyemi tutor?", q("is taught by", None, "Ms Adeyemi")),
    Q(M, F[13], "Where does the Rock Band practise?", q("rehearses in", "Rock Band")),
    # 14 plurals
    Q(A, F[14], "Which plotholders grow rhubarb?", q("grows", None, "Rhubarb")),
    Q(K, F[14], "Which dogs are walked by Sam?", q("is walked by", None, "Sam")),
    Q(K, F[14], "What foods does Biscuit eat?", q("eats", "Biscuit")),
    Q(M, F[14], "Who are Mr Fenwick's pupils?", q("is taught by", None, "Mr Fenwick")),
    # 15 contractions
    Q(A, F[15], "Who's growing Broad Beans?", q("grows", None, "Broad Beans")),
    Q(K, F[15], "When's Biscuit arriving?", q("arrival date", "Biscuit")),
    Q(M, F[15], "Who's Noor's teacher?", q("is taught by", "Noor")),
    Q(M, F[15], "Isn't Jo in the Junior Choir?", q("plays in", "Jo", "Junior Choir")),
    # 16 per-unit phrasing
    Q(A, F[16], "How much is the Hedge Trimmer per day?", q("hire fee per day", "Hedge Trimmer")),
    Q(A, F[16], "How many litres of water a day does Plot 4A get?", q("daily water allowance", "Plot 4A")),
    Q(K, F[16], "How much per night does the Garden Suite cost?", q("nightly rate", "Garden Suite")),
    Q(M, F[16], "What does Ms Adeyemi charge per hour?", q("hourly rate", "Ms Adeyemi")),
    # 17 polite wrappers
    Q(A, F[17], "Could you tell me who inspects Plot 4A, please?", q("is inspected by", "Plot 4A")),
    Q(K, F[17], "Hi, could you let me know which staff member walks Lady Penelope? Thanks!", q("is walked by", "Lady Penelope")),
    Q(K, F[17], "Would you mind checking whether Gina Rossi has paid the deposit?", q("has paid deposit", "Gina Rossi")),
    Q(M, F[17], "Please can you tell me how many lessons Ravi Patel gets each term?", q("lessons per term", "Ravi Patel")),
    # 18 dates
    S(A, F[18], "Old Ron's tenancy started on 1 May 2023", f("tenancy start date", "Old Ron", "2023-05-01")),
    Q(A, F[18], "When did Tomasz start his tenancy?", q("tenancy start date", "Tomasz")),
    S(K, F[18], "Max arrives on 18th December 2026", f("arrival date", "Max", "2026-12-18")),
    S(M, F[18], "Jo's exam is on 03/03/2027", f("exam date", "Jo", "2027-03-03")),
]

ABOUT = ("Lapwing NL reader, third blind set: 72 hand-written prompts over three maps used nowhere else "
         "in the project (an allotment site, boarding kennels, a music school), 18 families x 4 "
         "(one per map plus a fourth on one map; 24 per map). Written by an independent evaluator helper "
         "that did not read or run the reader. A reading counts only when relationship, subject, object "
         "and kind all match; a truth-relationship question with no stated value also accepts object "
         "true; statements must give exactly the listed facts and no query; certainty is not graded.")


def load_map(name):
    root = ET.parse(os.path.join(ROOT, "maps", name + ".rbl")).getroot()
    concepts = {c.get("name"): c.get("type") for c in root.iter("concept")}
    rels = {r.get("name"): (r.get("subject"), r.get("object")) for r in root.iter("rel")}
    inst = {}
    for ci in root.iter("concinst"):
        inst.setdefault(ci.get("type"), set()).add(ci.get("name"))
    return concepts, rels, inst


def main():
    problems = []
    maps = {m: load_map(m) for m in (A, K, M)}

    def check_triple(where, m, t, need_s, need_o):
        concepts, rels, inst = maps[m]
        if set(t) != {"relationship", "subject", "object"}:
            problems.append(f"{where}: triple keys {sorted(t)}")
            return
        rel = t["relationship"]
        if rel not in rels:
            problems.append(f"{where}: no relationship {rel!r} in {m}")
            return
        sc, oc = rels[rel]
        s, o = t["subject"], t["object"]
        if need_s and s is None:
            problems.append(f"{where}: subject missing")
        if need_o and o is None:
            problems.append(f"{where}: object missing")
        if s is None and o is None:
            problems.append(f"{where}: neither subject nor object")
        if s is not None and s not in inst.get(sc, ()):
            problems.append(f"{where}: {s!r} is not a {sc} in {m}")
        if o is not None:
            if not isinstance(o, str):
                problems.append(f"{where}: object must be a string")
                return
            ty = concepts[oc]
            if ty == "string" and o not in inst.get(oc, ()):
                problems.append(f"{where}: {o!r} is not a {oc} in {m}")
            elif ty == "number" and not re.fullmatch(r"-?\d+(\.\d+)?", o):
                problems.append(f"{where}: {o!r} is not a plain number")
            elif ty == "date":
                try:
                    datetime.date.fromisoformat(o)
                except ValueError:
                    problems.append(f"{where}: {o!r} is not an ISO date")
            elif ty == "truth" and o not in ("true", "false"):
                problems.append(f"{where}: {o!r} is not true/false")

    for i, c in enumerate(CASES):
        where = f"case {i + 1} ({c['prompt']!r})"
        if c["family"] not in FAMILIES:
            problems.append(f"{where}: unknown family")
        e = c["expect"]
        kind = e["kind"]
        if kind == "question":
            if "facts" in e: problems.append(f"{where}: question with facts")
            check_triple(where, c["map"], e["query"], False, False)
        elif kind == "statement":
            if "query" in e or not e.get("facts"): problems.append(f"{where}: statement shape")
            for t in e.get("facts", []): check_triple(where, c["map"], t, True, True)
        elif kind == "statement+question":
            if not e.get("facts") or "query" not in e: problems.append(f"{where}: statement+question shape")
            for t in e.get("facts", []): check_triple(where, c["map"], t, True, True)
            check_triple(where, c["map"], e["query"], False, False)
        elif kind == "why":
            if "facts" in e: problems.append(f"{where}: why with facts")
            check_triple(where, c["map"], e["query"], True, True)
        else:
            problems.append(f"{where}: unknown kind {kind}")

    if len(CASES) != 72: problems.append(f"{len(CASES)} cases, not 72")
    per_map = Counter(c["map"] for c in CASES)
    if set(per_map.values()) != {24}: problems.append(f"per map: {dict(per_map)}")
    per_fam = Counter(c["family"] for c in CASES)
    for fam in FAMILIES:
        if per_fam[fam] != 4: problems.append(f"family {fam!r}: {per_fam[fam]} cases")
        if {c["map"] for c in CASES if c["family"] == fam} != {A, K, M}:
            problems.append(f"family {fam!r} not on every map")
    prompts = [c["prompt"] for c in CASES]
    if len(set(prompts)) != len(prompts): problems.append("duplicate prompts")

    if problems:
        print("\n".join(problems))
        sys.exit(1)
    out = os.path.join(ROOT, "prompts.json")
    with open(out, "w") as fh:
        json.dump({"about": ABOUT, "cases": CASES}, fh, indent=2, ensure_ascii=False)
        fh.write("\n")
    kinds = Counter(c["expect"]["kind"] for c in CASES)
    print(f"wrote {out}: {len(CASES)} cases, per map {dict(per_map)}, kinds {dict(kinds)}")


if __name__ == "__main__":
    main()
