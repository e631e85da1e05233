;;; carc-mode.el --- Major mode for .carc Carcassonne positions  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1"))
;; Keywords: languages games
;; SPDX-License-Identifier: MIT

;;; Commentary:

;; Highlighting, `#' comments and block indentation for carc's `.carc' notation, and an
;; Eglot entry for its language server, `carc lsp' (diagnostics, hover, inlay hints,
;; completion, symbols, formatting, quick fixes).
;;
;;   (add-to-list 'load-path "/path/to/carc/editors/emacs")
;;   (require 'carc-mode)
;;   (add-hook 'carc-mode-hook #'eglot-ensure)
;;
;; Set `carc-server-command' when `carc' is not on `exec-path'.

;;; Code:

(defgroup carc nil
  "Carcassonne positions in carc's notation."
  :group 'languages
  :prefix "carc-")

(defcustom carc-server-command '("carc" "lsp")
  "The command that runs the carc language server, program first."
  :type '(repeat string))

(defcustom carc-indent-offset 2
  "Indentation of the lines inside a `variation' block."
  :type 'integer)

(defconst carc--statements
  '("title" "note" "players" "rules" "tile" "supply" "score" "turn" "refused"
    "discard" "expect" "end" "variation" "mark" "puzzle" "draws" "bonus" "goods"))

(defconst carc--colours '("red" "blue" "green" "yellow" "black" "pink"))
(defconst carc--roles '("knight" "traveller" "traveler" "monk" "farmer"))
(defconst carc--figures '("large" "abbot" "recall" "builder" "pig")
  "Figures other than the meeple: `large' before a role (Inns & Cathedrals),
the `abbot' and its `recall' (The Abbot), the `builder' and the `pig' (Traders
& Builders).")
(defconst carc--goods '("wine" "grain" "cloth")
  "The goods of Traders & Builders (`goods red wine 2').")
(defconst carc--places '("NNE" "ENE" "ESE" "SSE" "SSW" "WSW" "WNW" "NNW"
                         "NE" "SE" "SW" "NW" "N" "E" "S" "W" "inner"))

(defconst carc--tile "\\([A-Za-z][A-Za-z0-9]*\\(?:\\.[A-Za-z0-9]+\\)?\\)"
  "A regexp matching a tile token (`D', `Eg', `ic.A') as group 1.")

(defun carc--word (words)
  "A regexp matching one of WORDS as a whole word."
  (concat "\\_<" (regexp-opt words t) "\\(?:[ \t,#]\\|$\\)"))

(defconst carc-font-lock-keywords
  (let ((colour (regexp-opt carc--colours))
        ;; the words a place follows: a role, `builder' or `pig'
        (placed (regexp-opt (append carc--roles '("builder" "pig")))))
    `(;; statement keywords at the start of a line; `expect score|supply|goods'
      (,(concat "^[ \t]*" (regexp-opt carc--statements t) "\\(?:[ \t#]\\|$\\)")
       1 font-lock-keyword-face)
      ("^[ \t]*expect[ \t]+\\(score\\|supply\\|goods\\)\\_>" 1 font-lock-keyword-face)
      ;; tile tokens (`D', `Eg', `ic.A'): after `tile', `discard', `turn COLOUR' or
      ;; `bonus COLOUR'
      (,(concat "^[ \t]*\\(?:tile\\|discard\\)[ \t]+" carc--tile "\\(?:[ \t,#]\\|$\\)")
       1 font-lock-type-face)
      (,(concat "^[ \t]*\\(?:turn\\|bonus\\)[ \t]+" colour "[ \t]+" carc--tile "\\(?:[ \t,#]\\|$\\)")
       1 font-lock-type-face)
      ;; `refused CODE, CODE: turn COLOUR T …' and `refused CODE: discard T': the codes,
      ;; `turn' or `discard' and the tile token
      ("^[ \t]*refused[ \t]+\\([^:#]*\\):" 1 font-lock-constant-face)
      ("^[ \t]*refused[ \t]+[^:#]*:[ \t]*\\(turn\\|discard\\)\\(?:[ \t#]\\|$\\)"
       1 font-lock-keyword-face)
      (,(concat "^[ \t]*refused[ \t]+[^:#]*:[ \t]*discard[ \t]+" carc--tile "\\(?:[ \t#]\\|$\\)")
       1 font-lock-type-face)
      (,(concat "^[ \t]*refused[ \t]+[^:#]*:[ \t]*turn[ \t]+" colour
                "[ \t]+" carc--tile "\\(?:[ \t,#]\\|$\\)")
       1 font-lock-type-face)
      ;; a place after a role, `builder' or `pig'
      (,(concat "\\_<" placed "[ \t]+" (regexp-opt carc--places t) "\\(?:[ \t,#]\\|$\\)")
       1 font-lock-constant-face)
      ;; coordinates, rotations
      ("\\(?:^\\|[ \t]\\)\\(-?[0-9]+,-?[0-9]+\\)\\(?:[ \t#]\\|$\\)" 1 font-lock-constant-face)
      ("\\_<\\(r\\(?:0\\|90\\|180\\|270\\)\\)\\(?:[ \t,#]\\|$\\)" 1 font-lock-constant-face)
      (,(carc--word carc--colours) 1 font-lock-variable-name-face)
      (,(carc--word carc--roles) 1 font-lock-type-face)
      (,(carc--word carc--figures) 1 font-lock-type-face)
      (,(carc--word carc--goods) 1 font-lock-builtin-face)
      (,(carc--word '("nothing" "farmers" "no-farmers" "whole-board" "boxes"
                       "abbot" "inns-cathedrals" "river" "traders-builders"
                       "princess-dragon" "tower"))
       1 font-lock-builtin-face)
      ;; glyphs, `=>', points and counts, braces
      ("[ \t]\\(!!\\|!\\?\\|\\?\\?\\|\\?!\\|!\\|\\?\\)\\(?:[ \t#]\\|$\\)" 1 font-lock-warning-face)
      ("=>" . font-lock-builtin-face)
      ("\\(?:^\\|[ \t,]\\)\\(\\+?[0-9]+\\)\\(?:[ \t,#]\\|$\\)" 1 font-lock-constant-face)
      ("[{}]" . font-lock-keyword-face)))
  "Highlighting of `carc-mode'.")

(defvar carc-mode-syntax-table
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?# "<" table)
    (modify-syntax-entry ?\n ">" table)
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?\\ "\\" table)
    (modify-syntax-entry ?- "_" table)
    (modify-syntax-entry ?+ "_" table)
    ;; a tile token with a dot (`ic.A`, `tb.K`) is one symbol: double-click and completion
    ;; take it whole
    (modify-syntax-entry ?. "_" table)
    (modify-syntax-entry ?! "." table)
    (modify-syntax-entry ?? "." table)
    (modify-syntax-entry ?, "." table)
    (modify-syntax-entry ?{ "(}" table)
    (modify-syntax-entry ?} "){" table)
    table)
  "Syntax table of `carc-mode': `#' comments, strings with `\\' escapes.")

(defun carc-indent-line ()
  "Indent the current line by its depth in `variation' blocks."
  (interactive)
  (let ((depth (save-excursion
                 (beginning-of-line)
                 (let ((depth (car (syntax-ppss))))
                   (when (looking-at "[ \t]*}") (setq depth (1- depth)))
                   (max depth 0))))
        (offset (- (current-column) (current-indentation))))
    (indent-line-to (* depth carc-indent-offset))
    (when (> offset 0) (forward-char offset))))

;;;###autoload
(define-derived-mode carc-mode prog-mode "carc"
  "Major mode for carc's `.carc' notation of Carcassonne positions.
\\{carc-mode-map}"
  :syntax-table carc-mode-syntax-table
  (setq-local comment-start "# ")
  (setq-local comment-start-skip "#+[ \t]*")
  (setq-local comment-end "")
  (setq-local indent-line-function #'carc-indent-line)
  (setq-local indent-tabs-mode nil)
  (setq-local font-lock-defaults '(carc-font-lock-keywords)))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.carc\\'" . carc-mode))

;; Eglot: `M-x eglot' (or `eglot-ensure' in `carc-mode-hook') starts `carc lsp'.
(defun carc-server-contact (&rest _)
  "The command of the carc language server, for `eglot-server-programs'.
Signals a clear error when the program of `carc-server-command' is missing."
  (let ((program (car carc-server-command)))
    (unless (and program (executable-find program))
      (user-error "carc: the language server binary %S was not found; install it \
(cargo install --path crates/carc) or set `carc-server-command' to its path"
                  program))
    carc-server-command))

(with-eval-after-load 'eglot
  (defvar eglot-server-programs)
  (add-to-list 'eglot-server-programs '(carc-mode . carc-server-contact)))

(provide 'carc-mode)
;;; carc-mode.el ends here
