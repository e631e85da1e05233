;;; e2e.el --- End-to-end test of carc-mode with Eglot  -*- lexical-binding: t; -*-

;; Started by test/run.sh:  emacs --batch -Q -l test/e2e.el
;; Environment: CARC_EMACS (this folder), CARC_BIN (the binary), CARC_FILE (a copy of
;; tests/data/edge-mismatch.carc: `edge-mismatch' on line 4, fixed by " r180" after "0,1").
;; Prints one PASS or FAIL line per check; exits 1 when a check failed.

;;; Code:

(require 'cl-lib)

(defvar carc-e2e-timeout 15 "Seconds to wait for each answer of the server.")
(defvar carc-e2e-failures 0)

(defun carc-e2e-out (format-string &rest args)
  "Print FORMAT-STRING with ARGS and a newline on standard output."
  (princ (concat (apply #'format format-string args) "\n")))

(defun carc-e2e-check (name ok &optional detail)
  "Report check NAME as passed when OK, else as failed with DETAIL."
  (if ok
      (carc-e2e-out "PASS emacs: %s" name)
    (cl-incf carc-e2e-failures)
    (carc-e2e-out "FAIL emacs: %s%s" name (if detail (format " -- %s" detail) "")))
  ok)

(defun carc-e2e-wait (predicate)
  "Let timers and the server run until PREDICATE holds or the timeout passes."
  (let ((deadline (+ (float-time) carc-e2e-timeout)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05)
      ;; Flymake's checks and Eglot's change sender run on idle timers, and a batch Emacs
      ;; never reads input, so never becomes idle: run them as an idle user would.
      (dolist (timer (copy-sequence timer-idle-list))
        (when (memq timer timer-idle-list)
          (timer-event-handler timer))))
    (funcall predicate)))

(defun carc-e2e-diagnostics ()
  "The Flymake diagnostics of the buffer as sorted \"code@line\" strings."
  (sort (mapcar (lambda (d)
                  (let ((lsp (alist-get 'eglot-lsp-diag (flymake-diagnostic-data d))))
                    (format "%s@%d" (plist-get lsp :code)
                            (line-number-at-pos (flymake-diagnostic-beg d)))))
                (flymake-diagnostics))
        #'string<))

(defun carc-e2e-face-at (line column)
  "The face at 1-based LINE and 0-based COLUMN."
  (save-excursion
    (goto-char (point-min))
    (forward-line (1- line))
    (forward-char column)
    (get-text-property (point) 'face)))

(defun carc-e2e-run ()
  "The checks."
  (let ((folder (getenv "CARC_EMACS"))
        (binary (getenv "CARC_BIN"))
        (file (getenv "CARC_FILE")))
    (add-to-list 'load-path folder)
    (require 'carc-mode)
    (require 'eglot)
    (require 'flymake)
    (carc-e2e-out "     Emacs %s, Eglot %s" emacs-version
                  (if (fboundp 'eglot-inlay-hints-mode) "with inlay hints" "without inlay hints"))

    ;; A missing binary: a clear error naming the setting.
    (let* ((carc-server-command '("/nonexistent/carc" "lsp"))
           (message (condition-case err (progn (carc-server-contact) nil)
                      (user-error (error-message-string err)))))
      (carc-e2e-check "missing binary: a clear error"
                      (and message (string-match-p "/nonexistent/carc" message)
                           (string-match-p "not found" message)
                           (string-match-p "carc-server-command" message))
                      (format "%S" message)))
    (setq carc-server-command (list binary "lsp"))

    ;; A dotted tile token is one symbol: double-click and completion take it whole.
    (with-temp-buffer
      (carc-mode)
      (insert "turn red ic.A 1,0 r90\n")
      (dolist (column '(9 11 12))
        (goto-char (+ (point-min) column))
        (let ((symbol (thing-at-point 'symbol t)))
          (carc-e2e-check (format "syntax table: ic.A is one symbol from column %d" column)
                          (equal symbol "ic.A") symbol))))

    (find-file file)
    (carc-e2e-check "auto-mode-alist: carc-mode" (eq major-mode 'carc-mode) major-mode)
    (carc-e2e-check "comment-start" (equal comment-start "# ") comment-start)
    (font-lock-ensure)
    (dolist (expected '((1 2 font-lock-comment-face "comment")
                        (4 0 font-lock-keyword-face "statement keyword")
                        (4 5 font-lock-variable-name-face "colour")
                        (4 9 font-lock-type-face "tile letter")
                        (4 11 font-lock-constant-face "coordinate")))
      (pcase-let ((`(,line ,column ,face ,what) expected))
        (let ((actual (carc-e2e-face-at line column)))
          (carc-e2e-check (format "font-lock: %s" what)
                          (if (listp actual) (memq face actual) (eq face actual))
                          (format "%S" actual)))))
    ;; Tile tokens of more than one letter, in a scratch buffer.
    (with-temp-buffer
      (insert "tile Eg 0,0\nturn red ic.A 1,0 r90\ndiscard tb.X\ndiscard ic.\n"
              "refused illegal-discard: discard Eg\n")
      (carc-mode)
      (font-lock-ensure)
      (let ((actual (carc-e2e-face-at 5 25)))
        (carc-e2e-check "font-lock: `discard' of a refused discard"
                        (if (listp actual) (memq 'font-lock-keyword-face actual)
                          (eq actual 'font-lock-keyword-face))
                        (format "%S" actual)))
      (dolist (expected '((1 5 t) (1 6 t) (2 9 t) (2 12 t) (3 8 t) (3 11 t) (4 8 nil)
                          (5 33 t) (5 34 t) (5 25 nil)))
        (pcase-let ((`(,line ,column ,want) expected))
          (let* ((actual (carc-e2e-face-at line column))
                 (tile (if (listp actual) (memq 'font-lock-type-face actual)
                         (eq actual 'font-lock-type-face))))
            (carc-e2e-check (format "font-lock: tile token at %d:%d" line column)
                            (eq (and tile t) want)
                            (format "%S" actual))))))
    ;; Traders & Builders: the builder and the pig with their places, `bonus', the goods.
    (with-temp-buffer
      (insert "tile U 1,0 r90 red builder E\nbonus red A 3,0 r90 pig NW => red +5\n"
              "goods red wine 2, cloth 1\nexpect goods blue grain 1\n")
      (carc-mode)
      (font-lock-ensure)
      (dolist (expected '((1 19 font-lock-type-face) (1 27 font-lock-constant-face)
                          (2 0 font-lock-keyword-face) (2 10 font-lock-type-face)
                          (2 20 font-lock-type-face) (2 24 font-lock-constant-face)
                          (3 0 font-lock-keyword-face) (3 10 font-lock-builtin-face)
                          (4 7 font-lock-keyword-face) (4 18 font-lock-builtin-face)))
        (pcase-let ((`(,line ,column ,face) expected))
          (let ((actual (carc-e2e-face-at line column)))
            (carc-e2e-check (format "font-lock: Traders & Builders word at %d:%d" line column)
                            (if (listp actual) (memq face actual) (eq face actual))
                            (format "%S" actual))))))

    ;; Start Eglot as `M-x eglot' does: the server comes from `eglot-server-programs'.
    (call-interactively #'eglot)
    (unless (carc-e2e-check "eglot manages the buffer"
                            (carc-e2e-wait (lambda () (eglot-current-server))))
      (error "No server"))
    (let ((server (eglot-current-server)))
      (carc-e2e-check "server is carc lsp"
                      (equal (process-command (jsonrpc--process server))
                             (list binary "lsp"))
                      (format "%S" (process-command (jsonrpc--process server))))

      ;; 1. Diagnostics, through Eglot into Flymake.
      (carc-e2e-wait (lambda () (flymake-diagnostics)))
      (let ((before (carc-e2e-diagnostics)))
        (carc-e2e-check "diagnostics on open: edge-mismatch on line 4"
                        (equal before '("edge-mismatch@4")) (format "%S" before)))
      (carc-e2e-check "the diagnostic is an error"
                      (let ((first (car (flymake-diagnostics))))
                        (and first (eq (flymake-diagnostic-type first) 'eglot-error))))

      ;; 2. Hover on the tile letter of line 4.
      (let* ((hover (jsonrpc-request
                     server :textDocument/hover
                     (list :textDocument (eglot--TextDocumentIdentifier)
                           :position (list :line 3 :character 9))
                     :timeout carc-e2e-timeout))
             (contents (plist-get hover :contents))
             (value (or (plist-get contents :value) "")))
        (carc-e2e-check "hover on the tile: markdown"
                        (equal (plist-get contents :kind) "markdown") (format "%S" hover))
        (carc-e2e-check "hover text names tile E and its cell"
                        (and (string-match-p (regexp-quote "**E**") value)
                             (string-match-p "0,1" value))
                        (format "%S" value))
        (carc-e2e-out "     hover: %s"
                      (substring (replace-regexp-in-string "\n" " " value) 0
                                 (min 120 (length value)))))

      ;; 3. Inlay hints: the raw answer, then Eglot's own overlays (Emacs 29+).
      (let* ((hints (jsonrpc-request
                     server :textDocument/inlayHint
                     (list :textDocument (eglot--TextDocumentIdentifier)
                           :range (list :start (list :line 0 :character 0)
                                        :end (list :line 4 :character 0)))
                     :timeout carc-e2e-timeout))
             (labels (mapcar (lambda (h)
                               (let ((label (plist-get h :label)))
                                 (format "%d:%s" (1+ (plist-get (plist-get h :position) :line))
                                         (if (stringp label) label
                                           (mapconcat (lambda (p) (plist-get p :value))
                                                      label "")))))
                             hints)))
        (carc-e2e-check "inlay hints returned" (> (length labels) 0) (format "%S" hints))
        (carc-e2e-check "an inlay hint on the turn (line 4)"
                        (cl-some (lambda (l) (string-prefix-p "4:" l)) labels)
                        (format "%S" labels))
        (carc-e2e-check "every inlay hint has a label"
                        (cl-every (lambda (l) (string-match-p "^[0-9]+:." l)) labels)
                        (format "%S" labels))
        (carc-e2e-out "     inlay hints: %s" (mapconcat #'identity labels " | ")))
      (if (not (fboundp 'eglot-inlay-hints-mode))
          (carc-e2e-out "     (this Eglot has no inlay-hint display; raw hints checked only)")
        (eglot-inlay-hints-mode 1)
        (carc-e2e-check "eglot-inlay-hints-mode stays on (server capability)"
                        eglot-inlay-hints-mode)
        ;; No redisplay in batch: ask for the region jit-lock would have asked for.
        (eglot--update-hints-1 (point-min) (point-max))
        (let* ((shown (lambda ()
                        (cl-loop for o in (overlays-in (point-min) (point-max))
                                 when (overlay-get o 'eglot--inlay-hint)
                                 collect (or (overlay-get o 'before-string)
                                             (overlay-get o 'after-string)))))
               (ok (carc-e2e-wait shown)))
          (carc-e2e-check "inlay hints shown by Eglot (overlays)" ok)
          (carc-e2e-out "     overlays: %S" (mapcar #'substring-no-properties (funcall shown)))))

      ;; 4. Edit: turn the city cap the right way up; the error goes away.
      (goto-char (point-min))
      (forward-line 3)
      (forward-char 14)
      (insert " r180")
      (let ((fixed (carc-e2e-wait (lambda () (null (flymake-diagnostics))))))
        (carc-e2e-check "after the fix (\" r180\"): no diagnostics" fixed
                        (format "%S" (carc-e2e-diagnostics))))

      ;; 5. Break line 3: a syntax error appears there.
      (goto-char (point-min))
      (forward-line 2)
      (end-of-line)
      (insert " r45")
      (carc-e2e-wait (lambda () (flymake-diagnostics)))
      (let ((after (carc-e2e-diagnostics)))
        (carc-e2e-check "after the break (\"r45\"): syntax on line 3"
                        (equal after '("syntax@3")) (format "%S" after)))

      (ignore-errors (eglot-shutdown server)))))

(condition-case err
    (carc-e2e-run)
  (error (carc-e2e-check "test script ran" nil (error-message-string err))))
(if (zerop carc-e2e-failures)
    (progn (carc-e2e-out "PASS emacs: all checks") (kill-emacs 0))
  (carc-e2e-out "FAIL emacs: %d check(s) failed" carc-e2e-failures)
  (kill-emacs 1))

;;; e2e.el ends here
