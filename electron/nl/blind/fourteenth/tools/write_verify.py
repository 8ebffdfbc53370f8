#!/usr/bin/env python3
"""Writes the regression cases in verify/<map>/ (one JSON file per case)."""
import json, os, re
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

def case(name, query, items, facts=(), answers=(), allow_others=False):
    c = {"formatVersion": 1, "name": name, "query": query, "suite": "blind14", "target": {"mapId": "map-file", "version": {"policy": "live"}},
         "expect": {"results": {"match": "exact", "tolerance": 0, "items": items}}}
    if facts:
        c["facts"] = [dict(f, certainty=100) for f in facts]
    if answers:
        c["answers"] = list(answers)
    if allow_others:
        c["expect"]["questions"] = {"allowOthers": True, "asked": [], "mayAsk": [], "mustNotAsk": []}
    return c

def skip(rel):
    return {"question": {"relationship": rel}, "reply": {"kind": "skip"}}

CASES = {
 "canal-marina": [
  case("Jo looks after Kestrel (Pontoon 12)", {"subject": "Jo", "relationship": "looks after"}, [{"object": "Kestrel", "certainty": 100}], answers=[skip("works on"), skip("is moored at")]),
  case("Joanne looks after Otter and Kestrel II", {"subject": "Joanne", "relationship": "looks after"}, [{"object": "Otter", "certainty": 100}, {"object": "Kestrel II", "certainty": 100}], answers=[skip("works on"), skip("is moored at")]),
  case("Dev works on no berth: looks after nothing", {"subject": "Dev", "relationship": "looks after"}, [], answers=[skip("works on"), skip("is moored at")]),
  case("Kestrel costs 3720 a year", {"subject": "Kestrel", "relationship": "annual mooring cost"}, [{"object": 3720, "certainty": 100}]),
  case("Otter costs 3306 a year", {"subject": "Otter", "relationship": "annual mooring cost"}, [{"object": 3306, "certainty": 100}]),
  case("Ann (7 years) qualifies for the loyalty discount", {"subject": "Ann", "relationship": "qualifies for loyalty discount"}, [{"object": True, "certainty": 100}]),
  case("Tom (2 years) does not qualify", {"subject": "Tom", "relationship": "qualifies for loyalty discount"}, []),
  case("Injected: Tomasz Nowak with 9 years qualifies", {"subject": "Tomasz Nowak", "relationship": "qualifies for loyalty discount"}, [{"object": True, "certainty": 100}],
       facts=[{"subject": "Tomasz Nowak", "relationship": "years of membership", "object": 9}]),
 ],
 "seed-library": [
  case("Rosa may save seed of what she borrowed", {"subject": "Rosa", "relationship": "may save seed of"}, [{"object": "Sungold", "certainty": 100}, {"object": "Painted Lady", "certainty": 100}], answers=[skip("borrowed"), skip("attended")]),
  case("Kitty may save seed of Red Russian", {"subject": "Kitty", "relationship": "may save seed of"}, [{"object": "Red Russian", "certainty": 100}], answers=[skip("borrowed"), skip("attended")]),
  case("Kit went to Composting only: nothing", {"subject": "Kit", "relationship": "may save seed of"}, [], answers=[skip("attended"), skip("borrowed")]),
  case("Sungold (6 packets) is low on stock", {"subject": "Sungold", "relationship": "is low on stock"}, [{"object": True, "certainty": 100}]),
  case("Red Russian (9 packets) is low on stock", {"subject": "Red Russian", "relationship": "is low on stock"}, [{"object": True, "certainty": 100}]),
  case("Blue Lake (24 packets) is not low", {"subject": "Blue Lake", "relationship": "is low on stock"}, []),
  case("Injected: Omar attended Seed Saving and borrowed Blue Lake 47", {"subject": "Omar Haddad", "relationship": "may save seed of"}, [{"object": "Blue Lake 47", "certainty": 100}],
       facts=[{"subject": "Omar Haddad", "relationship": "attended", "object": "Seed Saving"}, {"subject": "Omar Haddad", "relationship": "borrowed", "object": "Blue Lake 47"}],
       answers=[skip("borrowed"), skip("attended")], allow_others=True),
 ],
 "darts-league": [
  case("Lee plays in the Premier division", {"subject": "Lee", "relationship": "plays in"}, [{"object": "Premier", "certainty": 100}]),
  case("Leena Shah plays in Division Two", {"subject": "Leena Shah", "relationship": "plays in"}, [{"object": "Division Two", "certainty": 100}]),
  case("Lee is eligible for finals night", {"subject": "Lee", "relationship": "is eligible for finals night"}, [{"object": True, "certainty": 100}]),
  case("Big Sam is not registered: not eligible", {"subject": "Big Sam", "relationship": "is eligible for finals night"}, []),
  case("Leena Shah has 6 matches: not eligible", {"subject": "Leena Shah", "relationship": "is eligible for finals night"}, []),
  case("Lee (71.4) is a county prospect", {"subject": "Lee", "relationship": "is a county prospect"}, [{"object": True, "certainty": 100}]),
  case("Big Sam (58.2) is not a county prospect", {"subject": "Big Sam", "relationship": "is a county prospect"}, []),
  case("Injected: Sam averages 64.5", {"subject": "Sam", "relationship": "is a county prospect"}, [{"object": True, "certainty": 100}],
       facts=[{"subject": "Sam", "relationship": "three-dart average", "object": 64.5}]),
 ],
}

for m, cases in CASES.items():
    d = os.path.join(ROOT, "verify", m)
    os.makedirs(d, exist_ok=True)
    for f in os.listdir(d):
        if f.endswith(".json"):
            os.remove(os.path.join(d, f))
    for i, c in enumerate(cases, 1):
        slug = re.sub(r"[^a-z0-9]+", "-", c["name"].lower()).strip("-")[:50]
        with open(os.path.join(d, f"{i:02d}-{slug}.json"), "w") as fh:
            json.dump(c, fh, indent=2, sort_keys=True)
            fh.write("\n")
print("written")
