import BatonDiagnostics
import BatonSyntax

// The directives Baton understands: Relay's set, less what Baton does not port, plus Baton's
// own `@cacheExpiration`. Their SDL is added to the schema the documents are validated against
// (as Relay's compiler adds its `relay-extensions.graphql`); none of them reaches a server.
//
// The definitions below that come from Relay are adapted from Relay's
// `compiler/crates/relay-schema/src/relay-extensions.graphql`:
//   Copyright (c) Meta Platforms, Inc. and affiliates.
//   This source code is licensed under the MIT license found in the LICENSE file in the root
//   directory of that source tree (https://github.com/facebook/relay/blob/main/LICENSE).
// Baton narrows some locations (`@catch` is not taken on fragment definitions or operations,
// `@throwOnFieldError` is also taken on mutations and subscriptions) and drops the arguments it
// does not support.

package enum BatonDirectives {
    /// The SDL of every directive Baton accepts in documents, except `@include`, `@skip` (built
    /// in) and `@defer`/`@stream`, which a schema declares when its server supports them
    /// (`sdl(forSchemaDeclaring:)` adds the missing ones).
    package static let clientSDL = """
        directive @argumentDefinitions on FRAGMENT_DEFINITION
        directive @arguments on FRAGMENT_SPREAD
        directive @refetchable(queryName: String!, directives: [String!], preferFetchable: Boolean) on FRAGMENT_DEFINITION
        directive @inline on FRAGMENT_DEFINITION
        directive @throwOnFieldError on QUERY | MUTATION | SUBSCRIPTION | FRAGMENT_DEFINITION
        directive @connection(key: String!, filters: [String]) on FIELD
        directive @stream_connection(key: String!, filters: [String], label: String, initial_count: Int!, if: Boolean = true) on FIELD
        enum RequiredFieldAction { NONE LOG THROW }
        directive @required(action: RequiredFieldAction!) on FIELD
        enum CatchFieldTo { NULL RESULT }
        directive @catch(to: CatchFieldTo! = RESULT) on FIELD | INLINE_FRAGMENT
        directive @alias(as: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT
        directive @deleteRecord on FIELD
        directive @deleteEdge(connections: [ID!]!) on FIELD
        directive @appendEdge(connections: [ID!]!) on FIELD
        directive @prependEdge(connections: [ID!]!) on FIELD
        directive @appendNode(connections: [ID!]!, edgeTypeName: String!) on FIELD
        directive @prependNode(connections: [ID!]!, edgeTypeName: String!) on FIELD
        directive @cacheExpiration(seconds: Int!) on QUERY
        """

    package static let deferSDL = "directive @defer(label: String, if: Boolean = true) on FRAGMENT_SPREAD | INLINE_FRAGMENT"
    package static let streamSDL = "directive @stream(label: String, initialCount: Int = 0, if: Boolean = true) on FIELD"
    package static let semanticNonNullSDL = "directive @semanticNonNull(levels: [Int] = [0]) on FIELD_DEFINITION"

    /// The directives a server receives when they are written: conditions and incremental delivery.
    package static let serverDirectives: Set<String> = ["include", "skip", "defer", "stream"]

    /// Directives Baton removes from the server text (every Baton directive but the server ones).
    package static let clientDirectives: Set<String> = [
        "argumentDefinitions", "arguments", "refetchable", "inline", "throwOnFieldError", "connection",
        "stream_connection", "required", "catch", "alias", "deleteRecord", "deleteEdge", "appendEdge",
        "prependEdge", "appendNode", "prependNode", "cacheExpiration",
    ]

    /// Relay directives Baton does not have, each with what to write instead (the message says
    /// so at the directive rather than calling it unknown).
    package static let relayOnly: [String: String] = [
        "relay":
            "for `plural: true`, spread the fragment on a list field, whose accessor is already a list; for `mask: false`, spread it as usual, or declare it `@inline` to read it as a value",
        "dangerously_unaliased_fixme": "it silences the `@alias` rule, which Baton always applies; add `@alias` to the spread",
        "DEPRECATED__relay_ignore_unused_variables_error": "remove the variables the operation does not use",
        "match": "Baton has no data-driven dependencies; select each type's fields with inline fragments or spreads",
        "module": "Baton has no data-driven dependencies; spread the fragment as usual",
        "updatable": "Baton has no updatable fragments or queries; change data with a mutation",
        "assignable": "Baton has no updatable fragments or queries; change data with a mutation",
        "raw_response_type": "remove it",
        "preloadable": "remove it",
        "waterfall": "remove it",
        "relay_test_operation": "remove it",
        "no_inline": "remove it",
        "fixme_fat_interface":
            "Baton checks every field against the type it is selected on; select the field in an inline fragment on a type that has it",
    ]

    /// Arguments Relay takes on directives Baton has, which Baton cannot honour, each with what
    /// to write instead.
    package static let relayOnlyArguments: [String: [String: String]] = [
        "connection": [
            "handler": "Baton's store keeps every connection itself; remove `handler`",
            "dynamicKey_UNSTABLE": "name the connection by `key` and `filters`; remove `dynamicKey_UNSTABLE`",
        ],
        "stream_connection": [
            "handler": "Baton's store keeps every connection itself; remove `handler`",
            "dynamicKey_UNSTABLE": "name the connection by `key` and `filters`; remove `dynamicKey_UNSTABLE`",
            "initialCount": "Baton spells it `initial_count`, as Relay's documentation does",
            "use_customized_batch": "remove it",
            "prefetchable_pagination": "remove it",
        ],
    ]

    /// Values of Baton's directive enums that Relay has and Baton does not.
    package static let relayOnlyEnumValues: [String: String] = [
        "DANGEROUSLY_THROW_ON_SEMANTICALLY_NULLABLE_FIELD":
            "write `action: THROW`, which Baton takes on any nullable field"
    ]

    /// The edge directives of mutation and subscription payloads.
    package static let edgeDirectives: Set<String> = [
        "appendEdge", "prependEdge", "appendNode", "prependNode", "deleteEdge",
    ]

    /// Where each Baton directive may be written.
    package static let placement: [(location: DirectiveLocation, directives: [String])] = [
        (.query, ["throwOnFieldError", "cacheExpiration"]),
        (.mutation, ["throwOnFieldError"]),
        (.subscription, ["throwOnFieldError"]),
        (.fragmentDefinition, ["argumentDefinitions", "refetchable", "throwOnFieldError", "inline"]),
        (
            .field,
            [
                "include", "skip", "required", "catch", "connection", "stream", "stream_connection", "appendEdge",
                "prependEdge", "appendNode", "prependNode", "deleteEdge", "deleteRecord",
            ]
        ),
        (.inlineFragment, ["include", "skip", "defer", "alias", "catch"]),
        (.fragmentSpread, ["include", "skip", "defer", "arguments", "alias"]),
        (.variableDefinition, []),
    ]

    package static func allowed(at location: DirectiveLocation) -> [String] {
        placement.first { $0.location == location }?.directives ?? []
    }

    /// How a message names a location: "a field", "a query".
    package static func describe(_ location: DirectiveLocation) -> String {
        switch location {
        case .query: "a query"
        case .mutation: "a mutation"
        case .subscription: "a subscription"
        case .field: "a field"
        case .fragmentDefinition: "a fragment definition"
        case .fragmentSpread: "a fragment spread"
        case .inlineFragment: "an inline fragment"
        case .variableDefinition: "a variable definition"
        default: "a type-system definition"
        }
    }
}

extension BatonDirectives {
    /// The SDL to build the schema with besides the schema's own documents: Baton's client
    /// directives, plus `@defer`, `@stream` and `@semanticNonNull` where the schema does not
    /// declare them itself.
    package static func definitions(missingFrom documents: [Document]) -> Source {
        var declared = Set<String>()
        for document in documents {
            for case .directive(let directive) in document.definitions { declared.insert(directive.name.value) }
        }
        var text = clientSDL
        if !declared.contains("defer") { text += "\n" + deferSDL }
        if !declared.contains("stream") { text += "\n" + streamSDL }
        if !declared.contains("semanticNonNull") { text += "\n" + semanticNonNullSDL }
        return Source(name: "<Baton directives>", text: text + "\n")
    }
}
