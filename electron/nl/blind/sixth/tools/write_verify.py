#!/usr/bin/env python3
"""Writes the regression cases in verify/<map>/ (one JSON file per case)."""
import json, os, re
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def case(name, query, items, facts=None, skip=()):
    c = {"formatVersion": 1, "name": name, "query": query, "target": {"mapId": "blind6", "version": {"policy": "live"}},
         "expect": {"results": {"match": "exact", "tolerance": 1, "items": items},
                    "questions": {"allowOthers": True}}}
    if facts:
        c["facts"] = [dict(f, certainty=100) for f in facts]
    if skip:
        c["answers"] = [{"question": {"relationship": r}, "reply": {"kind": "skip"}} for r in skip]
    return c

C = {
 "locksmith": [
  case("Total charge of Job 4 is 2 h x 38 + 45", {"subject": "Job 4", "relationship": "total charge"}, [{"object": 121, "certainty": 100}]),
  case("Total charge of Job 41 is 1.5 h x 42.5 + 60", {"subject": "Job 41", "relationship": "total charge"}, [{"object": 123.75, "certainty": 100}]),
  case("No total charge for Job 7 (nobody assigned, no hours)", {"subject": "Job 7", "relationship": "total charge"}, [], skip=["is assigned to", "hours on site", "call-out fee"]),
  case("Ian can attend Job 7 (padlock) and Job 4 (deadbolt)", {"subject": "Ian", "relationship": "can attend"}, [{"object": "Job 4", "certainty": 100}, {"object": "Job 7", "certainty": 100}], skip=["is certified for", "involves"]),
  case("Who can attend Job 41: only Iona", {"object": "Job 41", "relationship": "can attend"}, [{"subject": "Iona", "object": "Job 41", "certainty": 100}], skip=["is certified for", "involves"]),
  case("Job 41 needs priority", {"subject": "Job 41", "relationship": "needs priority"}, [{"object": True, "certainty": 100}]),
  case("Job 4 is not an emergency: no priority", {"subject": "Job 4", "relationship": "needs priority"}, []),
  case("Injected: Job 7 is an emergency, so it needs priority", {"subject": "Job 7", "relationship": "needs priority"}, [{"object": True, "certainty": 100}],
       facts=[{"subject": "Job 7", "relationship": "is an emergency", "object": True}]),
 ],
 "brewery": [
  case("The Anchor spends 3 x 92 a week", {"subject": "The Anchor", "relationship": "weekly spend"}, [{"object": 276, "certainty": 100}], skip=["orders", "price per cask", "casks per week"]),
  case("Crown Inn spends 2 x 110 a week", {"subject": "Crown Inn", "relationship": "weekly spend"}, [{"object": 220, "certainty": 100}], skip=["orders", "price per cask", "casks per week"]),
  case("Anchor Tap orders nothing: no weekly spend", {"subject": "Anchor Tap", "relationship": "weekly spend"}, [], skip=["orders", "price per cask", "casks per week"]),
  case("Moira supplies The Anchor and Crown Inn", {"subject": "Moira", "relationship": "supplies"}, [{"object": "The Anchor", "certainty": 100}, {"object": "Crown Inn", "certainty": 100}], skip=["brews", "orders"]),
  case("Night Porter is strong (6.5)", {"subject": "Night Porter", "relationship": "is strong"}, [{"object": True, "certainty": 100}]),
  case("Pale Ale is not strong (4.2)", {"subject": "Pale Ale", "relationship": "is strong"}, []),
  case("Injected: Red Rye at 7.1 is strong", {"subject": "Red Rye", "relationship": "is strong"}, [{"object": True, "certainty": 100}],
       facts=[{"subject": "Red Rye", "relationship": "strength", "object": 7.1}]),
 ],
 "florist": [
  case("Order 3 flowers cost 40 x 3.5", {"subject": "Order 3", "relationship": "flower cost"}, [{"object": 140, "certainty": 100}], skip=["contains", "price per stem", "number of stems"]),
  case("Order 30 flowers cost 150 x 2.25", {"subject": "Order 30", "relationship": "flower cost"}, [{"object": 337.5, "certainty": 100}], skip=["contains", "price per stem", "number of stems"]),
  case("Order 12 has no flowers: no cost", {"subject": "Order 12", "relationship": "flower cost"}, [], skip=["contains", "price per stem", "number of stems"]),
  case("Lily has worked for Dana", {"subject": "Lily", "relationship": "has worked for"}, [{"object": "Dana", "certainty": 100}], skip=["is arranged by", "placed by"]),
  case("Order 30 needs the van (150 stems)", {"subject": "Order 30", "relationship": "needs the van"}, [{"object": True, "certainty": 100}]),
  case("Order 3 does not need the van (40 stems)", {"subject": "Order 3", "relationship": "needs the van"}, []),
  case("Injected: Order 12 with 120 stems needs the van", {"subject": "Order 12", "relationship": "needs the van"}, [{"object": True, "certainty": 100}],
       facts=[{"subject": "Order 12", "relationship": "number of stems", "object": 120}]),
 ],
}
for m, cases in C.items():
    d = os.path.join(ROOT, "verify", m); os.makedirs(d, exist_ok=True)
    for f in os.listdir(d):
        if f.endswith(".json"): os.remove(os.path.join(d, f))
    for i, c in enumerate(cases, 1):
        slug = re.sub(r"[^a-z0-9]+", "-", c["name"].lower()).strip("-")[:40]
        with open(os.path.join(d, f"{i:02d}-{slug}.json"), "w") as fh:
            json.dump(c, fh, indent=2, sort_keys=True); fh.write("\n")
print("wrote", sum(len(v) for v in C.values()), "cases")
