/**
 * @file The `.carc` notation (Carcassonne positions) for tree-sitter.
 * @license MIT
 *
 * A tree-sitter twin of grammar/carc.pest (the grammar the `carc` tools use), for editors
 * that highlight with tree-sitter (Helix, Zed, nvim-treesitter). It accepts exactly the
 * lines the pest grammar accepts; test/equivalence.py checks that over every example,
 * fixture and thousands of generated lines. When a statement is added to carc.pest, add it
 * here, to `FORMS` in test/equivalence.py, to test/corpus and to queries/highlights.scm.
 *
 * Like carc.pest, spacing is spelled out: there are no `extras`. Words are separated by
 * spaces or tabs (`_sep`), list entries by a comma and/or spaces (`_list_sep`), and a token
 * must end before a space, a comma, a `#` or the end of the line. Words are lexed whole
 * (`word`: the tile token's shape, from which keywords are extracted), so `r90x` or
 * `redblue` is one unknown word, as in pest, and never two tokens.
 *
 * Whitespace after the last word of a line can only be told from a separator by the token
 * after it, so the statements with optional parts are declared as GLR `conflicts`.
 */

/** `first (sep first)*`: a list whose entries are separated by commas and/or spaces. */
function list($, rule) {
  return seq(rule, repeat(seq($._list_sep, rule)));
}

/** `a sep b sep c …`: words separated by spaces or tabs. */
function words($, ...rules) {
  const parts = [rules[0]];
  for (const rule of rules.slice(1)) {
    parts.push($._sep, rule);
  }
  return seq(...parts);
}

// A figure on the new tile: the abbot (The Abbot), the builder or the pig (Traders &
// Builders, always with a place), or a meeple or the large meeple (Inns & Cathedrals) with its
// role and place. Written out where it is used (a rule of its own would have to be reduced
// before the place is seen).
function deployment($) {
  return choice(
    $.abbot,
    seq(choice($.builder, $.pig), $._sep, $.place),
    seq(optional(seq($.large, $._sep)), $.role, optional(seq($._sep, $.place))),
  );
}

module.exports = grammar({
  name: 'carc',

  extras: $ => [],

  word: $ => $.tile,

  conflicts: $ => [
    [$.refused_statement],
    [$.rules_item],
    [$.meeple],
    [$._turn_body],
    [$.bonus_statement],
    [$.goods_list],
    [$.players_statement],
    [$.rules_statement],
    [$.amounts],
    [$.refusal_codes],
    [$.gains],
    [$.tile_statement],
    [$.turn_statement],
    [$.end_statement],
    [$.mark_statement],
    [$.puzzle_statement],
    [$.draws_statement],
  ],

  rules: {
    // A line ends at `\n`, `\r\n` or a lone `\r`, as in carc (crates/carc-notation/src/lines.rs),
    // editors and LSP: `\r\r\n` is two line breaks.
    source_file: $ => seq(
      optional($._bom),
      repeat(seq(optional($._line), $._newline)),
      optional($._line),
    ),

    _line: $ => choice(
      seq(optional($._ws), $._statement, optional($._ws), optional($.comment)),
      seq(optional($._ws), $.comment),
      $._ws,
    ),

    _statement: $ => choice(
      $.title_statement,
      $.note_statement,
      $.players_statement,
      $.rules_statement,
      $.tile_statement,
      $.supply_statement,
      $.score_statement,
      $.turn_statement,
      $.bonus_statement,
      $.refused_statement,
      $.discard_statement,
      $.expect_statement,
      $.end_statement,
      $.variation_start,
      $.variation_end,
      $.mark_statement,
      $.puzzle_statement,
      $.draws_statement,
      $.goods_statement,
    ),

    // ---- statements ---------------------------------------------------------------

    title_statement: $ => words($, 'title', $.string),
    note_statement: $ => words($, 'note', $.string),
    players_statement: $ => seq('players', $._sep, list($, $.colour)),
    // `rules farmers, boxes 3`: option words, each with its number when it takes one. Which
    // words exist and which take a number is the parser's registry, not the grammar's.
    rules_statement: $ => seq('rules', $._sep, list($, $.rules_item)),
    rules_item: $ => seq($.rule_option, optional(seq($._sep, $.number))),
    // tile T x,y [rK] [COLOUR ([large] ROLE [PLACE] | abbot | builder PLACE | pig PLACE)]...
    tile_statement: $ => seq(
      words($, 'tile', $.tile, $.coordinate),
      optional(seq($._sep, $.rotation)),
      repeat($.meeple),
    ),
    // A setup figure: ` COLOUR [large] ROLE [PLACE]`, ` COLOUR abbot`, ` COLOUR builder PLACE`
    // or ` COLOUR pig PLACE`.
    meeple: $ => seq($._sep, $.colour, $._sep, deployment($)),
    supply_statement: $ => words($, 'supply', $.amounts),
    score_statement: $ => words($, 'score', $.amounts),
    // turn COLOUR T x,y [rK] [[large] ROLE [PLACE] | abbot | builder PLACE | pig PLACE | recall]
    //   [GLYPH] [=> EXPECT]
    turn_statement: $ => seq($._turn_move, optional(seq($._sep, $.expectation))),
    // bonus COLOUR T x,y [rK] [FIGURE [PLACE] | recall] [GLYPH] [=> EXPECT]: the builder's
    // bonus tile (Traders & Builders), the same shape as a turn.
    bonus_statement: $ => seq(
      'bonus', $._sep, $._turn_body, optional(seq($._sep, $.expectation)),
    ),
    // refused CODE[, CODE…]: turn COLOUR T x,y [rK] [ROLE [PLACE]] [GLYPH]
    // refused CODE[, CODE…]: discard T
    // Codes are separated by commas; a space may come before the colon. An expectation is
    // parsed (the analysis reports it: a refused move scores nothing).
    refused_statement: $ => seq(
      'refused', $._sep, $.refusal_codes, optional($._ws), ':', $._sep,
      choice($.refused_turn, $.refused_discard),
      optional(seq($._sep, $.expectation)),
    ),
    refusal_codes: $ => seq(
      $.refusal_code,
      repeat(seq(optional($._ws), ',', optional($._ws), $.refusal_code)),
    ),
    refused_turn: $ => $._turn_move,
    refused_discard: $ => words($, 'discard', $.tile),
    _turn_move: $ => seq('turn', $._sep, $._turn_body),
    // What follows `turn` or `bonus`, up to the expectation.
    _turn_body: $ => seq(
      words($, $.colour, $.tile, $.coordinate),
      optional(seq($._sep, $.rotation)),
      optional(seq($._sep, choice($.recall, deployment($)))),
      optional(seq($._sep, $.glyph)),
    ),
    discard_statement: $ => words($, 'discard', $.tile),
    // expect score COLOUR n ... / expect supply COLOUR n ... / expect goods COLOUR [GOOD n]...
    expect_statement: $ => choice(
      words($, 'expect', choice('score', 'supply'), $.amounts),
      words($, 'expect', 'goods', $.goods_list),
    ),
    end_statement: $ => seq('end', optional(seq($._sep, $.expectation))),
    // variation "name" {   …   }
    variation_start: $ => words($, 'variation', $.string, '{'),
    variation_end: $ => '}',
    // mark x,y ["label"]
    mark_statement: $ => seq(words($, 'mark', $.coordinate), optional(seq($._sep, $.string))),
    // puzzle [points|final|score]: the goal the answer is judged by
    puzzle_statement: $ => seq('puzzle', optional(seq($._sep, $.puzzle_goal))),
    // draws T1 T2 …: the tiles still to come, in order (commas and/or spaces between them)
    draws_statement: $ => seq('draws', $._sep, list($, $.tile)),
    // goods COLOUR [wine n] [grain n] [cloth n] (Traders & Builders): goods tokens so far
    goods_statement: $ => words($, 'goods', $.goods_list),

    // ---- parts ----------------------------------------------------------------------

    amounts: $ => list($, $.amount),
    amount: $ => words($, $.colour, $.number),
    // `=> nothing` or `=> red +3, blue +1`
    expectation: $ => words($, '=>', choice($.nothing, $.gains)),
    nothing: $ => 'nothing',
    gains: $ => list($, $.gain),
    gain: $ => words($, $.colour, $.number),
    // `red wine 2 cloth 1`: a colour, then good–number pairs (any order; a good written twice
    // is the parser's error, not the grammar's)
    goods_list: $ => seq($.colour, optional(seq($._sep, list($, $.good_amount)))),
    good_amount: $ => words($, $.good, $.number),

    // ---- tokens ---------------------------------------------------------------------

    colour: $ => choice('red', 'blue', 'green', 'yellow', 'black', 'pink'),
    role: $ => choice('knight', 'traveller', 'traveler', 'monk', 'farmer'),
    // The large meeple of Inns & Cathedrals, before its role.
    large: $ => 'large',
    // The abbot of The Abbot, and taking it back instead of deploying.
    abbot: $ => 'abbot',
    recall: $ => 'recall',
    // The builder and the pig of Traders & Builders, before their place.
    builder: $ => 'builder',
    pig: $ => 'pig',
    // The goods of Traders & Builders.
    good: $ => choice('wine', 'grain', 'cloth'),
    // Sides, corners, half-sides (fields of a split corner) and `inner` (a field touching no
    // side).
    place: $ => choice(
      'NNE', 'ENE', 'ESE', 'SSE', 'SSW', 'WSW', 'WNW', 'NNW',
      'NE', 'SE', 'SW', 'NW', 'N', 'E', 'S', 'W', 'inner',
    ),
    rotation: $ => choice('r0', 'r90', 'r180', 'r270'),
    puzzle_goal: $ => choice('points', 'final', 'score'),
    rule_option: $ => /[a-z][a-z0-9-]*/,
    // PGN-style judgement of a turn.
    glyph: $ => choice('!!', '!?', '!', '??', '?!', '?'),
    // A tile token (`D`, `Eg`, `ic.A`): any word of this shape; the analysis knows which
    // exist. It is also the `word` from which the keywords above are extracted.
    tile: $ => /[A-Za-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)?/,
    // x,y without spaces; either may be negative.
    coordinate: $ => /-?[0-9]+,-?[0-9]+/,
    // Counts and points: `n` or `+n`.
    number: $ => /\+?[0-9]+/,
    // A diagnostic code in a `refused` statement (`occupied-feature`).
    refusal_code: $ => /[a-z]+(-[a-z]+)*/,
    // Double-quoted; `\"` and `\\` are the only escapes.
    string: $ => seq('"', repeat(choice($.string_content, $.escape_sequence)), '"'),
    string_content: $ => /[^"\\\r\n]+/,
    escape_sequence: $ => /\\["\\]/,
    comment: $ => /#[^\r\n]*/,

    // ---- spacing --------------------------------------------------------------------

    _ws: $ => /[ \t]+/,
    _sep: $ => $._ws,
    _list_sep: $ => choice(seq(optional($._ws), ',', optional($._ws)), $._ws),
    _newline: $ => /\r\n|\r|\n/,
    _bom: $ => '\uFEFF',
  },
});
