import BatonCompiler
import BatonDiagnostics
import BatonHosts
import BatonSyntax

/// The GraphQL documents of a project's files, parsed: where fragments are declared and
/// spread, for completion, definition, references and symbols. Files that do not parse keep
/// the definitions before the error.
package struct ProjectIndex: Sendable {
    package struct Entry: Sendable {
        package var hostDocument: HostDocument
        package var document: Document
    }

    package var entries: [Entry]

    package init(files: [Source]) {
        self.init(parsed: files.map(Compilation.parse))
    }

    package init(parsed files: [ParsedHostFile]) {
        entries = files.flatMap { file in
            zip(file.documents, file.parses).map { Entry(hostDocument: $0, document: $1.document) }
        }
    }

    /// Every fragment definition, in file order.
    package var fragments: [(definition: FragmentDefinition, source: Source)] {
        entries.flatMap { entry in entry.document.fragments.map { ($0, entry.hostDocument.source) } }
    }

    package func fragment(named name: String) -> (definition: FragmentDefinition, source: Source)? {
        fragments.first { $0.definition.name.value == name }
    }

    /// Every spread of the fragment `name`, as locations of its name.
    package func spreads(of name: String) -> [Location] {
        entries.flatMap { entry in
            entry.document.definitions.flatMap(\.fragmentSpreads).filter { $0.name.value == name }.map {
                Location(source: entry.hostDocument.source, range: $0.name.range)
            }
        }
    }

    /// The documents found in the file named `path`.
    package func entries(inFile path: String) -> [Entry] {
        entries.filter { $0.hostDocument.host.name == path }
    }
}

extension Definition {
    /// The fragment spreads of an operation or fragment, anywhere in its selections, in order.
    var fragmentSpreads: [FragmentSpread] {
        var found: [FragmentSpread] = []
        func visit(_ set: SelectionSet) {
            for selection in set.selections {
                switch selection {
                case .field(let field): if let inner = field.selectionSet { visit(inner) }
                case .inlineFragment(let inline): visit(inline.selectionSet)
                case .fragmentSpread(let spread): found.append(spread)
                }
            }
        }
        switch self {
        case .operation(let operation): visit(operation.selectionSet)
        case .fragment(let fragment): visit(fragment.selectionSet)
        default: break
        }
        return found
    }
}
