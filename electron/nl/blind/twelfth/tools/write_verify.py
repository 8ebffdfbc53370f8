#!/usr/bin/env python3
"""Writes the regression cases in verify/<map>/ that prove each rule of the three maps."""
import json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

def fact(s, r, o):
    return {"subject": s, "relationship": r, "object": o, "certainty": 100}

def case(name, query, items, facts=(), skip=()):
    c = {"formatVersion": 1, "target": {"mapId": "{MAP}", "version": {"policy": "live"}}, "name": name, "suite": "blind12", "facts": list(facts), "query": query,
         "answers": [{"question": {"relationship": r}, "reply": {"kind": "skip"}} for r in skip],
         "expect": {"results": {"match": "exact", "tolerance": 2, "items": items}}}
    return c

CASES = {
    "archery-club": [
        case("Rosa competes at Field 1 (map facts)", {"subject": "Rosa", "relationship": "competes at"},
             [{"object": "Field 1", "certainty": 100}], skip=["entered"]),
        case("Ted entered two competitions (injected)", {"subject": "Ted", "relationship": "competes at"},
             [{"object": "Indoor Hall", "certainty": 100}, {"object": "Field 12", "certainty": 100}],
             facts=[fact("Ted", "entered", "Winter League"), fact("Ted", "entered", "Club Shoot")], skip=["entered"]),
        case("Oskar's yearly cost is 360", {"subject": "Oskar", "relationship": "yearly cost"},
             [{"object": 360, "certainty": 100}]),
        case("Ted's yearly cost from an injected fee of 27.5", {"subject": "Ted", "relationship": "yearly cost"},
             [{"object": 330, "certainty": 100}], facts=[fact("Ted", "monthly fee", 27.5)]),
        case("Mei Ling may shoot unsupervised", {"subject": "Mei Ling", "relationship": "may shoot unsupervised"},
             [{"object": True, "certainty": 100}]),
        case("Ted inducted but scores 420: no result", {"subject": "Ted", "relationship": "may shoot unsupervised"},
             [], facts=[fact("Ted", "has passed safety induction", True), fact("Ted", "best score", 420)]),
        case("Teddy not inducted: no result", {"subject": "Teddy", "relationship": "may shoot unsupervised"},
             [], facts=[fact("Teddy", "has passed safety induction", False), fact("Teddy", "best score", 550)]),
    ],
    "vineyard": [
        case("Marguerite works with Pinot Noir (map facts)", {"subject": "Marguerite", "relationship": "works with"},
             [{"object": "Pinot Noir", "certainty": 100}], skip=["picks"]),
        case("Jo picks Row 4 and Row 40 (injected)", {"subject": "Jo", "relationship": "works with"},
             [{"object": "Bacchus", "certainty": 100}, {"object": "Chardonnay", "certainty": 100}],
             facts=[fact("Jo", "picks", "Row 4"), fact("Jo", "picks", "Row 40")], skip=["picks"]),
        case("Chalk Bank expects 8 tonnes", {"subject": "Chalk Bank", "relationship": "expected yield"},
             [{"object": 8, "certainty": 100}]),
        case("Row 4: 1.5 acres at 4 tonnes", {"subject": "Row 4", "relationship": "expected yield"},
             [{"object": 6, "certainty": 100}], facts=[fact("Row 4", "area in acres", 1.5), fact("Row 4", "yield per acre", 4)]),
        case("Dev Patel is ready to work", {"subject": "Dev Patel", "relationship": "is ready to work"},
             [{"object": True, "certainty": 100}]),
        case("Jo paid 11.5 an hour: no result", {"subject": "Jo", "relationship": "is ready to work"},
             [], facts=[fact("Jo", "has signed contract", True), fact("Jo", "hourly wage", 11.5)]),
        case("Joanna has not signed: no result", {"subject": "Joanna", "relationship": "is ready to work"},
             [], facts=[fact("Joanna", "has signed contract", False), fact("Joanna", "hourly wage", 13)]),
    ],
    "chimney-sweep": [
        case("Ivy Lodge: two flues of a wood burner", {"subject": "Ivy Lodge", "relationship": "visit cost"},
             [{"object": 130, "certainty": 100}], skip=["has appliance"]),
        case("Hale Farm: one open fire (injected)", {"subject": "Hale Farm", "relationship": "visit cost"},
             [{"object": 55, "certainty": 100}],
             facts=[fact("Hale Farm", "has appliance", "Open Fire"), fact("Hale Farm", "number of flues", 1)], skip=["has appliance"]),
        case("Nat can issue a certificate", {"subject": "Nat", "relationship": "can issue certificate"},
             [{"object": True, "certainty": 100}]),
        case("Pip has one year: no result", {"subject": "Pip", "relationship": "can issue certificate"},
             [], facts=[fact("Pip", "is HETAS registered", True), fact("Pip", "years of experience", 1)]),
        case("The Old Rectory is due a sweep", {"subject": "The Old Rectory", "relationship": "is due a sweep"},
             [{"object": True, "certainty": 100}]),
        case("Mr Bryce swept in the future: no result", {"subject": "Mr Bryce", "relationship": "is due a sweep"},
             [], facts=[fact("Mr Bryce", "last swept on", "2099-01-01")]),
        case("Ivy Lodge Annex swept in 2020 is due", {"subject": "Ivy Lodge Annex", "relationship": "is due a sweep"},
             [{"object": True, "certainty": 100}], facts=[fact("Ivy Lodge Annex", "last swept on", "2020-03-03")]),
    ],
}

for m, cases in CASES.items():
    d = os.path.join(ROOT, "verify", m)
    os.makedirs(d, exist_ok=True)
    for f in os.listdir(d):
        if f.endswith(".json"):
            os.remove(os.path.join(d, f))
    for i, c in enumerate(cases, 1):
        c["target"]["mapId"] = m
        slug = re.sub(r"[^a-z0-9]+", "-", c["name"].lower()).strip("-")[:40]
        with open(os.path.join(d, f"{i:02d}-{slug}.json"), "w") as fh:
            json.dump(c, fh, indent=2, sort_keys=True)
            fh.write("\n")
    print(m, len(cases), "cases")
