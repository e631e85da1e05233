; Highlighting for `.carc` files, with the capture names of nvim-treesitter, Zed and the
; tree-sitter CLI. Helix names some captures differently: editors/helix/queries/carc/
; holds its copy (editors/helix/check.py checks that both match the same nodes).

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
] @number

(string) @string

(escape_sequence) @string.escape

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
