import BatonDiagnostics
import BatonSyntax

/// The operations and fragments of a file's documents, for an outline.
package struct DocumentSymbol: Sendable, Hashable {
    package enum Kind: Sendable, Hashable { case operation, fragment }
    package var name: String
    package var detail: String
    package var kind: Kind
    /// The whole definition and its name, in the host file.
    package var range: Location
    package var selectionRange: Location

    package static func symbols(of entries: [ProjectIndex.Entry]) -> [DocumentSymbol] {
        var symbols: [DocumentSymbol] = []
        for entry in entries {
            let source = entry.hostDocument.source
            func located(_ range: SourceRange) -> Location { Location(source: source, range: range).hostLocation }
            for definition in entry.document.definitions {
                switch definition {
                case .operation(let operation):
                    let nameRange = operation.name?.range ?? operation.operationKeywordRange ?? operation.range
                    symbols.append(
                        DocumentSymbol(
                            name: operation.name?.value ?? "(anonymous \(operation.operation.rawValue))",
                            detail: operation.operation.rawValue, kind: .operation,
                            range: located(operation.range), selectionRange: located(nameRange)))
                case .fragment(let fragment):
                    symbols.append(
                        DocumentSymbol(
                            name: fragment.name.value, detail: "on \(fragment.typeCondition.value)",
                            kind: .fragment, range: located(fragment.range),
                            selectionRange: located(fragment.name.range)))
                default:
                    break
                }
            }
        }
        return symbols
    }
}
