/**
 * Resolves once the frame being prepared now has been painted: a task queued from a frame
 * callback runs after that frame. Work that changes nothing on the screen (keeping a copy on the
 * device) waits for it, so it does not sit between an answer and its rows (docs/product-list.md
 * "Speed"). A hidden page paints no frames; there the work waits `longestWaitMs` at most.
 */
export function afterNextPaint(longestWaitMs = 250): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
    };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(finish, 0));
    setTimeout(finish, longestWaitMs);
  });
}
