/// A source without GraphQL: the plugin still declares its output, which batonc writes header-only.
public enum Cast {
    public static let title = "Cast"
}
