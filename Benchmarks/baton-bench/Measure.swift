import Foundation

/// Wall time of one call, in milliseconds.
func milliseconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

/// The median of `runs` timed calls after `warmup` untimed ones.
func median(runs: Int, warmup: Int = 0, _ body: () -> Void) -> Double {
    for _ in 0..<warmup { body() }
    let samples = (0..<runs).map { _ in milliseconds(body) }.sorted()
    return samples.count % 2 == 1
        ? samples[samples.count / 2]
        : (samples[samples.count / 2 - 1] + samples[samples.count / 2]) / 2
}

func formatted(_ value: Double, digits: Int = 2) -> String {
    String(format: "%.\(digits)f", value)
}

/// Runs the project's Python (the venv the test command creates) and returns its stdout.
func runPython(root: URL, script: String, arguments: [String]) -> String? {
    let python = ProcessInfo.processInfo.environment["BATON_PYTHON"] ?? root.appendingPathComponent(".venv/bin/python").path
    guard FileManager.default.isExecutableFile(atPath: python) else {
        print("note: \(python) not found; run the README's test command once to create the venv")
        return nil
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [root.appendingPathComponent(script).path] + arguments
    let output = Pipe()
    process.standardOutput = output
    do { try process.run() } catch {
        print("note: could not run \(python): \(error)")
        return nil
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self)
}
