//! The formatter (to do).

/// Formats `text` canonically.
pub fn format(text: &str) -> String {
    text.to_string()
}
