/**
 * `Accept: application/json;as=Table;v=v1;g=meta.k8s.io`: the server-side printing kubectl asks for in `get`
 * (apiserver pkg/endpoints/handlers/response.go asTable). The columns and cells come from the engine's printers,
 * the same definitions the app panel prints with (src/engine/kubectl/printers.ts tableDefFor), so the real
 * kubectl's `get` columns are Podyssey's. Every column is sent, priority 1 included: kubectl hides those unless
 * `-o wide`. Each row carries the object's metadata as a meta.k8s.io/v1 PartialObjectMetadata (the default
 * `includeObject`), which kubectl reads for `--show-labels` and `-A`, or the whole object with `includeObject=Object`
 * (what `--sort-by` asks for).
 */
import type { KObject } from '../src/engine/types';
import { tableDefFor } from '../src/engine/kubectl/printers';
import type { PrintContext } from '../src/engine/kubectl/tableDef';
import { toWire, type WireClock } from './wire';

/** The descriptions kube-apiserver sends for the two columns every table has (metav1.ObjectMeta's docs). */
const DESCRIPTIONS: Record<string, string> = {
  Name: 'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names',
  Age: 'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata',
};

/** Not a table, or a table whose rows carry the object's metadata or (`includeObject=Object`) the whole object. */
export type TableMode = false | 'Metadata' | 'Object';

export function asTable(
  kind: string,
  items: readonly KObject[],
  ctx: Pick<PrintContext, 'now' | 'objects'>,
  clock: WireClock,
  resourceVersion: string,
  include: TableMode = 'Metadata',
) {
  const def = tableDefFor(kind, ctx.objects);
  const rows = items.map((o) => {
    const cells = def.row(o, { ...ctx, wide: true });
    const wire = toWire(o, clock) as { metadata: Record<string, unknown> };
    return {
      cells,
      object:
        include === 'Object'
          ? wire
          : { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: wire.metadata },
    };
  });
  const columnDefinitions = def.columns.map((c, i) => {
    const sample = rows.find((r) => r.cells[i] !== undefined)?.cells[i];
    return {
      name: c.name,
      type: typeof sample === 'number' ? 'integer' : typeof sample === 'boolean' ? 'boolean' : 'string',
      format: c.name === 'Name' ? 'name' : '',
      description: DESCRIPTIONS[c.name] ?? c.name,
      priority: c.priority ?? 0,
    };
  });
  return { kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: { resourceVersion }, columnDefinitions, rows };
}
