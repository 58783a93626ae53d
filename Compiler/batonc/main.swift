// batonc: the command line only. Arguments in, core calls, exit codes out; everything it knows
// about GraphQL lives in the compiler core, which the language server shares.
import BatonCompiler
import BatonDiagnostics
import Foundation

enum ExitCode: Int32 {
    case success = 0
    /// A document error, or a file that could not be read.
    case failure = 1
    /// No command, an unknown command, or malformed arguments.
    case usage = 2
}

let usage = """
    usage: batonc validate (--schema <sdl> | --config <baton.json>) [--schema-extension <sdl>]... <files...>

    commands:
      validate   check documents against the schema; diagnostics on stderr as
                 path:line:column: severity: message

    options:
      --schema <sdl>             the schema's SDL file (overrides the configuration's)
      --config <baton.json>      the configuration
      --schema-extension <sdl>   a client schema extension (repeatable)
      -h, --help                 show this help

    <files...> are Swift sources (GraphQL in @Query/@Fragment/@Mutation/@Subscription marker
    literals), .graphql/.gql documents, or directories holding them; all are compiled together,
    so a fragment declared in one file may be spread in another.

    exit status: 0 no errors (warnings allowed), 1 an error or an unreadable file, 2 usage
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("batonc: \(message)\n\(usage)\n".utf8))
    exit(ExitCode.usage.rawValue)
}

struct ValidateArguments {
    var schema: String?
    var config: String?
    var extensions: [String] = []
    var files: [String] = []
}

func parseValidate(_ arguments: ArraySlice<String>) -> ValidateArguments {
    var result = ValidateArguments()
    var rest = arguments
    func value(for option: String) -> String {
        guard let next = rest.popFirst(), !next.hasPrefix("--") else { fail("\(option) needs a value") }
        return next
    }
    var onlyFiles = false
    while let argument = rest.popFirst() {
        if onlyFiles { result.files.append(argument); continue }
        switch argument {
        case "--": onlyFiles = true
        case "--schema": result.schema = value(for: argument)
        case "--config": result.config = value(for: argument)
        case "--schema-extension": result.extensions.append(value(for: argument))
        case "-h", "--help":
            print(usage)
            exit(ExitCode.success.rawValue)
        default:
            if argument.hasPrefix("-") && argument.count > 1 { fail("unknown option \(argument)") }
            result.files.append(argument)
        }
    }
    return result
}

func runValidate(_ arguments: ArraySlice<String>) -> ExitCode {
    let options = parseValidate(arguments)
    if options.config == nil && options.schema == nil { fail("validate needs --schema <sdl> or --config <baton.json>") }
    if options.files.isEmpty { fail("validate needs at least one file or directory") }
    let setup = CompilationSetup.prepare(.init(configPath: options.config, schemaPath: options.schema,
                                               extensionPaths: options.extensions, paths: options.files))
    var diagnostics = setup.diagnostics
    guard let prepared = setup.prepared else {
        report(diagnostics)
        return .failure
    }
    diagnostics.append(contentsOf: Compilation.run(prepared.input).diagnostics)
    report(diagnostics)
    return diagnostics.hasErrors ? .failure : .success
}

func report(_ diagnostics: [Diagnostic]) {
    var text = ""
    for diagnostic in diagnostics.sortedForDisplay() {
        text += diagnostic.locations.isEmpty ? "batonc: \(diagnostic.message)\n" : diagnostic.renderedWithNotes() + "\n"
    }
    FileHandle.standardError.write(Data(text.utf8))
}

let arguments = CommandLine.arguments.dropFirst()
guard let command = arguments.first else { fail("no command") }
switch command {
case "validate":
    exit(runValidate(arguments.dropFirst()).rawValue)
case "-h", "--help", "help":
    print(usage)
    exit(ExitCode.success.rawValue)
default:
    fail("unknown command '\(command)'")
}
