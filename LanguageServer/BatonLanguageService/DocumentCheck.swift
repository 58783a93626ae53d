import BatonCompiler
import BatonDiagnostics

/// The diagnostics of one document, as `batonc validate` gives them for the same files:
/// the whole project is compiled together (a fragment spread here may be declared in another
/// file) and the findings located in the document are kept. Files are parsed once per text
/// (`Project.parsedFiles`), and only the documents that can change the document's findings
/// are compiled with it (`ProjectSnapshot.compile(forFile:schema:config:)`).
package enum DocumentCheck {
    /// - Parameters:
    ///   - document: the checked text; its `name` is its path.
    ///   - files: every host file of the project, the document included.
    package static func diagnostics(for document: Source, in project: Project, files: [Source]) -> [Diagnostic] {
        var files = files
        if !files.contains(where: { $0 === document }) {
            files.removeAll { $0.name == document.name }
            files.append(document)
        }
        return diagnostics(for: document, in: project, snapshot: project.parsedFiles.snapshot(of: files))
    }

    /// The same over a snapshot of the project's files that holds `document`'s text.
    package static func diagnostics(for document: Source, in project: Project, snapshot: ProjectSnapshot) -> [Diagnostic] {
        var diagnostics = project.diagnostics.filter { isIn(document, $0) }
        guard let schema = project.schema else {
            let reason = project.diagnostics.first { $0.severity == .error }?.rendered() ?? "no schema"
            diagnostics.append(
                .error(
                    "\(project.configPath) gives no usable schema (\(reason)); this document is not validated",
                    at: [Location(source: document, range: SourceRange(0, 0))], code: .project))
            return diagnostics
        }
        let result =
            snapshot.compile(forFile: document.name, schema: schema, config: project.config)
            ?? Compilation.run(files: [document], schema: schema, config: project.config)
        diagnostics += result.diagnostics.filter { isIn(document, $0) }
        return diagnostics
    }

    /// The one diagnostic of a document no `baton.json` covers.
    package static func outsideEveryProject(_ document: Source) -> Diagnostic {
        .warning(
            "\(document.name) is outside every Baton project: no baton.json in the workspace covers it, so its GraphQL is not checked",
            at: [Location(source: document, range: SourceRange(0, 0))], code: .project)
    }

    static func isIn(_ document: Source, _ diagnostic: Diagnostic) -> Bool {
        guard let location = diagnostic.primaryLocation?.hostLocation else { return false }
        return location.source === document || location.source.name == document.name
    }
}
