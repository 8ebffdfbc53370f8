#!/usr/bin/env python3
"""Writes the regression cases in verify/<map>/ that prove each rule of the three maps.

Each case: (file, name, query subject, relationship, injected facts, expected results).
An empty expected list means "no result"."""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

CASES = {
    "cheese-cave": [
        ("01-tomme-reserve", "Tomme is Reserve (inspected, 14 weeks)", "Tomme", "has grade", [], ["Reserve"]),
        ("02-tomme-noire-standard", "Tomme Noire is Standard (inspected, 8 weeks)", "Tomme Noire", "has grade", [], ["Standard"]),
        ("03-ashby-blue-seconds", "Ashby Blue is Seconds (failed inspection)", "Ashby Blue", "has grade", [], ["Seconds"]),
        ("04-tomme-wheel-price", "A wheel of Tomme costs 24.5 x 4 = 98", "Tomme", "wheel price", [], [98]),
        ("05-tomme-noire-wheel-price", "A wheel of Tomme Noire costs 31 x 2.5 = 77.5", "Tomme Noire", "wheel price", [], [77.5]),
        ("06-tomme-ready", "Tomme is ready to sell", "Tomme", "is ready to sell", [], [True]),
        ("07-ashby-blue-not-ready", "Ashby Blue is not ready to sell: no result", "Ashby Blue", "is ready to sell", [], []),
        ("08-old-wren-injected", "Injected: Old Wren inspected, 20 weeks, is Reserve", "Old Wren", "has grade",
         [("Old Wren", "has passed inspection", True), ("Old Wren", "weeks matured", 20)], ["Reserve"]),
    ],
    "thatcher": [
        ("01-mill-cottage-rate", "Mill Cottage: 18000 / 120 = 150 per square metre", "Mill Cottage", "price per square metre", [], [150]),
        ("02-barn-rate", "Mill Cottage Barn: 9600 / 80 = 120 per square metre", "Mill Cottage Barn", "price per square metre", [], [120]),
        ("03-mill-cottage-consent", "Mill Cottage is listed and needs consent", "Mill Cottage", "needs listed building consent", [], [True]),
        ("04-barn-no-consent", "Mill Cottage Barn is not listed: no result", "Mill Cottage Barn", "needs listed building consent", [], []),
        ("05-barn-small", "Mill Cottage Barn (80 m2) is a Small job", "Mill Cottage Barn", "has job size", [], ["Small"]),
        ("06-mill-cottage-large", "Mill Cottage (120 m2) is a Large job", "Mill Cottage", "has job size", [], ["Large"]),
        ("07-old-forge-very-large", "Old Forge (210 m2) is a Very Large job", "Old Forge", "has job size", [], ["Very Large"]),
        ("08-rose-lodge-injected", "Injected: Rose Lodge of 100 m2 is Large", "Rose Lodge", "has job size",
         [("Rose Lodge", "roof area", 100)], ["Large"]),
    ],
    "curling-club": [
        ("01-ann-full", "Ann (34) is a Full member", "Ann", "has membership", [], ["Full"]),
        ("02-anna-junior", "Anna (15) is a Junior member", "Anna", "has membership", [], ["Junior"]),
        ("03-iain-senior", "Iain Munro (67) is a Senior member", "Iain Munro", "has membership", [], ["Senior"]),
        ("04-ann-league", "Ann plays for Stoneham and signed: can play in the league", "Ann", "can play in the league", [], [True]),
        ("05-kirsty-no-league", "Kirsty has not signed the waiver: no result", "Kirsty", "can play in the league", [], []),
        ("06-ann-monthly", "Ann pays 240 / 12 = 20 a month", "Ann", "monthly subscription", [], [20]),
        ("07-iain-monthly", "Iain Munro pays 180 / 12 = 15 a month", "Iain Munro", "monthly subscription", [], [15]),
        ("08-rab-injected", "Injected: Rab aged 18 is a Full member", "Rab", "has membership",
         [("Rab", "age", 18)], ["Full"]),
    ],
}

for m, cases in CASES.items():
    d = os.path.join(ROOT, "verify", m)
    os.makedirs(d, exist_ok=True)
    for fname, name, subj, rel, facts, expected in cases:
        case = {
            "formatVersion": 1,
            "name": name,
            "suite": "blind13 " + m,
            "target": {"mapId": m, "version": {"policy": "live"}},
            "query": {"subject": subj, "relationship": rel},
            "expect": {
                "results": {"match": "exact", "tolerance": 0,
                            "items": [{"object": o, "certainty": 100} for o in expected]},
                "questions": {"order": "strict", "asked": [], "mayAsk": [], "mustNotAsk": [], "maxQuestions": 0},
            },
        }
        if facts:
            case["facts"] = [{"subject": s, "relationship": r, "object": o, "certainty": 100} for s, r, o in facts]
        with open(os.path.join(d, fname + ".json"), "w") as f:
            json.dump(case, f, indent=2, sort_keys=True)
            f.write("\n")
print("written")
