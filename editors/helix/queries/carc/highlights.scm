; Helix's copy of grammar/tree-sitter-carc/queries/highlights.scm: the same patterns with
; Helix's capture names (@constant.numeric.integer, @constant.character.escape).
; Copy this folder to ~/.config/helix/runtime/queries/carc/. editors/helix/check.py checks
; that it stays in step with the grammar's query.

(comment) @comment

[
  "title"
  "note"
  "players"
  "rules"
  "tile"
  "supply"
  "score"
  "turn"
  "refused"
  "discard"
  "expect"
  "end"
  "variation"
  "mark"
  "puzzle"
  "draws"
  "bonus"
  "goods"
] @keyword

(tile) @type

(role) @type.builtin
(large) @type.builtin
(abbot) @type.builtin
(builder) @type.builtin
(pig) @type.builtin
(recall) @keyword

(colour) @constant

[
  (place)
  (rotation)
  (rule_option)
  (puzzle_goal)
  (good)
  (nothing)
] @constant.builtin

(refusal_code) @label

[
  (coordinate)
  (number)
] @constant.numeric.integer

(string) @string

(escape_sequence) @constant.character.escape

[
  "=>"
  (glyph)
] @operator

[
  "{"
  (variation_end)
] @punctuation.bracket

[
  ","
  ":"
] @punctuation.delimiter
