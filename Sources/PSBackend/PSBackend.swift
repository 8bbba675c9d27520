// PSBackend — see docs/ and ../shared/design/architecture.md. Filled in by its issue.
