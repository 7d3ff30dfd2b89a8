// JSON values, the Draft 2020-12 validator and JSON diff; see ARCHITECTURE.md.
