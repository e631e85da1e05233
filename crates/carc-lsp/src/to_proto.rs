//! Turning `carc-analysis` results into LSP values. Positions go through [`crate::convert`];
//! this module only maps kinds and fills in fields.

use std::collections::HashMap;

use carc_analysis::{self as analysis, Severity, TokenKind};
use ropey::Rope;
use tower_lsp_server::lsp_types::{
    self as lsp, CodeActionKind, CompletionItemKind, DiagnosticRelatedInformation,
    DiagnosticSeverity, DocumentHighlightKind, FoldingRangeKind, HoverContents, InlayHintLabel,
    Location, MarkupContent, MarkupKind, NumberOrString, SemanticTokenType, SemanticTokensLegend,
    Uri, WorkspaceEdit,
};

use crate::convert::{self, PositionEncoding};

/// The text of one document version and the column unit agreed with the client.
#[derive(Debug, Clone, Copy)]
pub struct Text<'a> {
    /// The document's text.
    pub rope: &'a Rope,
    /// The negotiated column unit.
    pub encoding: PositionEncoding,
}

impl Text<'_> {
    fn range(&self, span: analysis::Span) -> lsp::Range {
        convert::range(self.rope, span, self.encoding)
    }
}

/// The `source` of every diagnostic the server publishes.
pub const SOURCE: &str = "carc";

/// The semantic token classes, in legend order (a token's type is its index here).
const TOKEN_TYPES: [(TokenKind, SemanticTokenType); 10] = [
    (TokenKind::Keyword, SemanticTokenType::KEYWORD),
    (TokenKind::Tile, SemanticTokenType::TYPE),
    (TokenKind::Number, SemanticTokenType::NUMBER),
    (TokenKind::Rotation, SemanticTokenType::MODIFIER),
    (TokenKind::Colour, SemanticTokenType::VARIABLE),
    (TokenKind::Role, SemanticTokenType::PROPERTY),
    (TokenKind::Place, SemanticTokenType::ENUM_MEMBER),
    (TokenKind::String, SemanticTokenType::STRING),
    (TokenKind::Comment, SemanticTokenType::COMMENT),
    (TokenKind::Operator, SemanticTokenType::OPERATOR),
];

/// The legend announced in the server capabilities.
pub fn semantic_tokens_legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: TOKEN_TYPES.iter().map(|(_, ty)| ty.clone()).collect(),
        token_modifiers: Vec::new(),
    }
}

/// An analysis diagnostic as published: code, severity, message and related locations.
pub fn diagnostic(text: Text<'_>, uri: &Uri, diagnostic: &analysis::Diagnostic) -> lsp::Diagnostic {
    let related = diagnostic
        .related
        .iter()
        .map(|related| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), text.range(related.span)),
            message: related.message.clone(),
        })
        .collect::<Vec<_>>();
    lsp::Diagnostic {
        range: text.range(diagnostic.span),
        severity: Some(match diagnostic.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
        }),
        code: Some(NumberOrString::String(diagnostic.code.as_str().to_owned())),
        source: Some(SOURCE.to_owned()),
        message: diagnostic.message.clone(),
        related_information: (!related.is_empty()).then_some(related),
        ..lsp::Diagnostic::default()
    }
}

/// A hover card, in markdown.
pub fn hover(text: Text<'_>, hover: analysis::Hover) -> lsp::Hover {
    lsp::Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: hover.markdown,
        }),
        range: Some(text.range(hover.span)),
    }
}

/// An inlay hint, shown after the token it explains.
pub fn inlay_hint(text: Text<'_>, hint: analysis::InlayHint) -> lsp::InlayHint {
    lsp::InlayHint {
        position: convert::position(text.rope, hint.offset, text.encoding),
        label: InlayHintLabel::String(hint.label),
        kind: None,
        text_edits: None,
        tooltip: Some(lsp::InlayHintTooltip::String(hint.tooltip)),
        padding_left: Some(true),
        padding_right: None,
        data: None,
    }
}

/// A completion candidate that replaces the partial word under the cursor.
pub fn completion_item(text: Text<'_>, item: analysis::CompletionItem) -> lsp::CompletionItem {
    use analysis::CompletionKind as K;
    let kind = match item.kind {
        K::Keyword => CompletionItemKind::KEYWORD,
        K::Tile => CompletionItemKind::CLASS,
        K::Colour => CompletionItemKind::VARIABLE,
        K::Role => CompletionItemKind::PROPERTY,
        K::Place => CompletionItemKind::ENUM_MEMBER,
        K::Rotation | K::Coordinate => CompletionItemKind::VALUE,
    };
    let edit = lsp::TextEdit::new(text.range(item.replace), item.label.clone());
    lsp::CompletionItem {
        label: item.label,
        detail: item.detail,
        documentation: item.documentation.map(markdown_documentation),
        kind: Some(kind),
        text_edit: Some(lsp::CompletionTextEdit::Edit(edit)),
        data: resolve_data(item.kind),
        ..lsp::CompletionItem::default()
    }
}

fn markdown_documentation(value: String) -> lsp::Documentation {
    lsp::Documentation::MarkupContent(MarkupContent {
        kind: MarkupKind::Markdown,
        value,
    })
}

/// What `completionItem/resolve` needs to find an item's documentation again: the item's
/// kind (its label is the rest). Only kinds that have documentation carry it.
fn resolve_data(kind: analysis::CompletionKind) -> Option<serde_json::Value> {
    (kind == analysis::CompletionKind::Tile).then(|| serde_json::json!({ "carc": "tile" }))
}

/// Fills in the documentation of a completion item sent without it (see
/// [`completion_item`]); any other item comes back unchanged.
pub fn resolve_completion_item(
    mut item: lsp::CompletionItem,
    pictures: analysis::TilePictures,
) -> lsp::CompletionItem {
    let is_tile = item.data.as_ref() == resolve_data(analysis::CompletionKind::Tile).as_ref();
    if item.documentation.is_none() && is_tile {
        item.documentation = analysis::completion_documentation(
            analysis::CompletionKind::Tile,
            &item.label,
            pictures,
        )
        .map(markdown_documentation);
    }
    item
}

/// An outline entry.
pub fn document_symbol(text: Text<'_>, symbol: analysis::Symbol) -> lsp::DocumentSymbol {
    use analysis::SymbolKind as K;
    let kind = match symbol.kind {
        K::Setup => lsp::SymbolKind::NAMESPACE,
        K::Turn | K::Discard => lsp::SymbolKind::EVENT,
        K::End => lsp::SymbolKind::OBJECT,
    };
    #[allow(deprecated)] // `deprecated` has to be spelled out; `tags` replaces it.
    lsp::DocumentSymbol {
        name: symbol.name,
        detail: symbol.detail,
        kind,
        tags: None,
        deprecated: None,
        range: text.range(symbol.span),
        selection_range: text.range(symbol.selection),
        children: None,
    }
}

/// Semantic tokens in the protocol's relative encoding. Tokens that span lines or overlap an
/// earlier one are left out rather than sent malformed.
pub fn semantic_tokens(
    text: Text<'_>,
    mut tokens: Vec<analysis::SemanticToken>,
) -> lsp::SemanticTokens {
    tokens.sort_by_key(|token| (token.span.start, token.span.end));
    let mut data = Vec::with_capacity(tokens.len());
    let mut previous = lsp::Position::new(0, 0);
    let mut previous_end = 0;
    for token in tokens {
        let range = text.range(token.span);
        if range.start.line != range.end.line
            || token.span.start < previous_end
            || range.end.character <= range.start.character
        {
            continue;
        }
        let Some(token_type) = TOKEN_TYPES.iter().position(|(kind, _)| *kind == token.kind) else {
            continue;
        };
        // Sorted by offset, so these never go negative; saturate rather than trust it.
        let delta_line = range.start.line.saturating_sub(previous.line);
        data.push(lsp::SemanticToken {
            delta_line,
            delta_start: if delta_line == 0 {
                range.start.character.saturating_sub(previous.character)
            } else {
                range.start.character
            },
            length: range.end.character.saturating_sub(range.start.character),
            token_type: u32::try_from(token_type).unwrap_or_default(),
            token_modifiers_bitset: 0,
        });
        previous = range.start;
        previous_end = token.span.end;
    }
    lsp::SemanticTokens {
        result_id: None,
        data,
    }
}

/// The edit that turns the document into its formatted text, if it changes anything.
pub fn formatting(text: Text<'_>, formatted: String) -> Option<Vec<lsp::TextEdit>> {
    if *text.rope == formatted.as_str() {
        return None;
    }
    let whole = convert::full_range(text.rope, text.encoding);
    Some(vec![lsp::TextEdit::new(whole, formatted)])
}

/// A quick fix, with the published diagnostic it resolves when it names one.
pub fn code_action(
    text: Text<'_>,
    uri: &Uri,
    diagnostics: &[analysis::Diagnostic],
    action: analysis::CodeAction,
) -> lsp::CodeActionOrCommand {
    let fixed = action.fixes.and_then(|(code, span)| {
        let found = diagnostics
            .iter()
            .find(|d| d.code == code && d.span == span)?;
        Some(vec![diagnostic(text, uri, found)])
    });
    let edits = action
        .edits
        .into_iter()
        .map(|edit| lsp::TextEdit::new(text.range(edit.span), edit.new_text))
        .collect();
    lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
        title: action.title,
        kind: Some(CodeActionKind::QUICKFIX),
        diagnostics: fixed,
        edit: Some(WorkspaceEdit {
            changes: Some(HashMap::from([(uri.clone(), edits)])),
            ..WorkspaceEdit::default()
        }),
        ..lsp::CodeAction::default()
    })
}

/// A highlighted span (a tile line of the feature under the cursor).
pub fn document_highlight(text: Text<'_>, span: analysis::Span) -> lsp::DocumentHighlight {
    lsp::DocumentHighlight {
        range: text.range(span),
        kind: Some(DocumentHighlightKind::TEXT),
    }
}

/// A fold, by whole lines (no columns: every fold of the analysis covers whole lines). The
/// setup and a variation are regions, a comment run a comment.
pub fn folding_range(text: Text<'_>, fold: analysis::Fold) -> lsp::FoldingRange {
    let range = text.range(fold.span);
    lsp::FoldingRange {
        start_line: range.start.line,
        end_line: range.end.line,
        kind: Some(match fold.kind {
            analysis::FoldKind::Comment => FoldingRangeKind::Comment,
            analysis::FoldKind::Setup | analysis::FoldKind::Variation => FoldingRangeKind::Region,
        }),
        collapsed_text: None,
        start_character: None,
        end_character: None,
    }
}

/// A code lens that only shows its title (a puzzle's ranking); it runs no command.
pub fn code_lens(text: Text<'_>, lens: analysis::CodeLens) -> lsp::CodeLens {
    lsp::CodeLens {
        range: text.range(lens.span),
        command: Some(lsp::Command {
            title: lens.title,
            command: String::new(),
            arguments: None,
        }),
        data: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use analysis::{Code, Span};

    fn uri() -> Uri {
        "file:///t.carc".parse().expect("a valid uri")
    }

    #[test]
    fn diagnostics_carry_code_severity_and_related_locations() {
        let rope = Rope::from_str("tile D 0,0\r\nturn red E 0,1\r\n");
        let text = Text {
            rope: &rope,
            encoding: PositionEncoding::Utf16,
        };
        let found = analysis::Diagnostic {
            code: Code::EdgeMismatch,
            severity: Code::EdgeMismatch.severity(),
            span: Span { start: 21, end: 22 },
            message: "m".to_owned(),
            related: vec![analysis::Related {
                span: Span { start: 0, end: 10 },
                message: "r".to_owned(),
            }],
        };
        let lsp = diagnostic(text, &uri(), &found);
        assert_eq!(
            lsp.range,
            lsp::Range::new(lsp::Position::new(1, 9), lsp::Position::new(1, 10))
        );
        assert_eq!(
            lsp.code,
            Some(NumberOrString::String("edge-mismatch".to_owned()))
        );
        assert_eq!(lsp.severity, Some(DiagnosticSeverity::ERROR));
        let related = lsp.related_information.expect("related information");
        assert_eq!(related[0].location.range.end, lsp::Position::new(0, 10));
        let warning = analysis::Diagnostic {
            code: Code::TurnOrder,
            severity: Severity::Warning,
            related: vec![],
            ..found
        };
        let lsp = diagnostic(text, &uri(), &warning);
        assert_eq!(
            (lsp.severity, lsp.related_information),
            (Some(DiagnosticSeverity::WARNING), None)
        );
    }

    #[test]
    fn semantic_tokens_are_relative_and_well_formed() {
        let rope = Rope::from_str("tile D 0,0\nturn 😀 E\n");
        let text = Text {
            rope: &rope,
            encoding: PositionEncoding::Utf16,
        };
        let token = |start, end, kind| analysis::SemanticToken {
            span: Span { start, end },
            kind,
        };
        let tokens = vec![
            token(21, 22, TokenKind::Tile),   // E, after the astral character
            token(0, 4, TokenKind::Keyword),  // tile
            token(5, 6, TokenKind::Tile),     // D
            token(5, 6, TokenKind::Tile),     // a duplicate: dropped
            token(8, 13, TokenKind::Comment), // spans a line break: dropped
            token(11, 15, TokenKind::Keyword),
        ];
        let data: Vec<_> = semantic_tokens(text, tokens)
            .data
            .iter()
            .map(|t| (t.delta_line, t.delta_start, t.length, t.token_type))
            .collect();
        assert_eq!(
            data,
            vec![(0, 0, 4, 0), (0, 5, 1, 1), (1, 0, 4, 0), (0, 8, 1, 1)]
        );
    }

    #[test]
    fn formatting_replaces_the_whole_text_only_when_it_changes() {
        let rope = Rope::from_str("tile  D 0,0\n");
        let text = Text {
            rope: &rope,
            encoding: PositionEncoding::Utf16,
        };
        assert_eq!(formatting(text, "tile  D 0,0\n".to_owned()), None);
        let edits = formatting(text, "tile D 0,0\n".to_owned()).expect("an edit");
        assert_eq!(edits[0].range.end, lsp::Position::new(1, 0));
    }
}
