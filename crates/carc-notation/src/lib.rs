//! The `.carc` notation: grammar, syntax tree, formatter.
