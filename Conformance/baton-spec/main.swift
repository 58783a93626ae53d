import BatonConformance
import Foundation

// baton-spec <spec-dir>: runs the conformance manifest in <spec-dir> (the directory holding
// manifest.json, tests/, …) against the lenses compiled into BatonConformance: its cases, then its
// scripts (the manifest's `scripts`, or every script in scripts/). Prints one line a case and a
// script and `N passed, M failed`; exits 0 when nothing failed, 1 when a case or a script failed, 2
// on a usage error (no directory, no or a malformed manifest). BATON_SPEC_TRACE=1 prints each
// script step to standard error as it starts.

func usageError(_ message: String) -> Never {
    FileHandle.standardError.write(Data("baton-spec: \(message)\nusage: baton-spec <spec-dir>\n".utf8))
    exit(2)
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let path = arguments.first else {
    usageError("expected one argument, the spec directory")
}
var isDirectory: ObjCBool = false
guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
    usageError("\(path) is not a directory")
}

do {
    let report = try await ConformanceRunner(directory: URL(fileURLWithPath: path)).run()
    for line in report.lines { print(line) }
    exit(report.exitCode)
} catch {
    usageError(error.description)
}
