import BatonDiagnostics
import BatonEmit
import BatonHosts
import BatonSyntax

/// Renaming a fragment, an operation, a variable or a fragment argument across every document
/// of a project, and the Swift that follows from the name, so the build still passes: the
/// generated type's name wherever Swift spells it (`var character: CharacterRow_character`),
/// a spread's accessor (`row.characterRow`) where Swift reads it, and an operation value's
/// argument label (`CharacterQuery(id: …)`) for a variable.
package enum Rename {
    package enum Target: Sendable, Equatable {
        case fragment(String)
        case operation(String)
        /// An operation's variable, in the operation named `operation`.
        case variable(String, operation: String)
        /// An argument `@argumentDefinitions` declares on `fragment`.
        case fragmentArgument(String, fragment: String)

        var name: String {
            switch self {
            case .fragment(let name), .operation(let name), .variable(let name, _), .fragmentArgument(let name, _): name
            }
        }
    }

    package struct Prepared: Sendable {
        package var target: Target
        /// The name under the cursor, in the host.
        package var location: Location
    }

    /// Why a rename cannot be done, as the editor shows it.
    package struct Refusal: Error, Sendable, Equatable {
        package var message: String
    }

    // MARK: What is under the cursor

    /// The renamable name at `offset` of `document`'s GraphQL text.
    package static func prepare(at offset: Int, in document: HostDocument) -> Result<Prepared, Refusal> {
        let source = document.source
        let parsed = Parser.parse(source)
        let tokens = Lexer.tokenize(source).tokens
        guard let index = tokens.firstIndex(where: { $0.kind == .name && $0.start <= offset && offset <= $0.end }) else {
            return .failure(Refusal(message: "Only fragments, operations, variables and fragment arguments can be renamed"))
        }
        let token = tokens[index]
        let name = Lexer.value(of: token, in: source)
        let here = Location(source: source, range: SourceRange(token.start, token.end))
        func found(_ target: Target) -> Result<Prepared, Refusal> {
            .success(Prepared(target: target, location: here.hostLocation))
        }
        for definition in parsed.document.definitions where definition.range.start <= token.start && token.end <= definition.range.end {
            switch definition {
            case .fragment(let fragment):
                if fragment.name.range == here.range { return found(.fragment(name)) }
                let arguments = argumentDefinitionNames(fragment)
                if let key = arguments.first(where: { $0.range == here.range }) {
                    return found(.fragmentArgument(key.value, fragment: fragment.name.value))
                }
                if index > 0, tokens[index - 1].kind == .dollar {
                    if arguments.contains(where: { $0.value == name }) {
                        return found(.fragmentArgument(name, fragment: fragment.name.value))
                    }
                    return .failure(
                        Refusal(message: "'$\(name)' is an operation's variable here: rename it in the operation that declares it"))
                }
            case .operation(let operation):
                if let own = operation.name, own.range == here.range { return found(.operation(name)) }
                if index > 0, tokens[index - 1].kind == .dollar {
                    guard let operationName = operation.name?.value else {
                        return .failure(Refusal(message: "Give the operation a name before renaming its variables"))
                    }
                    guard operation.variableDefinitions.contains(where: { $0.variable.value == name }) else {
                        return .failure(Refusal(message: "'$\(name)' is not declared by \(operationName)"))
                    }
                    return found(.variable(name, operation: operationName))
                }
            default: break
            }
            if let spread = spreadName(at: here.range, in: definition) { return found(.fragment(spread)) }
            if let (fragment, argument) = spreadArgument(at: here.range, in: definition) {
                return found(.fragmentArgument(argument, fragment: fragment))
            }
        }
        return .failure(Refusal(message: "Only fragments, operations, variables and fragment arguments can be renamed"))
    }

    /// The keys of a fragment's `@argumentDefinitions`.
    static func argumentDefinitionNames(_ fragment: FragmentDefinition) -> [Name] {
        fragment.directives.filter { $0.name.value == "argumentDefinitions" }.flatMap { $0.arguments.map(\.name) }
    }

    static func spreads(in definition: Definition) -> [FragmentSpread] { definition.fragmentSpreads }

    static func spreadName(at range: SourceRange, in definition: Definition) -> String? {
        spreads(in: definition).first { $0.name.range == range }?.name.value
    }

    /// An `@arguments` key of a spread: the fragment and the argument.
    static func spreadArgument(at range: SourceRange, in definition: Definition) -> (String, String)? {
        for spread in spreads(in: definition) {
            for directive in spread.directives where directive.name.value == "arguments" {
                if let key = directive.arguments.first(where: { $0.name.range == range }) { return (spread.name.value, key.name.value) }
            }
        }
        return nil
    }

    // MARK: The edits

    /// Every edit the rename makes, by host path. `hosts` are the project's files as open.
    package static func edits(
        _ target: Target, to requested: String, index: ProjectIndex, hosts: [Source]
    ) -> Result<[String: [HostEdit]], Refusal> {
        var newName = requested
        if case .variable = target, newName.hasPrefix("$") { newName.removeFirst() }
        if case .fragmentArgument = target, newName.hasPrefix("$") { newName.removeFirst() }
        guard isName(newName) else { return .failure(Refusal(message: "'\(requested)' is not a GraphQL name")) }
        if newName == target.name { return .success([:]) }
        var edits: [String: [HostEdit]] = [:]
        func add(_ location: Location) {
            let host = location.hostLocation
            edits[host.source.name, default: []].append(HostEdit(range: host.range, newText: newName))
        }
        switch target {
        case .fragment(let old):
            if index.fragment(named: newName) != nil { return .failure(Refusal(message: "A fragment named '\(newName)' already exists")) }
            guard let definition = index.fragment(named: old) else {
                return .failure(Refusal(message: "No fragment '\(old)' in the project"))
            }
            add(Location(source: definition.source, range: definition.definition.name.range))
            index.spreads(of: old).forEach(add)
            // A spread's accessor follows the name unless `@alias(as:)` gives it.
            let oldAccessor = LensNaming.spreadAccessorName(fragment: old)
            let newAccessor = LensNaming.spreadAccessorName(fragment: newName)
            for host in swiftHosts(hosts) {
                var found = swiftIdentifiers(old, in: host, memberOnly: false)
                if oldAccessor != newAccessor {
                    found += swiftIdentifiers(oldAccessor, in: host, memberOnly: true).map { ($0.0, newAccessor) }
                }
                for (range, text) in found.map({ ($0.0, $0.1 == old ? newName : $0.1) }) {
                    edits[host.name, default: []].append(HostEdit(range: range, newText: text))
                }
            }
        case .operation(let old):
            let operations = index.entries.flatMap { entry in entry.document.operations.map { ($0, entry.hostDocument.source) } }
            if operations.contains(where: { $0.0.name?.value == newName }) {
                return .failure(Refusal(message: "An operation named '\(newName)' already exists"))
            }
            guard let (operation, source) = operations.first(where: { $0.0.name?.value == old }), let name = operation.name else {
                return .failure(Refusal(message: "No operation '\(old)' in the project"))
            }
            add(Location(source: source, range: name.range))
            for host in swiftHosts(hosts) {
                for (range, _) in swiftIdentifiers(old, in: host, memberOnly: false) {
                    edits[host.name, default: []].append(HostEdit(range: range, newText: newName))
                }
            }
        case .variable(let old, let operationName):
            guard
                let entry = index.entries.first(where: { $0.document.operations.contains { $0.name?.value == operationName } }),
                let operation = entry.document.operations.first(where: { $0.name?.value == operationName })
            else { return .failure(Refusal(message: "No operation '\(operationName)' in the project")) }
            if operation.variableDefinitions.contains(where: { $0.variable.value == newName }) {
                return .failure(Refusal(message: "\(operationName) already declares '$\(newName)'"))
            }
            let source = entry.hostDocument.source
            variableUses(old, in: source, range: operation.range).forEach(add)
            // Fragments the operation reaches that read `$old` as the operation's variable.
            for fragment in reachableFragments(from: .operation(operation), index: index)
            where !argumentDefinitionNames(fragment.definition).contains(where: { $0.value == old }) {
                variableUses(old, in: fragment.source, range: fragment.definition.range).forEach(add)
            }
            // The operation value's memberwise initializer takes the variable as its label.
            let oldLabel = LensNaming.variablePropertyName(old)
            let newLabel = LensNaming.variablePropertyName(newName)
            for host in swiftHosts(hosts) {
                for range in argumentLabels(oldLabel, calling: operationName, in: host) {
                    edits[host.name, default: []].append(HostEdit(range: range, newText: newLabel))
                }
            }
        case .fragmentArgument(let old, let fragmentName):
            guard let fragment = index.fragment(named: fragmentName) else {
                return .failure(Refusal(message: "No fragment '\(fragmentName)' in the project"))
            }
            let declared = argumentDefinitionNames(fragment.definition)
            if declared.contains(where: { $0.value == newName }) {
                return .failure(Refusal(message: "\(fragmentName) already declares the argument '\(newName)'"))
            }
            for key in declared where key.value == old { add(Location(source: fragment.source, range: key.range)) }
            variableUses(old, in: fragment.source, range: fragment.definition.range).forEach(add)
            for entry in index.entries {
                for definition in entry.document.definitions {
                    for spread in spreads(in: definition) where spread.name.value == fragmentName {
                        for directive in spread.directives where directive.name.value == "arguments" {
                            for argument in directive.arguments where argument.name.value == old {
                                add(Location(source: entry.hostDocument.source, range: argument.name.range))
                            }
                        }
                    }
                }
            }
        }
        for key in edits.keys {
            // One edit per range (a location can be found twice), in order.
            var seen = Set<SourceRange>()
            edits[key] = edits[key]!.filter { seen.insert($0.range).inserted }.sorted { $0.range.start < $1.range.start }
        }
        return .success(edits)
    }

    static func isName(_ text: String) -> Bool {
        guard let first = text.utf8.first, first == 0x5F || (first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A else { return false }
        return text.utf8.allSatisfy { $0 == 0x5F || ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || $0 >= 0x30 && $0 <= 0x39 }
    }

    /// The name tokens of `$name` within `range` of `source` (the `$` excluded).
    static func variableUses(_ name: String, in source: Source, range: SourceRange) -> [Location] {
        let tokens = Lexer.tokenize(source).tokens
        var found: [Location] = []
        for (position, token) in tokens.enumerated().dropFirst()
        where token.kind == .name && token.start >= range.start && token.end <= range.end && tokens[position - 1].kind == .dollar
            && Lexer.value(of: token, in: source) == name
        {
            found.append(Location(source: source, range: SourceRange(token.start, token.end)))
        }
        return found
    }

    /// The fragments a definition spreads, directly or through others.
    static func reachableFragments(from definition: Definition, index: ProjectIndex) -> [(definition: FragmentDefinition, source: Source)] {
        var seen = Set<String>()
        var result: [(definition: FragmentDefinition, source: Source)] = []
        var queue = spreads(in: definition).map(\.name.value)
        while let name = queue.popLast() {
            guard seen.insert(name).inserted, let fragment = index.fragment(named: name) else { continue }
            result.append(fragment)
            queue += spreads(in: .fragment(fragment.definition)).map(\.name.value)
        }
        return result
    }

    /// Swift files other than generated ones (batonc writes those again).
    static func swiftHosts(_ hosts: [Source]) -> [Source] {
        hosts.filter { HostFile.language(ofPath: $0.name) == .swift && !$0.name.hasSuffix(".baton.swift") }
    }

    /// Identifier tokens spelling `name` in Swift code (never in literals or comments), with
    /// the text that stands there; `memberOnly` keeps those after a `.`.
    static func swiftIdentifiers(_ name: String, in host: Source, memberOnly: Bool) -> [(SourceRange, String)] {
        let tokens = SwiftLexer.tokenize(host).tokens
        let bytes = host.utf8
        var found: [(SourceRange, String)] = []
        for (position, token) in tokens.enumerated() where token.kind == .identifier {
            var range = token.range
            // `` `name` `` keeps its backticks around the new name.
            if range.end - range.start >= 2 && bytes[range.start] == 0x60 && bytes[range.end - 1] == 0x60 {
                range = SourceRange(range.start + 1, range.end - 1)
            }
            guard host.slice(range) == name else { continue }
            if memberOnly {
                guard position > 0, tokens[position - 1].kind == .punctuation, tokens[position - 1].range.end == token.range.start,
                    bytes[tokens[position - 1].range.start] == UInt8(ascii: ".")
                else { continue }
            }
            found.append((range, name))
        }
        return found
    }

    /// The ranges of the label `label` in calls `Operation(…, label: …)`.
    static func argumentLabels(_ label: String, calling operation: String, in host: Source) -> [SourceRange] {
        let tokens = SwiftLexer.tokenize(host).tokens
        let bytes = host.utf8
        func isPunctuation(_ token: SwiftToken, _ byte: Character) -> Bool {
            token.kind == .punctuation && bytes[token.range.start] == byte.asciiValue!
        }
        var found: [SourceRange] = []
        var position = 0
        while position + 1 < tokens.count {
            defer { position += 1 }
            guard tokens[position].kind == .identifier, host.slice(tokens[position].range) == operation,
                isPunctuation(tokens[position + 1], "(")
            else { continue }
            var depth = 0
            var inner = position + 1
            while inner < tokens.count {
                let token = tokens[inner]
                if isPunctuation(token, "(") || isPunctuation(token, "[") || isPunctuation(token, "{") { depth += 1 }
                if isPunctuation(token, ")") || isPunctuation(token, "]") || isPunctuation(token, "}") {
                    depth -= 1
                    if depth == 0 { break }
                }
                if depth == 1, token.kind == .identifier, host.slice(token.range) == label, inner + 1 < tokens.count,
                    isPunctuation(tokens[inner + 1], ":")
                {
                    found.append(token.range)
                }
                inner += 1
            }
        }
        return found
    }
}
