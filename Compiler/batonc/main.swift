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
           batonc print <OperationName> (--config <baton.json> | --schema <sdl>) [--language swift] <files...>
           batonc generate --config <baton.json> (--out <dir> | --emit <source>=<output>...) [--shared <file>]
                           [--report <file>] [--persisted <file>] [--check] <files...>
           batonc fetch-schema <url> [--header 'Name: value']... [--out <schema.graphql>]
           batonc format [--check] <files...>

    commands:
      validate   check documents against the schema; diagnostics on stderr as
                 path:line:column: severity: message
      print      compile the target and print the named operation's wire text (compact, one
                 line), after `# documentId: <id>` under persistConfig
      generate   write one .baton.swift per source declaring GraphQL, the shared Baton.baton.swift,
                 and optionally the report and the persisted documents; nothing is written when
                 any document has an error; --check writes nothing and names stale outputs
      fetch-schema
                 POST the introspection query to <url> and write the schema as SDL (descriptions,
                 deprecations, directives, @specifiedBy kept; types in the server's order) to --out,
                 or to standard output; a failure is one line on stderr and writes nothing
      format     print the GraphQL of every marker literal and .graphql file readably, in place
                 (comments kept, literal delimiters and indentation kept); --check writes
                 nothing, names the files that would change and exits 1 if any would

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
    var language: String?
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
        if onlyFiles {
            result.files.append(argument)
            continue
        }
        switch argument {
        case "--": onlyFiles = true
        case "--schema": result.schema = value(for: argument)
        case "--config": result.config = value(for: argument)
        case "--schema-extension": result.extensions.append(value(for: argument))
        case "--language": result.language = value(for: argument)
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
    let target = TargetCompilation.compile(
        .init(
            configPath: options.config, schemaPath: options.schema,
            extensionPaths: options.extensions, paths: options.files))
    report(target.diagnostics)
    return target.hasErrors ? .failure : .success
}

func report(_ diagnostics: [Diagnostic]) {
    var text = ""
    for diagnostic in Compilation.reported(diagnostics.sortedForDisplay()) {
        text += diagnostic.locations.isEmpty ? "batonc: \(diagnostic.message)\n" : diagnostic.renderedWithNotes() + "\n"
    }
    FileHandle.standardError.write(Data(text.utf8))
}

func runPrint(_ arguments: ArraySlice<String>) -> ExitCode {
    guard let operation = arguments.first, !operation.hasPrefix("-") else { fail("print needs an operation name") }
    let options = parseValidate(arguments.dropFirst())
    if let language = options.language, language != "swift" { fail("print supports --language swift only") }
    if options.config == nil && options.schema == nil { fail("print needs --config <baton.json> or --schema <sdl>") }
    if options.files.isEmpty { fail("print needs at least one file or directory") }
    let output = PrintCommand.run(
        operation: operation,
        .init(
            configPath: options.config, schemaPath: options.schema,
            extensionPaths: options.extensions, paths: options.files))
    report(output.diagnostics)
    guard let text = output.text else { return .failure }
    FileHandle.standardOutput.write(Data(text.utf8))
    return .success
}

struct GenerateArguments {
    var common = ValidateArguments()
    var out: String?
    var emits: [(source: String, output: String)] = []
    var shared: String?
    var report: String?
    var persisted: String?
    var check = false
}

func parseGenerate(_ arguments: ArraySlice<String>) -> GenerateArguments {
    var result = GenerateArguments()
    var rest = arguments
    var passOn: [String] = []
    func value(for option: String) -> String {
        guard let next = rest.popFirst(), !next.hasPrefix("--") else { fail("\(option) needs a value") }
        return next
    }
    while let argument = rest.popFirst() {
        switch argument {
        case "--out": result.out = value(for: argument)
        case "--shared": result.shared = value(for: argument)
        case "--report": result.report = value(for: argument)
        case "--persisted": result.persisted = value(for: argument)
        case "--check": result.check = true
        case "--emit":
            let pair = value(for: argument)
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex, pair.index(after: equals) != pair.endIndex
            else { fail("--emit needs <source>=<output>, got '\(pair)'") }
            result.emits.append((String(pair[..<equals]), String(pair[pair.index(after: equals)...])))
        case "--":
            passOn.append(argument)
            passOn += rest
            rest = []
        default: passOn.append(argument)
        }
    }
    result.common = parseValidate(passOn[...])
    return result
}

func runGenerate(_ arguments: ArraySlice<String>) -> ExitCode {
    let options = parseGenerate(arguments)
    if let language = options.common.language, language != "swift" { fail("generate supports --language swift only") }
    if options.common.config == nil && options.common.schema == nil { fail("generate needs --config <baton.json> or --schema <sdl>") }
    if options.out == nil && options.emits.isEmpty { fail("generate needs --out <dir> or --emit <source>=<output>") }
    let request = CompilationSetup.Request(
        configPath: options.common.config, schemaPath: options.common.schema,
        extensionPaths: options.common.extensions, paths: options.common.files)
    let result = GenerateCommand.run(
        .init(
            request: request, out: options.out, emits: options.emits, shared: options.shared,
            report: options.report, persisted: options.persisted, check: options.check))
    report(result.diagnostics)
    if !result.stale.isEmpty {
        FileHandle.standardError.write(Data(result.stale.map { "batonc: stale: \($0)\n" }.joined().utf8))
    }
    return result.exitCode == 0 ? .success : .failure
}

func runFetchSchema(_ arguments: ArraySlice<String>) -> ExitCode {
    var rest = arguments
    var url: URL?
    var headers: [(name: String, value: String)] = []
    var out: String?
    func value(for option: String) -> String {
        guard let next = rest.popFirst() else { fail("\(option) needs a value") }
        return next
    }
    while let argument = rest.popFirst() {
        switch argument {
        case "--header":
            let header = value(for: argument)
            guard let colon = header.firstIndex(of: ":"), colon != header.startIndex else {
                fail("--header needs 'Name: value', got '\(header)'")
            }
            let name = header[..<colon].trimmingCharacters(in: .whitespaces)
            headers.append((name, header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        case "--out": out = value(for: argument)
        default:
            if argument.hasPrefix("-") { fail("unknown option \(argument)") }
            guard url == nil else { fail("fetch-schema takes one URL") }
            guard let parsed = URL(string: argument), let scheme = parsed.scheme?.lowercased(),
                scheme == "http" || scheme == "https", parsed.host != nil
            else { fail("fetch-schema needs an http(s) URL, got '\(argument)'") }
            url = parsed
        }
    }
    guard let url else { fail("fetch-schema needs a URL") }
    switch FetchSchemaCommand.run(.init(url: url, headers: headers, out: out)) {
    case .fetched(let sdl):
        if out == nil { FileHandle.standardOutput.write(Data(sdl.utf8)) }
        return .success
    case .failed(let message):
        FileHandle.standardError.write(Data("batonc: fetch-schema: \(message)\n".utf8))
        return .failure
    }
}

func runFormat(_ arguments: ArraySlice<String>) -> ExitCode {
    var check = false
    var files: [String] = []
    var onlyFiles = false
    for argument in arguments {
        if !onlyFiles && argument == "--check" {
            check = true
        } else if !onlyFiles && argument == "--" {
            onlyFiles = true
        } else if !onlyFiles && argument.hasPrefix("-") {
            fail("unknown option \(argument)")
        } else {
            files.append(argument)
        }
    }
    if files.isEmpty { fail("format needs at least one file or directory") }
    let output = FormatCommand.run(paths: files, check: check)
    report(output.diagnostics)
    let verb = check ? "would reformat" : "reformatted"
    FileHandle.standardError.write(Data(output.changed.map { "batonc: \(verb) \($0)\n" }.joined().utf8))
    if !output.diagnostics.isEmpty { return .failure }
    return check && !output.changed.isEmpty ? .failure : .success
}

let arguments = CommandLine.arguments.dropFirst()
guard let command = arguments.first else { fail("no command") }
switch command {
case "validate":
    exit(runValidate(arguments.dropFirst()).rawValue)
case "print":
    exit(runPrint(arguments.dropFirst()).rawValue)
case "generate":
    exit(runGenerate(arguments.dropFirst()).rawValue)
case "fetch-schema":
    exit(runFetchSchema(arguments.dropFirst()).rawValue)
case "format":
    exit(runFormat(arguments.dropFirst()).rawValue)
case "-h", "--help", "help":
    print(usage)
    exit(ExitCode.success.rawValue)
default:
    fail("unknown command '\(command)'")
}
