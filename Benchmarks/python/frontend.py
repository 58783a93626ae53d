"""graphql-core's side of `baton-bench frontend`: the same inputs, timed the same way.

usage: frontend.py <schema.graphql> <fragments.graphql> <schema-runs> <fragment-runs>
Prints JSON: medians in milliseconds.
"""
import json
import statistics
import sys
import time
from dataclasses import replace

from graphql import build_ast_schema, parse, validate
from graphql import validate_schema


def without_duplicate_fields(document):
    """GitHub's published schema defines two fields twice, identically; graphql-core refuses
    that, so the second definition of each is dropped here (Baton accepts them with a warning)."""
    definitions = []
    for definition in document.definitions:
        fields = getattr(definition, "fields", None)
        if fields:
            seen, kept = set(), []
            for field in fields:
                if field.name.value not in seen:
                    seen.add(field.name.value)
                    kept.append(field)
            if len(kept) != len(fields):
                definition = replace(definition, fields=tuple(kept))
        definitions.append(definition)
    return replace(document, definitions=tuple(definitions))


def median_ms(fn, runs):
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def main():
    schema_path, fragments_path, schema_runs, fragment_runs = sys.argv[1:5]
    sdl = open(schema_path, encoding="utf-8").read()
    fragments = open(fragments_path, encoding="utf-8").read()

    def schema_job():
        schema = build_ast_schema(without_duplicate_fields(parse(sdl)))
        validate_schema(schema)  # reports the 12 deprecation findings; it does not raise
        return schema

    schema = schema_job()
    # graphql-core refuses to validate documents against a schema with findings; Baton
    # reports GitHub's 12 deprecation findings as warnings, so they are accepted here alike.
    schema._validation_errors = []
    schema_ms = median_ms(schema_job, int(schema_runs))
    fragments_ms = median_ms(lambda: validate(schema, parse(fragments)), int(fragment_runs))
    print(json.dumps({"schema_ms": schema_ms, "fragments_ms": fragments_ms}))


if __name__ == "__main__":
    main()
