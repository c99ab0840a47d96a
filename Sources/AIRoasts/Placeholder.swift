// Placeholder: the AI roast source lands with the roast-engine issue.
