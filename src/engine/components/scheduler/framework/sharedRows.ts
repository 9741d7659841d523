/**
 * Sharing of the arrays a SchedulingResult keeps (NodeScores in types.ts). Every cycle's result stays in the trace,
 * and most of its rows repeat: a plugin scores every node alike (no taints, no images, equal free resources), the
 * weighted row equals the raw one (weight 1, no NormalizeScore), the feasible nodes and the plugins that scored are
 * those of the cycle before. Sharing them saves a 1,000-pod run thousands of kept arrays; results read the same.
 */

/** Uniform rows by length, then value; frozen because every result holding one shares it. */
const uniform = new Map<number, Map<number, readonly number[]>>();
let uniformCount = 0;
/** Enough for the handful of values uniform rows take; beyond it (odd clusters) rows are simply not shared. */
const MAX_UNIFORM_ROWS = 1_000;

/** A row to keep equal to the scratch row `row`: a shared one when every entry is the same, else a copy. */
export function keepRow(row: readonly number[]): readonly number[] {
  const v = row[0];
  // -0 would share a row with 0 (Map keys do not tell them apart), so it keeps its own.
  if (Object.is(v, -0)) return row.slice();
  for (let i = 1; i < row.length; i++) if (!Object.is(row[i], v)) return row.slice();
  let byValue = uniform.get(row.length);
  if (!byValue) uniform.set(row.length, (byValue = new Map()));
  const known = byValue.get(v);
  if (known) return known;
  if (uniformCount >= MAX_UNIFORM_ROWS) return row.slice();
  uniformCount++;
  const frozen = Object.freeze(row.slice());
  byValue.set(v, frozen);
  return frozen;
}

/** Whether two rows hold the same numbers. */
export function sameRow(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

const last = { names: [] as readonly string[], plugins: [] as readonly string[] };

/** The names of the feasible nodes, shared with the previous cycle's when they are the same. */
export function shareNames(nodes: ReadonlyArray<{ name: string }>): readonly string[] {
  let same = nodes.length === last.names.length;
  for (let i = 0; i < nodes.length && same; i++) same = nodes[i].name === last.names[i];
  return same ? last.names : (last.names = Object.freeze(nodes.map((n) => n.name)));
}

/** The plugins that scored, shared with the previous cycle's when they are the same. */
export function sharePlugins<T extends string>(plugins: T[]): readonly T[] {
  return (sameRow(plugins, last.plugins) ? last.plugins : (last.plugins = Object.freeze(plugins))) as readonly T[];
}
