/**
 * Runs `task` once the next frame has been painted (a task after the next animation frame), or on the
 * next task where there are no frames (server, tests). Work an open does not need for its first frame
 * (analytics) waits here, so a cold open paints first.
 */
export function afterFirstFrame(task: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(task, 0))
  else setTimeout(task, 0)
}
