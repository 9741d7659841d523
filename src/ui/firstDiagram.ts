/**
 * The diagram is the page's first useful paint. Monaco is several megabytes of script, and evaluating it on the main
 * thread while the diagram is being laid out delays the diagram by about a third of a second on a 2-core machine
 * (measured with the browser benchmark), so the editor chunk is only requested once the diagram has been painted —
 * or after a short wait when no diagram is on screen (the sequence view, the compact layout's editor tab). Until
 * then the editor pane shows the manifest as plain text.
 */
import { PERF_MARKS } from './perfMarks';

let resolveShown: () => void = () => {};
const shown = new Promise<void>((resolve) => (resolveShown = resolve));

/** Called once the diagram's boxes are measured; resolves after the frame that paints them. */
export function firstDiagramShown(): void {
  if (typeof requestAnimationFrame === 'undefined') return resolveShown();
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (!performance.getEntriesByName(PERF_MARKS.firstDiagramPainted).length)
        performance.mark(PERF_MARKS.firstDiagramPainted);
      resolveShown();
    }, 0),
  );
}

/** Resolves when the first diagram has been painted, or after `maxWaitMs` at the latest. */
export function afterFirstDiagram(maxWaitMs = 1500): Promise<void> {
  return Promise.race([shown, new Promise<void>((resolve) => setTimeout(resolve, maxWaitMs))]);
}
