/// The scope a lens reads in: the store and the variables of the operation (or fragment arguments)
/// that made it. A key with variables is rendered once per owner and its slot number kept.
@MainActor public final class Owner {
    public let store: Store
    public let variables: Variables
    /// The operation's own variables: what a fragment sees beside the arguments it defines.
    public let globals: Variables
    private var renderedSlots: [ObjectIdentifier: Int32] = [:]
    private var children: [ObjectIdentifier: Owner] = [:]
    /// The handle whose root this scope reads, told when a read finds a slot missing (the heal);
    /// nil for a lens made by hand, which is logged and not healed.
    weak var healer: (any MissingDataHealer)?

    public init(store: Store, variables: Variables) {
        self.store = store
        self.variables = variables
        self.globals = variables
    }

    private init(store: Store, variables: Variables, globals: Variables) {
        self.store = store
        self.variables = variables
        self.globals = globals
    }

    func slot(_ key: DynamicKey) -> Int32 {
        if let ref = renderedSlots[ObjectIdentifier(key)] { return ref }
        let ref = store.slotRef(key.render(variables), on: key.type)
        renderedSlots[ObjectIdentifier(key)] = ref
        return ref
    }

    /// The scope of a fragment spread at `site`, bound once: the operation's variables with the
    /// site's arguments (evaluated in this scope, so forwarded variables read this scope's values)
    /// over them. A variable of an enclosing fragment is not visible in the child.
    func child(at site: ArgumentSite) -> Owner {
        if let child = children[ObjectIdentifier(site)] { return child }
        var scope = globals
        for (name, binding) in site.bindings { scope[name] = binding.value(in: variables) }
        let child = Owner(store: store, variables: scope, globals: globals)
        child.healer = healer
        children[ObjectIdentifier(site)] = child
        return child
    }
}
