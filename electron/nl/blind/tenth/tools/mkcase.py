"""Writes a regression case file (keys sorted, two-space indent). Usage inside the verify scripts."""
import json, sys
def case(path, mapid, name, query, items, facts=None, answers=None):
    d = {"formatVersion": 1, "name": name, "target": {"mapId": mapid, "version": {"policy": "live"}},
         "query": query, "expect": {"results": {"match": "exact", "tolerance": 2, "items": items}}}
    if facts: d["facts"] = facts
    if answers: d["answers"] = answers
    open(path, "w").write(json.dumps(d, indent=2, sort_keys=True) + "\n")
def val(rel, *values): return {"question": {"relationship": rel}, "reply": {"kind": "values", "values": [{"value": v, "certainty": 100} for v in values]}}
def fact(s, r, o): return {"subject": s, "relationship": r, "object": o, "certainty": 100}
