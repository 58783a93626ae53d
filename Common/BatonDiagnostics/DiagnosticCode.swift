/// Every finding the compiler, the configuration reader, the host scanner and the language
/// server report, each once: its raw string (what tests, `Diagnostic.code` and LSP's
/// `Diagnostic.code` show, so it never changes once shipped), its severity, and in its comment
/// the message's shape with one example. A new check is a new case; the compiler then asks for
/// its severity.
///
/// A shape built in more than one place has a message constructor below the severities, so
/// its wording lives once.
package enum DiagnosticCode: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    // MARK: Reading inputs (BatonSyntax, BatonJSON, BatonHosts, BatonConfig, BatonCompiler)

    /// A GraphQL lexing or parsing error: "Syntax Error: <what>".
    /// "Syntax Error: Expected Name, found <EOF>."
    case syntax = "Syntax"
    /// Malformed JSON (baton.json, recorded data): "<what>", at the error and at what was left open.
    /// "Expected a JSON value, found '}'"
    case jsonSyntax = "JSONSyntax"
    /// A Swift marker literal the scanner cannot read as GraphQL, or that holds the wrong
    /// definitions: "`<marker>` <what is wrong>".
    /// "`@Query` takes its GraphQL as one string literal; the compiler reads the literal's text and cannot evaluate an expression"
    case marker = "Marker"
    /// A baton.json that is unreadable (`cannotRead(_:because:)`) or invalid, or a run with no
    /// schema: "<key or file> <what is wrong>".
    /// "custom scalar `Date` has no Swift type: give \"swift\": \"<type>\""
    case config = "Config"
    /// A path that cannot be read (`cannotRead(_:because:)`): "cannot read <path>: <reason>".
    /// "cannot read Queries.graphql: No such file or directory"
    case io = "IO"
    /// A file of a kind this run does not compile: "<file> is not a .swift, .graphql or .gql file"
    /// or "<file> is a Kotlin host; this run compiles Swift (run batonc once per language)".
    /// "notes.txt is not a .swift, .graphql or .gql file"
    case host = "Host"
    /// `batonc print` found no such operation: "no operation named '<name>' in the documents given[ (did you mean …)]".
    /// "no operation named 'hero' in the documents given (names are case-sensitive: did you mean 'Hero'?)"
    case print = "Print"
    /// `batonc generate` could not finish: "<what could not be done>".
    /// "generate needs --out <dir> or --emit <source>=<output>"
    case generate = "Generate"

    // MARK: Schema validation (BatonSchema), graphql-core's SDL rules and type-system checks

    /// "Cannot define a new schema within a schema extension." or "Must provide only one schema definition."
    case loneSchemaDefinition = "LoneSchemaDefinition"
    /// "Type for <operation> already defined in the schema. It cannot be redefined." or
    /// "There can be only one <operation> type in schema."
    /// "There can be only one query type in schema."
    case uniqueOperationTypes = "UniqueOperationTypes"
    /// "Type '<name>' already exists in the schema. It cannot also be defined in this type definition."
    /// or "There can be only one type named '<name>'."
    /// "There can be only one type named 'Character'."
    case uniqueTypeNames = "UniqueTypeNames"
    /// "Field '<Type>.<field>' already exists in the schema. It cannot also be defined in this
    /// type extension." or "Field '<Type>.<field>' can only be defined once." The second is a
    /// warning where both definitions are identical (GitHub's published schema has two such).
    /// "Field 'EnterpriseOwnerInfo.repositoryDeployKeySetting' can only be defined once."
    case uniqueFieldDefinitionNames = "UniqueFieldDefinitionNames"
    /// "Enum value '<Enum>.<value>' already exists in the schema. It cannot also be defined in
    /// this type extension." or "Enum value '<Enum>.<value>' can only be defined once."
    /// "Enum value 'E.A' can only be defined once."
    case uniqueEnumValueNames = "UniqueEnumValueNames"
    /// "Argument '<coordinate>(<name>:)' can only be defined once."
    /// "Argument 'Query.character(id:)' can only be defined once."
    case uniqueArgumentDefinitionNames = "UniqueArgumentDefinitionNames"
    /// "Directive '@<name>' already exists in the schema. It cannot be redefined." or
    /// "There can be only one directive named '@<name>'."
    /// "There can be only one directive named '@auth'."
    case uniqueDirectiveNames = "UniqueDirectiveNames"
    /// "Cannot extend non-<kind> type '<name>'." or "Cannot extend type '<name>' because it is
    /// not defined.[ Did you mean …?]"
    /// "Cannot extend type 'Missing' because it is not defined."
    case possibleTypeExtensions = "PossibleTypeExtensions"
    /// "The '<name>' <operation|fragment> definition is not allowed in a schema." or "An anonymous
    /// operation definition is not allowed in a schema."
    /// "The 'Q' operation definition is not allowed in a schema."
    case executableDefinitionsInSchema = "ExecutableDefinitionsInSchema"
    /// "Unknown argument '<name>' on directive '@<directive>'.[ Did you mean …?]" (`unknownDirectiveArgument(_:on:didYouMean:)`), in the SDL.
    /// "Unknown argument 'reasn' on directive '@deprecated'. Did you mean 'reason'?"
    case knownArgumentNamesOnDirectives = "KnownArgumentNamesOnDirectives"
    /// "Argument '@<directive>(<name>:)' of type '<type>' is required, but it was not provided."
    /// (`missingRequiredArgument(_:type:)`), in the SDL.
    /// "Argument '@include(if:)' of type 'Boolean!' is required, but it was not provided."
    case providedRequiredArgumentsOnDirectives = "ProvidedRequiredArgumentsOnDirectives"
    /// "<Query|Mutation|Subscription> root type must be Object type[ if provided], it cannot be <type>.",
    /// "Query root type must be provided." or "All root types must be different, '<type>' type is used as <operations> root types."
    /// "Query root type must be provided."
    case rootTypes = "RootTypes"
    /// "Type <name> must define one or more fields.", "The type of <Type>.<field> must be Output
    /// Type but got: <type>.", "The type of <Type>.<field>(<arg>:) must be Input Type but got:
    /// <type>." or "Required argument <Type>.<field>(<arg>:) cannot be deprecated."
    /// "Type Query must define one or more fields."
    case fieldDefinitions = "FieldDefinitions"
    /// "Input Object type <name> must define one or more fields.", "The type of <Input>.<field>
    /// must be Input Type but got: <type>." or "Required input field <Input>.<field> cannot be deprecated."
    /// "Input Object type Filter must define one or more fields."
    case inputObjectFields = "InputObjectFields"
    /// "OneOf input field <Input>.<field> must be nullable." or "OneOf input field <Input>.<field> cannot have a default value."
    /// "OneOf input field Key.id must be nullable."
    case oneOfInputObjects = "OneOfInputObjects"
    /// "Enum type <name> must define one or more values."
    /// "Enum type Status must define one or more values."
    case enumValues = "EnumValues"
    /// "Union type <name> must define one or more member types.", "Union type <name> can only
    /// include type <member> once." or "Union type <name> can only include Object types, it cannot include <type>."
    /// "Union type SearchResult can only include Object types, it cannot include Node."
    case unionMembers = "UnionMembers"
    /// What an implementation of an interface gets wrong: "Type <name> must only implement
    /// Interface types, …", "… cannot implement itself …", "Interface field <I>.<f> expected but
    /// <T> does not provide it.", "Interface field <I>.<f> expects type <t> but <T>.<f> is type <t'>.", ….
    /// "Interface field Node.id expected but Character does not provide it."
    case interfaceImplementations = "InterfaceImplementations"
    /// A warning: "Interface field <I>.<f> is not deprecated, so implementation field <T>.<f> must not be deprecated."
    /// "Interface field Node.id is not deprecated, so implementation field Character.id must not be deprecated."
    case implementationFieldDeprecation = "ImplementationFieldDeprecation"
    /// "Input Object <name> cannot be provided a finite value because it references itself
    /// through fields: <path>." or "Invalid circular reference. The default value of Input
    /// Object field <Input>.<field> references itself[ via the default values of: <path>]."
    /// "Input Object Loop cannot be provided a finite value because it references itself through fields: Loop.next."
    case inputObjectCycles = "InputObjectCycles"
    /// "Directive @<name> must include 1 or more locations.", "The type of @<d>(<arg>:) must be
    /// Input Type but got: <type>." or "Required argument @<d>(<arg>:) cannot be deprecated."
    /// "Directive @auth must include 1 or more locations."
    case directiveDefinitions = "DirectiveDefinitions"
    /// "Name '<name>' must not begin with '__', which is reserved by GraphQL introspection."
    /// "Name '__secret' must not begin with '__', which is reserved by GraphQL introspection."
    case reservedNames = "ReservedNames"
    /// "<Coordinate> has invalid default value[ at <path>]: <problem>"
    /// "Extra.f(a:) has invalid default value: Int cannot represent non-integer value: \"x\""
    case defaultValues = "DefaultValues"

    // MARK: Shared by schema and document validation (graphql-core's rules of the same name)

    /// "Unknown directive '@<name>'." (`unknownDirective(_:)`) or "Directive '@<name>' may not
    /// be used on <location>." (`misplacedDirective(_:on:)`).
    /// "Unknown directive '@unknown'."
    case knownDirectives = "KnownDirectives"
    /// "Unknown type '<name>'.[ Did you mean …?]" (`unknownType(_:didYouMean:)`).
    /// "Unknown type 'Badger'."
    case knownTypeNames = "KnownTypeNames"
    /// "There can be only one argument named '<name>'." (`duplicateArgument(_:)`).
    /// "There can be only one argument named 'x'."
    case uniqueArgumentNames = "UniqueArgumentNames"
    /// "There can be only one input field named '<name>'." (`duplicateInputField(_:)`).
    /// "There can be only one input field named 'intField'."
    case uniqueInputFieldNames = "UniqueInputFieldNames"
    /// "The directive '@<name>' can only be used once at this location." (`repeatedDirective(_:)`).
    /// "The directive '@include' can only be used once at this location."
    case uniqueDirectivesPerLocation = "UniqueDirectivesPerLocation"
    /// A literal that is not a value of its type, in graphql-core's words: "<Type> cannot represent <what>".
    /// "Int cannot represent non-integer value: \"3\""
    case valuesOfCorrectType = "ValuesOfCorrectType"

    // MARK: Document validation (BatonValidation), graphql-core's rules

    /// "The '<name>' definition is not executable." or "The schema definition is not executable."
    /// "The 'Query' definition is not executable."
    case executableDefinitions = "ExecutableDefinitions"
    /// "There can be only one operation named '<name>'."
    /// "There can be only one operation named 'Foo'."
    case uniqueOperationNames = "UniqueOperationNames"
    /// "This anonymous operation must be the only defined operation."
    case loneAnonymousOperation = "LoneAnonymousOperation"
    /// "The <operation> operation is not supported by the schema."
    /// "The mutation operation is not supported by the schema."
    case knownOperationTypes = "KnownOperationTypes"
    /// "<Subscription 'S'|Anonymous Subscription> must select only one top level field." and its kin.
    /// "Subscription 'S' must select only one top level field."
    case singleFieldSubscriptions = "SingleFieldSubscriptions"
    /// "Fragment cannot condition on non composite type '<type>'." or "Fragment '<name>' cannot condition on non composite type '<type>'."
    /// "Fragment 'F' cannot condition on non composite type 'Boolean'."
    case fragmentsOnCompositeTypes = "FragmentsOnCompositeTypes"
    /// "Variable '$<name>' cannot be non-input type '<type>'."
    /// "Variable '$c' cannot be non-input type 'Pet'."
    case variablesAreInputTypes = "VariablesAreInputTypes"
    /// "Field '<name>' must not have a selection since type '<type>' has no subfields." or
    /// "Field '<name>' of type '<type>' must have a selection of subfields. Did you mean '<name> { ... }'?"
    /// "Field 'barks' must not have a selection since type 'Boolean' has no subfields."
    case scalarLeafs = "ScalarLeafs"
    /// "Cannot query field '<name>' on type '<type>'.[ Did you mean …?]"
    /// "Cannot query field '__schema' on type 'Dog'."
    case fieldsOnCorrectType = "FieldsOnCorrectType"
    /// "There can be only one fragment named '<name>'."
    /// "There can be only one fragment named 'A'."
    case uniqueFragmentNames = "UniqueFragmentNames"
    /// "Unknown fragment '<name>'."
    /// "Unknown fragment 'Missing'."
    case knownFragmentNames = "KnownFragmentNames"
    /// "Fragment '<name>' is never used." An error as graphql-core reports it; a warning where
    /// the caller asks (`ValidationOptions.unusedFragmentsAreWarnings`).
    /// "Fragment 'Lonely' is never used."
    case noUnusedFragments = "NoUnusedFragments"
    /// "[Fragment '<name>' cannot be spread|Fragment cannot be spread] here as objects of type '<parent>' can never be of type '<type>'."
    /// "Fragment cannot be spread here as objects of type 'Dog' can never be of type 'Cat'."
    case possibleFragmentSpreads = "PossibleFragmentSpreads"
    /// "Cannot spread fragment '<name>' within itself[ via <fragments>]."
    /// "Cannot spread fragment 'A' within itself."
    case noFragmentCycles = "NoFragmentCycles"
    /// "There can be only one variable named '$<name>'."
    /// "There can be only one variable named '$y'."
    case uniqueVariableNames = "UniqueVariableNames"
    /// "Variable '$<name>' is not defined[ by operation '<operation>']."
    /// "Variable '$a' is not defined."
    case noUndefinedVariables = "NoUndefinedVariables"
    /// "Variable '$<name>' is never used[ in operation '<operation>']."
    /// "Variable '$d' is never used."
    case noUnusedVariables = "NoUnusedVariables"
    /// "Unknown argument '<name>' on field '<Type>.<field>'.[ Did you mean …?]" or, on a
    /// directive, `unknownDirectiveArgument(_:on:didYouMean:)`'s shape.
    /// "Unknown argument 'unknown' on field 'Dog.name'."
    case knownArgumentNames = "KnownArgumentNames"
    /// "Argument '<coordinate>' of type '<type>' is required, but it was not provided." (`missingRequiredArgument(_:type:)`).
    /// "Argument '@skip(if:)' of type 'Boolean!' is required, but it was not provided."
    case providedRequiredArguments = "ProvidedRequiredArguments"
    /// "Variable '$<name>' of type '<type>' used in position expecting type '<type>'." or its OneOf variant.
    /// "Variable '$j' of type 'Int' used in position expecting type 'Int!'."
    case variablesInAllowedPosition = "VariablesInAllowedPosition"
    /// "Fields '<name>' conflict because <reason>. Use different aliases on the fields to fetch both if this was intentional."
    /// "Fields 'label' conflict because 'name' and 'species' are different fields. Use different aliases on the fields to fetch both if this was intentional."
    case overlappingFieldsCanBeMerged = "OverlappingFieldsCanBeMerged"
    /// "<Defer|Stream> directive cannot be used on <root mutation|root subscription> type '<type>'." (`deferStreamOnRoot(_:on:)`).
    /// "Defer directive cannot be used on root mutation type 'Mutation'."
    case deferStreamDirectiveOnRootField = "DeferStreamDirectiveOnRootField"
    /// "<Defer|Stream> directive not supported on subscription operations. Disable `@<defer|stream>` by setting the `if` argument to `false`."
    /// "Defer directive not supported on subscription operations. Disable `@defer` by setting the `if` argument to `false`."
    case deferStreamDirectiveOnValidOperations = "DeferStreamDirectiveOnValidOperations"
    /// "Defer/Stream directive label argument must be unique." or "<Defer|Stream> directive label argument must be a static string."
    /// "Defer/Stream directive label argument must be unique."
    case deferStreamDirectiveLabel = "DeferStreamDirectiveLabel"
    /// "Stream directive cannot be used on non-list field[ '<name>'] on type '<type>'."
    /// "Stream directive cannot be used on non-list field on type 'Dog'."
    case streamDirectiveOnListField = "StreamDirectiveOnListField"
    /// "Maximum introspection depth exceeded"
    case maxIntrospectionDepth = "MaxIntrospectionDepth"
    /// Validation stopped, as graphql-core's `ValidationAbortedError`: "Validation aborted." or
    /// "Too many validation errors, error limit reached. Validation aborted."
    case validationAborted = "ValidationAborted"

    // MARK: Baton's own checks (BatonIR, BatonTransforms), after Relay's

    /// "Baton needs every operation to be named: the name names its generated type"
    case anonymousOperation = "AnonymousOperation"
    /// A malformed `@argumentDefinitions`: "Expected the 'type' of argument '<name>' to be a
    /// string naming a type, …", "Argument '<name>' is defined twice", ….
    /// "Unknown type 'Nope' for argument 'n'"
    case argumentDefinitions = "ArgumentDefinitions"
    /// Fragment arguments that do not fit their definitions or their operation: "Unknown argument
    /// '<name>' on fragment '<fragment>': <hint>", "Missing required argument …", ….
    /// "Unknown argument 'size' on fragment 'F': it defines no arguments (@argumentDefinitions)"
    case fragmentArguments = "FragmentArguments"
    /// "Fragments nest deeper than <n> spreads here; Baton does not follow them further"
    /// "Fragments nest deeper than 100 spreads here; Baton does not follow them further"
    case fragmentDepth = "FragmentDepth"
    /// A `@connection` field or directive Baton cannot page: "Expected field '<name>' to have a
    /// 'first' or 'last' argument, as @connection needs one to page", ….
    /// "@connection is not supported on plural field 'list': expected a single connection object"
    case connection = "Connection"
    /// A `@refetchable` fragment Baton cannot refetch: "@refetchable needs a queryName: …",
    /// "The queryName of @refetchable must be unique: …" (`refetchableQueryNameTaken(_:)`), ….
    /// "The queryName of @refetchable must be unique: a definition named 'R' already exists"
    case refetchable = "Refetchable"
    /// A `@required` Baton cannot honour: "All references to a field must have matching @required
    /// declarations.", "A @required field may not have an `action` less severe than …", ….
    /// "All references to a field must have matching @required declarations."
    case required = "Required"
    /// An `@alias` Baton needs or cannot use: "Unexpected unaliased spread of fragment '<name>' …", ….
    /// "`@alias(as: \"1x\")` does not name a field: expected a GraphQL name like `profile`"
    case alias = "Alias"
    /// "`@catch` on an inline fragment needs `@alias(as:)`: the caught result is read through the alias"
    case `catch` = "Catch"
    /// What an `@inline` fragment cannot hold: "`@<connection>` is not supported inside the @inline fragment '<name>': …", ….
    /// "Fragment 'F' cannot be both a value (`@inline`) and a lens (`@refetchable` refetches into a lens); remove one"
    case inline = "Inline"
    /// A directive where Baton gives it no meaning: "`@<name>` on <place> has no meaning in Baton; <place> takes <directives>".
    /// "`@catch` on a fragment spread has no meaning in Baton; catch the spread in an aliased inline fragment: `... @alias(as: \"name\") @catch { ...Fragment }`"
    case directivePlacement = "DirectivePlacement"
    /// "Invalid use of @stream on non-plural field '<name>': only list fields stream"
    /// "Invalid use of @stream on non-plural field 'name': only list fields stream"
    case stream = "Stream"
    /// "The label of @<defer|stream> must be a string literal" or "Invalid use of @<defer|stream>:
    /// the label '<label>' is not unique in '<document>'; give each a unique 'label'"
    /// "Invalid use of @defer: the label 'a' is not unique in 'R'; give each a unique 'label'"
    case deferLabel = "DeferLabel"
    /// A store-editing directive (`@appendEdge`, `@deleteRecord`, …) misused: "`@<name>` goes on an edge field …", ….
    /// "`@deleteRecord` edits the store when a mutation or subscription payload arrives; query 'R' cannot use it"
    case edgeDirective = "EdgeDirective"
    /// "`@cacheExpiration(seconds:)` takes a positive whole number of seconds written in the document, found <value>"
    /// "`@cacheExpiration(seconds:)` takes a positive whole number of seconds written in the document, found $s"
    case cacheExpiration = "CacheExpiration"
    /// "Client field '<Type>.<field>' cannot be non-null ('<type>'): the app writes client fields, …"
    /// "Client field 'Character.favorite' cannot be non-null ('Boolean!'): the app writes client fields, so a record may not have one yet; declare it 'Boolean'"
    case clientSchema = "ClientSchema"
    /// "Invalid `@semanticNonNull` level <n> on '<Type>.<field>': …" or "`@semanticNonNull` level
    /// <n> on '<Type>.<field>' marks a position the type '<type>' already makes non-null"
    /// "Invalid `@semanticNonNull` level 2 on 'Extra.f': its type 'Int' has levels 0 to 0"
    case semanticNonNull = "SemanticNonNull"
    /// "Operation '<name>' selects only client fields, so nothing of it would reach the server; …"
    /// "Operation 'R' selects only client fields, so nothing of it would reach the server; read them with a fragment spread in an operation that also selects server fields"
    case clientOnlyOperation = "ClientOnlyOperation"
    /// A warning: "Fragment '<name>' is not spread by any operation, so nothing could ever read it"
    /// "Fragment 'Lonely' is not spread by any operation, so nothing could ever read it"
    case unusedFragment = "UnusedFragment"
    /// A name the generated Swift already uses: "'<name>' cannot name <a kind>: <reason>; choose
    /// another name", "'<key>' cannot name a field here: the generated lens has a member of that name; alias the field", ….
    /// "'Status' cannot name an operation: the schema's enum 'Status' is generated as a type of that name; choose another name"
    case reservedName = "ReservedName"

    // MARK: Relay's checks beyond the specification (BatonTransforms), one code a rule

    /// "Alias '<alias>' on field '<name>' is reserved: …" — `id`, `__id` and `__typename` alias only the field of that name.
    /// "Alias 'id' on field 'name' is reserved: 'id', '__id' and '__typename' name only the fields of those names, which the store keys and types records by; choose another alias"
    case reservedAlias = "ReservedAlias"
    /// "Alias '<alias>' begins with '__', which is reserved for names GraphQL and the store define; …"
    /// "Alias '__name' begins with '__', which is reserved for names GraphQL and the store define; choose an alias without the leading underscores"
    case doubleUnderscoreAlias = "DoubleUnderscoreAlias"
    /// "Variable '$<name>' begins with '__relay_internal', the prefix reserved for variables the compiler generates; rename it"
    /// "Variable '$__relay_internal_x' begins with '__relay_internal', the prefix reserved for variables the compiler generates; rename it"
    case internalVariableName = "InternalVariableName"
    /// "`__typename` cannot be selected directly on the root of <kind> '<name>': …"
    /// "`__typename` cannot be selected directly on the root of query 'Q': the root is always 'Query', so the store never reads it; remove it"
    case typenameOnRoot = "TypenameOnRoot"
    /// "Unexpected `@required` inside an inline fragment on the abstract type '<type>': …"
    /// "Unexpected `@required` inside an inline fragment on the abstract type 'Actor': a null could mean the field is null or that the fragment did not match; give the inline fragment an `@alias`"
    case requiredInAbstractFragment = "RequiredInAbstractFragment"
    /// "Expected the `action` of `@required` to be written in the document (NONE, LOG or THROW), found $<variable>: …"
    /// "Expected the `action` of `@required` to be written in the document (NONE, LOG or THROW), found $action: the generated accessor's shape depends on it"
    case requiredActionVariable = "RequiredActionVariable"
    /// "`@required(action: THROW)` cannot be used in the response of mutation '<name>': …"
    /// "`@required(action: THROW)` cannot be used in the response of mutation 'M': the store is already written when it is read, so nothing could catch the throw; use `action: LOG` or `NONE`"
    case requiredThrowInMutation = "RequiredThrowInMutation"
    /// "`@required` and `@catch` cannot both be on field '<name>': …"
    /// "`@required` and `@catch` cannot both be on field 'name': `@catch` reads its errors, `@required` bubbles its null; keep one"
    case requiredWithCatch = "RequiredWithCatch"
    /// A warning (Relay's hint): "`@required` on non-null field '<name>' has no effect: …" where errors are handled.
    /// "`@required` on non-null field 'nonNull' has no effect: errors are handled here (`@throwOnFieldError` or `@catch`), so the schema already guarantees a value; remove it"
    case requiredOnNonNull = "RequiredOnNonNull"
    /// "Fragment alias '<alias>' is ambiguous: it conflicts with <a field|another fragment alias> of the same name in this selection; …"
    /// "Fragment alias 'name' is ambiguous: it conflicts with a field of the same name in this selection; choose another alias"
    case fragmentAliasConflict = "FragmentAliasConflict"
    /// "`@<defer|stream|stream_connection>` cannot be used on client-only data: …"
    /// "`@defer` cannot be used on client-only data: 'favorite' is a client field, which the server never sends; remove the directive"
    case serverOnlyDirective = "ServerOnlyDirective"
    /// "Expected the filters of @<connection|stream_connection> on '<field>' to be a list of string literals naming its arguments, found <value>"
    /// "Expected the filters of @connection on 'friends' to be a list of string literals naming its arguments, found $filters"
    case connectionFilters = "ConnectionFilters"
    /// "@stream_connection does not support aliasing '<edges|pageInfo>': …"
    /// "@stream_connection does not support aliasing 'edges': the streamed items and deferred page info are written under the field's own name; remove the alias"
    case streamConnectionAlias = "StreamConnectionAlias"
    /// "Invalid use of @refetchable with @connection in fragment '<name>': …" (count and cursor from variables, not under a list).
    /// "Invalid use of @refetchable with @connection in fragment 'F': refetchable connections must take 'first' and 'after' from variables, so paging can set them"
    case refetchableConnection = "RefetchableConnection"
    /// "Fragment argument '$<name>' of '<fragment>' conflicts with the operation variable of that name that a fragment it spreads uses: …"
    /// "Fragment argument '$count' of 'F' conflicts with the operation variable of that name that a fragment it spreads uses: both would be a variable of the generated query 'R'; rename one"
    case refetchableVariableConflict = "RefetchableVariableConflict"
    /// "The default value of argument '<name>' of fragment '<fragment>' is not a value of its type '<type>': found <value>"
    /// "The default value of argument 'filter' of fragment 'F' is not a value of its type 'Filter': found {order:\"NEWEST\"}"
    case argumentDefaultValue = "ArgumentDefaultValue"
    /// "Expected `if` of @<defer|stream> to be true, false or a variable, found null; …"
    /// "Expected `if` of @defer to be true, false or a variable, found null; leave `if` out to always defer"
    case deferStreamCondition = "DeferStreamCondition"
    /// A directive Relay has and Baton does not: "Baton does not have Relay's `@<name>`: <what to write instead>"
    /// "Baton does not have Relay's `@dangerously_unaliased_fixme`: it silences the `@alias` rule, which Baton always applies; add `@alias` to the spread"
    case relayOnlyDirective = "RelayOnlyDirective"
    /// An argument (or enum value) Relay takes on a directive Baton has, which Baton cannot honour:
    /// "Baton's `@<directive>` has no argument '<name>' (Relay's): <what to write instead>"
    /// "Baton's `@connection` has no argument 'handler' (Relay's): Baton's store keeps every connection itself; remove `handler`"
    case relayOnlyArgument = "RelayOnlyArgument"
    /// "Field '<key>' is selected with arguments that differ once fragment arguments are applied: …"
    /// "Field 'avatar' is selected with arguments that differ once fragment arguments are applied: `avatar(size: 10)` and `avatar(size: 20)`; the server would answer only one, so alias one of them or pass the same arguments"
    case fragmentArgumentConflict = "FragmentArgumentConflict"

    // MARK: The language service (BatonLanguageService)

    /// A project whose documents are not checked: "<baton.json> gives no usable schema (<reason>);
    /// this document is not validated" (an error), or, a warning, "<file> is outside every Baton
    /// project: no baton.json in the workspace covers it, so its GraphQL is not checked".
    /// "/app/Queries.swift is outside every Baton project: no baton.json in the workspace covers it, so its GraphQL is not checked"
    case project = "Project"
    /// "the schema named by <baton.json> cannot be built; documents are not validated"
    /// "the schema named by /app/baton.json cannot be built; documents are not validated"
    case schema = "Schema"

    package var description: String { rawValue }

    /// The severity the code is reported with (the usual one where `severityVaries`).
    package var severity: Severity {
        switch self {
        case .implementationFieldDeprecation, .unusedFragment, .requiredOnNonNull:
            return .warning
        case .syntax, .jsonSyntax, .marker, .config, .io, .host, .print, .generate,
            .loneSchemaDefinition, .uniqueOperationTypes, .uniqueTypeNames, .uniqueFieldDefinitionNames,
            .uniqueEnumValueNames, .uniqueArgumentDefinitionNames, .uniqueDirectiveNames, .possibleTypeExtensions,
            .executableDefinitionsInSchema, .knownArgumentNamesOnDirectives, .providedRequiredArgumentsOnDirectives,
            .rootTypes, .fieldDefinitions, .inputObjectFields, .oneOfInputObjects, .enumValues, .unionMembers,
            .interfaceImplementations, .inputObjectCycles, .directiveDefinitions, .reservedNames, .defaultValues,
            .knownDirectives, .knownTypeNames, .uniqueArgumentNames, .uniqueInputFieldNames,
            .uniqueDirectivesPerLocation, .valuesOfCorrectType,
            .executableDefinitions, .uniqueOperationNames, .loneAnonymousOperation, .knownOperationTypes,
            .singleFieldSubscriptions, .fragmentsOnCompositeTypes, .variablesAreInputTypes, .scalarLeafs,
            .fieldsOnCorrectType, .uniqueFragmentNames, .knownFragmentNames, .noUnusedFragments,
            .possibleFragmentSpreads, .noFragmentCycles, .uniqueVariableNames, .noUndefinedVariables,
            .noUnusedVariables, .knownArgumentNames, .providedRequiredArguments, .variablesInAllowedPosition,
            .overlappingFieldsCanBeMerged, .deferStreamDirectiveOnRootField, .deferStreamDirectiveOnValidOperations,
            .deferStreamDirectiveLabel, .streamDirectiveOnListField, .maxIntrospectionDepth, .validationAborted,
            .anonymousOperation, .argumentDefinitions, .fragmentArguments, .fragmentDepth, .connection,
            .refetchable, .required, .alias, .catch, .inline, .directivePlacement, .stream, .deferLabel,
            .edgeDirective, .cacheExpiration, .clientSchema, .semanticNonNull, .clientOnlyOperation, .reservedName,
            .reservedAlias, .doubleUnderscoreAlias, .internalVariableName, .typenameOnRoot, .requiredInAbstractFragment,
            .requiredActionVariable, .requiredThrowInMutation, .requiredWithCatch, .fragmentAliasConflict,
            .serverOnlyDirective, .connectionFilters, .streamConnectionAlias, .refetchableConnection,
            .refetchableVariableConflict, .argumentDefaultValue, .fragmentArgumentConflict,
            .deferStreamCondition, .relayOnlyDirective, .relayOnlyArgument, .project, .schema:
            return .error
        }
    }

    /// Whether a producer may report the code with the other severity: `NoUnusedFragments` is
    /// a warning where the caller asks for it, `UniqueFieldDefinitionNames` for a duplicate
    /// identical to the first definition, `Project` for a document outside every project.
    /// Every other code is always reported with `severity`.
    package var severityVaries: Bool {
        switch self {
        case .noUnusedFragments, .uniqueFieldDefinitionNames, .project: return true
        default: return false
        }
    }

    // MARK: Message shapes built in more than one place

    /// `io` and `config`: "cannot read <path>: <reason>".
    package static func cannotRead(_ path: String, because reason: String) -> String {
        "cannot read \(path): \(reason)"
    }

    /// `knownDirectives`: "Unknown directive '@<name>'."
    package static func unknownDirective(_ name: String) -> String {
        "Unknown directive '@\(name)'."
    }

    /// `knownDirectives`: "Directive '@<name>' may not be used on <location, in words>."
    package static func misplacedDirective(_ name: String, on location: String) -> String {
        "Directive '@\(name)' may not be used on \(location)."
    }

    /// `knownTypeNames`: "Unknown type '<name>'." then the suggestion, if any (" Did you mean 'X'?").
    package static func unknownType(_ name: String, didYouMean suggestion: String) -> String {
        "Unknown type '\(name)'." + suggestion
    }

    /// `uniqueArgumentNames`: "There can be only one argument named '<name>'."
    package static func duplicateArgument(_ name: String) -> String {
        "There can be only one argument named '\(name)'."
    }

    /// `uniqueInputFieldNames`: "There can be only one input field named '<name>'."
    package static func duplicateInputField(_ name: String) -> String {
        "There can be only one input field named '\(name)'."
    }

    /// `uniqueDirectivesPerLocation`: "The directive '@<name>' can only be used once at this location."
    package static func repeatedDirective(_ name: String) -> String {
        "The directive '@\(name)' can only be used once at this location."
    }

    /// `knownArgumentNames` and `knownArgumentNamesOnDirectives`: "Unknown argument '<name>' on
    /// directive '@<directive>'." then the suggestion, if any.
    package static func unknownDirectiveArgument(_ name: String, on directive: String, didYouMean suggestion: String) -> String {
        "Unknown argument '\(name)' on directive '@\(directive)'." + suggestion
    }

    /// `providedRequiredArguments` and `providedRequiredArgumentsOnDirectives`: "Argument
    /// '<coordinate>' of type '<type>' is required, but it was not provided."
    package static func missingRequiredArgument(_ coordinate: String, type: String) -> String {
        "Argument '\(coordinate)' of type '\(type)' is required, but it was not provided."
    }

    /// `deferStreamDirectiveOnRootField`: "<Defer|Stream> directive cannot be used on <subject>."
    package static func deferStreamOnRoot(_ directive: String, on subject: String) -> String {
        "\(directive) directive cannot be used on \(subject)."
    }

    /// `refetchable`: "The queryName of @refetchable must be unique: a definition named '<name>' already exists"
    package static func refetchableQueryNameTaken(_ name: String) -> String {
        "The queryName of @refetchable must be unique: a definition named '\(name)' already exists"
    }
}
