const STYLE_ID = 'portico-sheet-style'

// Light and dark palettes match the modal's, so the wallet's surfaces read as part of it. The launcher
// floats over the dApp in the frame (`.sheet-root` with a backdrop); the approval window fills its own
// window (`.sheet-root[data-window]`).
const STYLES = `
html{color-scheme:light}
html,body{margin:0;background:transparent}
.sheet-root{position:fixed;inset:0;display:grid;place-items:center;background:rgba(8,8,12,.45);font:14px/1.4 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.sheet-root{--bg:#141519;--surface:#1f2027;--text:#eceef2;--muted:#9a9caa;--border:rgba(255,255,255,.09);--accent:#6a4cf5;--error:#f25a67}
.sheet-root[data-theme=light]{background:rgba(20,20,30,.25);--bg:#fff;--surface:#f3f4f7;--text:#15161a;--muted:#62646f;--border:rgba(0,0,0,.08);--error:#b42332}
.sheet-root[data-window]{background:var(--bg);place-items:stretch}
.sheet{box-sizing:border-box;width:min(380px,calc(100vw - 24px));max-height:min(600px,calc(100vh - 24px));display:flex;flex-direction:column;gap:10px;padding:16px;background:var(--bg);color:var(--text);border-radius:20px;box-shadow:0 0 0 1px var(--border),0 24px 64px rgba(0,0,0,.45);outline:none;overflow:auto;animation:rise .18s ease-out}
[data-window] .sheet{width:100%;max-height:none;height:100vh;border-radius:0;box-shadow:none;padding:20px;animation:none}
[data-window] .details{flex:1;min-height:0;overflow:auto;display:flex;flex-direction:column;gap:10px}
@media (max-width:440px){.sheet-root:not([data-window]){place-items:end center}.sheet-root:not([data-window]) .sheet{width:100vw;border-radius:20px 20px 0 0}}
@media (prefers-reduced-motion:reduce){.sheet{animation:none}}
@keyframes rise{from{transform:translateY(8px);opacity:.6}}
h1{margin:0;font-size:16px;text-align:center}
p{margin:0}
.from{color:var(--muted);text-align:center;overflow-wrap:anywhere}
.what{font-weight:600}
.origin{font-weight:600;color:var(--text)}
pre{margin:0;max-height:200px;overflow:auto;padding:10px 12px;border-radius:12px;background:var(--surface);white-space:pre-wrap;word-break:break-word;font:12px/1.4 ui-monospace,monospace}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0}
dt{color:var(--muted)}
dd{margin:0;font-weight:600;text-align:end;word-break:break-all;font-variant-numeric:tabular-nums}
.error{color:var(--error);font-weight:600}
.call{display:flex;flex-direction:column;gap:6px;padding:10px 12px;border-radius:12px;background:var(--surface)}
.call h2{margin:0;font-size:12px;font-weight:600;color:var(--muted)}
.call .action{margin:0;font-weight:600;overflow-wrap:anywhere}
.call .action.warn{color:var(--error)}
.upgrade{padding:10px 12px;border-radius:12px;border:1px solid var(--border)}
.hint{min-height:1.4em;font-size:12px;color:var(--muted);text-align:center}
.hint.warn{color:var(--error);font-weight:600}
.actions{display:flex;gap:8px}
button{all:unset;box-sizing:border-box;flex:1;display:inline-flex;justify-content:center;align-items:center;min-height:40px;padding:0 16px;border-radius:999px;font-weight:600;cursor:pointer;text-align:center}
button:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.approve{background:var(--accent);color:#fff}
.reject{background:var(--surface);color:var(--text)}
button[aria-disabled=true]{opacity:.5;cursor:default}
.secured{font-size:11px;color:var(--muted);text-align:center}
.warning{padding:10px 12px;border-radius:12px;background:var(--surface);color:var(--error);font-weight:600}
.factor{display:flex;flex-direction:column;gap:8px}
.factor label,.key h2{margin:0;font-size:14px;font-weight:600}
.factor input{box-sizing:border-box;width:100%;min-height:40px;padding:0 12px;border-radius:12px;border:1px solid var(--border);background:var(--surface);color:var(--text);font:15px ui-monospace,monospace}
.factor input:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.key{display:flex;flex-direction:column;gap:6px}
.secret{user-select:all;word-break:break-all}
.secret[data-hidden]{user-select:none;color:var(--muted)}
`

/** Adds the wallet surfaces' style sheet to `doc` once. */
export function ensureSheetStyles(doc: Document): void {
  if (doc.getElementById(STYLE_ID)) return
  const style = doc.createElement('style')
  style.id = STYLE_ID
  style.textContent = STYLES
  doc.head.append(style)
}

export type Make = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props?: Partial<HTMLElementTagNameMap[K]>,
) => HTMLElementTagNameMap[K]

/** `document.createElement` with properties, for the small DOM the wallet surfaces build. */
export const maker =
  (doc: Document): Make =>
  (tag, props = {}) =>
    Object.assign(doc.createElement(tag), props)
