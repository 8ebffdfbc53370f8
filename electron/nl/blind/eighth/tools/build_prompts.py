#!/usr/bin/env python3
"""The eighth blind evaluation set for Lapwing's natural-language reader.

Every prompt below was written by hand, one at a time. This script only checks them against the
maps in ../maps and writes ../prompts.json. It exits 1 on any problem.

Row: (map, family, prompt, kind, query, facts)
  query: (relationship, subject, object) with None for the asked part, or None
  facts: list of (relationship, subject, object), or None
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
MAPS = ["bell-tower", "puppet-theatre", "falconry-centre"]
# The fourth prompt of a family goes to one map, rotating: families 1-6 on the bell tower,
# 7-12 on the puppet theatre, 13-18 on the falconry centre.
DOUBLED = {m: FAMILIES[i * 6:(i + 1) * 6] for i, m in enumerate(MAPS)}

(POS, HOW, ART, PREP, REV, TENSE, AMT, CERT, WHY, LOWER, TERSE, TYPO, SYN, PLUR, CONTR, UNIT,
 POLITE, DATE) = FAMILIES

Q, S, SQ, W = "question", "statement", "statement+question", "why"

B, P, F = MAPS

CASES = [
    # ------------------------------------------------------------------ bell tower
    (B, POS, "What is All Saints' wedding fee?", Q, ("wedding fee", "All Saints", None), None),
    (B, POS, "What is Mary Magdalene's weight?", Q, ("weighs", "Mary Magdalene", None), None),
    (B, HOW, "How many quarter peals has Robin Hale rung so far?", Q,
     ("quarter peals rung", "Robin Hale", None), None),
    (B, HOW, "How much does Old Nick weigh?", Q, ("weighs", "Old Nick", None), None),
    (B, ART, "Does the ringer Rob ring at the St Giles Cripplegate tower?", Q,
     ("rings at", "Rob", "St Giles Cripplegate"), None),
    (B, ART, "Does the bell Gabriel hang in the Holy Cross tower?", Q,
     ("hangs in", "Gabriel", "Holy Cross"), None),
    (B, PREP, "What's the wedding fee for Holy Cross?", Q, ("wedding fee", "Holy Cross", None), None),
    (B, PREP, "Who is Edith taught by?", Q, ("is taught by", "Edith", None), None),
    (B, REV, "Does Joan Parry teach Edith?", Q, ("is taught by", "Edith", "Joan Parry"), None),
    (B, REV, "Is Stedman Triples rung by Robin Hale?", Q, ("can ring", "Robin Hale", "Stedman Triples"), None),
    (B, TENSE, "Which towers has Mick rung at?", Q, ("rings at", "Mick", None), None),
    (B, TENSE, "Was Patronal Festival held at Holy Cross?", Q,
     ("is held at", "Patronal Festival", "Holy Cross"), None),
    (B, AMT, "Wedding fee at Holy Cross went up to £152.50", S, None,
     [("wedding fee", "Holy Cross", "152.5")]),
    (B, CERT, "I'm pretty sure Edith has passed her safeguarding check. Can Edith ring for the Harper Wedding?",
     SQ, ("can ring for", "Edith", "Harper Wedding"), [("has passed safeguarding", "Edith", "true")]),
    (B, WHY, "Why does St Giles Cripplegate have a heavy bell?", W,
     ("has a heavy bell", "St Giles Cripplegate", "true"), None),
    (B, LOWER, "which bookings are held at all saints", Q, ("is held at", None, "All Saints"), None),
    (B, TERSE, "Great Tom weight?", Q, ("weighs", "Great Tom", None), None),
    (B, TYPO, "Which mehtods can Joan Parry ring?", Q, ("can ring", "Joan Parry", None), None),
    (B, SYN, "Who coaches Robin Hale?", Q, ("is taught by", "Robin Hale", None), None),
    (B, PLUR, "Who are the ringers at Holy Cross?", Q, ("rings at", None, "Holy Cross"), None),
    (B, CONTR, "Hasn't Rob passed his safeguarding yet?", Q, ("has passed safeguarding", "Rob", None), None),
    (B, UNIT, "How much does All Saints charge per wedding?", Q, ("wedding fee", "All Saints", None), None),
    (B, POLITE, "Could you tell me which tower Mary hangs in, please?", Q, ("hangs in", "Mary", None), None),
    (B, DATE, "The New Year Quarter takes place on 31 December 2026.", S, None,
     [("takes place on", "New Year Quarter", "2026-12-31")]),

    # ------------------------------------------------------------------ puppet theatre
    (P, POS, "What is Pinocchio's running time?", Q, ("running time in minutes", "Pinocchio", None), None),
    (P, HOW, "How much is a ticket for Tin Soldier?", Q, ("ticket price", "Tin Soldier", None), None),
    (P, ART, "Is the puppet Old Bear made of felt?", Q, ("is made of", "Old Bear", "Felt"), None),
    (P, PREP, "What's the seating capacity of Studio 2?", Q, ("seating capacity", "Studio 2", None), None),
    (P, REV, "Is Mr Punch operated by Bartek?", Q, ("operates", "Bartek", "Mr Punch"), None),
    (P, TENSE, "Which shows has Oona performed in?", Q, ("performs in", "Oona", None), None),
    (P, AMT, "Tickets for Pinocchio are £9.50 each", S, None, [("ticket price", "Pinocchio", "9.5")]),
    (P, AMT, "Snow Queen runs for 95 minutes and the Garden Tent seats 60", S, None,
     [("running time in minutes", "Snow Queen", "95"), ("seating capacity", "Garden Tent", "60")]),
    (P, CERT, "Almost certainly Nell is insured. Does Nell operate Crocodile?", SQ,
     ("operates", "Nell", "Crocodile"), [("is insured", "Nell", "true")]),
    (P, CERT, "Tin Soldier is probably suitable for under-fives. Is Tin Soldier family friendly?", SQ,
     ("is family friendly", "Tin Soldier", None), [("is suitable for under fives", "Tin Soldier", "true")]),
    (P, WHY, "Why is Moon Hare fragile?", W, ("is fragile", "Moon Hare", "true"), None),
    (P, WHY, "Why is Pinocchio family friendly?", W, ("is family friendly", "Pinocchio", "true"), None),
    (P, LOWER, "who maintains old bear junior", Q, ("is maintained by", "Old Bear Junior", None), None),
    (P, LOWER, "is moon hare goes home staged in the garden tent", Q,
     ("is staged in", "Moon Hare Goes Home", "Garden Tent"), None),
    (P, TERSE, "Crocodile material?", Q, ("is made of", "Crocodile", None), None),
    (P, TERSE, "Studio seats?", Q, ("seating capacity", "Studio", None), None),
    (P, TYPO, "Who operats the Crocodile?", Q, ("operates", None, "Crocodile"), None),
    (P, TYPO, "What's the tikcet price for Snow Queen?", Q, ("ticket price", "Snow Queen", None), None),
    (P, SYN, "Who looks after the Moon Hare puppet?", Q, ("is maintained by", "Moon Hare", None), None),
    (P, PLUR, "Who are Pinocchio's puppeteers?", Q, ("performs in", None, "Pinocchio"), None),
    (P, CONTR, "Isn't Tin Soldier staged in Studio?", Q, ("is staged in", "Tin Soldier", "Studio"), None),
    (P, UNIT, "How much does Bartek charge an hour?", Q, ("hourly rate", "Bartek", None), None),
    (P, POLITE, "Please could you let me know who performs in Moon Hare Goes Home?", Q,
     ("performs in", None, "Moon Hare Goes Home"), None),
    (P, DATE, "What date does Pinocchio open?", Q, ("opens on", "Pinocchio", None), None),

    # ------------------------------------------------------------------ falconry centre
    (F, POS, "What's Lady Grey's flying weight?", Q, ("flying weight", "Lady Grey", None), None),
    (F, HOW, "How many years' experience has Jas Kaur got?", Q, ("years of experience", "Jas Kaur", None), None),
    (F, ART, "Is the bird Ash a Harris Hawk?", Q, ("species", "Ash", "Harris Hawk"), None),
    (F, PREP, "What's the price of the Owl Encounter?", Q, ("price per person", "Owl Encounter", None), None),
    (F, REV, "Does Morwenna handle Sable?", Q, ("is handled by", "Sable", "Morwenna"), None),
    (F, TENSE, "Which displays has Lady Grey flown in?", Q, ("flies in", "Lady Grey", None), None),
    (F, AMT, "Sable flies at 1650g these days", S, None, [("flying weight", "Sable", "1650")]),
    (F, CERT, "Hetty's definitely licensed - is Hetty a senior falconer?", SQ,
     ("is senior falconer", "Hetty", None), [("is licensed", "Hetty", "true")]),
    (F, WHY, "Why is Jas Kaur needed at the Morning Display?", W,
     ("is needed at", "Jas Kaur", "Morning Display"), None),
    (F, LOWER, "which birds are housed in mews 10", Q, ("is housed in", None, "Mews 10"), None),
    (F, TERSE, "Storm hatch date?", Q, ("was hatched on", "Storm", None), None),
    (F, TYPO, "Is Callum Reid licenced?", Q, ("is licensed", "Callum Reid", None), None),
    (F, SYN, "Which falconer looks after Ashby?", Q, ("is handled by", "Ashby", None), None),
    (F, SYN, "Who runs the Hawk Walk?", Q, ("leads", None, "Hawk Walk"), None),
    (F, PLUR, "Which birds are barn owls?", Q, ("species", None, "Barn Owl"), None),
    (F, PLUR, "Who are Ash's handlers?", Q, ("is handled by", "Ash", None), None),
    (F, CONTR, "Isn't Lady Grey imprinted?", Q, ("is imprinted", "Lady Grey", None), None),
    (F, CONTR, "Doesn't Cal lead the Owl Encounter Plus?", Q, ("leads", "Cal", "Owl Encounter Plus"), None),
    (F, UNIT, "How much food does Ashby get a day?", Q, ("grams of food per day", "Ashby", None), None),
    (F, UNIT, "How much is the Hawk Walk per head?", Q, ("price per person", "Hawk Walk", None), None),
    (F, POLITE, "Hi, could you check which aviary Ashby is housed in for me?", Q,
     ("is housed in", "Ashby", None), None),
    (F, POLITE, "Would you be able to tell me what species Sable is? Thanks", Q, ("species", "Sable", None), None),
    (F, DATE, "Lady Grey was hatched on 2 May 2019.", S, None, [("was hatched on", "Lady Grey", "2019-05-02")]),
    (F, DATE, "When's the next Owl Encounter?", Q, ("next runs on", "Owl Encounter", None), None),
]

ABOUT = ("Eighth blind evaluation set for Lapwing's offline natural-language reader: 72 hand-written "
         "prompts over three maps (bell-tower, puppet-theatre, falconry-centre), 18 families x 4, 24 per map, "
         "written by an independent evaluator who had not read the reader's code, corpora or earlier sets. "
         "Grading: a reading counts only when kind, relationship, subject and object all match; a truth "
         "question with no stated value (object null) also accepts object true; statements need the exact "
         "set of facts and no query; statement+question the exact facts and the query; the certainty of a "
         "stated fact is not graded.")


def load_map(path):
    root = ET.parse(path).getroot()
    concepts = {c.get("name"): c.get("type") for c in root.iter("concept")}
    instances = {}
    for ci in root.iter("concinst"):
        instances.setdefault(ci.get("type"), set()).add(ci.get("name"))
    rels = {r.get("name"): {"subject": r.get("subject"), "object": r.get("object")} for r in root.iter("rel")}
    derived = {ri.get("type") for ri in root.iter("relinst") if ri.find("condition") is not None}
    return concepts, instances, rels, derived


def main():
    problems = []
    maps = {m: load_map(os.path.join(ROOT, "maps", m + ".rbl")) for m in MAPS}

    def check_triple(where, m, triple, allow_null):
        concepts, instances, rels, _ = maps[m]
        rel, subj, obj = triple
        if rel not in rels:
            problems.append(f"{where}: no relationship {rel!r} in {m}")
            return
        sc, oc = rels[rel]["subject"], rels[rel]["object"]
        otype = concepts[oc]
        if subj is None:
            if not allow_null:
                problems.append(f"{where}: subject missing")
        elif subj not in instances.get(sc, set()):
            problems.append(f"{where}: {subj!r} is not a {sc} in {m}")
        if obj is None:
            if not allow_null:
                problems.append(f"{where}: object missing")
            return
        if not isinstance(obj, str):
            problems.append(f"{where}: object {obj!r} must be a string")
            return
        if otype == "string":
            if obj not in instances.get(oc, set()):
                problems.append(f"{where}: {obj!r} is not a {oc} in {m}")
        elif otype == "number":
            if not re.fullmatch(r"-?\d+(\.\d+)?", obj) or (("." in obj) and obj.endswith("0")):
                problems.append(f"{where}: {obj!r} is not a plain decimal")
        elif otype == "date":
            try:
                ok = datetime.date.fromisoformat(obj).isoformat() == obj
            except ValueError:
                ok = False
            if not ok:
                problems.append(f"{where}: {obj!r} is not an ISO date")
        elif otype == "truth":
            if obj not in ("true", "false"):
                problems.append(f"{where}: {obj!r} is not true/false")
        if subj is None and obj is None:
            problems.append(f"{where}: both ends null")

    out = []
    seen = set()
    for i, (m, fam, prompt, kind, query, facts) in enumerate(CASES, 1):
        where = f"case {i} ({m}, {fam})"
        if m not in MAPS:
            problems.append(f"{where}: unknown map")
            continue
        if fam not in FAMILIES:
            problems.append(f"{where}: unknown family")
        if prompt in seen:
            problems.append(f"{where}: duplicate prompt")
        seen.add(prompt)
        expect = {"kind": kind}
        if kind == Q:
            if query is None or facts:
                problems.append(f"{where}: a question has a query and no facts")
            else:
                check_triple(where, m, query, True)
                if query[1] is None and query[2] is None:
                    problems.append(f"{where}: nothing given")
                if query[1] is None and query[2] is not None and maps[m][0][maps[m][2][query[0]]["object"]] != "string":
                    problems.append(f"{where}: subject asked on a non-string object")
        elif kind == S:
            if query is not None or not facts:
                problems.append(f"{where}: a statement has facts and no query")
        elif kind == SQ:
            if query is None or not facts:
                problems.append(f"{where}: statement+question needs both")
            else:
                check_triple(where, m, query, True)
        elif kind == W:
            if query is None or facts:
                problems.append(f"{where}: why needs a full triple")
            else:
                check_triple(where, m, query, False)
                if query[0] not in maps[m][3]:
                    problems.append(f"{where}: {query[0]!r} is not derived by a rule")
        else:
            problems.append(f"{where}: unknown kind {kind!r}")
        for f in facts or []:
            check_triple(where + " fact", m, f, False)
        if query is not None:
            expect["query"] = {"relationship": query[0], "subject": query[1], "object": query[2]}
        if facts:
            expect["facts"] = [{"relationship": r, "subject": s, "object": o} for r, s, o in facts]
        out.append({"map": m, "family": fam, "prompt": prompt, "expect": expect})

    if len(CASES) != 72:
        problems.append(f"{len(CASES)} cases, not 72")
    for m in MAPS:
        n = sum(1 for c in CASES if c[0] == m)
        if n != 24:
            problems.append(f"{m}: {n} cases, not 24")
        for fam in FAMILIES:
            k = sum(1 for c in CASES if c[0] == m and c[1] == fam)
            want = 2 if fam in DOUBLED[m] else 1
            if k != want:
                problems.append(f"{m} / {fam}: {k} cases, want {want}")
    for fam in FAMILIES:
        k = sum(1 for c in CASES if c[1] == fam)
        if k != 4:
            problems.append(f"{fam}: {k} cases, not 4")

    if problems:
        for p in problems:
            print("problem:", p)
        sys.exit(1)
    with open(os.path.join(ROOT, "prompts.json"), "w") as fh:
        json.dump({"about": ABOUT, "cases": out}, fh, indent=2, ensure_ascii=False)
        fh.write("\n")
    kinds = {}
    for c in out:
        kinds[c["expect"]["kind"]] = kinds.get(c["expect"]["kind"], 0) + 1
    print(f"ok: {len(out)} cases; per map " + ", ".join(f"{m} {sum(1 for c in out if c['map'] == m)}" for m in MAPS)
          + "; kinds " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))


if __name__ == "__main__":
    main()
