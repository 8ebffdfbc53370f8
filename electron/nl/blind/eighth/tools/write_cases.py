#!/usr/bin/env python3
"""Writes the regression cases in verify/<map>/ (run once; the JSON files are the record)."""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def vals(*vs):
    return {"kind": "values", "values": [{"value": v, "certainty": 100} for v in vs]}


SKIP = {"kind": "skip"}


def case(map_name, fname, name, query, expect_items, answers=(), facts=(), match="exact"):
    d = {
        "formatVersion": 1,
        "name": name,
        "suite": map_name,
        "target": {"mapId": map_name, "version": {"policy": "live"}},
        "query": query,
        "answers": [{"question": q, "reply": r} for q, r in answers],
        "expect": {"results": {"match": match, "tolerance": 0,
                               "items": [{"object": o, "certainty": c} for o, c in expect_items]}},
    }
    if facts:
        d["facts"] = [{"subject": s, "relationship": r, "object": o, "certainty": 100} for s, r, o in facts]
    folder = os.path.join(ROOT, "verify", map_name)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, fname), "w") as f:
        json.dump(d, f, indent=2, sort_keys=True)
        f.write("\n")


# ---------------- bell-tower ----------------
B = "bell-tower"
case(B, "01-experienced.json", "Edith with 31 quarter peals is experienced",
     {"subject": "Edith", "relationship": "is experienced"}, [(True, 100)],
     answers=[({"relationship": "quarter peals rung"}, vals(31))])
case(B, "02-not-experienced.json", "Mick with 12 quarter peals is not experienced (no result)",
     {"subject": "Mick", "relationship": "is experienced"}, [],
     answers=[({"relationship": "quarter peals rung"}, vals(12))])
case(B, "03-can-ring-for.json", "Rob rings at All Saints and passed safeguarding: both All Saints bookings",
     {"subject": "Rob", "relationship": "can ring for"},
     [("Remembrance Sunday", 100), ("Patronal Festival", 100)],
     answers=[({"relationship": "rings at"}, vals("All Saints")),
              ({"relationship": "has passed safeguarding"}, vals(True)),
              ({"relationship": "is held at"}, SKIP)])
case(B, "04-no-safeguarding.json", "Joan Parry has not passed safeguarding: no bookings",
     {"subject": "Joan Parry", "relationship": "can ring for"}, [],
     answers=[({"relationship": "rings at"}, vals("All Saints", "St Giles")),
              ({"relationship": "has passed safeguarding"}, vals(False)),
              ({"relationship": "is held at"}, SKIP)])
case(B, "05-injected.json", "Injected: Mick rings at St Giles and passed safeguarding: the Harper Wedding",
     {"subject": "Mick", "relationship": "can ring for"}, [("Harper Wedding", 100)],
     facts=[("Mick", "rings at", "St Giles"), ("Mick", "has passed safeguarding", True)],
     answers=[({"relationship": "rings at"}, SKIP), ({"relationship": "is held at"}, SKIP),
              ({"relationship": "has passed safeguarding"}, SKIP)])
case(B, "06-heavy-bell.json", "All Saints has a heavy bell (Old Nick, 1210.5 kg)",
     {"subject": "All Saints", "relationship": "has a heavy bell"}, [(True, 100)],
     answers=[({"relationship": "hangs in"}, SKIP), ({"relationship": "weighs"}, SKIP)])
case(B, "07-no-heavy-bell.json", "Holy Cross has no heavy bell (Gabriel, 990 kg): no result",
     {"subject": "Holy Cross", "relationship": "has a heavy bell"}, [],
     answers=[({"relationship": "hangs in"}, SKIP), ({"relationship": "weighs"}, SKIP)])

# ---------------- puppet-theatre ----------------
P = "puppet-theatre"
case(P, "01-family-friendly.json", "Pinocchio: under fives, 50 minutes: family friendly",
     {"subject": "Pinocchio", "relationship": "is family friendly"}, [(True, 100)],
     answers=[({"relationship": "is suitable for under fives"}, vals(True)),
              ({"relationship": "running time in minutes"}, vals(50))])
case(P, "02-too-long.json", "Snow Queen runs 95 minutes: not family friendly (no result)",
     {"subject": "Snow Queen", "relationship": "is family friendly"}, [],
     answers=[({"relationship": "is suitable for under fives"}, vals(True)),
              ({"relationship": "running time in minutes"}, vals(95))])
case(P, "03-not-for-under-fives.json", "Tin Soldier not suitable for under fives: no result",
     {"subject": "Tin Soldier", "relationship": "is family friendly"}, [],
     answers=[({"relationship": "is suitable for under fives"}, vals(False)),
              ({"relationship": "running time in minutes"}, vals(40))])
case(P, "04-box-office.json", "Snow Queen at 12.5 a ticket on the Main Stage (240 seats): 3000",
     {"subject": "Snow Queen", "relationship": "box office per performance"}, [(3000, 100)],
     answers=[({"relationship": "ticket price"}, vals(12.5))])
case(P, "05-box-office-injected.json", "Injected: Tin Soldier at 8 a ticket in Studio 2 (45 seats): 360",
     {"subject": "Tin Soldier", "relationship": "box office per performance"}, [(360, 100)],
     facts=[("Tin Soldier", "ticket price", 8)])
case(P, "06-fragile.json", "Moon Hare is papier mache: fragile",
     {"subject": "Moon Hare", "relationship": "is fragile"}, [(True, 100)])
case(P, "07-not-fragile.json", "Crocodile is foam latex: not fragile (no result)",
     {"subject": "Crocodile", "relationship": "is fragile"}, [])

# ---------------- falconry-centre ----------------
F = "falconry-centre"
case(F, "01-senior.json", "Hetty: 14 years and licensed: senior falconer",
     {"subject": "Hetty", "relationship": "is senior falconer"}, [(True, 100)],
     answers=[({"relationship": "years of experience"}, vals(14)),
              ({"relationship": "is licensed"}, vals(True))])
case(F, "02-too-new.json", "Cal: 3 years: not senior (no result)",
     {"subject": "Cal", "relationship": "is senior falconer"}, [],
     answers=[({"relationship": "years of experience"}, vals(3)),
              ({"relationship": "is licensed"}, vals(True))])
case(F, "03-unlicensed.json", "Morwenna: 22 years but not licensed: not senior (no result)",
     {"subject": "Morwenna", "relationship": "is senior falconer"}, [],
     answers=[({"relationship": "years of experience"}, vals(22)),
              ({"relationship": "is licensed"}, vals(False))])
case(F, "04-weekly-food.json", "Storm gets 92.5 g a day: 647.5 g a week",
     {"subject": "Storm", "relationship": "weekly food in grams"}, [(647.5, 100)],
     answers=[({"relationship": "grams of food per day"}, vals(92.5))])
case(F, "05-weekly-food-injected.json", "Injected: Lady Grey gets 150 g a day: 1050 g a week",
     {"subject": "Lady Grey", "relationship": "weekly food in grams"}, [(1050, 100)],
     facts=[("Lady Grey", "grams of food per day", 150)])
case(F, "06-needed-at.json", "Jas Kaur handles Ash: needed at Hawk Walk and Morning Display",
     {"subject": "Jas Kaur", "relationship": "is needed at"},
     [("Hawk Walk", 100), ("Morning Display", 100)],
     answers=[({"relationship": "is handled by"}, vals("Ash")),
              ({"relationship": "flies in"}, SKIP)])
case(F, "07-needed-nowhere.json", "Callum Reid handles no bird: needed nowhere (no result)",
     {"subject": "Callum Reid", "relationship": "is needed at"}, [],
     answers=[({"relationship": "is handled by"}, SKIP),
              ({"relationship": "flies in"}, SKIP)])
