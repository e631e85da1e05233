" Syntax of carc's `.carc` notation (Carcassonne positions). The language server refines it
" with semantic tokens on Neovim 0.9+.
if exists('b:current_syntax')
  finish
endif

syntax case match

syntax match carcComment "#.*$" contains=@Spell
syntax region carcString start=+"+ skip=+\\\\\|\\"+ end=+"+ end=+$+ oneline contains=carcEscape
syntax match carcEscape +\\[\\"]+ contained

syntax match carcStatement "^\s*\zs\%(title\|note\|players\|rules\|tile\|supply\|score\|turn\|refused\|discard\|expect\|end\|variation\|mark\|puzzle\|draws\|bonus\|goods\)\ze\%(\s\|#\|$\)"
syntax match carcStatement "\%(^\s*expect\s\+\)\@<=\%(score\|supply\|goods\)\>"
syntax match carcBrace "[{}]"

syntax keyword carcColour red blue green yellow black pink
syntax keyword carcRole knight traveller traveler monk farmer large abbot recall builder pig
" The goods of Traders & Builders (`goods red wine 2`).
syntax keyword carcConstant wine grain cloth
syntax keyword carcConstant nothing farmers boxes river tower points final
syntax match carcConstant "\<no-farmers\>"
syntax match carcConstant "\<whole-board\>"
syntax keyword carcConstant abbot
syntax match carcConstant "\<inns-cathedrals\>"
syntax match carcConstant "\<traders-builders\>"
syntax match carcConstant "\<princess-dragon\>"
syntax match carcRotation "\<r\%(0\|90\|180\|270\)\>"
syntax match carcNumber "\%(^\|[ \t,]\)\zs+\=\d\+\>\ze\%([ \t,#]\|$\)"
syntax match carcCoord "\%(^\|\s\)\zs-\=\d\+,-\=\d\+\ze\%(\s\|#\|$\)"
syntax match carcArrow "=>"
syntax match carcGlyph "\s\zs\%(!!\|!?\|??\|?!\|!\|?\)\ze\%(\s\|#\|$\)"

" A tile token (`D`, `Eg`, `ic.A`) follows `tile`, `discard`, `turn COLOUR` or `bonus COLOUR`;
" a place follows a role, `builder` or `pig`.
syntax match carcTile "\%(^\s*\%(tile\|discard\)\s\+\)\@<=\a[A-Za-z0-9]*\%(\.[A-Za-z0-9]\+\)\=\ze\%([ \t,#]\|$\)"
syntax match carcTile "\%(^\s*\%(turn\|bonus\)\s\+\a\+\s\+\)\@<=\a[A-Za-z0-9]*\%(\.[A-Za-z0-9]\+\)\=\ze\%([ \t,#]\|$\)"
" `refused CODE, CODE: turn …` and `refused CODE: discard T`: the codes, and the refused
" move's `turn` or `discard` and tile token.
syntax match carcCode "\%(^\s*refused\s[^:#]*\)\@<=\<\l\+\%(-\l\+\)*\ze\s*[,:]"
syntax match carcStatement "\%(^\s*refused\s[^:#]*:\s*\)\@<=\%(turn\|discard\)\>"
syntax match carcTile "\%(^\s*refused\s[^:#]*:\s*discard\s\+\)\@<=\a[A-Za-z0-9]*\%(\.[A-Za-z0-9]\+\)\=\ze\%([ \t,#]\|$\)"
syntax match carcTile "\%(^\s*refused\s[^:#]*:\s*turn\s\+\a\+\s\+\)\@<=\a[A-Za-z0-9]*\%(\.[A-Za-z0-9]\+\)\=\ze\%([ \t,#]\|$\)"
syntax match carcPlace "\%(\<\%(knight\|traveller\|traveler\|monk\|farmer\|builder\|pig\)\s\+\)\@<=\%(NNE\|ENE\|ESE\|SSE\|SSW\|WSW\|WNW\|NNW\|NE\|SE\|SW\|NW\|N\|E\|S\|W\|inner\)\>"

highlight default link carcComment Comment
highlight default link carcString String
highlight default link carcEscape SpecialChar
highlight default link carcStatement Statement
highlight default link carcBrace Delimiter
highlight default link carcColour Identifier
highlight default link carcRole Type
highlight default link carcConstant Constant
highlight default link carcRotation Number
highlight default link carcCoord Number
highlight default link carcNumber Number
highlight default link carcArrow Operator
highlight default link carcGlyph Special
highlight default link carcTile Function
highlight default link carcPlace Constant
highlight default link carcCode Label

let b:current_syntax = 'carc'
