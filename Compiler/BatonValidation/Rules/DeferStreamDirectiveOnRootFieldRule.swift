import BatonDiagnostics
import BatonSchema
import BatonSyntax

/// @defer and @stream are not used at the root of a mutation or subscription, directly or in
/// the fragments spread there.
final class DeferStreamDirectiveOnRootFieldRule: ValidationRule {
    static let code: DiagnosticCode = .deferStreamDirectiveOnRootField
    override var events: RuleEvents { [.enterOperation] }
    /// Fragments already found free of root @defer/@stream.
    private var checkedFragments = Set<String>()

    override func enterOperation(_ operation: OperationEntry, _ context: ValidationContext) {
        let kind = operation.definition.operation
        guard kind == .mutation || kind == .subscription, let root = context.schema.rootType(for: kind) else { return }
        var visited = Set<String>()
        let subject = "root \(kind.rawValue) type '\(context.schema.name(of: root))'"
        if check(operation.definition.selectionSet, operation.source, subject, &visited, context) {
            checkedFragments.formUnion(visited)
        }
    }

    /// Reports root @defer/@stream in a selection set; true when there was none.
    private func check(
        _ selectionSet: SelectionSet, _ source: Source, _ subject: String,
        _ visited: inout Set<String>, _ context: ValidationContext
    ) -> Bool {
        guard context.descend() else { return false }
        defer { context.ascend() }
        var valid = true
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                if context.checksStream, let stream = field.directives.first(where: { $0.name.value == "stream" }) {
                    valid = false
                    context.report(
                        Self.code, DiagnosticCode.deferStreamOnRoot("Stream", on: subject),
                        [Location(source: source, range: stream.range)])
                }
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard visited.insert(name).inserted else { continue }
                guard let fragment = context.fragment(named: name) else { continue }
                if context.checksDefer, let deferred = spread.directives.first(where: { $0.name.value == "defer" }) {
                    valid = false
                    context.report(
                        Self.code, DiagnosticCode.deferStreamOnRoot("Defer", on: subject),
                        [Location(source: source, range: deferred.range)])
                }
                if !checkedFragments.contains(name) {
                    valid = check(fragment.definition.selectionSet, fragment.source, subject, &visited, context) && valid
                }
            case .inlineFragment(let inline):
                if context.checksDefer, let deferred = inline.directives.first(where: { $0.name.value == "defer" }) {
                    valid = false
                    context.report(
                        Self.code, DiagnosticCode.deferStreamOnRoot("Defer", on: subject),
                        [Location(source: source, range: deferred.range)])
                }
                valid = check(inline.selectionSet, source, subject, &visited, context) && valid
            }
        }
        return valid
    }
}
