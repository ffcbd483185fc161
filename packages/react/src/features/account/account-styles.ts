import { emptyStateStyles } from '../../components/empty-state.js'
import { searchFieldStyles } from '../../components/search-field-styles.js'
import { skeletonStyles } from '../../components/skeleton.js'
import { tokenRowStyles } from '../../components/token-row-styles.js'

/**
 * The Account view's CSS; it loads with the view. The view fits a 800 px high window: the feature
 * actions are a grid of buttons, and the token list (only it) scrolls when an account holds many.
 */
export const accountStyles = `${skeletonStyles}${emptyStateStyles}${tokenRowStyles}${searchFieldStyles}
.account{display:flex;flex-direction:column;align-items:center;gap:6px;padding:4px 0 8px}
.address{display:flex;align-items:center;gap:6px;font-size:18px;font-weight:700}
.balance{color:var(--portico-muted);font-size:15px;font-weight:500}
.account-links{display:flex;justify-content:center;gap:6px;flex-wrap:wrap}
.pill{all:unset;box-sizing:border-box;display:inline-flex;align-items:center;gap:6px;height:32px;padding-inline:6px 12px;border-radius:999px;background:var(--portico-surface);color:var(--portico-text);font-size:13px;font-weight:600;cursor:pointer;max-width:100%}
.pill:hover{background:var(--portico-surface-hover)}
.pill.plain{padding-inline:12px}
.pill.static{cursor:default;background:none;border:1px solid var(--portico-border);color:var(--portico-success)}
.pill[aria-disabled="true"]{cursor:progress;opacity:.7}
.pill:focus-visible{outline:2px solid var(--portico-accent);outline-offset:2px}
.actions{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:6px}
.actions li{flex:1 1 calc(100% / var(--columns, 4) - 6px)}
.action{all:unset;box-sizing:border-box;width:100%;height:100%;min-height:60px;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:4px;padding:8px 2px;border-radius:14px;background:var(--portico-surface);color:var(--portico-text);font-size:12px;font-weight:600;line-height:1.2;text-align:center;cursor:pointer}
.action .word{white-space:nowrap}
.action:hover{background:var(--portico-surface-hover)}
.action:focus-visible{outline:2px solid var(--portico-accent);outline-offset:2px}
.action svg{color:var(--portico-accent);flex:none}
.content>.account-tokens{flex-shrink:1;min-height:112px;overflow-y:auto}
.account-tokens .empty-state{padding-block:12px}
.profile-image{width:64px;height:64px;border-radius:50%;object-fit:cover}
.account .profile-image{width:56px;height:56px}
.account .skeleton.balance-line{width:96px;height:16px;margin-block:2px}
.account-permissions h2{font-size:14px;margin:4px 0}
.account-permissions .permission{display:flex;align-items:center;justify-content:space-between;gap:8px;padding:8px 0;font-size:13px}
.permission-app{font-weight:600}
`
