"""Writes the regression cases in verify/<map>/ (run from anywhere)."""
import json, os
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

MAP = "x"
def case(name, query, items, facts=(), answers=()):
    c = {"target": {"mapId": MAP, "version": {"policy": "live"}}, "formatVersion": 1, "name": name, "suite": "blind11",
         "query": query,
         "expect": {"results": {"match": "exact", "tolerance": 2, "items": items}}}
    if facts:
        c["facts"] = [dict(f, certainty=100) for f in facts]
    if answers:
        c["answers"] = list(answers)
    return c

def vals(rel, *values, form=None, subject=None, obj=None):
    q = {"relationship": rel}
    if form: q["form"] = form
    if subject: q["subject"] = subject
    if obj: q["object"] = obj
    return {"question": q, "reply": {"kind": "values", "values": [{"value": v, "certainty": 100} for v in values]}}

def yn(rel, ans, **kw):
    q = {"relationship": rel}; q.update(kw)
    return {"question": q, "reply": {"kind": "yes-no", "answer": ans}}

def skip(rel):
    return {"question": {"relationship": rel}, "reply": {"kind": "skip"}}

CASES = {
 "bindery": [
  case("Ines is qualified for the Coptic Herbal", {"subject": "Ines", "relationship": "is qualified to bind"},
       [{"object": "Herbal", "certainty": 100}],
       answers=[vals("has trained in", "Coptic"), vals("binding style", "Herbal")]),
  case("Oskar is qualified for the case-bound Atlas 1", {"subject": "Oskar", "relationship": "is qualified to bind"},
       [{"object": "Atlas 1", "certainty": 100}],
       answers=[vals("has trained in", "Case Binding"), vals("binding style", "Atlas 1")]),
  case("Priya has no training: no result", {"subject": "Priya", "relationship": "is qualified to bind"}, [],
       answers=[vals("has trained in", "Coptic Long Stitch"), skip("binding style")]),
  case("Herbal Folio in goatskin needs leather", {"subject": "Herbal Folio", "relationship": "needs leather"},
       [{"object": True, "certainty": 100}], answers=[vals("is covered in", "Goatskin")]),
  case("Atlas 1 in buckram: no leather result", {"subject": "Atlas 1", "relationship": "needs leather"}, [],
       answers=[vals("is covered in", "Buckram")]),
  case("Atlas 12 rush price is 300", {"subject": "Atlas 12", "relationship": "rush price"},
       [{"object": 300, "certainty": 100}]),
  case("Herbal is not a rush order: no rush price", {"subject": "Herbal", "relationship": "rush price"}, []),
  case("Injected calfskin cover on Atlas 12 needs leather", {"subject": "Atlas 12", "relationship": "needs leather"},
       [{"object": True, "certainty": 100}],
       facts=[{"subject": "Atlas 12", "relationship": "is covered in", "object": "Calfskin"}],
       answers=[vals("is covered in", "Calfskin")]),
 ],
 "clock-repair": [
  case("Lise should work on the Mantel (escapement)", {"subject": "Lise", "relationship": "should work on"},
       [{"object": "Mantel", "certainty": 100}],
       answers=[vals("specialises in", "Escapement"), vals("needs a new", "Mantel")]),
  case("Jonah Reed should work on Long Case 30", {"subject": "Jonah Reed", "relationship": "should work on"},
       [{"object": "Long Case 30", "certainty": 100}],
       answers=[vals("specialises in", "Pendulum Rod"), vals("needs a new", "Long Case 30")]),
  case("Wen's mainspring is needed by no clock: no result", {"subject": "Wen", "relationship": "should work on"}, [],
       answers=[vals("specialises in", "Mainspring"), skip("needs a new")]),
  case("Long Case 30 at 140 years is antique", {"subject": "Long Case 30", "relationship": "is antique"},
       [{"object": True, "certainty": 100}]),
  case("Mantel at 60 years: no antique result", {"subject": "Mantel", "relationship": "is antique"}, []),
  case("Long Case 30 total bill 405.5", {"subject": "Long Case 30", "relationship": "total bill"},
       [{"object": 405.5, "certainty": 100}]),
  case("Injected parts cost gives Mantel a bill of 190", {"subject": "Mantel", "relationship": "total bill"},
       [{"object": 190, "certainty": 100}],
       facts=[{"subject": "Mantel", "relationship": "parts cost", "object": 40}]),
 ],
 "mushroom-farm": [
  case("Room 1 takes 175 a week", {"subject": "Room 1", "relationship": "weekly takings"},
       [{"object": 175, "certainty": 100}],
       answers=[vals("grows", "Shiitake")]),
  case("Room 11 is ready to fruit", {"subject": "Room 11", "relationship": "is ready to fruit"},
       [{"object": True, "certainty": 100}]),
  case("Dark Shed at 70% humidity: no result", {"subject": "Dark Shed", "relationship": "is ready to fruit"}, []),
  case("Rosa should deliver to Chef Amos", {"subject": "Rosa", "relationship": "should deliver to"},
       [{"object": "Chef Amos", "certainty": 100}],
       answers=[vals("tends", "Room 1"), vals("grows", "Shiitake"), vals("prefers", "Chef Amos")]),
  case("Rosalind's Enoki is preferred by nobody: no result", {"subject": "Rosalind", "relationship": "should deliver to"}, [],
       answers=[vals("tends", "Dark Shed"), vals("grows", "Enoki"), skip("prefers")]),
  case("Dark Shed grows Enoki, which has no price: no takings", {"subject": "Dark Shed", "relationship": "weekly takings"}, [],
       answers=[vals("grows", "Enoki"), skip("price per kilo")]),
  case("Injected humidity makes Dark Shed North ready", {"subject": "Dark Shed North", "relationship": "is ready to fruit"},
       [{"object": True, "certainty": 100}],
       facts=[{"subject": "Dark Shed North", "relationship": "is sterilised", "object": True},
              {"subject": "Dark Shed North", "relationship": "humidity", "object": 88}]),
 ],
}

for m, cs in CASES.items():
    d = os.path.join(ROOT, "verify", m)
    os.makedirs(d, exist_ok=True)
    for f in os.listdir(d):
        os.remove(os.path.join(d, f))
    for i, c in enumerate(cs, 1):
        c["target"]["mapId"] = m
        with open(os.path.join(d, f"{i:02d}.json"), "w") as fh:
            json.dump(c, fh, indent=2, sort_keys=True); fh.write("\n")
print("wrote", sum(len(v) for v in CASES.values()), "cases")
