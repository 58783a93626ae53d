import BatonDiagnostics
import BatonEmit
import BatonHosts
import BatonLanguageService

/// The Swift accessor a field, spread or type condition compiles to, for hover: the compiler
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
}
