import BatonDiagnostics
import BatonSyntax

/// No fragment spreads itself, directly or through other fragments. Each cycle is reported once,
/// at the spreads that form it.
final class NoFragmentCyclesRule: ValidationRule {
    static let code: DiagnosticCode = .noFragmentCycles
    override var events: RuleEvents { [.enterFragment] }
    /// By fragment name id (see `ValidationContext.fragmentNameID`).
    private var visited: [Bool] = []
    private var spreadPath: [(name: String, location: Location)] = []
    /// By fragment name id, where the name's spreads start in `spreadPath` (-1: not on it).
    private var pathIndexByName: [Int] = []

    override func enterFragment(_ fragment: FragmentEntry, _ context: ValidationContext) {
        detectCycles(from: fragment, context)
    }

    private func detectCycles(from fragment: FragmentEntry, _ context: ValidationContext) {
        if visited.isEmpty {
            visited = [Bool](repeating: false, count: context.fragmentNameCount)
            pathIndexByName = [Int](repeating: -1, count: context.fragmentNameCount)
        }
        let fragmentNameID = fragment.nameID
        guard !visited[fragmentNameID] else { return }
        visited[fragmentNameID] = true
        guard context.descend() else { return }
        defer { context.ascend() }
        let spreads = context.spreads(of: fragment)
        guard !spreads.isEmpty else { return }
        pathIndexByName[fragmentNameID] = spreadPath.count
        for spread in spreads {
            let name = spread.name.value
            spreadPath.append((name, fragment.location(spread.range)))
            let nameID = context.fragmentNameID(name)
            if let nameID, pathIndexByName[nameID] >= 0 {
                let cycleStart = pathIndexByName[nameID]
                let cycle = spreadPath[cycleStart...]
                let via = cycle.dropLast().map { "'\($0.name)'" }.joined(separator: ", ")
                context.report(
                    Self.code,
                    "Cannot spread fragment '\(name)' within itself" + (via.isEmpty ? "." : " via \(via)."),
                    cycle.map(\.location))
            } else if let next = context.fragmentID(name) {
                detectCycles(from: context.fragments[next], context)
                if context.aborted { return }
            }
            spreadPath.removeLast()
        }
        pathIndexByName[fragmentNameID] = -1
    }
}
