"""Builds data.json, the server's data, from what the project ships: the recorded first page of
characters (spec/conformance/rickandmorty/characters-page-1.store.json, a record dump) with their
locations and episodes. Run from the repository root: .venv/bin/python Examples/RickAndMorty/Server/make_data.py
"""
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[3]
DUMP = ROOT / "spec/conformance/rickandmorty/characters-page-1.store.json"
OUT = pathlib.Path(__file__).resolve().parent / "data.json"

FIELDS = {
    "Character": ["id", "name", "status", "species", "type", "gender", "image", "created"],
    "Location": ["id", "name", "type", "dimension", "created"],
    "Episode": ["id", "name", "air_date", "episode", "created"],
}


def ids(refs):
    return [ref.split(":", 1)[1] for ref in refs["__refs"]]


def place(records, value):
    """A character's origin or location: a location's id, or the object itself when it has none."""
    if value is None:
        return None
    ref = value["__ref"]
    if ref.startswith("Location:"):
        return ref.split(":", 1)[1]
    record = records[ref]
    return {name: record.get(name) for name in FIELDS["Location"]}


def main():
    records = json.loads(DUMP.read_text())
    data = {"characters": [], "locations": [], "episodes": []}
    numbered = sorted(records, key=lambda key: (key.split(":")[0], int(key.split(":")[1]) if key.count(":") == 1 and key.split(":")[1].isdigit() else -1))
    for key in numbered:
        kind, _, rest = key.partition(":")
        if kind not in FIELDS or not rest.isdigit():
            continue
        record = records[key]
        item = {name: record.get(name) for name in FIELDS[kind]}
        if kind == "Character":
            item["origin"] = place(records, record.get("origin"))
            item["location"] = place(records, record.get("location"))
            item["episode"] = ids(record["episode"]) if "episode" in record else []
            data["characters"].append(item)
        elif kind == "Location":
            data["locations"].append(item)
        else:
            item["characters"] = ids(record["characters"]) if "characters" in record else []
            data["episodes"].append(item)
    data["notes"] = {"1": [
        {"id": "note-1", "text": "Wubba lubba dub dub"},
        {"id": "note-2", "text": "Keep the portal gun charged"},
        {"id": "note-3", "text": "Stay away from the Citadel"},
    ]}
    OUT.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
