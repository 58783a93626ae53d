"""Records spec/validation/cases.json: per validation rule, documents and the findings
graphql-core 3.3.2 reports for them (message and 1-based line:column of every location).

Run with the project venv (scripts/setup makes it): .venv/bin/python spec/validation/record_cases.py
The documents are Baton's own; the expected findings come from graphql-core.
"""
import json
import os

from graphql import build_schema, parse, validate

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMAS = {
    "zoo": os.path.join(HERE, "zoo.graphql"),
    "rickandmorty": os.path.join(HERE, "..", "schemas", "rick-and-morty.schema.graphql"),
    "queryonly": os.path.join(HERE, "query-only.graphql"),
}

CASES = {
    "ExecutableDefinitions": [
        ("zoo", "query Foo { dog { name } }\nfragment Frag on Dog { name }"),
        ("zoo", "query Foo { dog { name } }\ntype Cow { name: String }\nextend type Dog { color: String }"),
        ("zoo", "schema { query: Query }\ndirective @x on FIELD\n{ dog { name } }"),
    ],
    "KnownOperationTypes": [
        ("zoo", "query { dog { name } } mutation { renameDog(name: \"x\") { name } } subscription { newDog { name } }"),
        ("queryonly", "mutation M { a }\nsubscription S { a }\n{ a }"),
    ],
    "UniqueOperationNames": [
        ("zoo", "query Foo { dog { name } }\nquery Bar { cat { name } }"),
        ("zoo", "query Foo { dog { name } }\nmutation Foo { adoptPets { name } }\nsubscription Foo { ticks }"),
    ],
    "LoneAnonymousOperation": [
        ("zoo", "{ dog { name } }"),
        ("zoo", "{ dog { name } }\nfragment F on Dog { name }"),
        ("zoo", "{ dog { name } }\n{ cat { name } }"),
        ("zoo", "{ dog { name } }\nquery Named { cat { name } }"),
    ],
    "SingleFieldSubscriptions": [
        ("zoo", "subscription S { newDog { name } }"),
        ("zoo", "subscription S { newDog { name } ticks }"),
        ("zoo", "subscription { newDog { name } ...F }\nfragment F on Subscription { ticks newPets { name } }"),
        ("zoo", "subscription S { __typename }"),
        ("zoo", "subscription S { ticks @skip(if: true) ... @include(if: false) { newDog { name } } }"),
        ("zoo", "subscription S { ... on Subscription { ticks } ticks }"),
        ("zoo", "subscription S { ...A ...A @defer }\nfragment A on Subscription { ticks }"),
    ],
    "KnownTypeNames": [
        ("zoo", "query Foo($x: Int, $b: Boolean) { dog { isAtLocation(x: $x) ... on Pet { name } ...F } }\nfragment F on Dog { isHouseTrained(atOtherHomes: $b) }"),
        ("zoo", "query Foo($var: String, $required: [Int!]!) { dog { ... on Pet { name } ...F } }\nfragment F on Dog { name }"),
        ("zoo", "query Foo($var: JumbledUpLetters) { dog { ... on Badger { name } ...F } }\nfragment F on Peat { name }"),
        ("zoo", "query Foo($var: [Strin!]) { dog { name } }"),
        ("zoo", "{ __type(name: \"Dog\") { ... on __Typ { name } } }"),
    ],
    "FragmentsOnCompositeTypes": [
        ("zoo", "fragment A on Dog { ... on Being { name } ... { name } }\nfragment B on CatOrDog { __typename }\n{ dog { ...A } catOrDog { ...B } }"),
        ("zoo", "fragment S on Boolean { x }\nfragment E on FurColor { x }\n{ dog { ... on String { x } } }"),
        ("zoo", "fragment I on ComplexInput { stringField }\n{ dog { ...I } }"),
    ],
    "VariablesAreInputTypes": [
        ("zoo", "query Foo($a: String, $b: [String!]!, $c: ComplexInput) { complicatedArgs { stringArgField(stringArg: $a) stringListArgField(stringListArg: $b) complexArgField(complexArg: $c) } }"),
        ("zoo", "query Foo($a: String, $b: [Boolean!]!, $c: ComplexInput) { dog { name } }"),
        ("zoo", "query Foo($a: Dog, $b: [[CatOrDog!]]!, $c: Pet) { dog { name } }"),
    ],
    "ScalarLeafs": [
        ("zoo", "{ dog { barks } }"),
        ("zoo", "{ dog }"),
        ("zoo", "{ human { pets } }"),
        ("zoo", "{ dog { barks { sinceWhen } } }"),
        ("zoo", "{ cat { furColor { inHexDec } } }"),
        ("zoo", "{ dog { doesKnowCommand(dogCommand: SIT) { sinceWhen } } }"),
    ],
    "FieldsOnCorrectType": [
        ("zoo", "{ dog { name ... on Being { name } } catOrDog { __typename } }"),
        ("zoo", "{ dog { meowVolume } }"),
        ("zoo", "{ dog { unknown_field { deeper_unknown } } }"),
        ("zoo", "{ pet { nickname } }"),
        ("zoo", "{ catOrDog { name } }"),
        ("zoo", "{ dog { ... on Dog { nam } } }"),
        ("zoo", "{ dogOrHuman { name } humanOrAlien { name } }"),
        ("zoo", "{ dog { __schema { types { name } } } }"),
        ("zoo", "fragment F on Being { nickname barkVolume }\n{ pet { ...F } }"),
        ("rickandmorty", "{ character(id: 1) { nam episodes { name } } }"),
    ],
    "UniqueFragmentNames": [
        ("zoo", "{ dog { ...A ...B } }\nfragment A on Dog { name }\nfragment B on Dog { barks }"),
        ("zoo", "{ dog { ...A } }\nfragment A on Dog { name }\nfragment A on Dog { barks }\nfragment A on Dog { nickname }"),
    ],
    "KnownFragmentNames": [
        ("zoo", "{ dog { ...A ... on Dog { ...B } } }\nfragment A on Dog { name }\nfragment B on Dog { ...A }"),
        ("zoo", "{ dog { ...Unknown1 ... on Dog { ...Unknown2 } } }\nfragment A on Dog { ...Unknown3 }"),
    ],
    "NoUnusedFragments": [
        ("zoo", "{ dog { ...A } }\nfragment A on Dog { ...B }\nfragment B on Dog { name }"),
        ("zoo", "query Q { dog { ...A } }\nfragment A on Dog { name }\nfragment Unused on Dog { ...UnusedToo }\nfragment UnusedToo on Dog { barks }"),
        ("zoo", "fragment Lonely on Dog { name }"),
    ],
    "PossibleFragmentSpreads": [
        ("zoo", "fragment DogF on Dog { barks }\nfragment PetF on Pet { name }\nfragment CatOrDogF on CatOrDog { __typename }\n{ dog { ...DogF ...PetF ...CatOrDogF ... on Being { name } } pet { ...DogF } catOrDog { ...DogF ...PetF } }"),
        ("zoo", "fragment CatF on Cat { meows }\nfragment HumanF on Human { iq }\n{ dog { ...CatF ... on Cat { meows } } pet { ...HumanF } catOrDog { ... on HumanOrAlien { __typename } ... on Human { iq } } humanOrAlien { ... on Pet { name } } }"),
    ],
    "NoFragmentCycles": [
        ("zoo", "{ dog { ...A } }\nfragment A on Dog { ...B }\nfragment B on Dog { name }"),
        ("zoo", "{ dog { ...A } }\nfragment A on Dog { ...A }"),
        ("zoo", "{ dog { ...A } }\nfragment A on Dog { ...B }\nfragment B on Dog { ...C }\nfragment C on Dog { ...A ...B }"),
        ("zoo", "{ dog { ...A } }\nfragment A on Dog { mother { ...B } }\nfragment B on Dog { father { ...A } ...C }\nfragment C on Dog { ...B }"),
    ],
    "UniqueVariableNames": [
        ("zoo", "query A($x: Int, $y: Int) { dog { isAtLocation(x: $x, y: $y) } }\nquery B($x: Int) { dog { isAtLocation(x: $x) } }"),
        ("zoo", "query A($x: Int, $y: String) { dog { name } }"),
        ("zoo", "query A($x: Int, $x: Int, $x: String) { dog { name } }\nquery B($y: Int, $z: Int, $y: Int) { dog { name } }"),
    ],
    "NoUndefinedVariables": [
        ("zoo", "query Foo($a: Int) { complicatedArgs { intArgField(intArg: $a) } }"),
        ("zoo", "query Foo($a: String) { dog { isAtLocation(x: $a, y: $b) ...F } }\nfragment F on Dog { doesKnowCommand(dogCommand: $c) mother { isAtLocation(x: $d) } }"),
        ("zoo", "{ dog { isAtLocation(x: $a) } }\nquery Bar { dog { ...F } }\nfragment F on Dog { isAtLocation(y: $b) }"),
        ("zoo", "query Foo { dog @needs(arg: $q) { name } complicatedArgs { complexArgField(complexArg: {requiredField: true, stringListField: [$s]}) } }"),
    ],
    "NoUnusedVariables": [
        ("zoo", "query Foo($a: Int, $b: Int, $c: Int) { dog { isAtLocation(x: $a) ...F } }\nfragment F on Dog { mother { isAtLocation(y: $b) } father { isAtLocation(x: $c) } }"),
        ("zoo", "query Foo($a: Int, $b: Int) { dog { isAtLocation(x: $a) ...F } }\nfragment F on Dog { isAtLocation(y: $b) }"),
        ("zoo", "query Foo($a: Int, $b: Int, $c: Int) { dog { isAtLocation(x: $a) } }\nquery ($d: Int) { dog { name } }"),
    ],
    "KnownDirectives": [
        ("zoo", "query Q($v: Boolean! @onVariable) @onQuery { dog @include(if: $v) { name @onField } ... @skip(if: false) { __typename } }\nmutation M @onMutation { adoptPets { name } }"),
        ("zoo", "query Q($v: Int @onVariable) @onQuery { dog @include(if: true) { name @onField } ... @skip(if: false) { __typename } }"),
        ("zoo", "{ dog @unknown(directive: \"value\") { name } }"),
        ("zoo", "query Q($v: Int @onField) @onMutation { dog @onQuery { name } ...F @onField }\nfragment F on Query @onQuery { dog { name } }\nmutation M @onQuery { adoptPets { name } }"),
    ],
    "UniqueDirectivesPerLocation": [
        ("zoo", "{ dog @onField @repeatable @repeatable { name } }"),
        ("zoo", "query Q($v: Int @onVariable @onVariable) { dog @onField @onField @onField { name @skip(if: true) @skip(if: false) } ...F @repeatable @repeatable }\nfragment F on Query @needs(arg: \"a\") @needs(arg: \"b\") { dog { name } }"),
    ],
    "DeferStreamDirectiveOnRootField": [
        ("zoo", "query Q { ... @defer { dog { name } } }"),
        ("zoo", "mutation M { ... @defer { renameDog(name: \"x\") { name } } ...F @defer adoptPets @stream { name } }\nfragment F on Mutation { adoptPets @stream(initialCount: 1) { name } ... on Mutation @defer { renameDog(name: \"y\") { name } } }"),
        ("zoo", "subscription S { ... @defer { newPets @stream { name } } }"),
    ],
    "DeferStreamDirectiveOnValidOperations": [
        ("zoo", "query Q { dog { ... @defer { name } friends @stream { name } } }\nsubscription S($v: Boolean!) { newDog { ... @defer(if: $v) { name } friends @stream(if: false) { name } } }"),
        ("zoo", "subscription S { newDog { ... @defer(if: false) { name } ...F @defer(if: $v) } }\nfragment F on Dog { friends @stream(if: false) { name } }"),
        ("zoo", "subscription S { newDog { ...F } }\nfragment F on Dog { ... @defer { name } friends @stream { name } mother @skip(if: true) { ... @defer { name } } father @include(if: $x) { ... @defer { name } } }"),
    ],
    "DeferStreamDirectiveLabel": [
        ("zoo", "{ dog { ... @defer(label: \"a\") { name } ... @defer(label: \"b\") { name } friends @stream(label: null) { name } } }"),
        ("zoo", "query Q($l: String) { dog { ... @defer(label: \"a\") { name } ... @defer(label: \"a\") { name } ... @defer(label: $l) { name } friends @stream(label: 3) { name } } }"),
    ],
    "StreamDirectiveOnListField": [
        ("zoo", "{ dogs @stream { name } names @stream(initialCount: 1) }"),
        ("zoo", "{ dog @stream { name } dogs { mother @stream { name } __typename @stream } }"),
    ],
    "KnownArgumentNames": [
        ("zoo", "{ dog { doesKnowCommand(dogCommand: SIT) isHouseTrained(atOtherHomes: true) @include(if: true) } }"),
        ("zoo", "{ dog { doesKnowCommand(dogCommand: SIT, unknown: true) isHouseTrained(atOtherHome: true) name @skip(iff: true) @unknownDirective(x: 1) } }"),
        ("zoo", "{ dog { doesKnowCommand(DogCommand: SIT) } human { pets(first: 1) { name } } }"),
    ],
    "UniqueArgumentNames": [
        ("zoo", "{ dog { isAtLocation(x: 1, y: 2) @include(if: true) } }"),
        ("zoo", "{ dog { isAtLocation(x: 1, x: 2, y: 3, x: 4) @include(if: true, if: false) } }"),
    ],
    "ValuesOfCorrectType": [
        ("zoo", "{ complicatedArgs { intArgField(intArg: 2) stringArgField(stringArg: \"x\") booleanArgField(booleanArg: true) enumArgField(enumArg: BROWN) floatArgField(floatArg: 1) idArgField(idArg: 1) customArgField(custom: {any: [1, \"thing\"]}) } }"),
        ("zoo", "{ complicatedArgs { intArgField(intArg: \"3\") a: intArgField(intArg: 3.0) b: intArgField(intArg: 829384293849283498239482938) stringArgField(stringArg: 1) booleanArgField(booleanArg: 2) floatArgField(floatArg: \"x\") idArgField(idArg: 1.5) } }"),
        ("zoo", "{ complicatedArgs { enumArgField(enumArg: \"BROWN\") a: enumArgField(enumArg: brown) b: enumArgField(enumArg: PURPLE) c: enumArgField(enumArg: 2) } }"),
        ("zoo", "{ complicatedArgs { complexArgField(complexArg: {intField: 4}) a: complexArgField(complexArg: {requiredField: true, unknownField: 1, nonNullField: null, nested: {requiredField: false, intField: \"x\"}}) b: complexArgField(complexArg: 3) c: complexArgField(complexArg: {requiredField: true, stringListField: [1, \"ok\", null]}) } }"),
        ("zoo", "{ complicatedArgs { oneOfArgField(oneOfArg: {stringField: \"a\"}) a: oneOfArgField(oneOfArg: {stringField: \"a\", intField: 1}) b: oneOfArgField(oneOfArg: {intField: null}) c: oneOfArgField(oneOfArg: {}) } }"),
        ("zoo", "query Q($a: Int = \"one\", $b: ComplexInput = {requiredField: 1}, $c: [String] = [1, 2], $d: Int! = null) { complicatedArgs { intArgField(intArg: $a) complexArgField(complexArg: $b) stringListArgField(stringListArg: $c) nonNullIntArgField(nonNullIntArg: $d) } }"),
        ("zoo", "{ complicatedArgs { nonNullIntArgField(nonNullIntArg: null) stringListNonNullArgField(stringListNonNullArg: [\"a\", null]) stringListArgField(stringListArg: \"single\") } dog { isHouseTrained(atOtherHomes: \"yes\") @include(if: \"no\") } }"),
        ("zoo", "{ complicatedArgs { complexArgField(complexArg: {requiredField: true, stringListField: [\"aaaaaaaaaaaaaaaaaaaa\", \"bbbbbbbbbbbbbbbbbbbbbbbbbbb\", \"cccccccccccccccccccccccc\"], unknown: 1}) } }"),
    ],
    "ProvidedRequiredArguments": [
        ("zoo", "{ complicatedArgs { multipleReqs(req1: 1, req2: 2) nonNullFieldWithDefault multipleOpts } dog { name @include(if: true) } }"),
        ("zoo", "{ complicatedArgs { multipleReqs nonNullIntArgField multipleOptAndReq(req2: 1) } dog { name @include @skip } }"),
        ("zoo", "{ __type { name } dog { name @needs } }"),
    ],
    "VariablesInAllowedPosition": [
        ("zoo", "query Q($b: Boolean, $i: Int!, $s: [String!]) { dog { isHouseTrained(atOtherHomes: $b) } complicatedArgs { intArgField(intArg: $i) stringListArgField(stringListArg: $s) } }"),
        ("zoo", "query Q($i: Int, $s: String, $l: [String]) { complicatedArgs { nonNullIntArgField(nonNullIntArg: $i) stringArgField(stringArg: $i) stringListNonNullArgField(stringListNonNullArg: $l) } ...F }\nfragment F on Query { complicatedArgs { intArgField(intArg: $s) } }"),
        ("zoo", "query Q($i: Int = 1, $j: Int = null, $b: Boolean) { complicatedArgs { nonNullIntArgField(nonNullIntArg: $i) a: nonNullIntArgField(nonNullIntArg: $j) nonNullFieldWithDefault(arg: $j) } dog @include(if: $b) { name } }"),
        ("zoo", "query Q($s: String, $t: String!, $c: Boolean) { complicatedArgs { oneOfArgField(oneOfArg: {stringField: $s}) a: oneOfArgField(oneOfArg: {stringField: $t}) complexArgField(complexArg: {requiredField: $c}) } }"),
    ],
    "OverlappingFieldsCanBeMerged": [
        ("zoo", "fragment F on Dog { name name nickname: name barkVolume ... on Dog { barkVolume } }\n{ dog { ...F } }"),
        ("zoo", "{ dog { name: nickname name } }"),
        ("zoo", "{ dog { doesKnowCommand(dogCommand: SIT) doesKnowCommand(dogCommand: HEEL) isAtLocation(x: 1, y: 2) isAtLocation(y: 2, x: 1) a: isAtLocation(x: 1) a: isAtLocation(x: $v) } }"),
        ("zoo", "{ dog { ...A ...B } }\nfragment A on Dog { x: name }\nfragment B on Dog { x: barks }"),
        ("zoo", "{ dog { x: name ...A } }\nfragment A on Dog { x: barks ...B }\nfragment B on Dog { x: nickname }"),
        ("zoo", "{ pet { ... on Dog { name: nickname } ... on Cat { name } } catOrDog { ... on Dog { v: barkVolume } ... on Cat { v: meows } } }"),
        ("zoo", "{ dog { mother { name: nickname } mother { name } father { x: name } father { x: barks y: name } father { y: nickname } } }"),
        ("zoo", "{ dog { friends { name } friends { name } } catOrDog { ... on Cat { friends { name } } ... on Dog { friends { nickname } } } }"),
        ("zoo", "{ dogs @stream { name } dogs { name } a: dogs @stream(initialCount: 1) { name } a: dogs @stream(initialCount: 1) { name } }"),
        ("zoo", "{ human { relatives { name } } human { relatives { iq } } a: dog { name } a: cat { name } }"),
        ("zoo", "{ dog { ...A } }\nfragment A on Dog { ...B mother { ...A } }\nfragment B on Dog { name: nickname ...A }"),
        ("zoo", "{ pet { ... on Dog { friends { name } } ... on Cat { friends { name } } } }"),
    ],
    "UniqueInputFieldNames": [
        ("zoo", "{ complicatedArgs { complexArgField(complexArg: {requiredField: true, intField: 1, nested: {requiredField: true, intField: 2}}) } }"),
        ("zoo", "{ complicatedArgs { complexArgField(complexArg: {requiredField: true, intField: 1, intField: 2, nested: {requiredField: true, requiredField: false}}) } }"),
    ],
    "MaxIntrospectionDepth": [
        ("zoo", "{ __schema { types { fields { type { fields { name } } } } } }"),
        ("zoo", "{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }"),
        ("zoo", "{ __type(name: \"Dog\") { ...T } }\nfragment T on __Type { interfaces { ...U } }\nfragment U on __Type { possibleTypes { inputFields { name } } }"),
        ("zoo", "{ __schema { types { name } } }"),
    ],
}

# Odd inputs across rules: unknown types and fragments, missing roots, duplicate definitions,
# quirks of graphql-core's type tracking.
CASES["OddInput"] = [
    ("zoo", "{ dog { ...F } }\nfragment F on Unknown { name ... on AlsoUnknown { x } }"),
    ("zoo", "{ unknownRoot { a { b } } dog { mother { ...Missing } } }"),
    ("queryonly", "mutation M { a b { c } }\nsubscription S { a ...F }\nfragment F on Subscription { a }"),
    ("zoo", "{ dog { ...F } }\nfragment F on Dog { name }\nfragment F on Cat { meows }"),
    ("zoo", "{ dog { name @unknown(surname: \"yes\") } }"),
    ("zoo", "{ dog { ...A } }\nfragment A on Dog { ...B }\nfragment B on Dog { ...A name: barks }"),
    ("zoo", "{ catOrDog { ... { __typename ... on Dog { name } } } __typename pet { __typename } }"),
    ("zoo", "query Q($v: Int, $l: [Int]) { complicatedArgs { stringListArgField(stringListArg: [$v, \"x\"]) complexArgField(complexArg: {requiredField: $b, intField: $l, nested: {requiredField: true, stringListField: $v}}) } }"),
    ("zoo", "query Q($c: ComplexInput = {requiredField: true, nested: {nonNullField: 3}}, $e: FurColor = BROWN, $f: [FurColor] = [BLACK, purple]) { complicatedArgs { complexArgField(complexArg: $c) a: enumArgField(enumArg: $e) } }"),
    ("zoo", "{ complicatedArgs { oneOfArgField(oneOfArg: {stringField: \"a\", unknown: 1}) stringListArgField(stringListArg: [[\"nested\"]]) enumArgField(enumArg: [BROWN]) } }"),
    ("zoo", "directive @local(flag: Boolean!) on FIELD\n{ dog { name @local name @local(flg: true) } }"),
    ("zoo", "{ __schema { queryType { name } } dog { __type(name: \"x\") { name } } __type(name: 3) { name } }"),
    ("zoo", "subscription S { newDog { name } }\nsubscription S { ticks }\nquery S { dog { name } }"),
    ("zoo", "{ dog { name(surname: true) name } human { name(surname: $s) } }"),
    ("zoo", "query Q($a: Int!) { dog { isAtLocation(x: $a, y: $a) } }\nquery R($a: String) { ...F }\nfragment F on Query { dog { isAtLocation(x: $a) } }"),
    ("zoo", "{ dog { ... on Cat { meows } ... on Being { name } ... on HumanOrAlien { __typename } } }"),
    ("zoo", "{ dogs { friends { ... on Dog { barkVolume: barks } ... on Canine { barkVolume } } } }"),
    ("zoo", "fragment F on Dog { ...G }\nfragment G on Dog { ...F }\nquery Q { dog { ...F ...G } }"),
    ("rickandmorty", "query Page($page: Int, $filter: FilterCharacter) { characters(page: $page, filter: $filter) { info { count next } results { id name episode { id name air_date } origin { name } } } episodesByIds(ids: [1, \"2\", 3.5]) { id } }"),
    ("rickandmorty", "{ characters(filter: {name: \"Rick\", statuss: \"Alive\"}) { results { name } } location(id: null) { name } }"),
    # Literals a scalar or enum rejects print with variables replaced (none given: null, or left out).
    ("zoo", "query Q($i: Int) { complicatedArgs { stringArgField(stringArg: [$i, 1]) enumArgField(enumArg: {a: $i, b: BROWN}) idArgField(idArg: [[$i]]) } }"),
    # graphql-core remembers reachable fragments by the set of names spread: B reuses A's order.
    ("zoo", "query A { dog { ...F ...G } }\nquery B { dog { ...G ...F } }\nfragment F on Dog { isAtLocation(x: $x) }\nfragment G on Dog { isHouseTrained(atOtherHomes: $y) }"),
]


def location_list(error):
    return [[loc.line, loc.column] for loc in (error.locations or [])]


def main():
    schemas = {name: build_schema(open(path).read()) for name, path in SCHEMAS.items()}
    out = []
    for rule, cases in CASES.items():
        for index, (schema_name, text) in enumerate(cases):
            errors = validate(schemas[schema_name], parse(text))
            out.append({
                "rule": rule,
                "name": f"{rule} #{index + 1}",
                "schema": schema_name,
                "document": text,
                "errors": [{"message": e.message, "locations": location_list(e)} for e in errors],
            })
    with open(os.path.join(HERE, "cases.json"), "w") as f:
        json.dump(out, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"{len(out)} cases")


main()
