/**
 * Resolves once the frame being prepared now has been painted: a task queued from a frame
 * callback runs after that frame. Work that changes nothing on the screen (keeping a copy on the
 * device) waits for it, so it does not sit between an answer and its rows (docs/product-list.md
 * "Speed"). A hidden page paints no frames; there the work waits `longestWaitMs` at most.
 *
 * `frames` = 2 waits for the frame after that one too: for work queued when new state was set but
 * before the framework has rendered it (React renders a store's update in a task of its own, which
 * may come after the next frame), so the work lands after the frame that shows the new state.
 */
export function afterNextPaint(longestWaitMs = 250, frames: 1 | 2 = 1): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
    };
    if (typeof requestAnimationFrame === 'function') {
      const afterFrame = (left: number) => () => (left > 1 ? requestAnimationFrame(afterFrame(left - 1)) : setTimeout(finish, 0));
      requestAnimationFrame(afterFrame(frames));
    }
    setTimeout(finish, longestWaitMs);
  });
}
