/**
 * User Timing marks that the browser benchmark (bench/browser.bench.ts) reads. Each is set once per page, on the
 * frame after the event it names, so the mark's time is close to when the user could first see it.
 */
export const PERF_MARKS = {
  /** The cluster diagram's boxes are measured and laid out: the first useful paint. */
  firstDiagram: 'podyssey:first-diagram',
  /** That frame has been rendered (style, layout, paint): set from the first task after it. */
  firstDiagramPainted: 'podyssey:first-diagram-painted',
} as const;

const done = new Set<string>();

export function markOnce(name: string): void {
  if (done.has(name) || typeof performance === 'undefined' || typeof requestAnimationFrame === 'undefined') return;
  done.add(name);
  requestAnimationFrame(() => performance.mark(name));
}
