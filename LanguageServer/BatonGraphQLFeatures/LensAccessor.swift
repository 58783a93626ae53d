import BatonDiagnostics
import BatonEmit
import BatonHosts
import BatonLanguageService

/// The Swift accessor a field, spread or type condition compiles to, for hover and inlay hints: the compiler
/// core builds the lens of the definition under the cursor as the emitter does and names the
/// member there (`LensLookup.member`), nothing is derived here.
enum LensAccessor {
    static func declaration(
        for symbol: GraphQLSymbol, at offset: Int, in document: HostDocument, project: Project,
        snapshot: ProjectSnapshot
    ) -> String? {
        switch symbol {
        case .field, .fragment, .type: break
        default: return nil  // arguments, values, directives, variables compile to no member
        }
        guard let schema = project.schema,
            let entry = snapshot.index.entries.first(where: {
                $0.hostDocument.source.name == document.source.name
                    && $0.hostDocument.source.text == document.source.text
                    && $0.hostDocument.marker?.range == document.marker?.range
            }),
            let root = LensLookup.root(at: offset, in: entry.document)
        else { return nil }
        guard
            let member = LensLookup.member(
                at: offset, in: root, program: snapshot.lensProgram(schema: schema),
                customScalars: project.config?.swiftScalarTypes ?? [:], nullsOnError: project.config?.onError?.value == .null)
        else { return nil }
        // The member must be what the hovered name is: a field's read, a spread, a type condition.
        switch (symbol, member.accessor.reads) {
        case (.field, .scalar), (.field, .linked), (.field, .typename), (.fragment, .spread), (.type, .condition):
            return member.declaration
        default:
            return nil
        }
    }

    /// A field's Swift type as the lens declares it, where its name ends: what an inlay hint
    /// shows beside the name.
    struct FieldType: Sendable {
        /// The field's name (or alias) in the host file; the hint goes at its end.
        var name: Location
        var type: String
    }

    /// The type of every field read in `host`'s documents, from the same lenses and owners
    /// hover names one member from (each lens built once per fragment or operation).
    static func fieldTypes(in host: Source, project: Project, snapshot: ProjectSnapshot) -> [FieldType] {
        guard let schema = project.schema else { return [] }
        let entries = snapshot.index.entries.filter { $0.hostDocument.host.name == host.name && $0.hostDocument.host.text == host.text }
        guard !entries.isEmpty else { return [] }
        let program = snapshot.lensProgram(schema: schema)
        let scalars = project.config?.swiftScalarTypes ?? [:]
        let nullsOnError = project.config?.onError?.value == .null
        var found: [FieldType] = []
        for entry in entries {
            let roots =
                entry.document.fragments.map { LensLookup.Root.fragment($0.name.value) }
                + entry.document.operations.compactMap { $0.name.map { LensLookup.Root.operation($0.value) } }
            for root in roots {
                guard let lens = LensLookup.lens(of: root, program: program, customScalars: scalars, nullsOnError: nullsOnError)
                else { continue }
                collect(lens, owner: LensLookup.owner(of: root, program: program), source: entry.hostDocument.source, into: &found)
            }
        }
        return found
    }

    /// Depth first, as `LensLookup.find` walks for hover.
    private static func collect(_ lens: LensModel, owner: LensLookup.Owner, source: Source, into found: inout [FieldType], depth: Int = 0) {
        guard depth < 200 else { return }
        for accessor in lens.accessors {
            switch accessor.reads {
            case .scalar, .linked, .typename:
                let type = owner.swiftType(of: accessor)
                for range in accessor.nameRanges {
                    found.append(FieldType(name: Location(source: source, range: range).hostLocation, type: type))
                }
            case .spread, .condition: break
            }
            if let nested = accessor.nested, let nestedOwner = owner.nested(under: accessor) {
                collect(nested, owner: nestedOwner, source: source, into: &found, depth: depth + 1)
            }
        }
    }
}
