import { escapeHtml } from './html.js'

// Candidates only: each is checked with the URL parser before it becomes a link.
const URL_CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/gi
// Sentence punctuation after a URL belongs to the sentence, not to the link.
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/

/** The http(s) URL `candidate` names, or undefined (other schemes and unparsable text stay text). */
function httpUrl(candidate: string): string | undefined {
  if (!URL.canParse(candidate)) return undefined
  const url = new URL(candidate)
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
}

/**
 * A mail's plain text as HTML: everything escaped, and each http(s) URL a link that opens in a new tab.
 * Mail text is untrusted: no other scheme (javascript:, data:) ever becomes a link.
 */
export function mailTextToHtml(text: string): string {
  let html = ''
  let from = 0
  for (const match of text.matchAll(URL_CANDIDATE)) {
    const candidate = match[0].replace(TRAILING_PUNCTUATION, '')
    const href = httpUrl(candidate)
    if (!href) continue
    html += escapeHtml(text.slice(from, match.index))
    html += `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${escapeHtml(candidate)}</a>`
    from = match.index + candidate.length
  }
  return html + escapeHtml(text.slice(from))
}
