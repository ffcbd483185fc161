/**
 * CSS of list placeholders and empty states; it loads with the views that list things (Connect, All
 * wallets, Account, Activity), not with the modal. The shimmer stops for visitors who ask for less motion.
 */
export const listStyles = `
.skeleton{display:block;flex:none;border-radius:8px;background:linear-gradient(90deg,var(--portico-surface-hover) 30%,color-mix(in srgb,var(--portico-surface-hover) 55%,var(--portico-text) 8%) 50%,var(--portico-surface-hover) 70%);background-size:300% 100%;animation:shimmer 1.4s ease-in-out infinite}
.skeleton.line{height:12px;width:45%}
.skeleton-row{cursor:default;list-style:none}
.skeleton-row:hover{background:var(--portico-surface)}
.skeleton-tile{cursor:default;height:100%}
.skeleton-tile .skeleton.line{width:70%;height:10px;margin-block:2px}
.empty-state{display:flex;flex-direction:column;align-items:center;gap:8px;padding:24px 16px;text-align:center}
.empty-state h3{margin:0;font-size:15px}
.empty-state p{margin:0;color:var(--portico-muted);font-size:13px;max-width:260px}
.empty-actions{display:flex;flex-wrap:wrap;justify-content:center;gap:8px;margin-top:4px}
.empty-icon{display:grid;place-items:center;width:48px;height:48px;border-radius:50%;background:var(--portico-surface);color:var(--portico-muted)}
@keyframes shimmer{from{background-position:100% 0}to{background-position:0 0}}
@media (prefers-reduced-motion:reduce){.skeleton{animation:none}}
`
