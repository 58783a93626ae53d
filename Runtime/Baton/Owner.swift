/// The scope a lens reads in: the store and the variables of the operation (or fragment arguments)
/// that made it. A key with variables is rendered once per owner and its slot number kept.
@MainActor public final class Owner {
    public let store: Store
    public let variables: Variables
    private var renderedSlots: [ObjectIdentifier: Int32] = [:]

    public init(store: Store, variables: Variables) {
        self.store = store
        self.variables = variables
    }

    func slot(_ key: DynamicKey) -> Int32 {
        if let ref = renderedSlots[ObjectIdentifier(key)] { return ref }
        let ref = store.slotRef(key.render(variables), on: key.type)
        renderedSlots[ObjectIdentifier(key)] = ref
        return ref
    }
}
