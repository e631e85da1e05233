//! A small XML well-formedness checker for the SVG pictures, shared by `tests/render.rs`,
//! `tests/refused.rs` and the fuzz target `parse_analyze` (which includes it with `#[path]`).

use std::collections::BTreeMap;

/// The characters XML 1.0 allows in a document (no control characters but tab, LF and CR;
/// no U+FFFE or U+FFFF).
pub fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | ' '..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
}

/// One element of a parsed XML document: its name and attributes.
#[derive(Debug, Clone)]
pub struct Element {
    pub name: String,
    pub attrs: BTreeMap<String, String>,
}

/// A small XML well-formedness check (enough for SVG without DTDs, CDATA or processing
/// instructions): tags nest and close, attribute values are quoted and unique, `&` starts a
/// known entity, `<` never appears in text. Returns every element in document order.
pub fn parse_xml(xml: &str) -> Result<Vec<Element>, String> {
    fn check_text(text: &str) -> Result<(), String> {
        if let Some(c) = text.chars().find(|&c| !is_xml_char(c)) {
            return Err(format!("{c:?} is not an XML 1.0 character"));
        }
        let mut rest = text;
        while let Some(i) = rest.find('&') {
            let after = &rest[i + 1..];
            let end = after.find(';').ok_or("`&` without `;`")?;
            let name = &after[..end];
            let known = matches!(name, "amp" | "lt" | "gt" | "quot" | "apos")
                || (name.starts_with('#') && name.len() > 1);
            if !known {
                return Err(format!("unknown entity `&{name};`"));
            }
            rest = &after[end + 1..];
        }
        if text.contains('>') && text.contains("]]>") {
            return Err("`]]>` in text".to_owned());
        }
        Ok(())
    }
    let mut elements = Vec::new();
    let mut stack: Vec<String> = Vec::new();
    let mut rest = xml.trim_start();
    let mut seen_root = false;
    while !rest.is_empty() {
        let Some(open) = rest.find('<') else {
            if !rest.trim().is_empty() {
                return Err(format!("text after the root element: {rest:?}"));
            }
            break;
        };
        check_text(&rest[..open])?;
        if stack.is_empty() && !rest[..open].trim().is_empty() {
            return Err("text outside the root element".to_owned());
        }
        rest = &rest[open + 1..];
        let close = rest.find('>').ok_or("unclosed tag")?;
        let tag = &rest[..close];
        rest = &rest[close + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let top = stack.pop().ok_or(format!("`</{name}>` closes nothing"))?;
            if top != name.trim() {
                return Err(format!("`</{name}>` closes `<{top}>`"));
            }
            continue;
        }
        if stack.is_empty() && seen_root {
            return Err("a second root element".to_owned());
        }
        seen_root = true;
        let self_closing = tag.ends_with('/');
        let body = tag.trim_end_matches('/');
        let name_end = body.find(char::is_whitespace).unwrap_or(body.len());
        let name = &body[..name_end];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == ':') {
            return Err(format!("bad element name `{name}`"));
        }
        let mut attrs = BTreeMap::new();
        let mut a = body[name_end..].trim_start();
        while !a.is_empty() {
            let eq = a
                .find('=')
                .ok_or(format!("attribute without value in <{name}>"))?;
            let key = a[..eq].trim();
            if key.is_empty() || key.contains(char::is_whitespace) {
                return Err(format!("bad attribute name `{key}` in <{name}>"));
            }
            let after = &a[eq + 1..];
            let quote = after.chars().next().ok_or("missing value")?;
            if quote != '"' && quote != '\'' {
                return Err(format!("unquoted value of `{key}` in <{name}>"));
            }
            let end = after[1..].find(quote).ok_or("unterminated value")?;
            let value = &after[1..1 + end];
            if value.contains('<') {
                return Err(format!("`<` in the value of `{key}`"));
            }
            check_text(value)?;
            if attrs.insert(key.to_owned(), value.to_owned()).is_some() {
                return Err(format!("duplicate attribute `{key}` in <{name}>"));
            }
            a = after[1 + end + 1..].trim_start();
        }
        elements.push(Element {
            name: name.to_owned(),
            attrs,
        });
        if !self_closing {
            stack.push(name.to_owned());
        }
    }
    if let Some(open) = stack.pop() {
        return Err(format!("`<{open}>` is never closed"));
    }
    if !seen_root {
        return Err("no root element".to_owned());
    }
    Ok(elements)
}

/// The elements of class `class`, each as its `data-*` attributes (without the prefix).
#[allow(dead_code)] // not every includer reads classes
pub fn of_class(elements: &[Element], class: &str) -> Vec<BTreeMap<String, String>> {
    elements
        .iter()
        .filter(|e| e.attrs.get("class").map(String::as_str) == Some(class))
        .map(|e| {
            e.attrs
                .iter()
                .filter_map(|(k, v)| Some((k.strip_prefix("data-")?.to_owned(), v.clone())))
                .collect()
        })
        .collect()
}
