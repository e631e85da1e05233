//! The carc language server.
