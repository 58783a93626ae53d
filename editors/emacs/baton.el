;;; baton.el --- baton-lsp through eglot for Swift and GraphQL buffers  -*- lexical-binding: t -*-

;; Load it from your init file (Emacs 29 has eglot built in; older ones install it from ELPA):
;;   (load "/path/to/baton/editors/emacs/baton.el")
;;   (setq baton-lsp-command '("/path/to/baton/.build/debug/baton-lsp" "--stdio"))  ; optional
;; then M-x eglot in a Swift or GraphQL buffer (or add `eglot-ensure' to the mode hooks).

;;; Code:

(require 'eglot)
(require 'project)

(defgroup baton nil "Baton's GraphQL language server." :group 'tools)

(defcustom baton-lsp-command '("baton-lsp" "--stdio")
  "The command starting baton-lsp: the executable (on PATH or absolute) and its arguments."
  :type '(repeat string))

;; Without swift-mode or graphql-mode packages, the buffers still get a mode eglot can name.
(unless (fboundp 'swift-mode)
  (define-derived-mode swift-mode prog-mode "Swift" "Stand-in for Swift buffers.")
  (add-to-list 'auto-mode-alist '("\\.swift\\'" . swift-mode)))
(unless (fboundp 'graphql-mode)
  (define-derived-mode graphql-mode prog-mode "GraphQL" "Stand-in for GraphQL buffers.")
  (add-to-list 'auto-mode-alist '("\\.\\(graphqls?\\|gql\\)\\'" . graphql-mode)))

;; One server per project: the nearest directory holding baton.json is the root (the server
;; finds every baton.json under it). `project-find-functions' falls back to VC roots.
(defun baton--project (dir)
  "The directory above DIR holding baton.json, as a transient project."
  (let ((root (locate-dominating-file dir "baton.json")))
    (and root (cons 'transient (expand-file-name root)))))
(add-hook 'project-find-functions #'baton--project)

(add-to-list 'eglot-server-programs
             `((swift-mode graphql-mode) . ,(lambda (&optional _interactive) baton-lsp-command)))

(provide 'baton)
;;; baton.el ends here
