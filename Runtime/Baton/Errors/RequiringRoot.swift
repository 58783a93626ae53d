/// The root lens (`Op.Data`) of an operation whose own selection has `@required(action: NONE/LOG)`
/// fields that bubble to the root: a null one has nothing above it to make absent, so it fails the
/// operation with the path of the first null required field, and the lens is not
/// given. `requirements` are those fields, each with its path (a chain lists what it requires below).
public protocol RequiringRoot: Lens {
    static var requirements: [any SlotName] { get }
}

extension Environment {
    /// The data of an operation whose root requires fields: the root lens, or, when a required null
    /// bubbled to the root, the `RequiredFieldError` naming the first such field's path (a LOG
    /// field's null is logged as `requiredFieldMissing` too). The data stays in the store.
    public func data<O: Operation>(for operation: O) throws -> O.Data where O.Data: RequiringRoot {
        let data: O.Data = rootLens(for: operation)
        if let failure = data.anchor.missingRequirement(O.Data.requirements) { throw failure }
        return data
    }

    /// What fails an operation's data read by the type of its root alone (generic callers, such as
    /// `mutate`): the required-field error when `Data` requires fields and one is null.
    func requiredFailure<D: Lens>(_ data: D) -> RequiredFieldError? {
        guard let root = D.self as? any RequiringRoot.Type else { return nil }
        return data.anchor.missingRequirement(root.requirements)
    }
}
