// Literal forms a marker may hold; LiteralForms.values.json has the value of each as the
// Swift compiler reads it (recorded by compiling this file with a property wrapper named
// Query and printing every property's argument).
struct LiteralForms {
    @Query("query A { a }") var v0: Int
    @Query("") var v1: Int
    @Query("tab\there, quote \" apostrophe \' backslash \\ nul \0 cr \r lf \n end") var v2: Int
    @Query("unicode \u{E9} \u{1F600} \u{0} \u{10FFFF} and é 🎉 名前 literally") var v3: Int
    @Query(#"raw \n \t \" stays, \#n \#t \#\ \#u{41} resolve"#) var v4: Int
    @Query(##"two "# pounds \#n stays \##n resolves"##) var v5: Int
    @Query(###"three "## pounds \##t stays \###t resolves"###) var v6: Int
    @Query("""
    query B {
      b
    }
    """) var v7: Int
    @Query("""
  	  tabs inside
  x	
  """) var v8: Int
    @Query("""

    blank first line

    blank between

    """) var v9: Int
    @Query("""
    trailing blanks   
    """) var v10: Int
    @Query("""
    line \
    continued \   
    again
    """) var v11: Int
    @Query("""
    escaped \n newline and \"""quotes\""" and \\ backslash
    """) var v12: Int
    @Query(#"""
    raw multi-line with """ inside and \n kept, \#n resolved
    """#) var v13: Int
    @Query(##"""
    """
    A GraphQL block string with "# and """# inside
    """
    query C { c }
    """##) var v14: Int
    @Query("""
no indentation
  some
""") var v15: Int
    @Query("""
        deep
      less
      """) var v16: Int
    @Query("""
    🎉 emoji line
    é
    """) var v17: Int
    @Query("""
    """) var v18: Int
    @Query("""

    """) var v19: Int
}
