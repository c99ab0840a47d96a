// Placeholder: this target is being built; see the foundation issue.
