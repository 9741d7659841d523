/**
 * The one-line-per-step text form of a trace (docs/CONTRACTS.md §4 `--format text`), also used for golden files:
 * `#41 3.204s kube-scheduler → kube-apiserver  POST /api/v1/namespaces/default/pods/web-…/binding`.
 * Events recorded at a step follow it, indented, so a golden diff shows behaviour and Kubernetes output together.
 */
import type { Endpoint, Step } from '../types';

function endpointText(e: Endpoint): string {
  return `${e.component}${e.node ? `@${e.node}` : ''}${e.part ? `/${e.part}` : ''}`;
}

function formatStep(s: Step): string {
  const where =
    s.from.component === s.to.component && s.from.node === s.to.node
      ? endpointText(s.from)
      : `${endpointText(s.from)} → ${endpointText(s.to)}`;
  return `#${s.seq} ${(s.time / 1000).toFixed(3)}s ${where}  ${s.label}${s.background ? '  (background)' : ''}`;
}

export function formatTrace(steps: readonly Step[], opts: { events?: boolean; summaries?: boolean } = {}): string {
  return [...traceLines(steps, opts)].join('\n');
}

/** The lines of formatTrace one at a time, so a large run can be written out without one giant string. */
export function* traceLines(
  steps: readonly Step[],
  opts: { events?: boolean; summaries?: boolean } = {},
): Generator<string> {
  for (const s of steps) {
    yield formatStep(s);
    if (opts.summaries) yield `    ${s.summary}`;
    if (opts.events !== false)
      for (const e of s.events)
        yield `    ${e.type} ${e.reason} ${e.involvedObject.kind.toLowerCase()}/${e.involvedObject.name} (${e.source}): ${e.message}${e.count > 1 ? ` (x${e.count})` : ''}`;
  }
}
