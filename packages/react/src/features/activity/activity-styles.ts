/** The Activity view's CSS; it loads with the view, not with the modal. */
export const activityStyles =
  '.group-title{margin-block:10px 6px;margin-inline:4px;font-size:12px;font-weight:600;color:var(--portico-muted);text-transform:uppercase;letter-spacing:.04em}.group-skeleton{width:88px;height:12px;margin-block:12px 8px;margin-inline:4px}.activity .skeleton-row{height:52px}.activity .name a{color:inherit;text-underline-offset:2px}'
