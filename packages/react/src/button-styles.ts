/**
 * Styles of the in-page buttons. `all: initial` cuts every inherited and element-level host style, and
 * every selector is prefixed, so nothing leaks in either direction. The theme's `--portico-*` variables
 * (custom properties, which `all` leaves alone) win over the defaults here, so a dApp's accent, font and
 * colours reach the buttons as they reach the modal.
 */
export const buttonStyles = `
.portico-connect-button,.portico-network-button{all:initial;box-sizing:border-box;display:inline-flex;align-items:center;gap:8px;height:40px;padding:0 14px;border-radius:999px;cursor:pointer;font-weight:600;font-size:14px;line-height:1;font-family:var(--portico-font,ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);letter-spacing:.01em;white-space:nowrap;transition:background-color .15s,transform .1s;
--pb-accent:var(--portico-accent,#6a4cf5);--pb-accent-text:var(--portico-accent-text,#fff);--pb-surface:var(--portico-surface,#1d1e24);--pb-text:var(--portico-text,#eceef2);--pb-muted:var(--portico-muted,#9a9caa);--pb-border:var(--portico-border,rgba(255,255,255,.1))}
.portico-connect-button[data-theme=light],.portico-network-button[data-theme=light]{--pb-surface:var(--portico-surface,#f1f2f6);--pb-text:var(--portico-text,#15161a);--pb-muted:var(--portico-muted,#62646f);--pb-border:var(--portico-border,rgba(0,0,0,.08))}
.portico-connect-button{background:var(--pb-accent);color:var(--pb-accent-text)}
.portico-connect-button[data-state=connected],.portico-connect-button[data-state=reconnecting],.portico-network-button{background:var(--pb-surface);color:var(--pb-text);box-shadow:inset 0 0 0 1px var(--pb-border)}
.portico-connect-button:hover,.portico-network-button:hover{filter:brightness(1.08)}
.portico-connect-button:active,.portico-network-button:active{transform:scale(.97)}
.portico-connect-button:focus-visible,.portico-network-button:focus-visible{outline:2px solid var(--pb-accent);outline-offset:2px}
.portico-connect-button .portico-balance{color:var(--pb-muted);font-weight:500}
.portico-avatar{all:initial;display:inline-block;border-radius:50%;flex:none}
.portico-network-dot{all:initial;position:relative;overflow:hidden;display:inline-grid;place-items:center;width:20px;height:20px;border-radius:50%;font:700 11px/1 ui-sans-serif,system-ui,sans-serif;color:#fff}
.portico-network-dot img{all:initial;position:absolute;inset:0;width:100%;height:100%}
@media (prefers-reduced-motion:reduce){.portico-connect-button,.portico-network-button{transition:none}.portico-connect-button:active,.portico-network-button:active{transform:none}}
`

const STYLE_ID = 'portico-button-styles'

export function injectButtonStyles(doc: Document): void {
  if (doc.getElementById(STYLE_ID)) return
  const style = doc.createElement('style')
  style.id = STYLE_ID
  style.textContent = buttonStyles
  doc.head.append(style)
}
