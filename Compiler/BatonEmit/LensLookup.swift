import BatonDiagnostics
import BatonIR
import BatonSchema
import BatonSyntax
import BatonTransforms

/// The lens a definition generates and the accessor a selection in it compiles to: what hover
/// shows, read from the model the emitter prints (the same builder, owners and declaration
/// spelling), so it is by construction what the generated file contains.
package enum LensLookup {
    /// A definition that generates a lens: a fragment, or an operation (its `Data`).
    package enum Root: Sendable, Hashable {
        case fragment(String)
        case operation(String)
    }

    /// A lens member found under a cursor.
    package struct Member: Sendable {
        /// The qualified name of the struct declaring it (`CharacterHeader_character.Origin`,
        /// `CharactersQuery.Data`), where the user reads it.
        package var owner: String
        package var accessor: LensAccessor
        /// `var origin: CharacterHeader_character.Origin?`, as the owner declares it.
        package var declaration: String
    }

    /// The lens generated for `root`, or nil when the program has no such definition.
    package static func lens(
        of root: Root, program: IRProgram, customScalars: [String: String], nullsOnError: Bool = false
    ) -> LensModel? {
        var builder = LensBuilder(program: program, customScalars: customScalars, references: SharedReferences())
        builder.nullsOnError = nullsOnError
        switch root {
        case .fragment(let name): return program.fragment(named: name).map(builder.lens(of:))
        case .operation(let name): return program.operation(named: name).map(builder.dataLens(of:))
        }
    }

    /// The accessor whose selection is named at `offset` (a field's name, a spread's fragment name,
    /// an inline fragment's type condition) in the lens of `root`, with its declaration. In an
    /// `@inline` fragment, the property of the value the user reads (the `Reader` lens's accessor
    /// for what the value leaves out).
    package static func member(
        at offset: Int, in root: Root, program: IRProgram,
        customScalars: [String: String] = [:], nullsOnError: Bool = false
    ) -> Member? {
        guard let lens = lens(of: root, program: program, customScalars: customScalars, nullsOnError: nullsOnError) else { return nil }
        return find(offset, in: lens, owner: owner(of: root, program: program))
    }

    /// Where a lens's accessors are declared: the lens struct (qualified), and for an `@inline`
    /// fragment the value struct beside it, whose properties the user reads.
    package struct Owner: Sendable {
        package var lens: String
        package var value: String?

        /// The struct declaring `accessor` as the user reads it (the value's, when it has one).
        package func declaring(_ accessor: LensAccessor) -> String {
            if let value, InlineValueEmitter.isValueMember(accessor) { return value }
            return lens
        }

        /// `var name: Type`, as `declaring(accessor)` declares it.
        package func declaration(of accessor: LensAccessor) -> String {
            if let value, InlineValueEmitter.isValueMember(accessor) {
                return InlineValueEmitter.declaration(accessor, in: value)
            }
            return LensNaming.accessorDeclaration(accessor, in: lens)
        }

        /// The accessor's Swift type as the generated file declares it, nested lenses spelled
        /// through their owner (what hover and the report show).
        package func swiftType(of accessor: LensAccessor) -> String {
            if let value, InlineValueEmitter.isValueMember(accessor) {
                return InlineValueEmitter.valueType(accessor, in: value)
            }
            return LensNaming.accessorType(accessor, in: lens)
        }

        /// The owner of the lens nested under `accessor`, or nil when it has none.
        package func nested(under accessor: LensAccessor) -> Owner? {
            guard let nested = accessor.nested else { return nil }
            let inValue = value != nil && InlineValueEmitter.isValueMember(accessor)
            return Owner(
                lens: LensNaming.nestedPath(nested.name, in: lens),
                value: inValue ? value.map { LensNaming.nestedPath(nested.name, in: $0) } : nil)
        }
    }

    /// The owner of the lens `root` generates: `F`, `Op.Data`, or an `@inline` fragment's `F.Reader`
    /// with its value `F`.
    package static func owner(of root: Root, program: IRProgram) -> Owner {
        switch root {
        case .operation(let name):
            return Owner(lens: SwiftSpelling.identifier(name) + ".Data")
        case .fragment(let name):
            let owner = SwiftSpelling.identifier(name)
            if program.fragment(named: name)?.directive("inline") != nil {
                return Owner(lens: owner + ".Reader", value: owner)
            }
            return Owner(lens: owner)
        }
    }

    /// `member(at:in:program:)` over documents as written: the program is built and given the
    /// transforms the emitter's lens program has (what the language server asks).
    package static func member(
        at offset: Int, in root: Root, documents: [Document], schema: Schema,
        customScalars: [String: String] = [:]
    ) -> Member? {
        member(at: offset, in: root, program: program(documents: documents, schema: schema), customScalars: customScalars)
    }

    /// The program lenses are built from: the documents' IR with the transforms the emitter's lens
    /// program has. The language server builds it once per snapshot.
    package static func program(documents: [Document], schema: Schema) -> IRProgram {
        var diagnostics: [Diagnostic] = []
        let built = IRBuilder.build(documents, schema: schema).program
        return OperationTextPipeline.lensProgram(built, diagnostics: &diagnostics)
    }

    /// The fragment or named operation of `document` whose text contains `offset`.
    package static func root(at offset: Int, in document: Document) -> Root? {
        func contains(_ range: SourceRange) -> Bool { range.start <= offset && offset <= range.end }
        if let fragment = document.fragments.first(where: { contains($0.range) }) {
            return .fragment(fragment.name.value)
        }
        if let operation = document.operations.first(where: { contains($0.range) }), let name = operation.name {
            return .operation(name.value)
        }
        return nil
    }

    /// Depth first through the nested lenses.
    static func find(_ offset: Int, in lens: LensModel, owner: Owner, depth: Int = 0) -> Member? {
        guard depth < 200 else { return nil }
        for accessor in lens.accessors {
            if accessor.nameRanges.contains(where: { $0.start <= offset && offset <= $0.end }) {
                return Member(owner: owner.declaring(accessor), accessor: accessor, declaration: owner.declaration(of: accessor))
            }
            guard let nested = accessor.nested, let nestedOwner = owner.nested(under: accessor) else { continue }
            if let found = find(offset, in: nested, owner: nestedOwner, depth: depth + 1) { return found }
        }
        return nil
    }
}

extension LensBuilder {
    /// A fragment's lens, as generated. Under `@throwOnFieldError` its `@semanticNonNull` fields
    /// read non-optional and it carries the scope its spread weighs.
    func lens(of fragment: IRFragment) -> LensModel {
        var builder = self
        builder.rootName = fragment.name
        builder.fieldPath = []
        builder.throwsOnFieldError = fragment.directive("throwOnFieldError") != nil
        builder.enclosingDefinesArguments = !fragment.argumentDefinitions.isEmpty
        let query = RefetchEmitter.queryName(of: fragment)
        builder.refetchable = query == nil ? nil : fragment
        var model = builder.lens(name: fragment.name, type: fragment.typeCondition, selections: fragment.selections)
        if builder.throwsOnFieldError { model.errorScope = Self.errorScope(model) }
        // A field the author named `refetch` keeps the name; the lens then has no `refetch()`.
        if let query, !model.accessors.contains(where: { $0.name == "refetch" }) {
            let spelling = VariableSpelling(schema: schema, references: references)
            model.methods = RefetchEmitter.fragmentMethods(query: query, fragment: fragment, spelling: spelling)
        }
        return model
    }

    /// An operation's `Data` lens, as generated (a generated query's lens has the fields a
    /// transform added).
    func dataLens(of operation: IROperation) -> LensModel {
        var builder = self
        builder.includeGenerated = operation.generatedFrom != nil
        builder.throwsOnFieldError = operation.directive("throwOnFieldError") != nil
        builder.rootName = operation.name
        builder.fieldPath = []
        var model = builder.lens(name: "Data", type: operation.type, selections: operation.selections)
        model.isOperationRoot = true
        // The handle weighs the operation's own selection (its spreads weigh themselves).
        if builder.throwsOnFieldError { model.errorScope = Self.errorScope(model) }
        return model
    }
}
