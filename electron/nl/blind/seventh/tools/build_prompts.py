#!/usr/bin/env python3
"""Seventh blind evaluation set for Lapwing's natural-language reader.

Holds the 72 hand-written cases (each prompt typed by hand, one at a time), checks every expected
reading against its map, checks the counts, and writes ../prompts.json. Exit code 1 on any problem.

Usage: python3 tools/build_prompts.py [--check]   (--check: verify only, do not write)
"""
import datetime
import json
import os
import re
import sys
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
MAPS = ["tattoo-studio", "dive-centre", "escape-rooms"]
KINDS = {"question", "statement", "statement+question", "why"}

T, D, E = MAPS


def Q(rel, s, o):
    return {"relationship": rel, "subject": s, "object": o}


def ask(m, fam, prompt, rel, s, o):
    return {"map": m, "family": fam, "prompt": prompt, "expect": {"kind": "question", "query": Q(rel, s, o)}}


def tell(m, fam, prompt, *facts):
    return {"map": m, "family": fam, "prompt": prompt,
            "expect": {"kind": "statement", "facts": [Q(*f) for f in facts]}}


def tell_ask(m, fam, prompt, facts, query):
    return {"map": m, "family": fam, "prompt": prompt,
            "expect": {"kind": "statement+question", "facts": [Q(*f) for f in facts], "query": Q(*query)}}


def why(m, fam, prompt, rel, s, o):
    return {"map": m, "family": fam, "prompt": prompt, "expect": {"kind": "why", "query": Q(rel, s, o)}}


F = {name: name for name in FAMILIES}
POS, HOW, ART, PREP, REV, TENSE, AMT, CERT, WHY, LOWER, TERSE, TYPO, SYN, PLUR, CONTR, UNIT, POLITE, DATES = FAMILIES

CASES = [
    # --- possessives and noun phrases (fourth on tattoo-studio)
    ask(T, POS, "What's Renata's hourly rate?", "hourly rate", "Renata", None),
    ask(T, POS, "Mona's appointment date?", "appointment date", "Mona", None),
    ask(D, POS, "Blue Hole Wall maximum depth?", "maximum depth", "Blue Hole Wall", None),
    ask(E, POS, "What is Clue Crew's best escape time?", "best escape time", "Clue Crew", None),

    # --- how much / how many / how does (fourth on dive-centre)
    ask(T, HOW, "How much has Priya put down as a deposit?", "deposit paid", "Priya", None),
    ask(D, HOW, "How many dives does Frankie have in his log book?", "logged dives", "Frankie", None),
    ask(D, HOW, "how deep can you go at Wreck Alley?", "maximum depth", "Wreck Alley", None),
    ask(E, HOW, "How many players does Red Herrings have?", "team size", "Red Herrings", None),

    # --- articles and concept nouns (fourth on escape-rooms)
    ask(T, ART, "Is the client Jules being tattooed by the artist Kit?", "is tattooed by", "Jules", "Kit"),
    ask(D, ART, "Is the diver Sam trained by the instructor Dee?", "is trained by", "Sam", "Dee"),
    ask(E, ART, "Is the Vault room hosted by the game host Ed?", "is hosted by", "Vault", "Ed"),
    ask(E, ART, "Does the Lab 1 room contain the Morse Panel puzzle?", "contains", "Lab 1", "Morse Panel"),

    # --- prepositions belonging to the relationship (fourth on tattoo-studio)
    ask(T, PREP, "What is the hourly rate for Kit?", "hourly rate", "Kit", None),
    ask(T, PREP, "What are the estimated hours for the Compass?", "estimated hours", "Compass", None),
    ask(D, PREP, "What's the equipment hire fee for Ola?", "equipment hire fee", "Ola", None),
    ask(E, PREP, "What's the time limit on the Lost Temple?", "time limit", "Lost Temple", None),

    # --- object first and reverse direction (fourth on dive-centre)
    ask(T, REV, "Does Renata tattoo Mona?", "is tattooed by", "Mona", "Renata"),
    ask(D, REV, "Who does Big Al train?", "is trained by", None, "Big Al"),
    ask(D, REV, "Is the Nitrox course taught by Deena?", "teaches", "Deena", "Nitrox"),
    ask(E, REV, "Has Vault 13 been booked by Night Owls?", "has booked", "Night Owls", "Vault 13"),

    # --- verb forms (tenses) (fourth on escape-rooms)
    ask(T, TENSE, "Which design did Priya want in the end?", "wants", "Priya", None),
    ask(D, TENSE, "Did Samir go out on the Manta?", "goes out on", "Samir", "Manta"),
    ask(E, TENSE, "Have the Owls solved the Cipher yet?", "solved", "Owls", "Cipher"),
    ask(E, TENSE, "Who is hosting Lab 12 tonight?", "is hosted by", "Lab 12", None),

    # --- amounts and numbers in statements (fourth on tattoo-studio)
    tell(T, AMT, "Mo has paid a £50 deposit and he is 19.",
         ("deposit paid", "Mo", "50"), ("age", "Mo", "19")),
    tell(T, AMT, "The Swallow will take 2.5 hours.", ("estimated hours", "Swallow", "2.5")),
    tell(D, AMT, "Sam's equipment hire fee is €42.50 and he's logged 18 dives.",
         ("equipment hire fee", "Sam", "42.5"), ("logged dives", "Sam", "18")),
    tell(E, AMT, "Owls are a team of 6, and they've booked Vault.",
         ("team size", "Owls", "6"), ("has booked", "Owls", "Vault")),

    # --- certainty phrase then question (fourth on dive-centre)
    tell_ask(T, CERT, "I'm fairly sure Mo is 19. Can he be tattooed?",
             [("age", "Mo", "19")], ("can be tattooed", "Mo", None)),
    tell_ask(D, CERT, "I think Sam has completed Nitrox - where may he dive?",
             [("has completed", "Sam", "Nitrox")], ("may dive at", "Sam", None)),
    tell_ask(D, CERT, "Pretty certain Ola goes out on the Dory. Does she own a wetsuit?",
             [("goes out on", "Ola", "Dory")], ("owns a wetsuit", "Ola", None)),
    tell_ask(E, CERT, "About 80% sure the Red Herrings have booked Lab 12. What's their total price?",
             [("has booked", "Red Herrings", "Lab 12")], ("total price", "Red Herrings", None)),

    # --- why questions (fourth on escape-rooms)
    why(T, WHY, "Why is Renata recommended for Mona?", "recommended artist", "Mona", "Renata"),
    why(D, WHY, "Why does Ola Berg need a refresher?", "needs a refresher", "Ola Berg", "true"),
    why(E, WHY, "Why is the total price for Night Owls 137.50?", "total price", "Night Owls", "137.5"),
    why(E, WHY, "why do Clue Crew Juniors need a supervising adult", "needs a supervising adult", "Clue Crew Juniors", "true"),

    # --- lower case without question mark (fourth on tattoo-studio)
    ask(T, LOWER, "which artist is tattooing jules tran", "is tattooed by", "Jules Tran", None),
    ask(T, LOWER, "is priya allergic to latex", "is allergic to latex", "Priya", None),
    ask(D, LOWER, "which boats visit coral garden", "visits", None, "Coral Garden"),
    ask(E, LOWER, "who hosts vault 13", "is hosted by", "Vault 13", None),

    # --- terse questions (fourth on dive-centre)
    ask(T, TERSE, "Compass style?", "is drawn in", "Compass", None),
    ask(D, TERSE, "Samir's instructor?", "is trained by", "Samir", None),
    ask(D, TERSE, "Manta II seats?", "number of seats", "Manta II", None),
    ask(E, TERSE, "Vault theme?", "theme", "Vault", None),

    # --- typos (fourth on escape-rooms)
    ask(T, TYPO, "Wich style does Ren specialize in?", "specialises in", "Ren", None),
    ask(D, TYPO, "Whats the maximum dpeth at Shark Point?", "maximum depth", "Shark Point", None),
    ask(E, TYPO, "Is Lost Temple wheelchiar accesible?", "is wheelchair accessible", "Lost Temple", None),
    ask(E, TYPO, "Wich puzzels are in Vault 13?", "contains", "Vault 13", None),

    # --- synonyms (fourth on tattoo-studio)
    ask(T, SYN, "Who's inking Mona?", "is tattooed by", "Mona", None),
    ask(T, SYN, "Has Mona signed the waiver?", "has signed consent form", "Mona", None),
    ask(D, SYN, "What qualification does Blue Hole need?", "requires", "Blue Hole", None),
    ask(E, SYN, "What genre is Lab 12?", "theme", "Lab 12", None),

    # --- plurals (fourth on dive-centre)
    ask(T, PLUR, "Who wants Roses?", "wants", None, "Rose"),
    ask(D, PLUR, "Which sites is Samir allowed to dive at?", "may dive at", "Samir", None),
    ask(D, PLUR, "Which instructors teach Open Water courses?", "teaches", None, "Open Water"),
    ask(E, PLUR, "Which puzzles have the Night Owls solved?", "solved", "Night Owls", None),

    # --- contractions (fourth on escape-rooms)
    ask(T, CONTR, "Isn't Jules Tran getting tattooed by Old Tom?", "is tattooed by", "Jules Tran", "Old Tom"),
    ask(D, CONTR, "Who's going out on the Sea Sprite?", "goes out on", None, "Sea Sprite"),
    ask(E, CONTR, "What's Night Owls' booking date?", "booking date", "Night Owls", None),
    ask(E, CONTR, "Doesn't Lab 1 have a Sci-Fi theme?", "theme", "Lab 1", "Sci-Fi"),

    # --- per-unit phrasing (fourth on tattoo-studio)
    ask(T, UNIT, "How much does Old Tom charge per hour?", "hourly rate", "Old Tom", None),
    tell(T, UNIT, "Renata's rate is £130 an hour now.", ("hourly rate", "Renata", "130")),
    ask(D, UNIT, "How many people per trip can the Dory take?", "number of seats", "Dory", None),
    ask(E, UNIT, "What's the price per head for Vault?", "price per player", "Vault", None),

    # --- polite wrappers (fourth on dive-centre)
    ask(T, POLITE, "Could you tell me whether Mo can be tattooed, please?", "can be tattooed", "Mo", None),
    ask(D, POLITE, "Hi there, would you mind checking which boat Ola Berg is going out on? Thanks!",
        "goes out on", "Ola Berg", None),
    ask(D, POLITE, "Please can you let me know when Samir last had a dive medical.", "last medical", "Samir", None),
    ask(E, POLITE, "Hello! I'd like to know who hosts Lost Temple, if that's ok.", "is hosted by", "Lost Temple", None),

    # --- dates (fourth on escape-rooms)
    tell(T, DATES, "Priya's appointment is on 3 March 2027.", ("appointment date", "Priya", "2027-03-03")),
    tell(D, DATES, "Frankie's last medical was on January 12th, 2026.", ("last medical", "Frankie", "2026-01-12")),
    tell(E, DATES, "The Owls are booked to play on 14 February 2027.", ("booking date", "Owls", "2027-02-14")),
    ask(E, DATES, "Is Red Herrings' booking date 31/12/2026?", "booking date", "Red Herrings", "2026-12-31"),
]

ABOUT = ("Seventh blind evaluation set for Lapwing's offline natural-language reader: 72 hand-written "
         "prompts, 18 families x 4, 24 per map, over three maps written for this set (tattoo-studio, "
         "dive-centre, escape-rooms). Written 24 November 2026 by an independent evaluator who had not "
         "read the reader's code or any earlier test set. Grading: see README.md.")


def load_map(name):
    path = os.path.join(ROOT, "maps", name + ".rbl")
    root = ET.parse(path).getroot()
    concepts, rels, insts, derived = {}, {}, {}, set()
    for el in root:
        tag = el.tag.split('}')[-1]
        if tag == "concept":
            concepts[el.get("name")] = el.get("type")
        elif tag == "rel":
            rels[el.get("name")] = (el.get("subject"), el.get("object"))
        elif tag == "concinst":
            insts.setdefault(el.get("type"), set()).add(el.get("name"))
        elif tag == "relinst" and any(c.tag.split('}')[-1] == "condition" for c in el):
            derived.add(el.get("type"))
    return concepts, rels, insts, derived


def main():
    problems = []
    maps = {m: load_map(m) for m in MAPS}

    def check_triple(i, where, t, m, full):
        concepts, rels, insts, _ = maps[m]
        if set(t) != {"relationship", "subject", "object"}:
            problems.append(f"case {i}: {where}: keys must be relationship, subject, object")
            return
        rel = t["relationship"]
        if rel not in rels:
            problems.append(f"case {i}: {where}: no relationship {rel!r} in {m}")
            return
        sc, oc = rels[rel]
        s, o = t["subject"], t["object"]
        if full and (s is None or o is None):
            problems.append(f"case {i}: {where}: subject and object are both required")
        if s is not None and s not in insts.get(sc, set()):
            problems.append(f"case {i}: {where}: {s!r} is not a {sc} in {m}")
        if o is None:
            return
        if not isinstance(o, str):
            problems.append(f"case {i}: {where}: object must be a string")
            return
        otype = concepts[oc]
        if otype == "string":
            if o not in insts.get(oc, set()):
                problems.append(f"case {i}: {where}: {o!r} is not a {oc} in {m}")
        elif otype == "number":
            if not re.fullmatch(r"-?(0|[1-9]\d*)(\.\d*[1-9])?", o):
                problems.append(f"case {i}: {where}: {o!r} is not a plain decimal number")
        elif otype == "date":
            try:
                if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", o):
                    raise ValueError
                datetime.date.fromisoformat(o)
            except ValueError:
                problems.append(f"case {i}: {where}: {o!r} is not an ISO date")
        elif otype == "truth":
            if o not in ("true", "false"):
                problems.append(f"case {i}: {where}: {o!r} is not true/false")

    seen = set()
    for i, c in enumerate(CASES, 1):
        if set(c) != {"map", "family", "prompt", "expect"}:
            problems.append(f"case {i}: unexpected keys {sorted(c)}")
        m, fam, prompt, ex = c["map"], c["family"], c["prompt"], c["expect"]
        if m not in MAPS:
            problems.append(f"case {i}: unknown map {m!r}")
            continue
        if fam not in FAMILIES:
            problems.append(f"case {i}: unknown family {fam!r}")
        if not prompt.strip() or prompt in seen:
            problems.append(f"case {i}: empty or duplicate prompt {prompt!r}")
        seen.add(prompt)
        kind = ex.get("kind")
        if kind not in KINDS:
            problems.append(f"case {i}: unknown kind {kind!r}")
            continue
        has_q, has_f = "query" in ex, "facts" in ex
        want_q = kind in ("question", "statement+question", "why")
        want_f = kind in ("statement", "statement+question")
        if has_q != want_q or has_f != want_f:
            problems.append(f"case {i}: kind {kind} needs query={want_q} facts={want_f}")
        if has_q:
            q = ex["query"]
            check_triple(i, "query", q, m, full=(kind == "why"))
            if q.get("subject") is None and q.get("object") is None:
                rel = q.get("relationship")
                problems.append(f"case {i}: query on {rel!r} names neither subject nor object")
            if kind == "why":
                _, rels, _, derived = maps[m]
                if q["relationship"] not in derived:
                    problems.append(f"case {i}: why-question on {q['relationship']!r}, which no rule derives")
                oc = rels.get(q["relationship"], (None, None))[1]
                if oc and maps[m][0].get(oc) == "truth" and q["object"] != "true":
                    problems.append(f"case {i}: a truth conclusion's object is \"true\"")
        if has_f:
            if not ex["facts"]:
                problems.append(f"case {i}: no facts")
            keys = [json.dumps(f, sort_keys=True) for f in ex["facts"]]
            if len(set(keys)) != len(keys):
                problems.append(f"case {i}: duplicate facts")
            for j, f in enumerate(ex["facts"]):
                check_triple(i, f"fact {j + 1}", f, m, full=True)

    # counts
    if len(CASES) != 72:
        problems.append(f"{len(CASES)} cases, expected 72")
    for m in MAPS:
        n = sum(1 for c in CASES if c["map"] == m)
        if n != 24:
            problems.append(f"{m}: {n} cases, expected 24")
    for k, fam in enumerate(FAMILIES):
        n = sum(1 for c in CASES if c["family"] == fam)
        if n != 4:
            problems.append(f"family {fam!r}: {n} cases, expected 4")
        for m in MAPS:
            if not any(c["map"] == m and c["family"] == fam for c in CASES):
                problems.append(f"family {fam!r} has no case on {m}")
        extra = MAPS[k % 3]
        n_extra = sum(1 for c in CASES if c["map"] == extra and c["family"] == fam)
        if n_extra != 2:
            problems.append(f"family {fam!r}: the fourth case should be on {extra} (rotation)")

    if problems:
        for p in problems:
            print("problem:", p)
        print(f"{len(problems)} problem(s); prompts.json not written")
        return 1

    kinds = {}
    for c in CASES:
        kinds[c["expect"]["kind"]] = kinds.get(c["expect"]["kind"], 0) + 1
    print(f"ok: {len(CASES)} cases; per map " +
          ", ".join(f"{m} {sum(1 for c in CASES if c['map'] == m)}" for m in MAPS) +
          f"; {len(FAMILIES)} families x 4; kinds " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    if "--check" not in sys.argv:
        with open(os.path.join(ROOT, "prompts.json"), "w") as fh:
            json.dump({"about": ABOUT, "cases": CASES}, fh, indent=2, ensure_ascii=False)
            fh.write("\n")
        print("wrote prompts.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
