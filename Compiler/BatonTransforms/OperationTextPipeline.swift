import BatonDiagnostics
import BatonIR
import BatonSchema

/// The transforms that settle what a server receives, in Relay's order: the common transforms
/// (connections, `@defer`/`@stream` labels, refetch queries), the operation transforms (fragment
/// arguments, identity fields), then the text transforms (client extensions, unreachable nodes,
/// `__typename`, flattening, client directives, null arguments, unused variables).
package enum OperationTextPipeline {
    package struct Options: Sendable {
        package var identity: IdentityConfiguration

        package init(identity: IdentityConfiguration = IdentityConfiguration()) {
            self.identity = identity
        }
    }

    package struct Result: Sendable {
        /// The program after the common transforms: the refetch queries added, connections
        /// completed, labels set. What lenses and plans are generated from.
        package var program: IRProgram
        /// The program whose operations print as the server text.
        package var textProgram: IRProgram
        /// The program plans are built from: fragment arguments applied, identity fields and
        /// `__typename`s inserted, constant conditions settled, flattened, client extensions and
        /// client directives kept (the store writes client fields and edge directives).
        package var normalizationProgram: IRProgram
        package var diagnostics: [Diagnostic]

        /// The compact text of an operation (generated refetch queries included), or nil.
        package func text(of operation: String) -> String? {
            textProgram.operation(named: operation).map { OperationPrinter.print($0, in: textProgram) }
        }

        /// Every operation's text, by name.
        package var texts: [String: String] {
            Dictionary(
                textProgram.operations.map { ($0.name, OperationPrinter.print($0, in: textProgram)) },
                uniquingKeysWith: { a, _ in a })
        }
    }

    /// Relay's checks and Baton's on the program as built, before any transform.
    package static func validate(_ program: IRProgram) -> [Diagnostic] {
        ValidateFragmentArguments.validate(program)
            + ValidateAliasAndCatch.validate(program)
            + ValidateEdgeDirectives.validate(program)
            + ValidateInlineFragments.validate(program)
            + ValidateOperationDirectives.validate(program)
            + ValidateReservedNames.validate(program)
            + ValidateServerOnlyDirectives.validate(program)
            + BatonNames.validate(program)
    }

    /// The common transforms (connections, `@defer`/`@stream` labels, refetch queries): the
    /// program lenses are generated from, which hover reads lenses from too.
    package static func lensProgram(_ program: IRProgram, diagnostics: inout [Diagnostic]) -> IRProgram {
        var common = program
        (common, diagnostics) = append(Connections.transform(common), to: diagnostics)
        diagnostics += ValidateRequired.validate(common)
        (common, diagnostics) = append(DeferStream.transform(common), to: diagnostics)
        (common, diagnostics) = append(RefetchableFragments.transform(common), to: diagnostics)
        return common
    }

    package static func run(_ program: IRProgram, options: Options = Options()) -> Result {
        var diagnostics = validate(program)
        let common = lensProgram(program, diagnostics: &diagnostics)

        diagnostics += ValidateReach.unusedFragments(common)

        var text = common
        (text, diagnostics) = append(ApplyFragmentArguments.transform(text), to: diagnostics)
        diagnostics += ValidateSelectionConflict.validate(original: common, applied: text)
        diagnostics += ValidateUniqueLabels.validate(applied: text)
        diagnostics += ValidateDeferStreamInSubscription.validate(original: common, applied: text)
        text = GenerateIdentityFields.transform(text, identity: options.identity)
        let withClientFields = text
        let normalization = Flatten.transform(GenerateTypename.transform(SkipUnreachableNodes.transform(withClientFields)))
        text = SkipClientExtensions.transform(text)
        diagnostics += ValidateReach.clientOnlyOperations(withClientFields, clientFree: text)
        text = SkipUnreachableNodes.transform(text)
        text = GenerateTypename.transform(text)
        text = Flatten.transform(text)
        text = SkipClientDirectives.transform(text)
        // Inline fragments that only client directives kept apart (`... @alias(as:) @catch { … }`)
        // merge into their parent once those directives are gone.
        text = Flatten.transform(text)
        text = SkipNullArguments.transform(text)
        text = SkipUnusedVariables.transform(text)
        return Result(program: common, textProgram: text, normalizationProgram: normalization, diagnostics: diagnostics)
    }

    private static func append(_ step: (program: IRProgram, diagnostics: [Diagnostic]), to diagnostics: [Diagnostic])
        -> (IRProgram, [Diagnostic])
    {
        (step.program, diagnostics + step.diagnostics)
    }
}
