import BatonDiagnostics
import BatonSyntax
import Testing

@testable import BatonSchema

// graphql-core 3.3.2's `validate_schema` checks, one test per group: messages and 1-based
// positions as graphql-core reports them for the same text.

@Suite struct SchemaCheckTests {
    @Test func rootTypesAreObjectsAndDistinct() {
        let sdl = """
            schema { query: Q mutation: M subscription: M }
            scalar Q
            type M { a: String }
            """
        #expect(
            diagnostics(sdl) == [
                "Query root type must be Object type, it cannot be Q. @ 1:17",
                "All root types must be different, 'M' type is used as mutation and subscription root types. @ 1:29, 1:45",
            ])
    }

    @Test func queryRootIsRequired() {
        let sdl = "type Foo { a: String }"
        #expect(
            diagnostics(sdl) == [
                "Query root type must be provided. @ "
            ])
    }

    @Test func queryRootIsRequiredAtSchemaDefinition() {
        let sdl = """
            schema { mutation: M }
            type M { a: String }
            """
        #expect(
            diagnostics(sdl) == [
                "Query root type must be provided. @ 1:1"
            ])
    }

    @Test func reservedNames() {
        let sdl = """
            type Query { __a: String b(__c: Int): Int }
            type __Bad { a: String }
            enum E { __X }
            input __I { __f: Int }
            directive @__d(__x: Int) on FIELD
            """
        #expect(
            diagnostics(sdl) == [
                "Name '__d' must not begin with '__', which is reserved by GraphQL introspection. @ 5:1",
                "Name '__x' must not begin with '__', which is reserved by GraphQL introspection. @ 5:16",
                "Name '__a' must not begin with '__', which is reserved by GraphQL introspection. @ 1:14",
                "Name '__c' must not begin with '__', which is reserved by GraphQL introspection. @ 1:28",
                "Name '__Bad' must not begin with '__', which is reserved by GraphQL introspection. @ 2:1",
                "Name '__X' must not begin with '__', which is reserved by GraphQL introspection. @ 3:10",
                "Name '__I' must not begin with '__', which is reserved by GraphQL introspection. @ 4:1",
                "Name '__f' must not begin with '__', which is reserved by GraphQL introspection. @ 4:13",
            ])
    }

    @Test func outputAndInputTypes() {
        let sdl = """
            type Query { a: I b(x: Query): Int }
            input I { x: Query }
            directive @d(x: Query) on FIELD
            """
        #expect(
            diagnostics(sdl) == [
                "The type of @d(x:) must be Input Type but got: Query. @ 3:14",
                "The type of Query.a must be Output Type but got: I. @ 1:17",
                "The type of Query.b(x:) must be Input Type but got: Query. @ 1:24",
                "The type of I.x must be Input Type but got: Query. @ 2:14",
            ])
    }

    @Test func implementsOnlyInterfacesOnce() {
        let sdl = """
            interface I { a: String }
            type Query implements I & Query & I & S { a: String }
            scalar S
            """
        #expect(
            diagnostics(sdl) == [
                "Type Query must only implement Interface types, it cannot implement Query. @ 2:27",
                "Type Query can only implement I once. @ 2:23, 2:35",
                "Type Query must only implement Interface types, it cannot implement S. @ 2:39",
            ])
    }

    @Test func interfaceCycles() {
        let sdl = """
            interface I implements J { a: String }
            interface J implements I { a: String }
            type Query implements I { a: String }
            """
        #expect(
            diagnostics(sdl) == [
                "Type I cannot implement J because it would create a circular reference. @ 2:24, 1:24",
                "Type J cannot implement I because it would create a circular reference. @ 1:24, 2:24",
                "Type Query must implement J because it is implemented by I. @ 1:24, 3:23",
            ])
    }

    @Test func transitiveInterfaces() {
        let sdl = """
            interface A { a: String }
            interface B implements A { a: String b: Int }
            type Query implements B { a: String b: Int }
            """
        #expect(
            diagnostics(sdl) == [
                "Type Query must implement A because it is implemented by B. @ 2:24, 3:23"
            ])
    }

    @Test func interfaceFieldsAndArguments() {
        let sdl = """
            interface I { a: String b(x: Int, y: String): [Int] c: I d(x: Int): Int e: String }
            type Query implements I { a: Int b(x: String): [Int!]! c: Query d(x: Int, z: Int!): Int }
            """
        #expect(
            diagnostics(sdl) == [
                "Interface field I.a expects type String but Query.a is type Int. @ 1:18, 2:30",
                "Interface field argument I.b(x:) expects type Int but Query.b(x:) is type String. @ 1:30, 2:39",
                "Interface field argument I.b(y:) expected but Query.b does not provide it. @ 1:35, 2:34",
                "Argument 'Query.d(z:)' must not be required type 'Int!' if not provided by the Interface field 'I.d'. @ 2:75, 1:58",
                "Interface field I.e expected but Query does not provide it. @ 1:73, 2:1",
            ])
    }

    @Test func covariantFieldTypes() {
        let sdl = """
            interface I { f: [I] u: U }
            interface J implements I { f: [J!]! u: U }
            type Query implements I & J { f: [Query!]! u: A }
            union U = A
            type A { a: Int }
            """
        #expect(diagnostics(sdl) == [])
    }

    @Test func deprecatedImplementationFieldIsAWarning() {
        let sdl = """
            interface I { a: String b: String @deprecated }
            type Query implements I { a: String @deprecated(reason: "old") b: String @deprecated }
            """
        #expect(
            diagnostics(sdl) == [
                "warning: Interface field I.a is not deprecated, so implementation field Query.a must not be deprecated. @ 2:37, 2:30"
            ])
    }

    @Test func unionMembers() {
        let sdl = """
            union U = Query | S | Query | I
            scalar S
            interface I { a: Int }
            type Query { u: U }
            """
        #expect(
            diagnostics(sdl) == [
                "Union type U can only include Object types, it cannot include S. @ 1:19",
                "Union type U can only include type Query once. @ 1:11, 1:23",
                "Union type U can only include Object types, it cannot include I. @ 1:31",
            ])
    }

    @Test func emptyTypes() {
        let sdl = """
            enum E
            type Query { a: Int }
            input J
            type O
            interface K
            union V
            extend union V @deprecated
            """
        #expect(
            diagnostics(sdl) == [
                "Directive '@deprecated' may not be used on union. @ 7:16",
                "Enum type E must define one or more values. @ 1:1",
                "Input Object type J must define one or more fields. @ 3:1",
                "Type O must define one or more fields. @ 4:1",
                "Type K must define one or more fields. @ 5:1",
                "Union type V must define one or more member types. @ 6:1, 7:1",
            ])
    }

    @Test func defaultValues() {
        let sdl = """
            type Query { a(x: Int = "s", y: [Int] = [1, "x"], z: I = {b: 1, c: 2}, w: E = C, v: E = "A", u: Int! = null, t: Int = 3000000000, s: Float = true, r: ID = 1.5, q: Boolean = 1, p: I = 3, o: [[Int!]] = [[1, null]]): Int }
            input I { a: Int! b: String }
            enum E { A B }
            """
        #expect(
            diagnostics(sdl) == [
                "Query.a(x:) has invalid default value: Int cannot represent non-integer value: \"s\" @ 1:25",
                "Query.a(y:) has invalid default value at [1]: Int cannot represent non-integer value: \"x\" @ 1:45",
                "Query.a(z:) has invalid default value: Expected value of type 'I' to include required field 'a', found: { b: 1, c: 2 }. @ 1:58",
                "Query.a(z:) has invalid default value at .b: String cannot represent a non string value: 1 @ 1:62",
                "Query.a(z:) has invalid default value: Expected value of type 'I' not to include unknown field 'c'. Did you mean 'a' or 'b'? Found: { b: 1, c: 2 }. @ 1:65",
                "Query.a(w:) has invalid default value: Value 'C' does not exist in 'E' enum. Did you mean the enum value 'A' or 'B'? @ 1:79",
                "Query.a(v:) has invalid default value: Enum 'E' cannot represent non-enum value: \"A\". Did you mean the enum value 'A'? @ 1:89",
                "Query.a(u:) has invalid default value: Expected value of non-null type 'Int!' not to be None. @ 1:104",
                "Query.a(t:) has invalid default value: Int cannot represent non 32-bit signed integer value: 3000000000 @ 1:119",
                "Query.a(s:) has invalid default value: Float cannot represent non numeric value: true @ 1:142",
                "Query.a(r:) has invalid default value: ID cannot represent a non-string and non-integer value: 1.5 @ 1:156",
                "Query.a(q:) has invalid default value: Boolean cannot represent a non boolean value: 1 @ 1:174",
                "Query.a(p:) has invalid default value: Expected value of type 'I' to be an object, found: 3. @ 1:184",
                "Query.a(o:) has invalid default value at [0][1]: Expected value of non-null type 'Int!' not to be None. @ 1:206",
            ])
    }

    @Test func oneOfInputObjects() {
        let sdl = """
            input I @oneOf { a: Int! b: String = "x" c: Int }
            type Query { f(i: I = {a: 1, c: 2}): Int g(i: I = {c: null}): Int }
            """
        #expect(
            diagnostics(sdl) == [
                "OneOf input field I.a must be nullable. @ 1:21",
                "OneOf input field I.b cannot have a default value. @ 1:26",
                "Query.f(i:) has invalid default value: Within OneOf Input Object type 'I', exactly one field must be specified, and the value for that field must be non-null. @ 2:23",
                "Query.g(i:) has invalid default value: Expected value of type 'I' to include required field 'a', found: { c: null }. @ 2:51",
                "Query.g(i:) has invalid default value at .c: Within OneOf Input Object type 'I', exactly one field must be specified, and the value for that field must be non-null. @ 2:51",
            ])
    }

    @Test func inputObjectsWithoutFiniteValues() {
        let sdl = """
            input A { b: B! }
            input B { a: A! }
            input C { c: C }
            input D { d: [D!]! }
            input E { e: E! }
            input O @oneOf { o: O }
            type Query { a(x: A): Int }
            """
        #expect(
            diagnostics(sdl) == [
                "Input Object A cannot be provided a finite value because it references itself through fields: A.b, B.a. @ 1:11, 2:11",
                "Input Object E cannot be provided a finite value because it references itself through fields: E.e. @ 5:11",
                "Input Object O cannot be provided a finite value because it references itself through fields: O.o. @ 6:18",
            ])
    }

    @Test func defaultValueCycles() {
        let sdl = """
            input A { b: B = {} }
            input B { a: A = {} }
            input C { c: C = {c: {}} }
            type Query { a(x: A): Int }
            """
        #expect(
            diagnostics(sdl) == [
                "Invalid circular reference. The default value of Input Object field A.b references itself via the default values of: B.a. @ 1:18, 2:18",
                "Invalid circular reference. The default value of Input Object field C.c references itself. @ 3:18",
            ])
    }

    @Test func requiredArgumentsAreNotDeprecated() {
        let sdl = """
            type Query { a(x: Int! @deprecated): Int }
            input I { f: Int! @deprecated }
            directive @d(x: Int! @deprecated) on FIELD
            """
        #expect(
            diagnostics(sdl) == [
                "Required argument @d(x:) cannot be deprecated. @ 3:22, 3:17",
                "Required argument Query.a(x:) cannot be deprecated. @ 1:24, 1:19",
                "Required input field I.f cannot be deprecated. @ 2:19, 2:14",
            ])
    }
}
