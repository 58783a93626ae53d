;;; check.el --- drive baton-lsp through baton.el in batch Emacs  -*- lexical-binding: t -*-

;; BATON_LSP=$PWD/.build/debug/baton-lsp BATON_FILE=/abs/path/File.swift \
;;   emacs --batch -l editors/emacs/test/check.el
;; Opens BATON_FILE, connects with the server entry baton.el registers (as M-x eglot would
;; guess it), waits for the first non-empty diagnostics and prints their messages. Exits 1
;; when none arrive within 30 seconds.

(require 'seq)
(load (expand-file-name "../baton.el" (file-name-directory load-file-name)))
(when (getenv "BATON_LSP") (setq baton-lsp-command (list (getenv "BATON_LSP") "--stdio")))

(defvar baton-check-diagnostics nil)
(advice-add 'eglot-handle-notification :before
            (lambda (_server method &rest params)
              (when (and (eq method 'textDocument/publishDiagnostics)
                         (> (length (plist-get params :diagnostics)) 0))
                (setq baton-check-diagnostics (plist-get params :diagnostics)))))

(find-file (getenv "BATON_FILE"))
(message "mode: %s, project root: %s" major-mode (project-root (project-current)))
(apply #'eglot (eglot--guess-contact))  ; `eglot-ensure' waits for a command loop batch Emacs lacks
(with-timeout (30 nil) (while (not baton-check-diagnostics) (accept-process-output nil 0.1)))
(seq-doseq (diagnostic baton-check-diagnostics)  ; a vector, as eglot decodes JSON arrays
  (let ((start (plist-get (plist-get diagnostic :range) :start)))
    (message "%d:%d %s" (plist-get start :line) (plist-get start :character) (plist-get diagnostic :message))))
(kill-emacs (if baton-check-diagnostics 0 1))
;;; check.el ends here
