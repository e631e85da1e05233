" .carc files are Carcassonne positions (carc's notation).
autocmd BufRead,BufNewFile *.carc setfiletype carc
