;;; check.el --- drive baton-lsp through baton.el in batch Emacs  -*- lexical-binding: t -*-

;; BATON_LSP=$PWD/.build/debug/baton-lsp BATON_FILE=/abs/path/File.swift \
;; BATON_COMPLETE=4:8 BATON_HOVER=3:7 BATON_TIMEOUT=30 \
;;   emacs --batch -l editors/emacs/test/check.el
;; Opens BATON_FILE, connects with the server entry baton.el registers (as M-x eglot would
;; guess it), waits for the first non-empty diagnostics and for flymake to show them, asks
;; for completion at BATON_COMPLETE and hover at BATON_HOVER ("line:character", 0-based),
;; and prints one JSON object as its last line. Exits 1 when something fails or times out
;; (every wait is bounded by BATON_TIMEOUT seconds).

(require 'seq)
(require 'json)
;; Debian's elpa-eglot (Emacs 28) is a package: activate packages when eglot is not built in.
(unless (require 'eglot nil t) (require 'package) (package-initialize))
(load (expand-file-name "../baton.el" (file-name-directory load-file-name)))
(when (getenv "BATON_LSP") (setq baton-lsp-command (list (getenv "BATON_LSP") "--stdio")))

(defvar baton-check-diagnostics nil)
(defvar baton-check-report nil)
(defvar baton-check-timeout (string-to-number (or (getenv "BATON_TIMEOUT") "30")))
(advice-add 'eglot-handle-notification :before
            (lambda (_server method &rest params)
              (when (and (eq method 'textDocument/publishDiagnostics)
                         (> (length (plist-get params :diagnostics)) 0))
                (setq baton-check-diagnostics (plist-get params :diagnostics)))))

(defun baton-check--report (key value)
  (setq baton-check-report (append baton-check-report (list (cons key value)))))

(defun baton-check--wait (predicate)
  "Waits until PREDICATE holds, at most `baton-check-timeout' seconds; its last value."
  (let ((deadline (+ (float-time) baton-check-timeout)) (value nil))
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    value))

(defun baton-check--goto (text)
  "Moves point to TEXT, \"line:character\" (0-based), as the server counts them."
  (let ((parts (mapcar #'string-to-number (split-string text ":"))))
    (goto-char (eglot--lsp-position-to-point (list :line (nth 0 parts) :character (nth 1 parts))))))

(defun baton-check--ask (method at)
  "The answer to METHOD at AT from the buffer's server."
  (baton-check--goto at)
  (jsonrpc-request (eglot-current-server) method (eglot--TextDocumentPositionParams)
                   :timeout baton-check-timeout))

(defun baton-check--run ()
  (find-file (getenv "BATON_FILE"))
  (baton-check--report 'mode (symbol-name major-mode))
  (baton-check--report 'root (project-root (project-current)))
  (apply #'eglot (eglot--guess-contact))  ; `eglot-ensure' waits for a command loop batch Emacs lacks
  (unless (baton-check--wait (lambda () (eglot-current-server))) (error "no server for the buffer"))
  (baton-check--wait (lambda () baton-check-diagnostics))
  (baton-check--report
   'diagnostics
   (vconcat (seq-map (lambda (diagnostic)
                       (let ((start (plist-get (plist-get diagnostic :range) :start)))
                         `((line . ,(plist-get start :line)) (character . ,(plist-get start :character))
                           (message . ,(plist-get diagnostic :message)))))
                     baton-check-diagnostics)))
  ;; What the user sees: flymake's diagnostics in the buffer, at the character eglot mapped.
  (let ((shown (baton-check--wait (lambda () (and (bound-and-true-p flymake-mode) (flymake-diagnostics))))))
    (baton-check--report
     'flymake
     (vconcat (mapcar (lambda (diagnostic)
                        (let ((position (eglot--pos-to-lsp-position (flymake-diagnostic-beg diagnostic))))
                          `((line . ,(plist-get position :line)) (character . ,(plist-get position :character))
                            (message . ,(flymake-diagnostic-text diagnostic)))))
                      shown))))
  (let* ((answer (baton-check--ask :textDocument/completion (or (getenv "BATON_COMPLETE") "0:0")))
         (items (if (vectorp answer) answer (plist-get answer :items))))
    (baton-check--report 'completion (vconcat (seq-map (lambda (item) (plist-get item :label)) items))))
  (let ((hover (baton-check--ask :textDocument/hover (or (getenv "BATON_HOVER") "0:0"))))
    (baton-check--report 'hover (plist-get (plist-get hover :contents) :value))))

(let ((code 0))
  (condition-case problem
      (baton-check--run)
    (error (baton-check--report 'error (error-message-string problem))
           (setq code 1)))
  (princ (concat (json-encode baton-check-report) "\n"))
  (kill-emacs code))
;;; check.el ends here
