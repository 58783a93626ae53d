import BatonDiagnostics
import BatonSchema
import BatonSyntax

/// How documents are validated.
package struct ValidationOptions: Sendable {
    /// Report fragments no operation uses as warnings rather than errors. Baton compiles whole
    /// targets, where a fragment may be meant for another target's operations.
    package var unusedFragmentsAreWarnings: Bool
    /// Leave "Did you mean …?" suggestions out of messages.
    package var hideSuggestions: Bool
    /// Stop after this many findings with graphql-core's "Too many validation errors" finding
    /// (graphql-core stops at 100 by default); nil reports every finding.
    package var maxErrors: Int?
    /// Apply the @defer/@stream rules only when the schema defines those directives. graphql-core
    /// applies them whatever the schema defines, which is the default here too.
    package var deferStreamRulesRequireSchemaDirectives: Bool

    package init(
        unusedFragmentsAreWarnings: Bool = true, hideSuggestions: Bool = false, maxErrors: Int? = nil,
        deferStreamRulesRequireSchemaDirectives: Bool = false
    ) {
        self.unusedFragmentsAreWarnings = unusedFragmentsAreWarnings
        self.hideSuggestions = hideSuggestions
        self.maxErrors = maxErrors
        self.deferStreamRulesRequireSchemaDirectives = deferStreamRulesRequireSchemaDirectives
    }
}

/// Validates executable documents against a schema with the rules of the GraphQL specification
/// as graphql-core 3.3 applies them (`specified_rules`), in one shared traversal.
package enum Validator {
    /// All documents of a target are validated together: a fragment defined in one may be
    /// spread in another, and names must be unique across all of them. Findings come in
    /// graphql-core's order; each location points into the source of its node.
    package static func validate(
        _ documents: [Document], schema: Schema,
        options: ValidationOptions = ValidationOptions()
    ) -> [Diagnostic] {
        let context = ValidationContext(schema: schema, documents: documents, options: options)
        let walker = ValidationWalker(context: context, rules: specifiedRules(context))
        walker.run()
        return context.diagnostics
    }

    /// The rules in graphql-core's order, which is the order findings at one node come out in.
    static func specifiedRules(_ context: ValidationContext) -> [ValidationRule] {
        var rules: [ValidationRule] = [
            ExecutableDefinitionsRule(),
            KnownOperationTypesRule(),
            UniqueOperationNamesRule(),
            LoneAnonymousOperationRule(),
            SingleFieldSubscriptionsRule(),
            KnownTypeNamesRule(context),
            FragmentsOnCompositeTypesRule(),
            VariablesAreInputTypesRule(),
            ScalarLeafsRule(),
            FieldsOnCorrectTypeRule(),
            UniqueFragmentNamesRule(),
            KnownFragmentNamesRule(),
            NoUnusedFragmentsRule(),
            PossibleFragmentSpreadsRule(),
            NoFragmentCyclesRule(),
            UniqueVariableNamesRule(),
            NoUndefinedVariablesRule(),
            NoUnusedVariablesRule(),
            KnownDirectivesRule(context),
            UniqueDirectivesPerLocationRule(context),
        ]
        rules += [
            DeferStreamDirectiveOnRootFieldRule(),
            DeferStreamDirectiveOnValidOperationsRule(),
            DeferStreamDirectiveLabelRule(),
            StreamDirectiveOnListFieldRule(),
            KnownArgumentNamesRule(context),
            UniqueArgumentNamesRule(),
            ValuesOfCorrectTypeRule(),
            ProvidedRequiredArgumentsRule(context),
            VariablesInAllowedPositionRule(),
            OverlappingFieldsCanBeMergedRule(),
            UniqueInputFieldNamesRule(),
            MaxIntrospectionDepthRule(),
        ]
        return rules
    }
}
