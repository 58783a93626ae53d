// baton-bench: speed measured beside a reference in the same run, printed as ratios.
// Run it in release: `swift run -c release baton-bench frontend`.
import Foundation

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let usage = """
    usage: baton-bench <command>
      frontend   parse + build + validate GitHub's schema; parse + validate 500 fragments over it;
                 each beside graphql-core on the same input
      target     batonc validate --config over 300 Swift files holding 1,000 documents
      lsp        the release baton-lsp over stdio on 300 Swift files: first diagnostics, completion,
                 hover, edit → diagnostics (medians and p95)
    """

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "frontend":
    FrontendBenchmark(root: root).run()
case "target":
    TargetBenchmark(root: root).run()
case "lsp":
    LSPBenchmark(root: root).run()
default:
    print(usage)
    exit(arguments.isEmpty ? 0 : 2)
}
