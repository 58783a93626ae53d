/// Rows an image read ahead off the main actor, made into records there too, so a launch's first
/// check adopts them rather than making and filling a record a row on the main actor (most of a
/// relaunch's cost). A row becomes a record when the process knows its type, every cell's constant
/// slot and every link's type; its links point at the records made for their targets, or at empty
/// records made for targets whose rows were not made (the check fills those from their rows as it
/// reaches them, as it fills any record). The store adopts them only while it holds nothing but
/// its roots (`Hydration`): then no key is live, memory has nothing to win over, and every link
/// lands on a record the store holds.
package final class ReadAheadRecords: @unchecked Sendable {
    /// Every record made, by key: those holding a row's cells, and the empty targets. Made off the
    /// main actor with room for the store's roots, so an empty store takes it as its table whole
    /// rather than inserting a record at a time (`takeByKey()`).
    private var byKey: [String: Record]
    /// The empty targets (not made from a row): the check fills them as records it made.
    package let empties: [Record]
    /// The keys of the rows made into records (the image need not keep their decoded rows).
    package let keys: Set<String>

    /// Makes the records off the main actor. `rows` are resolved (`ImageRow.resolvedType`,
    /// `resolvedSlots`); the rest are left to the check.
    package init(rows: some Collection<ImageRow>) {
        let roots: Set<String> = [RecordKey.queryRoot, RecordKey.mutationRoot, RecordKey.subscriptionRoot]
        var types: [String: TypeID?] = [:]
        func type(_ name: String) -> TypeID? {
            if let known = types[name] { return known }
            let found = Registry.existingType(name)
            types[name] = found
            return found
        }
        func linksKnown(_ value: ImageValue) -> Bool {
            switch value {
            case .link(let link): return !roots.contains(link.key) && type(link.type) != nil
            case .links(let links): return links.allSatisfy { $0 == nil || (!roots.contains($0!.key) && type($0!.type) != nil) }
            case .list(let values): return values.allSatisfy(linksKnown)
            default: return true
            }
        }
        var made: [String: Record] = [:]
        var taken: [ImageRow] = []
        for row in rows {
            guard let rowType = row.resolvedType, !row.isDeleted, !roots.contains(row.key),
                row.resolvedSlots.count == row.cells.count,
                row.resolvedSlots.allSatisfy({ $0 >= 0 }),
                row.cells.allSatisfy({ linksKnown($0.value) }),
                made[row.key] == nil
            else { continue }
            made[row.key] = Record(readAhead: row.key, type: rowType)
            taken.append(row)
        }
        var empties: [Record] = []
        func target(_ link: ImageLink) -> Record {
            if let known = made[link.key] { return known }
            // A target without a made row: empty, filled from its row when the check reaches it.
            let empty = Record(readAhead: link.key, type: type(link.type)!)
            made[link.key] = empty
            empties.append(empty)
            return empty
        }
        for row in taken {
            let slots = row.resolvedSlots
            var values = [Value?](repeating: nil, count: Int(slots.max() ?? -1) + 1)
            for index in row.cells.indices { values[Int(slots[index])] = row.cells[index].value.value(target) }
            made[row.key]!.fillReadAhead(values)
        }
        made.reserveCapacity(made.count + 3)
        byKey = made
        self.empties = empties
        keys = Set(taken.map(\.key))
    }

    /// The records by key, taken out (so the taker's table is the only reference to its storage).
    package func takeByKey() -> [String: Record] {
        defer { byKey = [:] }
        return byKey
    }
}
