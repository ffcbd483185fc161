/**
 * The modal's styles live in its shadow root: the host page's CSS cannot reach in, and ours cannot leak out.
 * Every text colour meets WCAG AA (4.5:1) on the theme's background and surfaces: the accent is a fill
 * under --portico-accent-text, and --portico-accent-ink is the accent as text (lighter on dark, darker on light).
 * Toasts sit 8 px above the dialog; where that leaves the screen (a dialog that fills the window, a phone's
 * sheet) they sit 12 px inside its bottom edge: clear of the header's Back and Close and of the view's first
 * field (the e-mail a ten-second sign-in toast asks for). They are anchored only while the dialog is open
 * (`.backdrop~`, so every anchor() finds it and needs no fallback value); with no dialog they sit 16 px
 * from the page's top.
 * The dialog is transparent under the wallet frame's launcher (ApproveRequest), so the launcher alone shows
 * on the backdrop, and draws no focus ring when it holds the focus itself (Connect starts there). Comments
 * inside the CSS would ship with it: they stay here.
 */
export const modalStyles = `
:host{all:initial;
--portico-accent:#6a4cf5;--portico-accent-text:#fff;--portico-accent-ink:color-mix(in srgb,var(--portico-accent) 55%,#fff);--portico-bg:#141519;--portico-surface:#1f2027;--portico-surface-hover:#292a33;
--portico-text:#eceef2;--portico-muted:#9a9caa;--portico-border:rgba(255,255,255,.09);--portico-error:#f87079;--portico-success:#2bd67b;
--portico-backdrop:rgba(8,8,12,.6);--portico-radius:20px;--portico-font:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;--portico-z-index:2147483000}
:host([data-theme=light]){--portico-bg:#fff;--portico-surface:#f3f4f7;--portico-surface-hover:#e8e9ef;--portico-text:#15161a;--portico-muted:#62646f;--portico-accent-ink:color-mix(in srgb,var(--portico-accent) 80%,#000);--portico-error:#a51f2e;--portico-success:#0a5f32;--portico-border:rgba(0,0,0,.08);--portico-backdrop:rgba(20,20,30,.35)}
*,*::before,*::after{box-sizing:border-box}
:host{--portico-scrollbar:color-mix(in srgb,var(--portico-muted) 55%,transparent)}
*{scrollbar-width:thin;scrollbar-color:var(--portico-scrollbar) transparent}
::-webkit-scrollbar{width:8px;height:8px}
::-webkit-scrollbar-track{background:transparent}
::-webkit-scrollbar-thumb{background:var(--portico-scrollbar);border-radius:999px;border:2px solid transparent;background-clip:padding-box}
.backdrop{position:fixed;inset:0;z-index:var(--portico-z-index);display:grid;place-items:center;background:var(--portico-backdrop);animation:fade .16s ease-out;font:14px/1.4 var(--portico-font);color:var(--portico-text)}
.dialog{position:relative;width:min(380px,calc(100vw - 24px));max-height:min(720px,calc(100dvh - 24px));display:flex;flex-direction:column;background:var(--portico-bg);border-radius:var(--portico-radius);box-shadow:0 0 0 1px var(--portico-border),0 24px 64px rgba(0,0,0,.4);animation:rise .2s cubic-bezier(.2,.9,.3,1.2);outline:none;overflow:hidden}
.backdrop[data-rehearsal]{visibility:hidden}
.dialog[data-shake=true]{animation:shake .5s}
.dialog[data-view=ApproveRequest]{opacity:0}
@media (max-width:440px){.backdrop{place-items:end center}.dialog{width:100vw;border-radius:var(--portico-radius) var(--portico-radius) 0 0}}
.content{overscroll-behavior:contain}
header{display:grid;grid-template-columns:40px 1fr 40px;align-items:center;padding:12px 12px 4px}
h2{margin:0;text-align:center;font-size:16px;font-weight:600}
.icon-button{all:unset;width:32px;height:32px;display:grid;place-items:center;border-radius:50%;cursor:pointer;color:var(--portico-muted)}
.icon-button:hover{background:var(--portico-surface);color:var(--portico-text)}
button:focus-visible,a:focus-visible,.icon-button:focus-visible,[tabindex]:focus-visible{outline:2px solid var(--portico-accent);outline-offset:2px}
.dialog:focus-visible{outline:none}
.content{padding:8px 16px 16px;overflow-y:auto;min-height:0;display:flex;flex-direction:column;gap:8px}
.list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:6px}
.row{all:unset;box-sizing:border-box;width:100%;display:flex;align-items:center;gap:12px;padding:10px 12px;border-radius:14px;background:var(--portico-surface);cursor:pointer;font-weight:600}
.row:hover{background:var(--portico-surface-hover)}
.row[aria-current=true]{box-shadow:inset 0 0 0 1.5px var(--portico-accent)}
.row img,.wallet-icon{width:36px;height:36px;border-radius:10px;flex:none;object-fit:cover}
.wallet-image{position:relative;display:inline-grid;place-items:center;flex:none;border-radius:28%;overflow:hidden;background:var(--portico-surface-hover)}
.wallet-image img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;border-radius:inherit}
.wallet-image img[data-state=loading]{opacity:0}
.wallet-image-placeholder{font-weight:700;color:var(--portico-muted)}
.grid-icon{width:36px;height:36px;background:conic-gradient(from 45deg,#7b61ff,#2bd67b,#28a0f0,#f0b90b,#7b61ff)}
.content>*{flex-shrink:0}
.field{all:unset;box-sizing:border-box;flex:1;min-width:0;width:100%;height:40px;padding:0 14px;border-radius:999px;background:var(--portico-surface);color:var(--portico-text);font:inherit;text-align:start}
.field::placeholder{color:var(--portico-muted)}
.field:focus-visible{outline:2px solid var(--portico-accent);outline-offset:0}
.field[aria-invalid=true]{box-shadow:inset 0 0 0 1.5px var(--portico-error)}
.field-error{margin:0;font-size:12px;color:var(--portico-error);text-align:start}
.email-form{display:flex;flex-direction:column;gap:6px}
.email-row{display:flex;gap:8px}
.email-row.inline{position:relative}
.email-row.inline .field{height:44px;padding-inline:40px 48px}
.field-icon{position:absolute;inset-inline-start:14px;top:14px;color:var(--portico-muted);pointer-events:none}
.inline-submit{all:unset;box-sizing:border-box;position:absolute;inset-inline-end:4px;top:4px;width:36px;height:36px;display:grid;place-items:center;border-radius:50%;background:var(--portico-accent);color:var(--portico-accent-text);cursor:pointer}
.inline-submit:disabled{background:var(--portico-surface-hover);color:var(--portico-muted);opacity:1}
.inline-submit:focus-visible{outline:2px solid var(--portico-accent);outline-offset:2px}
.forward-icon:dir(rtl){transform:scaleX(-1)}
.spinner.small{width:16px;height:16px;border-width:2px}
.socials{display:flex;flex-direction:column;gap:8px}
.social-row{list-style:none;margin:0;padding:0;display:flex;gap:6px}
.social-row li{flex:1;min-width:0}
.social{all:unset;box-sizing:border-box;display:flex;align-items:center;justify-content:center;gap:10px;width:100%;height:40px;border-radius:12px;background:var(--portico-surface);color:var(--portico-text);cursor:pointer}
.social.wide{height:44px;font-weight:600}
.social.passkey{height:28px;background:transparent;font-size:13px;font-weight:600;color:var(--portico-muted)}.social.passkey:hover{color:var(--portico-text)}
.social:hover{background:var(--portico-surface-hover)}
.social:focus-visible{outline:2px solid var(--portico-accent);outline-offset:2px}
.social-mark{display:grid;place-items:center;width:24px;height:24px;border-radius:50%;color:#fff;font:700 11px/1 var(--portico-font)}
.social-mark img{display:block;width:100%;height:100%}
.divider{display:flex;align-items:center;gap:10px;color:var(--portico-muted);font-size:12px}
.divider::before,.divider::after{content:"";flex:1;height:1px;background:var(--portico-border)}
.status{min-height:1.4em;font-size:12px}
.message{margin:0;max-height:160px;overflow:auto;width:100%;padding:10px 12px;border-radius:12px;background:var(--portico-surface);text-align:start;white-space:pre-wrap;word-break:break-word;font:12px/1.4 ui-monospace,monospace}
button:disabled{opacity:.5;cursor:default}
label{font-weight:600;text-align:start}
.notice{margin:4px 0 0;text-align:center;font-size:12px;color:var(--portico-muted);list-style:none}
.link{all:unset;cursor:pointer;color:var(--portico-accent-ink);font-weight:600}
.link:focus-visible{outline:2px solid var(--portico-accent)}
.sentinel{height:1px}
.muted{color:var(--portico-muted);font-weight:500;font-size:12px}
.row .name{flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.tag{font-size:11px;font-weight:600;padding:3px 7px;border-radius:999px;background:color-mix(in srgb,var(--portico-accent) 18%,transparent);color:var(--portico-accent-ink)}
.tag.success{background:color-mix(in srgb,var(--portico-success) 18%,transparent);color:var(--portico-success)}
.center{display:flex;flex-direction:column;align-items:center;text-align:center;gap:10px;padding:16px 8px}
.center p{margin:0;color:var(--portico-muted)}
.center .field-error{color:var(--portico-error);text-align:center}
.center h3{margin:0;font-size:16px}
.primary,.secondary{all:unset;box-sizing:border-box;display:inline-flex;justify-content:center;align-items:center;gap:8px;min-height:40px;padding:0 16px;border-radius:999px;font-weight:600;cursor:pointer}
.primary{background:var(--portico-accent);color:var(--portico-accent-text)}
.secondary{background:var(--portico-surface);color:var(--portico-text)}
.secondary.danger{color:var(--portico-error)}
.primary:hover,.secondary:hover{filter:brightness(1.08)}
.stack{display:flex;flex-direction:column;gap:8px;width:100%}
.spinner{width:56px;height:56px;border-radius:50%;border:3px solid var(--portico-surface);border-top-color:var(--portico-accent);animation:spin 1s linear infinite}
.error-mark{width:56px;height:56px;border-radius:50%;display:grid;place-items:center;background:color-mix(in srgb,var(--portico-error) 16%,transparent);color:var(--portico-error);font-size:28px;font-weight:700}
.toast-region{position:fixed;inset-block-start:16px;inset-inline:0;display:flex;justify-content:center;z-index:calc(var(--portico-z-index) + 1);font:600 13px/1.3 var(--portico-font);pointer-events:none}
.toast{display:flex;align-items:center;gap:8px;padding:10px 14px;border-radius:999px;background:var(--portico-bg);color:var(--portico-text);box-shadow:0 0 0 1px var(--portico-border),0 8px 24px rgba(0,0,0,.3);animation:fade .16s ease-out;max-width:min(420px,calc(100vw - 32px))}
.toast .dot{width:8px;height:8px;border-radius:50%;flex:none;background:var(--portico-accent)}
.toast[data-variant=error] .dot{background:var(--portico-error)}
.toast[data-variant=success] .dot{background:var(--portico-success)}
@supports (anchor-name:--a){.dialog{anchor-name:--portico-dialog}.backdrop~.toast-region{position-anchor:--portico-dialog;inset-block-start:auto;inset-block-end:calc(anchor(top) - 6px);inset-inline-start:anchor(start);inset-inline-end:anchor(end);position-try-fallbacks:--portico-toast}}
@position-try --portico-toast{inset-block-end:calc(anchor(bottom) + 12px)}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.portico-avatar{display:inline-block;border-radius:50%;flex:none}
.portico-network-dot{position:relative;overflow:hidden;display:inline-grid;place-items:center;border-radius:50%;font:700 12px/1 var(--portico-font);color:#fff;flex:none}
.portico-network-dot img{position:absolute;inset:0;width:100%;height:100%}
a.row{text-decoration:none;color:inherit}
.back-icon:dir(rtl){transform:scaleX(-1)}
/* Addresses, hashes, codes and amounts read left to right inside right-to-left text. */
.ltr,code{unicode-bidi:isolate;direction:ltr}
@keyframes fade{from{opacity:0}}
@keyframes rise{from{opacity:0;transform:translateY(12px) scale(.98)}}
@keyframes spin{to{transform:rotate(360deg)}}
@keyframes shake{10%,90%{transform:translateX(-2px)}20%,80%{transform:translateX(4px)}30%,50%,70%{transform:translateX(-6px)}40%,60%{transform:translateX(6px)}}
@media (prefers-reduced-motion:reduce){*,*::before,*::after{animation-duration:.01ms!important;animation-iteration-count:1!important;transition:none!important}}
`
