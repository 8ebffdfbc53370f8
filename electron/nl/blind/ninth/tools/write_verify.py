#!/usr/bin/env python3
"""Writes the regression cases in verify/<map>/ that prove each derived rule of the three maps."""
import json, os, re, shutil

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SKIP = {"kind": "skip"}

def ans(rel, reply, **key):
    q = {"relationship": rel}
    q.update(key)
    return {"question": q, "reply": reply}

def vals(*v):
    return {"kind": "values", "values": [{"value": x, "certainty": 100} for x in v]}

def day(iso):
    """The engine reports dates in results as text: "8th March, 2027"."""
    import datetime
    d = datetime.date.fromisoformat(iso)
    n = d.day
    suf = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suf} {d.strftime('%B')}, {d.year}"

def case(name, subject, rel, items, facts=(), answers=(), obj=None):
    q = {"subject": subject, "relationship": rel}
    if obj is not None:
        q["object"] = obj
    c = {"formatVersion": 1, "name": name, "suite": "blind9 rules",
         "target": {"mapId": "set-by-map-file", "version": {"policy": "live"}},
         "query": q,
         "expect": {"results": {"match": "exact", "tolerance": 2,
                                "items": [{"object": o, "certainty": 100} for o in items]}}}
    if facts:
        c["facts"] = [{"subject": s, "relationship": r, "object": o, "certainty": 100} for s, r, o in facts]
    if answers:
        c["answers"] = list(answers)
    return c

CASES = {
 "roastery": [
  case("Bluebird Cafe is a wholesale account", "Bluebird Cafe", "is a wholesale account", [True]),
  case("Corner Kiosk takes too little to be wholesale", "Corner Kiosk", "is a wholesale account", [],
       answers=[ans("has paid deposit", SKIP)]),
  case("Injected volume and deposit make Bluebird wholesale", "Bluebird", "is a wholesale account", [True],
       facts=[("Bluebird", "kilos per week", 30), ("Bluebird", "has paid deposit", True)]),
  case("Huila rests until 8 March", "Huila", "rest ends on", [day("2027-03-08")]),
  case("Answered roast date crosses a month", "Yirgacheffe", "rest ends on", [day("2027-05-05")],
       answers=[ans("was roasted on", vals("2027-04-28"))]),
  case("No roast date, no end of rest", "Huila Reserve", "rest ends on", [],
       answers=[ans("was roasted on", SKIP)]),
  case("Robin supplies two cafes", "Robin", "supplies", ["The Daily Grind", "Corner Kiosk"],
       answers=[ans("orders", SKIP), ans("roasts", SKIP)]),
  case("Rob supplies Bluebird Cafe", "Rob", "supplies", ["Bluebird Cafe"],
       answers=[ans("orders", SKIP), ans("roasts", SKIP)]),
 ],
 "grooming": [
  case("Biscuit can be groomed by Anna and Jo Beck", "Biscuit", "can be groomed by", ["Anna", "Jo Beck"],
       answers=[ans("is booked for", SKIP), ans("is qualified in", SKIP)]),
  case("Max can be groomed by Ann", "Max", "can be groomed by", ["Ann"],
       answers=[ans("is booked for", SKIP), ans("is qualified in", SKIP)]),
  case("Nothing booked for Maxi, nobody can groom", "Maxi", "can be groomed by", [],
       answers=[ans("is booked for", SKIP), ans("is qualified in", SKIP)]),
  case("Biscuit is next due six weeks on", "Biscuit", "next visit due", [day("2027-02-26")]),
  case("Injected last groom for Pepper", "Pepper", "next visit due", [day("2027-04-03")],
       facts=[("Pepper", "was last groomed on", "2027-02-20")]),
  case("Sir Wagsalot is heavy: double slot", "Sir Wagsalot", "needs a double slot", [True],
       answers=[ans("coat type", SKIP)]),
  case("Max's double coat: double slot", "Max", "needs a double slot", [True]),
  case("Biscuit is small and curly: no double slot", "Biscuit", "needs a double slot", []),
 ],
 "kayaks": [
  case("Omar is allowed on the improver routes", "Omar Haddad", "is allowed on", ["River Loop Long", "Estuary Run"],
       answers=[ans("minimum level", SKIP)]),
  case("Leela is allowed on Seal Bay", "Leela", "is allowed on", ["Seal Bay"],
       answers=[ans("minimum level", SKIP)]),
  case("Kit has no level, no route", "Kit", "is allowed on", [],
       answers=[ans("skill level", SKIP), ans("minimum level", SKIP)]),
  case("Kit is under sixteen: instructor", "Kit", "needs an instructor", [True],
       answers=[ans("skill level", SKIP)]),
  case("Lee is a beginner: instructor", "Lee", "needs an instructor", [True]),
  case("Omar needs no instructor", "Omar Haddad", "needs an instructor", []),
  case("Tandem Two deposit for Leela", "Leela", "deposit", [64]),
  case("Injected hire of Kayak 30 for Kit", "Kit", "deposit", [45],
       facts=[("Kit", "hires", "Kayak 30")]),
 ],
}

for m, cases in CASES.items():
    d = os.path.join(ROOT, "verify", m)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    for i, c in enumerate(cases, 1):
        slug = re.sub(r"[^a-z0-9]+", "-", c["name"].lower()).strip("-")
        with open(os.path.join(d, f"{i:02d}-{slug}.json"), "w") as f:
            json.dump(c, f, indent=2, sort_keys=True)
            f.write("\n")
print("written")
