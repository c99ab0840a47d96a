// Pending: tests land with the helper's branch.
