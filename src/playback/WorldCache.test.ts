import { describe, expect, it } from 'vitest';
import { worldAt } from '../engine/trace/worldAt';
import { etcdRows, writesAt } from './etcdView';
import { ownershipTree } from './ownershipTree';
import { MAX_SNAPSHOTS, WorldCache } from './WorldCache';
import { scenarioRun } from './testRuns';

describe('WorldCache', () => {
  it('gives the same world as folding the history from the start, in any visiting order', () => {
    const run = scenarioRun('happy-path');
    const cache = new WorldCache(run, 40);
    for (const seq of [200, 3, 306, 0, 41, 39, 40, -1, 150]) {
      const a = cache.at(seq);
      const b = worldAt(run, seq);
      expect([...a.etcd.keys()]).toEqual([...b.etcd.keys()]);
      expect(a.revision).toBe(b.revision);
      expect(a.etcd.get('/registry/deployments/default/web')).toEqual(b.etcd.get('/registry/deployments/default/web'));
    }
  });

  it('stepping forward one at a time (folding on from the last world) equals folding from the start', () => {
    const run = scenarioRun('happy-path');
    const cache = new WorldCache(run, 40);
    for (let seq = 30; seq < 130; seq++) {
      const a = cache.at(seq);
      const b = worldAt(run, seq);
      expect(a.seq).toBe(seq);
      expect([...a.etcd.entries()]).toEqual([...b.etcd.entries()]);
      expect([...a.runtime.entries()]).toEqual([...b.runtime.entries()]);
      expect(a.events).toEqual(b.events);
      expect(a.revision).toBe(b.revision);
    }
  });
});

describe('worldAt copy on write', () => {
  const run = scenarioRun('happy-path');
  const writes = new Set(run.history.map((h) => h.seq));

  it('shares the maps of its base through a step that writes nothing', () => {
    const quiet = run.steps.find((s) => s.seq > 0 && !writes.has(s.seq))!.seq;
    const base = worldAt(run, quiet - 1);
    const next = worldAt(run, quiet, base);
    expect(next.etcd).toBe(base.etcd);
    expect(next.runtime).toBe(base.runtime);
    expect(next.events).toBe(base.events);
    expect(next.seq).toBe(quiet);
  });

  it('copies a map before writing to it and leaves the base as it was', () => {
    const put = run.history.find((h) => h.seq > 0 && h.key.startsWith('/registry/pods/'))!;
    const base = worldAt(run, put.seq - 1);
    const before = [...base.etcd.entries()];
    const next = worldAt(run, put.seq, base);
    expect(next.etcd).not.toBe(base.etcd);
    expect([...base.etcd.entries()]).toEqual(before);
    expect(next.etcd.get(put.key)).toBe(run.history.filter((h) => h.seq <= put.seq && h.key === put.key).at(-1)!.value);
  });
});

describe('etcd and objects inspectors', () => {
  const run = scenarioRun('happy-path');
  it('highlights the keys a step wrote', () => {
    const put = run.steps.find((s) => s.narration.key === 'etcd.put')!;
    const written = writesAt(run.history, put.seq);
    expect(written.length).toBeGreaterThan(0);
    const rows = etcdRows(run, worldAt(run, put.seq), put.seq);
    expect(rows.filter((r) => r.changed).map((r) => r.key)).toEqual(
      written.map((h) => h.key).filter((k) => k.startsWith('/registry/')),
    );
    expect(
      etcdRows(run, worldAt(run, put.seq), put.seq, 'deployments').every((r) => r.key.includes('deployments')),
    ).toBe(true);
  });

  it('builds the ownership tree Deployment → ReplicaSet → Pods and Service → EndpointSlice', () => {
    const tree = ownershipTree(worldAt(run, run.steps.length - 1));
    // The endpoints controller's Endpoints has no owner (it is deleted by the controller, not the GC).
    expect(tree.map((n) => n.kind)).toEqual(['Deployment', 'Service', 'Endpoints']);
    expect(tree[0].children[0].kind).toBe('ReplicaSet');
    expect(tree[0].children[0].children.map((c) => c.kind)).toEqual(['Pod', 'Pod', 'Pod']);
    expect(tree[1].children[0].kind).toBe('EndpointSlice');
  });
});

describe('WorldCache memory', () => {
  it('keeps at most MAX_SNAPSHOTS worlds however long the run', () => {
    const run = scenarioRun('happy-path');
    const cache = new WorldCache(run, 1);
    for (let seq = -1; seq < run.steps.length; seq += 7) cache.at(seq);
    const kept = (cache as unknown as { snapshots: unknown[] }).snapshots.length;
    expect(kept).toBeLessThanOrEqual(MAX_SNAPSHOTS);
    expect(cache.at(run.steps.length - 1).revision).toBe(worldAt(run, run.steps.length - 1).revision);
  });
});
