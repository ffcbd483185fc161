/** Escapes text for HTML bodies and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  )
}

/** The one inline style of every page (a CSP can allow exactly it by its hash). */
export const PAGE_STYLE = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#222}
input,button{font:inherit;padding:.5rem .75rem}button{cursor:pointer}pre{white-space:pre-wrap;background:#f4f4f4;padding:.75rem}
.mail{border-bottom:1px solid #ddd;padding:1rem 0}.meta{color:#666;font-size:.9rem}`

/** A small self-contained page (inline style only, no scripts unless given with a nonce). */
export function htmlPage(
  title: string,
  body: string,
  language: { lang: string; dir: 'ltr' | 'rtl' } = { lang: 'en', dir: 'ltr' },
): string {
  return `<!doctype html>
<html lang="${escapeHtml(language.lang)}" dir="${language.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head><body>${body}</body></html>`
}
