import BatonDiagnostics
import BatonIR
import BatonPlans
import BatonSchema
import BatonTransforms

/// A lens as generated: its struct name, GraphQL type, accessors in order, nested lenses. What
/// the emitter prints and the report describes.
package struct LensModel: Sendable {
    package var name: String
    package var graphQLType: String
    package var accessors: [LensAccessor]
    /// The `@required(action: NONE/LOG)` fields: when one is null the lens reads absent, so whatever
    /// produces it (a spread, a link) is optional and checks them; at an operation's root, the
    /// operation fails (`Baton.RequiringRoot`).
    var requirements: [RequiredField] = []
    /// Those fields as the producer's `requiring:` list spells them.
    package var requiredSlots: [String] { requirements.map { $0.spelled(named: false) } }
    /// Those as a producer's `requiring:` list, nil when the lens requires nothing.
    var requiring: [String]? { requirements.isEmpty ? nil : requiredSlots }
    /// Those as a list literal (`[slots…]`), nil when the lens requires nothing.
    var requiringList: String? { requiring.map { "[" + $0.joined(separator: ", ") + "]" } }
    /// The slots the lens's own fields read (what a deferred spread waits for).
    package var fieldSlots: [String] = []
    /// A `@throwOnFieldError` fragment's `Baton.ErrorScope`: what its spread accessor weighs.
    package var errorScope: String?
    /// An aliased inline fragment's under `@catch`: every error below it, spreads included.
    package var catchScope: String?
    /// An operation's root lens (`Data`): its required fields, if any, fail the operation.
    package var isOperationRoot = false
    /// Members that are not reads, printed after the accessors: a `@refetchable` fragment's
    /// `refetch()`, its connection's `loadNext(_:)` and the rest (`RefetchEmitter`).
    package var methods: [String] = []

    /// A root whose required null fails the operation (`Baton.RequiringRoot`).
    var requiresAtRoot: Bool { isOperationRoot && !requirements.isEmpty }
}

package struct LensAccessor: Sendable {
    package enum Reads: String, Sendable {
        case scalar, linked, spread, condition, typename
    }

    /// The accessor's name, unescaped.
    package var name: String
    /// The response key it reads; nil for spreads and conditions.
    package var responseKey: String?
    package var reads: Reads
    /// The Swift type as written inside the lens declaring it (a nested lens by its own name);
    /// `LensLookup.Owner.swiftType(of:)` spells it as declared, through the owner.
    package var swiftType: String
    /// The body: one read of the anchor (a field's as `LensReadPrinter` spells `fieldRead`).
    package var read: String
    package var optional: Bool
    /// For a list: whether elements may be absent.
    package var list: Bool
    package var elementsOptional: Bool
    package var fragment: String?
    package var conditionType: String?
    package var nested: LensModel?
    /// `@required(action: THROW)`: a `get throws` accessor.
    package var throwing = false
    /// `@catch`: the read gives a `Result` (or nil on error with `to: NULL`).
    package var caught = false
    /// A `@required(action: NONE/LOG)` field: what its lens's producer checks.
    var requirement: RequiredField?
    /// A spread of an `@inline` fragment: the accessor gives its value.
    package var inlineValue = false
    /// A list of lists of records (`[Baton.List<Lens>?]?`): whether each level is optional, the
    /// outer first, the innermost `Baton.List` last (empty for any other accessor).
    package var pluralLevels: [Bool] = []
    /// The slot a field accessor reads.
    var fieldSlot: String?
    /// The slot of a `@required(action: THROW)` field: a `@catch` above it catches its null.
    var throwSlot: String?
    /// A spread's argument site (`Sites.X`), where it binds its fragment's arguments.
    var site: String?
    /// Where the selections it reads are named in the document (field names, the spread's fragment
    /// name, type conditions): how hover finds the accessor under the cursor.
    package var nameRanges: [SourceRange] = []
    /// A field's read as chosen, before it is spelled (nil for spreads, conditions, `__typename`
    /// and the members a connection lens adds).
    var fieldRead: LensRead?
}

/// A `@required(action: NONE/LOG)` field as the producer of its lens checks it.
struct RequiredField: Sendable {
    var slot: String
    /// The field's response keys from its document's root.
    var path: String
    /// `LOG`: a null is logged with `path`.
    var logged: Bool
    /// A link's: the fields its own lens requires, whose null bubbles through it (a chain).
    var below: [RequiredField] = []
    /// Under `@include`/`@skip`: the alternatives of guards (`Guards.x`) that select the field;
    /// empty when it is always selected.
    var guards: [[String]] = []
    /// In a deferred inline fragment: checked once its part has arrived.
    var deferred = false
    /// A `@connection` field's: the parent's client slot, where the chain below is checked (on the
    /// connection record), while `slot` is the server's page.
    var connection: String?

    /// As a `requiring:` list spells it: the slot alone, a `LOG` one with its path, a chain with
    /// what it requires. `named`: always with its path, as an operation's root (and a chain below
    /// it) needs for the failure naming the first null field.
    func spelled(named: Bool) -> String {
        let path = SwiftSpelling.stringLiteral(path)
        if below.isEmpty && guards.isEmpty && !deferred && !named {
            return logged ? "Baton.LoggedRequirement(\(slot), path: \(path))" : slot
        }
        let chain = below.isEmpty ? "" : ", requiring: [" + below.map { $0.spelled(named: true) }.joined(separator: ", ") + "]"
        let when = guards.isEmpty ? "" : ", when: " + Self.spelled(guards: guards)
        return "Baton.Requirement(\(slot), path: \(path)" + (logged ? ", logged: true" : "") + when
            + (deferred ? ", deferred: true" : "") + (connection.map { ", connection: " + $0 } ?? "") + chain + ")"
    }

    /// Alternatives of guards as a `Baton.GuardSet` literal (`[[Guards.a, Guards.b], [Guards.c]]`).
    static func spelled(guards: [[String]]) -> String {
        "[" + guards.map { "[" + $0.joined(separator: ", ") + "]" }.joined(separator: ", ") + "]"
    }
}

/// Builds lenses from the IR as the author wrote it (fragment boundaries kept, before fragment
/// arguments are applied): one accessor per declared field, one per spread, one per type
/// condition; nullability from the schema, optional under `@include`/`@skip` or `@defer`.
struct LensBuilder {
    let program: IRProgram
    let schema: Schema
    let customScalars: [String: String]
    let references: SharedReferences
    /// Whether fields a transform inserted (they have no location) get accessors: only in the
    /// lens of a query a transform generated; a lens has one accessor per field the author wrote.
    var includeGenerated = false
    /// Inside a `@throwOnFieldError` fragment or operation, where `@semanticNonNull` fields read
    /// non-optional.
    var throwsOnFieldError = false
    /// `onError: NULL` in baton.json: the server nulls an errored field in place, so a field
    /// non-null in the schema reads optional unless errors are handled where it is read
    /// (`@throwOnFieldError`, or inside a `@catch`).
    var nullsOnError = false
    /// Inside a `@catch`ed link, where its errors are the catch's.
    var insideCatch = false
    /// The `@refetchable` fragment being built: its connection's lens pages through its query.
    var refetchable: IRFragment?
    /// Whether the lens being built is a fragment's that defines arguments: its spreads then bind
    /// their children's scope at an argument site, so no child sees these arguments.
    var enclosingDefinesArguments = false
    /// The top-level struct the lenses being built are nested in: no nested lens takes its name,
    /// so the qualified types accessors spell (`Root.Data.Origin`) resolve inside it.
    var rootName: String?
    /// The response keys from the document's root (fragment or operation) to the lens being built:
    /// where a `@required(action: LOG)` field's logged path starts.
    var fieldPath: [String] = []

    init(program: IRProgram, customScalars: [String: String], references: SharedReferences) {
        self.program = program
        self.schema = program.schema
        self.customScalars = customScalars
        self.references = references
    }

    enum Item {
        /// A field with the `@include`/`@skip` guards around it (on variables), and whether a
        /// deferred inline fragment holds it.
        case field(IRField, conditional: Bool, guards: [PlanGuard], deferred: Bool)
        /// A spread with the `@include`/`@skip` guards around it (on variables).
        case spread(IRFragmentSpread, guards: [PlanGuard], deferred: Bool)
        case condition(TypeID, [IRSelection], conditional: Bool, named: SourceRange?)
        /// `... on T @alias(as: "name") { … }`: an accessor giving the fragment's own lens, caught
        /// under `@catch` (its target, `RESULT` or `NULL`), and whether it is deferred (itself or
        /// in a deferred inline fragment).
        case aliased(String, TypeID?, [IRSelection], named: SourceRange?, caught: String?, deferred: Bool)
    }

    /// `deferred`: the selections are a deferred part's (their fields read optional, and their
    /// requirements are checked once the part has arrived).
    func lens(name: String, type: TypeID, selections: [IRSelection], deferred: Bool = false) -> LensModel {
        var items: [Item] = []
        collect(selections, type: type, conditional: deferred, guards: [], deferred: deferred, into: &items)
        var accessors: [LensAccessor] = []
        var taken = Set<String>()
        var nestedNames = Set(rootName.map { [$0] } ?? [])
        func add(_ accessor: LensAccessor) {
            guard taken.insert(accessor.name).inserted else {
                // The same spread or condition written twice: one accessor, named in both places.
                if let index = accessors.firstIndex(where: { $0.name == accessor.name }), accessors[index].reads == accessor.reads,
                    accessors[index].fragment == accessor.fragment, accessors[index].conditionType == accessor.conditionType
                {
                    accessors[index].nameRanges += accessor.nameRanges
                }
                return
            }
            accessors.append(accessor)
        }
        // Fields group by response key (a linked field's occurrences read one nested lens).
        var fieldGroups: [String: [(IRField, Bool)]] = [:]
        var fieldGuards: [String: [[PlanGuard]]] = [:]
        var fieldDeferred: [String: Bool] = [:]
        for case .field(let field, let conditional, let guards, let deferred) in items {
            fieldGroups[field.responseKey, default: []].append((field, conditional))
            fieldGuards[field.responseKey, default: []].append(guards)
            fieldDeferred[field.responseKey] = (fieldDeferred[field.responseKey] ?? true) && deferred
        }
        var conditionGroups: [TypeID: [IRSelection]] = [:]
        var conditionNames: [TypeID: [SourceRange]] = [:]
        var conditionalTypes = Set<TypeID>()
        for case .condition(let condition, let selections, let conditional, let named) in items {
            conditionGroups[condition, default: []] += selections
            conditionNames[condition, default: []] += named.map { [$0] } ?? []
            if conditional { conditionalTypes.insert(condition) }
        }
        var emittedConditions = Set<TypeID>()
        for item in items {
            switch item {
            case .field(let field, _, _, _):
                guard let group = fieldGroups.removeValue(forKey: field.responseKey) else { continue }
                if var accessor = fieldAccessor(group, in: type, nestedNames: &nestedNames) {
                    // Required only where selected: a field `@include`/`@skip` leaves out is not null,
                    // nor is one a deferred part has not delivered yet.
                    let thrownWhereAbsent = accessor.throwing && Self.requiredAction(field) == "THROW" && group.allSatisfy(\.1)
                    var guards: [[String]] = []
                    if accessor.requirement != nil || thrownWhereAbsent, let alternatives = fieldGuards[field.responseKey],
                        !alternatives.contains(where: \.isEmpty)
                    {
                        for alternative in alternatives {
                            let spelled = alternative.map(references.guardConstant)
                            if !guards.contains(spelled) { guards.append(spelled) }
                        }
                    }
                    let deferred = fieldDeferred[field.responseKey] ?? false
                    accessor.requirement?.guards = guards
                    accessor.requirement?.deferred = deferred
                    if thrownWhereAbsent {
                        // THROW where the field may be absent: optional, nil when left out or not
                        // arrived; a null where it is selected still throws.
                        var arguments: [String] = guards.isEmpty ? [] : [RequiredField.spelled(guards: guards)]
                        if deferred { arguments.append("arrived: " + slot(field, in: type)) }
                        accessor.read = "try anchor.selected(\(arguments.joined(separator: ", "))) { \(accessor.read) }"
                        accessor.swiftType += "?"
                        accessor.optional = true
                    }
                    if field.name != "__typename" && PlanBuilder.connectionKey(field, schema: schema) == nil {
                        accessor.fieldSlot = slot(field, in: type)
                        if Self.requiredAction(field) == "THROW" { accessor.throwSlot = accessor.fieldSlot }
                        if thrownWhereAbsent, let slot = accessor.fieldSlot, !guards.isEmpty || deferred {
                            // A `@catch` above weighs its null only where the field is there.
                            let path = (fieldPath + [field.responseKey]).joined(separator: ".")
                            accessor.throwSlot = RequiredField(
                                slot: slot, path: path, logged: false, guards: guards,
                                deferred: deferred
                            ).spelled(named: true)
                        }
                    }
                    accessor.nameRanges = group.compactMap { $0.0.nameLocation?.range }
                    add(accessor)
                }
            case .spread(let spread, let guards, let deferred):
                var accessor = spreadAccessor(spread, in: type, guards: guards, deferred: deferred)
                accessor.nameRanges = spread.nameLocation.map { [$0.range] } ?? []
                add(accessor)
            case .aliased(let alias, let condition, let selections, let named, let caught, let deferred):
                var nestedName = LensNaming.nestedLensName(responseKey: alias)
                while !nestedNames.insert(nestedName).inserted { nestedName += "_" }
                let lensType = condition ?? type
                var nested = lens(name: nestedName, type: lensType, selections: selections, deferred: deferred)
                var read = ".init(anchor: anchor)"
                var swiftType = nestedName
                let narrowed = !applies(condition, to: type)
                if narrowed {
                    let typeName = schema[lensType].name
                    read =
                        schema[lensType].kind.isAbstract
                        ? "anchor.asMember(\(references.membership(typeName)))"
                        : "anchor.asType(\(references.type(typeName)))"
                    swiftType += "?"
                }
                // A required field of the lens that is null makes the alias nil (Relay's grouping).
                let requiring = nested.requiringList
                if let caught {
                    // Caught: the lens weighs every error below it, as a `Result` or nil (`to: NULL`).
                    nested.catchScope = caughtScope(nested)
                    let required = requiring.map { ", requiring: " + $0 } ?? ""
                    if caught == "NULL" {
                        read = "anchor.nullOnError(lens: \(read)\(required))"
                        swiftType = nestedName + "?"
                    } else {
                        let optional = narrowed || requiring != nil
                        read = "anchor.caught(\(optional ? "narrowed" : "lens"): \(read)\(required))"
                        swiftType = "Result<\(nestedName)\(optional ? "?" : ""), Baton.FieldErrors>"
                    }
                } else if let requiring {
                    read = "anchor.requiring(\(read), \(requiring))"
                    swiftType = nestedName + "?"
                }
                var accessor = LensAccessor(
                    name: LensNaming.fieldAccessorName(responseKey: alias), responseKey: nil,
                    reads: .condition, swiftType: swiftType, read: read,
                    optional: swiftType.hasSuffix("?"), list: false, elementsOptional: false,
                    fragment: nil, conditionType: condition.map { schema[$0].name }, nested: nested,
                    nameRanges: named.map { [$0] } ?? [])
                accessor.caught = caught != nil
                add(accessor)
            case .condition(let condition, _, _, _):
                guard emittedConditions.insert(condition).inserted else { continue }
                let typeName = schema[condition].name
                let nested = lens(
                    name: LensNaming.conditionLensName(type: typeName), type: condition,
                    selections: conditionGroups[condition] ?? [])
                let read =
                    schema[condition].kind.isAbstract
                    ? "anchor.asMember(\(references.membership(typeName)))"
                    : "anchor.asType(\(references.type(typeName)))"
                add(
                    LensAccessor(
                        name: LensNaming.conditionAccessorName(type: typeName), responseKey: nil,
                        reads: .condition, swiftType: nested.name + "?", read: read, optional: true,
                        list: false, elementsOptional: false, fragment: nil, conditionType: typeName,
                        nested: nested, nameRanges: conditionNames[condition] ?? []))
            }
        }
        return LensModel(
            name: name, graphQLType: schema[type].name, accessors: accessors,
            requirements: accessors.compactMap(\.requirement), fieldSlots: accessors.compactMap(\.fieldSlot))
    }

    /// The fields and links a lens reads on its record, as a `Baton.ErrorScope`: not those under
    /// `@catch`, not type conditions or connections, and spreads only as `spreads` gives them
    /// (none for a `@throwOnFieldError` fragment: each fragment weighs its own).
    static func errorScope(
        _ lens: LensModel, catchesRequired: Bool = false,
        spreads: (LensAccessor, LensModel) -> String? = { _, _ in nil }
    ) -> String {
        var fields: [String] = []
        var required: [String] = []
        var links: [String] = []
        var spreadScopes: [String] = []
        for accessor in lens.accessors where !accessor.caught {
            if let spread = spreads(accessor, lens), !spreadScopes.contains(spread) { spreadScopes.append(spread) }
            if catchesRequired, let slot = accessor.throwSlot, !required.contains(slot) { required.append(slot) }
            guard let slot = accessor.fieldSlot else { continue }
            if accessor.reads == .linked, let nested = accessor.nested {
                let link = ".init(\(slot), \(errorScope(nested, catchesRequired: catchesRequired, spreads: spreads)))"
                if !links.contains(link) { links.append(link) }
            } else if accessor.reads == .scalar, !fields.contains(slot) {
                // Aliases of one field read one slot, weighed once.
                fields.append(slot)
            }
        }
        let linked = links.isEmpty ? "" : ", links: [" + links.joined(separator: ", ") + "]"
        let spread = spreadScopes.isEmpty ? "" : ", spreads: [" + spreadScopes.joined(separator: ", ") + "]"
        let nulls = required.isEmpty ? "" : ", required: [" + required.joined(separator: ", ") + "]"
        return "Baton.ErrorScope([" + fields.joined(separator: ", ") + "]" + nulls + linked + spread + ")"
    }

    /// What a caught link or aliased inline fragment weighs: every error below it, the nulls of
    /// `@required(action: THROW)` fields included (Relay's rule). Its fields and links, and
    /// on the same record its spreads' fragments (in the scope their site binds) and its aliased
    /// inline fragments, each with what is below them; not what a `@catch` below covers, and not
    /// type conditions (fields of another type).
    func caughtScope(_ lens: LensModel, depth: Int = 0) -> String {
        Self.errorScope(lens, catchesRequired: true) { accessor, owner in
            guard depth < 200, accessor.reads == .spread || accessor.reads == .condition,
                let nested = spreadLens(accessor) ?? accessor.nested,
                let inner = schema.typeID(named: nested.graphQLType), let outer = schema.typeID(named: owner.graphQLType),
                applies(inner, to: outer)
            else { return nil }
            let scope = caughtScope(nested, depth: depth + 1)
            return ".init(" + scope + (accessor.site.map { ", site: " + $0 } ?? "") + ")"
        }
    }

    /// The lens of a spread's fragment, as generated.
    func spreadLens(_ accessor: LensAccessor) -> LensModel? {
        guard accessor.reads == .spread, let name = accessor.fragment else { return nil }
        return program.fragment(named: name).map(lens(of:))
    }

    /// `@semanticNonNull` on a field definition, at the field itself (level 0).
    static func isSemanticNonNull(_ definition: SchemaField) -> Bool {
        guard let directive = definition.directives.first(where: { $0.name.value == "semanticNonNull" }) else { return false }
        guard case .list(let levels)? = directive.argument("levels")?.value.kind else { return true }
        return levels.contains { if case .int(let text) = $0.kind { text == "0" } else { false } }
    }

    /// `@required`'s action (`NONE`, `LOG`, `THROW`) and `@catch`'s target (`RESULT`, `NULL`).
    static func requiredAction(_ field: IRField) -> String? {
        guard let directive = field.directive("required") else { return nil }
        if case .enumValue(let action)? = directive.argument("action")?.value { return action }
        return "NONE"
    }

    static func catchTarget(_ field: IRField) -> String? { catchTarget(field.directive("catch")) }

    static func catchTarget(_ directive: IRDirective?) -> String? {
        guard let directive else { return nil }
        if case .enumValue(let target)? = directive.argument("to")?.value { return target }
        return "RESULT"
    }

    /// The builder of the lenses below the field `responseKey`.
    func below(_ responseKey: String...) -> LensBuilder {
        var inner = self
        inner.fieldPath += responseKey
        return inner
    }

    /// What a lens's producer checks for a `@required(action: NONE/LOG)` field: its slot, the
    /// field's path in its document (logged under LOG when it is null), and for a link whose lens
    /// requires fields too, those (their null bubbles through the link).
    func requirement(_ field: IRField, slot: String, below: [RequiredField] = []) -> RequiredField {
        RequiredField(
            slot: slot, path: (fieldPath + [field.responseKey]).joined(separator: "."),
            logged: Self.requiredAction(field) == "LOG", below: below)
    }

    /// Whether a selection under `condition` reads on the lens's own record unconditionally.
    func applies(_ condition: TypeID?, to type: TypeID) -> Bool {
        guard let condition, condition != type else { return true }
        return schema[type].kind == .object && schema.isSubType(type, of: condition)
    }

    func collect(
        _ selections: [IRSelection], type: TypeID, conditional: Bool, guards: [PlanGuard],
        deferred: Bool = false, into items: inout [Item], depth: Int = 0
    ) {
        guard depth < 200 else { return }
        for selection in selections {
            switch selection {
            case .field(let field):
                if field.location == nil && !includeGenerated { continue }
                items.append(.field(field, conditional: conditional, guards: guards, deferred: deferred))
            case .fragmentSpread(let spread):
                items.append(.spread(spread, guards: guards, deferred: deferred || spread.directive("defer") != nil))
            case .condition(let condition):
                var inner = guards
                var always = false
                switch condition.value {
                case .constant(let value):
                    if value != condition.passingValue { continue }
                    always = true
                case .variable(let name):
                    inner.append(PlanGuard(variable: name, passing: condition.passingValue))
                }
                collect(
                    condition.selections, type: type, conditional: conditional || !always, guards: inner,
                    deferred: deferred, into: &items, depth: depth + 1)
            case .inlineFragment(let inline):
                let inner = conditional || inline.directive("defer") != nil
                if let alias = LensNaming.inlineFragmentAlias(inline, schema: schema) {
                    items.append(
                        .aliased(
                            alias, inline.typeCondition, inline.selections,
                            named: inline.typeConditionLocation?.range,
                            caught: Self.catchTarget(inline.directive("catch")),
                            deferred: deferred || inline.directive("defer") != nil))
                } else if applies(inline.typeCondition, to: type) {
                    collect(
                        inline.selections, type: type, conditional: inner, guards: guards,
                        deferred: deferred || inline.directive("defer") != nil, into: &items, depth: depth + 1)
                } else if let condition = inline.typeCondition {
                    items.append(
                        .condition(
                            condition, inline.selections, conditional: inner,
                            named: inline.typeConditionLocation?.range))
                }
            }
        }
    }

    /// `Slots.T.key` on a concrete lens, `AbstractSlots.key` under an interface or union.
    func slot(_ field: IRField, in type: TypeID) -> String {
        let key = StorageKey.of(field, schema: schema)
        if schema[type].kind.isAbstract, key.isConstant { return references.abstractSlot(key) }
        return references.slot(SlotReference(type: schema[type].name, key: key, client: field.isClientExtension))
    }

    func fieldAccessor(_ group: [(IRField, Bool)], in type: TypeID, nestedNames: inout Set<String>) -> LensAccessor? {
        let field = group[0].0
        let conditional = group.allSatisfy { $0.1 }
        let name = LensNaming.fieldAccessorName(responseKey: field.responseKey)
        if field.name == "__typename" {
            return LensAccessor(
                name: name, responseKey: field.responseKey, reads: .typename, swiftType: "String",
                read: "anchor.typename", optional: false, list: false, elementsOptional: false,
                fragment: nil, conditionType: nil, nested: nil)
        }
        let schemaType = field.definition.type
        // Under `@throwOnFieldError` a `@semanticNonNull` field is null only with an error, which throws.
        let semantic = throwsOnFieldError && !schemaType.isNonNull && Self.isSemanticNonNull(field.definition)
        let handled = throwsOnFieldError || insideCatch || Self.catchTarget(field) != nil
        let nonNull = ((schemaType.isNonNull && (!nullsOnError || handled)) || semantic) && !conditional
        let named = schema[field.type]
        let slot = slot(field, in: type)
        if field.isLinked, let key = PlanBuilder.connectionKey(field, schema: schema) {
            return connectionAccessor(
                group.map(\.0), key: key, page: slot, in: type, name: name, conditional: conditional,
                nestedNames: &nestedNames)
        }
        if field.isLinked {
            var nestedName = LensNaming.nestedLensName(responseKey: field.responseKey)
            while !nestedNames.insert(nestedName).inserted { nestedName += "_" }
            let selections = group.flatMap { $0.0.selections ?? [] }
            var inner = below(field.responseKey)
            inner.insideCatch = insideCatch || Self.catchTarget(field) != nil
            let nested = inner.lens(name: nestedName, type: field.type, selections: selections)
            if let element = schemaType.listElement, element.isList {
                return nestedPluralAccessor(field, name: name, nested: nested, slot: slot, nonNull: nonNull)
            }
            if Self.requiredAction(field) == nil, let target = Self.catchTarget(field) {
                return caughtLinkAccessor(field, name: name, nested: nested, target: target, slot: slot, nonNull: nonNull)
            }
            let plural = schemaType.isList
            let placeholder = references.type(named.name)
            func linked(_ type: ReadType, _ read: LensRead) -> LensAccessor {
                LensAccessor(name: name, responseKey: field.responseKey, reads: .linked, type: type, read: read, nested: nested)
            }
            let required = Self.requiredAction(field)
            if required == "THROW" {
                // Non-optional, throwing on null (Relay allows only THROW below a THROW, so the lens
                // requires nothing that bubbles).
                return linked(
                    plural ? .plural(nestedName) : .named(nestedName),
                    LensRead(rule: .required, element: plural ? .plural(scope: nil) : .link(placeholder: nil), slot: slot))
            }
            let bubbles = required == "NONE" || required == "LOG"
            if plural {
                // NONE/LOG: non-optional (unless `@include`/`@skip` may leave it out), a null
                // bubbles; an element lacking a field its lens requires is dropped (no further bubble).
                let present = nonNull || (bubbles && !conditional)
                var accessor = linked(
                    ReadType.plural(nestedName).optional(!present),
                    LensRead(rule: .read, element: .plural(scope: nil), slot: slot, requiring: nested.requiring))
                if bubbles { accessor.requirement = requirement(field, slot: slot) }
                return accessor
            }
            if bubbles {
                // Absent when null, or when a field its lens requires is (a chain): the lens holding
                // it reads absent instead, so it reads non-optional (optional where `@include`/`@skip`
                // may leave it out).
                var accessor = linked(
                    ReadType.named(nestedName).optional(conditional),
                    LensRead(rule: .read, element: .link(placeholder: conditional ? nil : placeholder), slot: slot))
                accessor.requirement = requirement(field, slot: slot, below: nested.requirements)
                return accessor
            }
            if let requiring = nested.requiring {
                // A link producing a lens that requires fields reads nil unless they hold.
                return linked(
                    .optional(.named(nestedName)),
                    LensRead(rule: .read, element: .link(placeholder: nil), slot: slot, requiring: requiring))
            }
            return linked(
                ReadType.named(nestedName).optional(!nonNull),
                LensRead(rule: .read, element: .link(placeholder: nonNull ? placeholder : nil), slot: slot))
        }
        if named.kind == .enum { references.enums.insert(named.name) }
        let leaf = LensNaming.leafType(named, customScalars: customScalars)
        let mapped = named.kind == .scalar && customScalars[named.name] != nil
        if mapped {
            if let element = schemaType.listElement, element.isList {
                return nestedListAccessor(field, name: name, leaf: leaf, slot: slot, nonNull: nonNull, mapped: true)
            }
            return mappedAccessor(field, name: name, leaf: leaf, slot: slot, nonNull: nonNull, conditional: conditional)
        }
        func value(_ type: ReadType, _ rule: LensRead.Rule) -> LensAccessor {
            LensAccessor(
                name: name, responseKey: field.responseKey, reads: .scalar, type: type,
                read: LensRead(rule: rule, element: .value, slot: slot))
        }
        // A scalar or a list of one: the type carries the shape, the rule picks the entry point.
        var type = ReadType.named(leaf)
        if let element = schemaType.listElement {
            if element.isList {
                return nestedListAccessor(field, name: name, leaf: leaf, slot: slot, nonNull: nonNull, mapped: false)
            }
            type = .list(type.optional(!element.isNonNull))
        }
        switch (Self.requiredAction(field), Self.catchTarget(field)) {
        case ("THROW"?, _):
            return value(type, .required)
        case (.some, _):
            // NONE/LOG: non-optional (unless conditional); a null bubbles to the lens boundary.
            var accessor = value(type.optional(conditional), .read)
            accessor.requirement = requirement(field, slot: slot)
            return accessor
        case (nil, "NULL"?):
            return value(.optional(type), .nullOnError)
        case (nil, .some):
            return value(.result(.optional(type)), .caught)
        case (nil, nil):
            // Under `@throwOnFieldError` a `@semanticNonNull` scalar throws its error instead of a zero.
            if semantic && nonNull && schemaType.listElement == nil { return value(type, .required) }
            return value(type.optional(!nonNull), .read)
        }
    }

    /// A list of lists of records: the innermost lists `Baton.List`s of the nested lens, each level
    /// above an array, optional where the schema's level is nullable (`[[Character]]` reads
    /// `[Baton.List<Lens>?]?`), read through `Baton.PluralValue` as a plural link is; the error
    /// directives read as on a plural link (`@catch` weighs every record's errors through the nested
    /// lens's scope).
    func nestedPluralAccessor(
        _ field: IRField, name: String, nested: LensModel, slot: String,
        nonNull: Bool
    ) -> LensAccessor? {
        guard let element = field.definition.type.listElement else { return nil }
        func shape(_ type: SchemaType) -> ReadType {
            let inner = type.listElement.map { $0.isList ? ReadType.list(shape($0)) : .plural(nested.name) } ?? .named(nested.name)
            return inner.optional(!type.isNonNull)
        }
        let lists = ReadType.list(shape(element))
        var levels: [Bool] = []
        var level: SchemaType? = element
        while let type = level, type.isList {
            levels.append(!type.isNonNull)
            level = type.listElement
        }
        var nested = nested
        // A record lacking a field its lens requires is dropped from its list, as from a plural link.
        func accessor(_ type: ReadType, _ rule: LensRead.Rule, scope: String? = nil) -> LensAccessor {
            var accessor = LensAccessor(
                name: name, responseKey: field.responseKey, reads: .linked, type: type,
                read: LensRead(
                    rule: rule, element: .plural(scope: scope), slot: slot,
                    requiring: nested.requiring),
                nested: nested)
            // The outer level: optional as the read is (a caught one is optional inside its `Result`).
            accessor.pluralLevels = [type.isOptional || accessor.caught] + levels
            return accessor
        }
        switch (Self.requiredAction(field), Self.catchTarget(field)) {
        case ("THROW"?, _):
            return accessor(lists, .required)
        case (.some, _):
            var required = accessor(lists, .read)
            required.requirement = requirement(field, slot: slot)
            return required
        case (nil, let target?):
            nested.catchScope = caughtScope(nested)
            let scope = SwiftSpelling.identifier(nested.name) + ".errorScope"
            return target == "NULL"
                ? accessor(.optional(lists), .nullOnError, scope: scope)
                : accessor(.result(.optional(lists)), .caught, scope: scope)
        case (nil, nil):
            return accessor(lists.optional(!nonNull), .read)
        }
    }

    /// A list of lists of a scalar: nested arrays, each level optional where the schema's is nullable
    /// (every level for a mapped scalar, whose text may not convert), read through `Baton.LensValue`;
    /// the error directives read as on one level. A mapped scalar under a rule that throws
    /// (`@required`, `@throwOnFieldError`) keeps the schema's nullability at each level and throws
    /// what a level cannot hold, as a one-level mapped list does; under `@catch` its conversion
    /// failure is the failure.
    func nestedListAccessor(
        _ field: IRField, name: String, leaf: String, slot: String, nonNull: Bool,
        mapped: Bool
    ) -> LensAccessor? {
        guard let element = field.definition.type.listElement else { return nil }
        let action = Self.requiredAction(field)
        let target = Self.catchTarget(field)
        let checked = mapped && (action != nil || (target == nil && throwsOnFieldError))
        func shape(_ type: SchemaType) -> ReadType {
            let inner = type.listElement.map { ReadType.list(shape($0)) } ?? .named(leaf)
            return inner.optional((mapped && !checked) || !type.isNonNull)
        }
        let list = ReadType.list(shape(element))
        func accessor(_ type: ReadType, _ rule: LensRead.Rule) -> LensAccessor {
            LensAccessor(
                name: name, responseKey: field.responseKey, reads: .scalar, type: type,
                read: LensRead(rule: rule, element: .value, slot: slot))
        }
        if checked {
            let required = action != nil || nonNull
            var thrown = required ? accessor(list, .required) : accessor(.optional(list), .throwing)
            if let action, action != "THROW" { thrown.requirement = requirement(field, slot: slot) }
            return thrown
        }
        switch (action, target) {
        case ("THROW"?, _):
            return accessor(list, .required)
        case (.some, _):
            var required = accessor(list, .read)
            required.requirement = requirement(field, slot: slot)
            return required
        case (nil, "NULL"?):
            return accessor(.optional(list), .nullOnError)
        case (nil, .some):
            return accessor(.result(.optional(list)), .caught)
        case (nil, nil):
            return accessor(list.optional(!(nonNull && !mapped)), .read)
        }
    }

    /// A custom scalar mapped to a Swift type (`leaf`), converted at the read. It has no zero value,
    /// so it reads optional (a text that does not convert is nil) unless an error rule applies:
    /// `@required` makes it non-optional and `get throws` (NONE/LOG also bubble a null to the lens
    /// boundary), `@catch` gives a `Result` whose failure holds the field's error or the conversion
    /// failure (nil for either with `to: NULL`), and under `@throwOnFieldError` it keeps the schema's
    /// nullability and throws. A list follows the schema per level under `@required` and
    /// `@throwOnFieldError`, and reads `[T?]?` otherwise.
    func mappedAccessor(
        _ field: IRField, name: String, leaf: String, slot: String, nonNull: Bool,
        conditional: Bool = false
    ) -> LensAccessor {
        let element = field.definition.type.listElement
        let plain: ReadType = element == nil ? .optional(.named(leaf)) : .optional(.list(.optional(.named(leaf))))
        func accessor(_ type: ReadType, _ rule: LensRead.Rule) -> LensAccessor {
            LensAccessor(
                name: name, responseKey: field.responseKey, reads: .scalar, type: type,
                read: LensRead(rule: rule, element: .value, slot: slot))
        }
        // The read under a throwing rule: the schema's nullability, the list's and its elements'.
        func throwing(nonNull: Bool) -> LensAccessor {
            let type: ReadType = element.map { .list(ReadType.named(leaf).optional(!$0.isNonNull)) } ?? .named(leaf)
            return nonNull ? accessor(type, .required) : accessor(.optional(type), .throwing)
        }
        switch (Self.requiredAction(field), Self.catchTarget(field)) {
        case (let action?, _):
            // NONE/LOG under `@include`/`@skip`: optional, as a field left out is absent.
            var required = throwing(nonNull: action == "THROW" || !conditional)
            if action != "THROW" { required.requirement = requirement(field, slot: slot) }
            return required
        case (nil, "NULL"?):
            return accessor(plain, .nullOnError)
        case (nil, .some):
            return accessor(.result(plain), .caught)
        case (nil, nil):
            return throwsOnFieldError ? throwing(nonNull: nonNull) : accessor(plain, .read)
        }
    }

    /// A linked or plural field under `@catch`: its nested lens weighs every error below it, and the
    /// accessor reads a `Result` holding the field's error and those (`to: RESULT`), or nil for
    /// either (`to: NULL`). A lens requiring fields reads nil without them, as uncaught.
    func caughtLinkAccessor(
        _ field: IRField, name: String, nested: LensModel, target: String, slot: String,
        nonNull: Bool
    ) -> LensAccessor {
        var nested = nested
        nested.catchScope = caughtScope(nested)
        let plural = field.definition.type.isList
        // A link lacking a required field reads nil; a plural drops the element instead.
        let present = nonNull && (plural || nested.requiring == nil)
        let base: ReadType = plural ? .plural(nested.name) : .named(nested.name)
        let element: LensRead.Element =
            plural
            ? .plural(scope: SwiftSpelling.identifier(nested.name) + ".errorScope")
            : .link(placeholder: present && target != "NULL" ? references.type(schema[field.type].name) : nil)
        let read = LensRead(
            rule: target == "NULL" ? .nullOnError : .caught, element: element, slot: slot,
            requiring: nested.requiring)
        let type: ReadType = target == "NULL" ? .optional(base) : .result(base.optional(!present))
        return LensAccessor(name: name, responseKey: field.responseKey, reads: .linked, type: type, read: read, nested: nested)
    }

    /// A `@connection` field reads a lens on the connection record every page merged into, reached
    /// through the parent's client link: the declared fields read there like any linked field's (so
    /// `edges` are the merged edges), and the lens adds what GENERATED-CODE.md lists — `nodes` (the
    /// `edges { node }` selection's lens), `hasNext`, `hasPrevious`, `connectionID` and `pageInfo`
    /// (the declared one, with the cursors added). Names are settled by `LensNaming`. Under `@catch`
    /// it reads a `Result` (nil with `to: NULL`) over the error of the field itself (on `page`, the
    /// parent's slot of the server's page) and every error below it, as a caught link does.
    func connectionAccessor(
        _ fields: [IRField], key: StorageKey, page: String, in type: TypeID, name: String, conditional: Bool = false,
        nestedNames: inout Set<String>
    ) -> LensAccessor {
        let slot = references.slot(SlotReference(type: schema[type].name, key: key, client: true))
        var nestedName = LensNaming.nestedLensName(responseKey: fields[0].responseKey)
        while !nestedNames.insert(nestedName).inserted { nestedName += "_" }
        let connectionType = fields[0].type
        var nodeSelections: [IRSelection] = []
        var nodeType: TypeID?
        func edges(_ selections: [IRSelection]) {
            for selection in selections {
                switch selection {
                case .field(let field) where field.name == "edges":
                    for case .field(let node) in field.selections ?? [] where node.name == "node" {
                        nodeType = node.type
                        nodeSelections += node.selections ?? []
                    }
                case .inlineFragment(let inline): edges(inline.selections)
                case .condition(let condition): edges(condition.selections)
                default: continue
                }
            }
        }
        for field in fields { edges(field.selections ?? []) }
        var connection = below(fields[0].responseKey).lens(
            name: nestedName, type: connectionType, selections: fields.flatMap { $0.selections ?? [] })
        var accessors: [LensAccessor] = []
        var lensNames = Set(connection.accessors.compactMap { $0.nested?.name } + (rootName.map { [$0] } ?? []))
        var pageInfo: LensAccessor?
        for var accessor in connection.accessors {
            // An edge's `cursor`, which the compiler adds, reads whether written or not.
            if accessor.responseKey == "edges" { addFields(["cursor"], to: &accessor, as: "edges", of: connectionType) }
            if accessor.name == LensNaming.connectionPageInfo, accessor.responseKey == "pageInfo", accessor.nested != nil {
                // The declared `pageInfo` is the one the lens adds.
                pageInfo = accessor
                continue
            }
            accessor.name = LensNaming.connectionFieldAccessorName(accessor.name)
            accessors.append(accessor)
        }
        if pageInfo == nil, let definition = schema[connectionType].field("pageInfo"),
            schema[definition.type.namedType].kind == .object
        {
            let field = IRField(alias: nil, name: "pageInfo", definition: definition, parentType: connectionType, selections: [])
            pageInfo = fieldAccessor([(field, false)], in: connectionType, nestedNames: &lensNames)
        }
        if var info = pageInfo {
            // The cursors and flags the compiler adds to the page info, readable whether written or not.
            addFields(["endCursor", "hasNextPage", "hasPreviousPage", "startCursor"], to: &info, as: "pageInfo", of: connectionType)
            accessors.append(info)
        }
        if let nodeType {
            var nodeName = "Node"
            while !lensNames.insert(nodeName).inserted { nodeName += "_" }
            let node = below(fields[0].responseKey, "edges", "node").lens(name: nodeName, type: nodeType, selections: nodeSelections)
            // A node lacking a field its lens requires is dropped, as from a plural link.
            let requiring = node.requiringList.map { "requiring: " + $0 } ?? ""
            accessors.append(
                LensAccessor(
                    name: "nodes", responseKey: nil, reads: .linked, swiftType: "Baton.List<\(nodeName)>",
                    read: "anchor.connectionNodes(\(requiring))", optional: false, list: true,
                    elementsOptional: false, fragment: nil, conditionType: nil, nested: node))
        }
        for (accessor, flag) in [("hasNext", "hasNextPage"), ("hasPrevious", "hasPreviousPage")] {
            accessors.append(
                LensAccessor(
                    name: accessor, responseKey: nil, reads: .scalar, swiftType: "Bool",
                    read: "anchor.connectionFlag(\(SwiftSpelling.stringLiteral(flag)))",
                    optional: false, list: false, elementsOptional: false, fragment: nil,
                    conditionType: nil, nested: nil))
        }
        accessors.append(
            LensAccessor(
                name: "connectionID", responseKey: nil, reads: .scalar, swiftType: "String?",
                read: "anchor.connectionID", optional: true, list: false,
                elementsOptional: false, fragment: nil, conditionType: nil, nested: nil))
        connection.accessors = accessors
        if let fragment = refetchable, let query = RefetchEmitter.queryName(of: fragment),
            RefetchEmitter.connectionField(in: fragment.selections)?.responseKey == fields[0].responseKey
        {
            connection.methods = RefetchEmitter.connectionMethods(query: query, fragment: fragment)
        }
        // The connection's own required fields, checked on the connection record the lens stands on.
        connection.requirements = accessors.compactMap(\.requirement)
        let typeName = references.type(schema[connectionType].name)
        func connected(_ type: ReadType, _ rule: LensRead.Rule, page: String? = nil, requiring: [String]? = nil) -> LensAccessor {
            LensAccessor(
                name: name, responseKey: fields[0].responseKey, reads: .linked, type: type,
                read: LensRead(
                    rule: rule, element: .connection(type: typeName, page: page), slot: slot,
                    requiring: requiring),
                nested: connection)
        }
        if let action = Self.requiredAction(fields[0]) {
            // `@required` as on a link, over the server's page (`page`): THROW reads it or throws,
            // NONE/LOG bubble its null to the lens boundary.
            if action == "THROW" { return connected(.named(nestedName), .required, page: page) }
            // Where `@include`/`@skip` may leave it out: optional, as a link is (nil without a
            // connection record, or lacking a field its lens requires).
            var accessor =
                conditional
                ? connected(.optional(.named(nestedName)), .read, requiring: connection.requiring ?? [])
                : connected(.named(nestedName), .read)
            // Its null bubbles, and so does one of the fields its lens requires (a chain).
            accessor.requirement = requirement(fields[0], slot: page, below: connection.requirements)
            accessor.requirement?.connection = connection.requirements.isEmpty ? nil : slot
            return accessor
        }
        guard let target = Self.catchTarget(fields[0]) else {
            // A required field of the connection that is null makes the connection absent; under
            // `@include`/`@skip` it is absent where left out (no connection record), as a link is.
            if !connection.requirements.isEmpty || conditional {
                return connected(.optional(.named(nestedName)), .read, requiring: connection.requiring ?? [])
            }
            return connected(.named(nestedName), .read)
        }
        connection.catchScope = caughtScope(connection)
        // A connection whose lens requires fields reads nil without them, after the errors.
        return target == "NULL"
            ? connected(.optional(.named(nestedName)), .nullOnError, page: page, requiring: connection.requiring)
            : connected(
                .result(ReadType.named(nestedName).optional(connection.requiring != nil)), .caught, page: page,
                requiring: connection.requiring)
    }

    /// Adds accessors for `names` to the lens of `accessor`, the connection's field `field`, where
    /// the lens lacks them: the fields the compiler adds to a connection's selection.
    func addFields(_ names: [String], to accessor: inout LensAccessor, as field: String, of connectionType: TypeID) {
        guard var nested = accessor.nested, let definition = schema[connectionType].field(field) else { return }
        let type = schema[definition.type.namedType]
        guard type.name == nested.graphQLType else { return }
        for name in names where !nested.accessors.contains(where: { $0.name == name }) {
            guard let definition = type.field(name) else { continue }
            var unused = Set<String>()
            let added = IRField(alias: nil, name: name, definition: definition, parentType: type.id)
            if let read = fieldAccessor([(added, false)], in: type.id, nestedNames: &unused) { nested.accessors.append(read) }
        }
        accessor.nested = nested
    }

    func spreadAccessor(_ spread: IRFragmentSpread, in type: TypeID, guards: [PlanGuard], deferred: Bool) -> LensAccessor {
        let alias = spread.directive("alias")?.argument("as")?.value.stringValue
        let name = LensNaming.spreadAccessorName(fragment: spread.fragmentName, alias: alias)
        let fragmentType = program.fragment(named: spread.fragmentName)?.typeCondition
        // A fragment with arguments reads in the scope its spread binds (an argument site).
        let site = program.fragment(named: spread.fragmentName).flatMap {
            ArgumentSites.site(
                for: spread, fragment: $0, enclosingDefinesArguments: enclosingDefinesArguments,
                references: references)
        }
        let base = site.map { "anchor.bound(\($0))" } ?? "anchor"
        let spreadAnchor = site.map { "anchor.bound(\($0))" } ?? "anchor.spread"
        var read = ".init(anchor: \(spreadAnchor))"
        var swiftType = spread.fragmentName
        var optional = false
        let child = program.fragment(named: spread.fragmentName).map(lens(of:))
        let required = child?.requiredSlots ?? []
        if !required.isEmpty {
            // A required field of the child that is null makes the whole spread absent.
            read = "\(base).spread(requiring: [\(required.joined(separator: ", "))])"
            swiftType += "?"
            optional = true
        } else if let fragmentType, !applies(fragmentType, to: type) {
            // A spread narrower than the record: the child's lens only on records of its type.
            let typeName = schema[fragmentType].name
            read =
                schema[fragmentType].kind.isAbstract
                ? "\(base).asMember(\(references.membership(typeName)))"
                : "\(base).asType(\(references.type(typeName)))"
            swiftType += "?"
            optional = true
        }
        var conditions: [String] = guards.map { references.guardConstant($0) + ".holds(anchor.owner.variables)" }
        if deferred, let slots = child?.fieldSlots, !slots.isEmpty {
            // A deferred spread is there once the part carrying its fields has arrived.
            var unique: [String] = []
            for slot in slots where !unique.contains(slot) { unique.append(slot) }
            conditions.append("\(base).arrived([\(unique.joined(separator: ", "))])")
        }
        if !conditions.isEmpty {
            // A conditional spread is there exactly when its guards hold for the owner's variables.
            let condition = conditions.joined(separator: " && ")
            let isValue = program.fragment(named: spread.fragmentName)?.directive("inline") != nil
            let present = optional ? read : "\(spread.fragmentName)\(isValue ? ".Reader" : "")(anchor: \(spreadAnchor))"
            read = "\(condition) ? \(present) : nil"
            if !optional { swiftType += "?" }
            optional = true
        }
        if program.fragment(named: spread.fragmentName)?.directive("inline") != nil {
            // An `@inline` fragment is a value built from the store when the accessor is called.
            let value = spread.fragmentName
            read =
                optional
                ? "(\(read) as \(value).Reader?).map(\(value).init(reader:))"
                : "\(value)(reader: .init(anchor: \(spreadAnchor)))"
        }
        var throwing = false
        if child?.errorScope != nil, program.fragment(named: spread.fragmentName)?.directive("inline") == nil {
            // A `@throwOnFieldError` fragment's spread throws the errors of what it weighs.
            read = "try anchor.throwing(" + (read.contains(" ? ") ? "(\(read))" : read) + ")"
            throwing = true
        }
        var accessor = LensAccessor(
            name: name, responseKey: nil, reads: .spread, swiftType: swiftType, read: read,
            optional: optional, list: false, elementsOptional: false, fragment: spread.fragmentName,
            conditionType: nil, nested: nil)
        accessor.inlineValue = program.fragment(named: spread.fragmentName)?.directive("inline") != nil
        accessor.throwing = throwing
        accessor.site = site
        return accessor
    }
}
