import BatonCompiler
import BatonDiagnostics
import BatonSyntax

/// What one GraphQL document declares and refers to by name: enough to tell which other
/// documents can change its diagnostics.
struct DocumentLinks: Sendable {
    /// Fragments it declares.
    var fragments: [String] = []
    /// Fragments it spreads, anywhere in its selections.
    var spreads: Set<String> = []
    /// Names that must be unique across a project or that name something generated: its
    /// definitions' names and every string given to a directive (labels, connection keys,
    /// refetch query names, ...). Taken broadly: a name too many only widens a check.
    var names: Set<String> = []

    init(_ document: Document) {
        for definition in document.definitions {
            switch definition {
            case .operation(let operation):
                if let name = operation.name { names.insert(name.value) }
                collect(operation.directives)
                for variable in operation.variableDefinitions { collect(variable.directives) }
                visit(operation.selectionSet)
            case .fragment(let fragment):
                fragments.append(fragment.name.value)
                names.insert(fragment.name.value)
                collect(fragment.directives)
                visit(fragment.selectionSet)
            default:
                break
            }
        }
    }

    private mutating func visit(_ set: SelectionSet) {
        for selection in set.selections {
            collect(selection.directives)
            switch selection {
            case .field(let field): if let inner = field.selectionSet { visit(inner) }
            case .inlineFragment(let inline): visit(inline.selectionSet)
            case .fragmentSpread(let spread): spreads.insert(spread.name.value)
            }
        }
    }

    private mutating func collect(_ directives: [Directive]) {
        for directive in directives {
            for argument in directive.arguments { collect(argument.value) }
        }
    }

    private mutating func collect(_ value: Value) {
        switch value.kind {
        case .string(let text, _): names.insert(text)
        case .list(let values): values.forEach { collect($0) }
        case .object(let fields): fields.forEach { collect($0.value) }
        default: break
        }
    }
}

/// The documents whose compilation together gives one file exactly the diagnostics the whole
/// project's compilation gives it: the file's documents; every document that spreads one of
/// their fragments, transitively (the operations that reach them, which decide unused-fragment
/// warnings and undefined variables); then, transitively, every fragment those spread and every
/// document that shares a name with any of them (uniqueness of names, labels and keys). Order
/// is kept, so findings come in the whole compilation's order.
struct CheckScope: Sendable {
    struct DocumentID: Hashable, Sendable {
        var file: Int
        var document: Int
    }

    private var links: [DocumentID: DocumentLinks] = [:]
    private var declaring: [String: [DocumentID]] = [:]
    private var spreading: [String: [DocumentID]] = [:]
    private var naming: [String: [DocumentID]] = [:]
    private var documentsOfFile: [[DocumentID]] = []

    init(links files: [[DocumentLinks]]) {
        for (file, documents) in files.enumerated() {
            var ids: [DocumentID] = []
            for (index, document) in documents.enumerated() {
                let id = DocumentID(file: file, document: index)
                ids.append(id)
                links[id] = document
                for fragment in document.fragments { declaring[fragment, default: []].append(id) }
                for spread in document.spreads { spreading[spread, default: []].append(id) }
                for name in document.names { naming[name, default: []].append(id) }
            }
            documentsOfFile.append(ids)
        }
    }

    /// The documents the file at `file` needs, by file: each selected file with the indexes of
    /// its selected documents, in order.
    func documents(for file: Int) -> [(file: Int, documents: [Int])] {
        var chosen = Set(documentsOfFile[file])
        // Up: whatever spreads the file's fragments, and whatever spreads those.
        var fragments = chosen.flatMap { links[$0]!.fragments }
        while let fragment = fragments.popLast() {
            for id in spreading[fragment] ?? [] where chosen.insert(id).inserted {
                fragments += links[id]!.fragments
            }
        }
        // Down and across: what any chosen document spreads or shares a name with.
        var pending = Array(chosen)
        while let id = pending.popLast() {
            let link = links[id]!
            for spread in link.spreads {
                for found in declaring[spread] ?? [] where chosen.insert(found).inserted { pending.append(found) }
            }
            for name in link.names {
                for found in naming[name] ?? [] where chosen.insert(found).inserted { pending.append(found) }
            }
        }
        var result: [(file: Int, documents: [Int])] = []
        for (index, ids) in documentsOfFile.enumerated() {
            let selected = ids.filter { chosen.contains($0) }.map(\.document)
            if !selected.isEmpty || index == file { result.append((index, selected)) }
        }
        return result
    }
}
