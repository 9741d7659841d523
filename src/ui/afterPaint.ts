/**
 * Runs `work` once the next frame has been painted (a task queued from that frame's animation callback), for work
 * that a key press's frame need not wait for. Returns a cancel function, for an effect's cleanup.
 */
export function afterPaint(work: () => void): () => void {
  let timer: number | undefined;
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}
