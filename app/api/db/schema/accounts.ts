// Accounts (issue 3): members, students, one-time passwords, tokens.
export {}
