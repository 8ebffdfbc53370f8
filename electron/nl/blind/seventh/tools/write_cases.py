#!/usr/bin/env python3
"""Writes the regression cases in verify/<map>/*.json (hand-chosen cases, one per rule outcome)."""
import json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

def case(name, query, items, facts=None, answers=None, questions=None):
    c = {"formatVersion": 1, "name": name, "query": query,
         "target": {"mapId": "MAP", "version": {"policy": "live"}},
         "expect": {"results": {"match": "exact", "tolerance": 1, "items": items}}}
    if facts:
        c["facts"] = [dict(f, certainty=100) for f in facts]
    if answers:
        c["answers"] = answers
    if questions is not None:
        c["expect"]["questions"] = questions
    return c

NO_QUESTIONS = {"order": "any", "asked": [], "maxQuestions": 0}

CASES = {
 "tattoo-studio": [
  case("Mona is 34 and has signed: can be tattooed",
       {"subject": "Mona", "relationship": "can be tattooed"}, [{"object": True, "certainty": 100}], questions=NO_QUESTIONS),
  case("Jules Tran is 17: no result for can be tattooed",
       {"subject": "Jules Tran", "relationship": "can be tattooed"}, [], questions=NO_QUESTIONS),
  case("Priya has not signed the consent form: no result",
       {"subject": "Priya", "relationship": "can be tattooed"}, [], questions=NO_QUESTIONS),
  case("Mo injected as 19 with consent: can be tattooed",
       {"subject": "Mo", "relationship": "can be tattooed"}, [{"object": True, "certainty": 100}],
       facts=[{"subject": "Mo", "relationship": "age", "object": 19},
              {"subject": "Mo", "relationship": "has signed consent form", "object": True}], questions=NO_QUESTIONS),
  case("Mona's Koi Sleeve with Renata costs 20 x 120",
       {"subject": "Mona", "relationship": "session cost"}, [{"object": 2400, "certainty": 100}], questions=NO_QUESTIONS),
  case("Jules Tran's Swallow Pair with Old Tom costs 3.5 x 80",
       {"subject": "Jules Tran", "relationship": "session cost"}, [{"object": 280, "certainty": 100}], questions=NO_QUESTIONS),
  case("Mona wants a Japanese design: Renata is recommended",
       {"subject": "Mona", "relationship": "recommended artist"}, [{"object": "Renata", "certainty": 100}]),
  case("Jules Tran wants a Neo Traditional design: Old Tom is recommended",
       {"subject": "Jules Tran", "relationship": "recommended artist"}, [{"object": "Old Tom", "certainty": 100}]),
 ],
 "dive-centre": [
  case("Samir on Manta with Advanced Open Water may dive at Coral Garden and Blue Hole",
       {"subject": "Samir", "relationship": "may dive at"},
       [{"object": "Coral Garden", "certainty": 100}, {"object": "Blue Hole", "certainty": 100}]),
  case("Ola Berg on Sea Sprite lacks Advanced Open Water: no site",
       {"subject": "Ola Berg", "relationship": "may dive at"}, [],
       answers=[{"question": {"relationship": "has completed", "form": "first-form"}, "reply": {"kind": "yes-no", "answer": "no"}}]),
  case("Ola Berg has 6 logged dives: needs a refresher",
       {"subject": "Ola Berg", "relationship": "needs a refresher"}, [{"object": True, "certainty": 100}], questions=NO_QUESTIONS),
  case("Samir has 45 logged dives: no refresher result",
       {"subject": "Samir", "relationship": "needs a refresher"}, [], questions=NO_QUESTIONS),
  case("Samir's medical of 2026-03-14 is due again on 2027-03-14",
       {"subject": "Samir", "relationship": "medical renewal due"}, [{"object": "14th March, 2027", "certainty": 100}], questions=NO_QUESTIONS),
  case("Ola Berg's medical of 2025-11-02 is due again on 2026-11-02",
       {"subject": "Ola Berg", "relationship": "medical renewal due"}, [{"object": "2nd November, 2026", "certainty": 100}], questions=NO_QUESTIONS),
  case("Sam injected on Dory with Rescue Diver may dive at Shark Point",
       {"subject": "Sam", "relationship": "may dive at"}, [{"object": "Shark Point", "certainty": 100}],
       facts=[{"subject": "Sam", "relationship": "goes out on", "object": "Dory"},
              {"subject": "Sam", "relationship": "has completed", "object": "Rescue Diver"}]),
 ],
 "escape-rooms": [
  case("Night Owls: 5 players in Vault 13 at 27.5 each",
       {"subject": "Night Owls", "relationship": "total price"}, [{"object": 137.5, "certainty": 100}], questions=NO_QUESTIONS),
  case("Clue Crew Juniors: 4 players in Lost Temple at 18 each",
       {"subject": "Clue Crew Juniors", "relationship": "total price"}, [{"object": 72, "certainty": 100}], questions=NO_QUESTIONS),
  case("Night Owls prefer Heist: Vault and Vault 13 suggested",
       {"subject": "Night Owls", "relationship": "suggested room"},
       [{"object": "Vault", "certainty": 100}, {"object": "Vault 13", "certainty": 100}]),
  case("Red Herrings prefer Mystery: no room suggested",
       {"subject": "Red Herrings", "relationship": "suggested room"}, []),
  case("Clue Crew Juniors have under-16s: need a supervising adult",
       {"subject": "Clue Crew Juniors", "relationship": "needs a supervising adult"}, [{"object": True, "certainty": 100}], questions=NO_QUESTIONS),
  case("Night Owls have no under-16s: no result",
       {"subject": "Night Owls", "relationship": "needs a supervising adult"}, [], questions=NO_QUESTIONS),
  case("Owls injected: 3 players booked into Lab 12 at 25 each",
       {"subject": "Owls", "relationship": "total price"}, [{"object": 75, "certainty": 100}],
       facts=[{"subject": "Owls", "relationship": "has booked", "object": "Lab 12"},
              {"subject": "Owls", "relationship": "team size", "object": 3}], questions=NO_QUESTIONS),
 ],
}

def slug(s):
    return re.sub(r"[^a-z0-9]+", "-", s.lower()).strip("-")[:60]

for m, cases in CASES.items():
    d = os.path.join(ROOT, "verify", m)
    os.makedirs(d, exist_ok=True)
    for f in os.listdir(d):
        if f.endswith(".json"):
            os.remove(os.path.join(d, f))
    for i, c in enumerate(cases, 1):
        c["target"]["mapId"] = m
        with open(os.path.join(d, f"{i:02d}-{slug(c['name'])}.json"), "w") as fh:
            json.dump(c, fh, indent=2, sort_keys=True)
            fh.write("\n")
print("wrote", sum(len(v) for v in CASES.values()), "cases")
