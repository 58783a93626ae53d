import Foundation

/// Wall time of one call, in milliseconds.
func milliseconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

/// CPU time of the calling thread, in milliseconds: what a run costs even when other
/// processes share the cores (wall time is reported beside it).
func threadCPUMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
}

struct Timing {
    var wall: Double
    var cpu: Double

    var text: String { "\(formatted(wall)) ms wall, \(formatted(cpu)) ms CPU" }
}

/// The medians of `runs` timed calls after `warmup` untimed ones.
func median(runs: Int, warmup: Int = 0, _ body: () -> Void) -> Timing {
    for _ in 0..<warmup { body() }
    var walls: [Double] = []
    var cpus: [Double] = []
    for _ in 0..<runs {
        let cpuStart = threadCPUMilliseconds()
        walls.append(milliseconds(body))
        cpus.append(threadCPUMilliseconds() - cpuStart)
    }
    return Timing(wall: middle(walls), cpu: middle(cpus))
}

/// The median of `values`.
func middle(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
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

/// GitHub's schema, the input both front-end benchmarks measure against: its path and text.
func gitHubSchema(root: URL) -> (path: String, text: String) {
    let path = root.appendingPathComponent("spec/schemas/github.schema.graphql").path
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        print("cannot read \(path)")
        exit(1)
    }
    return (path, text)
}
