import BatonDiagnostics
import BatonSchema
import BatonSyntax

/// Every selected field exists on the type it is selected on. Suggests inline fragments on the
/// possible types that have the field, else similarly named fields.
final class FieldsOnCorrectTypeRule: ValidationRule {
    static let code: DiagnosticCode = .fieldsOnCorrectType
    override var events: RuleEvents { [.enterField] }

    override func enterField(_ field: Field, _ context: ValidationContext) {
        guard let parent = context.typeInfo.parentType, context.typeInfo.fieldDef == nil else { return }
        let schema = context.schema
        let name = field.name.value
        let hide = context.options.hideSuggestions
        var suggestion = Suggestions.didYouMean(
            hide ? [] : suggestedTypeNames(schema, parent, name),
            "to use an inline fragment on")
        if suggestion.isEmpty {
            suggestion = Suggestions.didYouMean(hide ? [] : suggestedFieldNames(schema, parent, name))
        }
        context.report(
            Self.code, "Cannot query field '\(name)' on type '\(schema.name(of: parent))'." + suggestion + Self.relayDifference(field),
            [context.location(field.range)])
    }

    /// Where the field is one Relay's compiler would take, the sentence saying why Baton does not
    /// (spec/relay-checks/README.md); empty otherwise, so the message stays graphql-core's.
    static func relayDifference(_ field: Field) -> String {
        if field.name.value == "__id" {
            return " Baton has no `__id` field (Relay's record id on every type): Baton's store keys records by `id`; select `id`."
        }
        if field.directives.contains(where: { $0.name.value == "fixme_fat_interface" }) {
            return
                " Baton does not have Relay's `@fixme_fat_interface`, which lets one implementation's field be selected on its interface; select the field in an inline fragment on a type that has it."
        }
        return ""
    }

    /// For an abstract type, the possible types and their interfaces that define the field:
    /// most used first, interfaces before their implementations, then by name.
    private func suggestedTypeNames(_ schema: Schema, _ type: TypeID, _ fieldName: String) -> [String] {
        guard schema.kind(of: type).isAbstract else { return [] }
        var suggested: [TypeID] = []
        var seen = Set<TypeID>()
        var usage: [TypeID: Int] = [:]
        for possible in schema.possibleTypes(of: type) {
            guard schema.types[Int(possible.index)].fieldPosition(fieldName) != nil else { continue }
            if seen.insert(possible).inserted { suggested.append(possible) }
            usage[possible] = 1
            for interface in schema.types[Int(possible.index)].interfaces {
                guard schema.types[Int(interface.index)].fieldPosition(fieldName) != nil else { continue }
                if seen.insert(interface).inserted { suggested.append(interface) }
                usage[interface, default: 0] += 1
            }
        }
        let keys = suggested.map { NaturalKey(schema.name(of: $0)) }
        // A stable sort, as Python's `sorted` with graphql-core's comparison.
        let order = suggested.indices.sorted { i, j in
            let a = suggested[i]
            let b = suggested[j]
            let byUsage = (usage[b] ?? 0) - (usage[a] ?? 0)
            if byUsage != 0 { return byUsage < 0 }
            if schema.kind(of: a) == .interface && schema.isSubType(b, of: a) && a != b { return true }
            if schema.kind(of: b) == .interface && schema.isSubType(a, of: b) && a != b { return false }
            if keys[i] < keys[j] { return true }
            if keys[j] < keys[i] { return false }
            return i < j
        }
        return order.map { schema.name(of: suggested[$0]) }
    }

    private func suggestedFieldNames(_ schema: Schema, _ type: TypeID, _ fieldName: String) -> [String] {
        let kind = schema.kind(of: type)
        guard kind == .object || kind == .interface else { return [] }
        return Suggestions.list(fieldName, options: schema.types[Int(type.index)].fields.map(\.name))
    }
}
