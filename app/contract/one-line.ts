// A name is one line wherever it goes: a mail's greeting, a document, the office's lists. A line
// break or another control character in one would let whoever typed it write paragraphs of their
// own into a mail the branch sends (decision 0062); the bidirectional controls would reorder what is shown.
const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u

export const isOneLine = (text: string) => !NOT_ONE_LINE.test(text)

export const oneLineMessage = (what: string) => `${what} must be one line, without line breaks or other control characters`

/** Text kept from before the rule, made one line: each run of such characters a single space. */
export const asOneLine = (text: string) => text.replace(new RegExp(`(?:${NOT_ONE_LINE.source}|\\s)+`, 'gu'), ' ').trim()
