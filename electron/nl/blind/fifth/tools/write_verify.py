#!/usr/bin/env python3
"""Writes the regression cases in verify/<map>/ (one JSON file per case)."""
import json, os, re
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

def case(name, query, items, facts=None, answers=None, tags=None):
    c = {"formatVersion": 1, "name": name, "suite": "blind5", "query": query, "target": {"mapId": "MAPID", "version": {"policy": "live"}},
         "expect": {"results": {"match": "exact", "tolerance": 1,
                                "items": [{"object": o, "certainty": cf} for o, cf in items]}}}
    if facts: c["facts"] = [dict(f, certainty=100) for f in facts]
    if answers: c["answers"] = answers
    if tags: c["tags"] = tags
    return c

CASES = {
  "cider-press": [
    case("Ann may use the Rack Press", {"subject": "Ann", "relationship": "may use"}, [("Rack Press", 100)]),
    case("Anna may use two presses", {"subject": "Anna", "relationship": "may use"}, [("Rack Press 2", 100), ("Belt Press", 100)]),
    case("Tom Reilly has not paid: no result", {"subject": "Tom Reilly", "relationship": "may use"}, []),
    case("Gwen Price paid, injected", {"subject": "Gwen Price", "relationship": "may use"}, [("Rack Press", 100)],
         facts=[{"subject": "Gwen Price", "relationship": "has paid subscription", "object": True}], tags=["injected"]),
    case("Batch 3 pressing fee", {"subject": "Batch 3", "relationship": "pressing fee"}, [(189, 100)]),
    case("Batch 7 pressing fee", {"subject": "Batch 7", "relationship": "pressing fee"}, [(28.65, 100)]),
    case("Batch 31 is ready to bottle", {"subject": "Batch 31", "relationship": "is ready to bottle"}, [(True, 100)]),
    case("Batch 7 is ready to bottle", {"subject": "Batch 7", "relationship": "is ready to bottle"}, [(True, 100)]),
    case("Batch 3 not ready: no result", {"subject": "Batch 3", "relationship": "is ready to bottle"}, []),
  ],
  "tailoring": [
    case("Wedding Dress quote", {"subject": "Wedding Dress", "relationship": "quote"}, [(270, 100)]),
    case("Linen Shirt quote", {"subject": "Linen Shirt", "relationship": "quote"}, [(32.5, 100)]),
    case("Linen Shirt is a rush job", {"subject": "Linen Shirt", "relationship": "is a rush job"}, [(True, 100)]),
    case("Blue Suit is not a rush job: no result", {"subject": "Blue Suit", "relationship": "is a rush job"}, []),
    case("Wedding Dress could be handled by", {"subject": "Wedding Dress", "relationship": "could be handled by"},
         [("Rosalind Ashe", 100), ("Kemal", 100)]),
    case("Linen Shirt could be handled by", {"subject": "Linen Shirt", "relationship": "could be handled by"},
         [("Rosalind Ashe", 100), ("Kemal", 100)]),
    case("Blue Suit: only Rosa can, too new: no result", {"subject": "Blue Suit", "relationship": "could be handled by"}, []),
    case("Tweed Coat quote with injected tailor and hours", {"subject": "Tweed Coat", "relationship": "quote"}, [(67.5, 100)],
         facts=[{"subject": "Tweed Coat", "relationship": "is assigned to", "object": "Rosalind Ashe"},
                {"subject": "Tweed Coat", "relationship": "estimated hours", "object": 1.5}], tags=["injected"]),
  ],
  "observatory": [
    case("Jo may attend Moon Watch", {"subject": "Jo", "relationship": "may attend"}, [("Moon Watch", 100)]),
    case("Priya Shah too young: no result", {"subject": "Priya Shah", "relationship": "may attend"}, []),
    case("Joanna may attend both", {"subject": "Joanna", "relationship": "may attend"}, [("Star Party", 100), ("Deep Sky Night", 100)]),
    case("Priya Shah pays half", {"subject": "Priya Shah", "relationship": "pays"}, [(7.5, 100)]),
    case("Hugo pays in full", {"subject": "Hugo", "relationship": "pays"}, [(6.5, 100)]),
    case("Sam Okafor member, injected", {"subject": "Sam Okafor", "relationship": "pays"}, [(9, 100)],
         facts=[{"subject": "Sam Okafor", "relationship": "is a member", "object": True}], tags=["injected"]),
    case("M1 is hard to see", {"subject": "M1", "relationship": "is hard to see"}, [(True, 100)]),
    case("Saturn is not hard to see: no result", {"subject": "Saturn", "relationship": "is hard to see"}, []),
  ],
}

SKIP = {"cider-press": ["is trained on"], "tailoring": ["needs", "can do"], "observatory": ["has booked"]}

for m, cases in CASES.items():
    d = os.path.join(ROOT, "verify", m)
    os.makedirs(d, exist_ok=True)
    for f in os.listdir(d):
        if f.endswith(".json"): os.remove(os.path.join(d, f))
    for i, c in enumerate(cases, 1):
        c["target"]["mapId"] = m
        # plural askable relationships are asked again for more values even when facts exist: skip
        skips = [{"question": {"relationship": r}, "reply": {"kind": "skip"}} for r in SKIP[m]]
        if skips: c["answers"] = c.get("answers", []) + skips
        slug = re.sub(r"[^a-z0-9]+", "-", c["name"].lower()).strip("-")
        with open(os.path.join(d, f"{i:02d}-{slug}.json"), "w") as fh:
            json.dump(c, fh, indent=2, sort_keys=True); fh.write("\n")
    print(m, len(cases))
