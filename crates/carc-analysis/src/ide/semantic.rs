//! Semantic tokens: every token of every parsed line classified, in file order.

use carc_notation::{
    Amount, Expectation, ExpectationKind, LineKind, MeepleSpec, RefusedMove, Span, StatementKind,
};

use crate::{Analysis, SemanticToken, TokenKind};

/// Every classified token, sorted by offset.
pub fn semantic_tokens(analysis: &Analysis) -> Vec<SemanticToken> {
    let mut out = Tokens(Vec::new());
    for line in &analysis.parse.lines {
        if let LineKind::Statement(statement) = &line.kind {
            out.push(statement.keyword, TokenKind::Keyword);
            match &statement.kind {
                StatementKind::Title(s) | StatementKind::Note(s) => {
                    out.push(s.span, TokenKind::String)
                }
                StatementKind::Players(list) => {
                    for c in list {
                        out.push(c.span, TokenKind::Colour);
                    }
                }
                StatementKind::Rules(list) => {
                    for r in list {
                        out.push(r.span, TokenKind::Keyword);
                    }
                }
                StatementKind::Tile(tile) => {
                    out.push(tile.tile.span, TokenKind::Tile);
                    out.coord(&tile.at);
                    if let Some(r) = &tile.rotation {
                        out.push(r.span, TokenKind::Rotation);
                    }
                    for (colour, meeple) in &tile.meeples {
                        out.push(colour.span, TokenKind::Colour);
                        out.meeple(meeple);
                    }
                }
                StatementKind::Turn(turn) | StatementKind::Bonus(turn) => out.turn(turn),
                StatementKind::Goods(goods) | StatementKind::ExpectGoods(goods) => {
                    out.push(goods.colour.span, TokenKind::Colour);
                    // goods are fixed words of the notation, classed like `rules` options
                    for g in &goods.goods {
                        out.push(g.good.span, TokenKind::Keyword);
                        out.push(g.value.span, TokenKind::Number);
                    }
                }
                StatementKind::Refused(refused) => {
                    // Codes are classed like `rules` options: fixed words of the notation.
                    for code in &refused.codes {
                        out.push(code.span, TokenKind::Keyword);
                    }
                    out.push(refused.keyword, TokenKind::Keyword);
                    match &refused.refused {
                        RefusedMove::Turn(turn) => out.turn(turn),
                        RefusedMove::Discard { tile } => out.push(tile.span, TokenKind::Tile),
                    }
                }
                StatementKind::Discard { tile } => out.push(tile.span, TokenKind::Tile),
                StatementKind::Supply(list)
                | StatementKind::Score(list)
                | StatementKind::ExpectScore(list)
                | StatementKind::ExpectSupply(list) => out.amounts(list),
                StatementKind::End { expect } => {
                    if let Some(e) = expect {
                        out.expectation(e);
                    }
                }
                StatementKind::VariationOpen { name } => out.push(name.span, TokenKind::String),
                StatementKind::Mark { at, label } => {
                    out.coord(at);
                    if let Some(label) = label {
                        out.push(label.span, TokenKind::String);
                    }
                }
                StatementKind::Puzzle { goal } => {
                    if let Some(goal) = goal {
                        out.push(goal.span, TokenKind::Keyword);
                    }
                }
                StatementKind::Draws(tiles) => {
                    for tile in tiles {
                        out.push(tile.span, TokenKind::Tile);
                    }
                }
                StatementKind::VariationClose => {}
            }
        }
        if let Some(comment) = line.comment {
            out.push(comment, TokenKind::Comment);
        }
    }
    let mut tokens = out.0;
    tokens.sort_by_key(|t| t.span.start);
    tokens
}

struct Tokens(Vec<SemanticToken>);

impl Tokens {
    fn push(&mut self, span: Span, kind: TokenKind) {
        if span.end > span.start {
            self.0.push(SemanticToken { span, kind });
        }
    }

    /// A turn's words after its keyword (a refused move has no expectation).
    fn turn(&mut self, turn: &carc_notation::TurnStmt) {
        self.push(turn.colour.span, TokenKind::Colour);
        self.push(turn.tile.span, TokenKind::Tile);
        self.coord(&turn.at);
        if let Some(r) = &turn.rotation {
            self.push(r.span, TokenKind::Rotation);
        }
        if let Some(recall) = turn.recall {
            self.push(recall, TokenKind::Role);
        }
        if let Some(m) = &turn.meeple {
            self.meeple(m);
        }
        if let Some(g) = &turn.glyph {
            self.push(g.span, TokenKind::Operator);
        }
        if let Some(e) = &turn.expect {
            self.expectation(e);
        }
    }

    fn coord(&mut self, at: &carc_notation::Coord) {
        self.push(at.x.span, TokenKind::Number);
        self.push(at.y.span, TokenKind::Number);
    }

    fn meeple(&mut self, meeple: &MeepleSpec) {
        if let Some(large) = meeple.large {
            self.push(large, TokenKind::Role);
        }
        // for `abbot`, `builder` and `pig`, the role's span is the figure's word itself
        self.push(meeple.role.span, TokenKind::Role);
        if let Some(p) = &meeple.place {
            self.push(p.span, TokenKind::Place);
        }
    }

    fn amounts(&mut self, list: &[Amount]) {
        for a in list {
            self.push(a.colour.span, TokenKind::Colour);
            self.push(a.value.span, TokenKind::Number);
        }
    }

    fn expectation(&mut self, e: &Expectation) {
        // `=>` itself: the first two bytes of the expectation.
        self.push(
            Span::new(e.span.start, e.span.start + 2),
            TokenKind::Operator,
        );
        match &e.kind {
            ExpectationKind::Nothing => self.push(
                Span::new(e.span.end - "nothing".len().min(e.span.len()), e.span.end),
                TokenKind::Operator,
            ),
            ExpectationKind::Gains(list) => self.amounts(list),
        }
    }
}
