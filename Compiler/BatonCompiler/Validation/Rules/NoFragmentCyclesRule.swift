import BatonDiagnostics
import BatonSyntax

/// No fragment spreads itself, directly or through other fragments. Each cycle is reported once,
/// at the spreads that form it.
final class NoFragmentCyclesRule: ValidationRule {
    static let code = "NoFragmentCycles"
    let events: RuleEvents = [.enterFragment]
    private var visited = Set<String>()
    private var spreadPath: [(name: String, location: Location)] = []
    private var pathIndexByName: [String: Int] = [:]

    func enterFragment(_ fragment: FragmentEntry, _ context: ValidationContext) {
        detectCycles(from: fragment, context)
    }

    private func detectCycles(from fragment: FragmentEntry, _ context: ValidationContext) {
        guard visited.insert(fragment.name).inserted else { return }
        guard context.descend() else { return }
        defer { context.ascend() }
        let spreads = context.spreads(of: fragment)
        guard !spreads.isEmpty else { return }
        pathIndexByName[fragment.name] = spreadPath.count
        for spread in spreads {
            let name = spread.name.value
            spreadPath.append((name, fragment.location(spread.range)))
            if let cycleStart = pathIndexByName[name] {
                let cycle = spreadPath[cycleStart...]
                let via = cycle.dropLast().map { "'\($0.name)'" }.joined(separator: ", ")
                context.report(Self.code,
                               "Cannot spread fragment '\(name)' within itself" + (via.isEmpty ? "." : " via \(via)."),
                               cycle.map(\.location))
            } else if let next = context.fragmentID(name) {
                detectCycles(from: context.fragments[next], context)
                if context.aborted { return }
            }
            spreadPath.removeLast()
        }
        pathIndexByName[fragment.name] = nil
    }
}
