/** The Activity view's CSS; it loads with the view, not with the modal. */
export const activityStyles =
  '.group-title{margin-block:10px 6px;margin-inline:4px;font-size:12px;font-weight:600;color:var(--portico-muted);text-transform:uppercase;letter-spacing:.04em}.group-skeleton{width:88px;height:12px;margin-block:12px 8px;margin-inline:4px}.activity .skeleton-row{height:52px}.activity .name a{color:inherit;text-underline-offset:2px}' +
  // A swap's two icons overlap diagonally in the space of one, so every row keeps the same layout.
  '.activity-icons{position:relative;display:inline-flex;flex:none;width:32px;height:32px}.activity-icons.pair>:first-child{position:absolute;inset-block-start:0;inset-inline-start:0}.activity-icons.pair>:last-child{position:absolute;inset-block-end:0;inset-inline-end:0;box-shadow:0 0 0 2px var(--portico-surface);border-radius:50%}' +
  // The content as a tab stop (keyboard-scroll-region.ts): its ring inside, the dialog clips outside.
  '.content[tabindex]:focus-visible{outline-offset:-2px}' +
  '.activity-row .detail{font-weight:500;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}.activity-row .amount{font-size:14px}.activity-row time{font-size:12px;font-weight:500}'
