/** pkg/controller/history/controller_history.go: HashControllerRevision (FNV-1), ControllerRevisionName, truncation. */
import type { ControllerRevision } from '../../../objects/typed';
import { describe, expect, it } from 'vitest';
import {
  controllerRevisionName,
  fnv32,
  goJson,
  hashControllerRevision,
  newControllerRevision,
  revisionsToTruncate,
  sortControllerRevisions,
} from './controllerHistory';

const rev = (name: string, revision: number): ControllerRevision =>
  ({ apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name }, revision }) as ControllerRevision;

describe('controller history', () => {
  it('hashes with FNV-1 (hash/fnv New32), not FNV-1a', () => {
    expect(fnv32('')).toBe(0x811c9dc5);
    expect(fnv32('a')).toBe(0x050c5d7e);
    expect(fnv32('foobar')).toBe(0x31f0b262);
  });

  it('writes data.raw as json.Marshal does: sorted keys, HTML-safe escapes', () => {
    expect(goJson({ spec: { b: 1, a: '<&>' }, $patch: 'replace' })).toBe(
      '{"$patch":"replace","spec":{"a":"\\u003c\\u0026\\u003e","b":1}}',
    );
  });

  it('the collision count is appended to the hashed bytes, and the name is <prefix>-<hash>', () => {
    const raw = goJson({ spec: { template: { $patch: 'replace' } } });
    expect(hashControllerRevision(raw, 1)).toBe(hashControllerRevision(`${raw}1`));
    expect(hashControllerRevision(raw)).not.toBe(hashControllerRevision(raw, 1));
    expect(hashControllerRevision(raw)).toMatch(/^[bcdf4-9]{8,10}$/);
    expect(controllerRevisionName('x'.repeat(300), 'abc')).toBe(`${'x'.repeat(223)}-abc`);
  });

  it('NewControllerRevision: owned by its parent, template labels plus controller.kubernetes.io/hash', () => {
    const parent = {
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 'web', namespace: 'default', uid: 'u1' },
    };
    const cr = newControllerRevision(
      parent,
      { apiVersion: 'apps/v1', kind: 'StatefulSet' },
      { app: 'nginx' },
      { a: 1 },
      1,
      0,
    );
    const hash = cr.metadata.labels!['controller.kubernetes.io/hash'];
    expect(cr.metadata.name).toBe(`web-${hash}`);
    expect(cr.metadata.labels!.app).toBe('nginx');
    expect(cr.metadata.ownerReferences![0]).toMatchObject({ kind: 'StatefulSet', uid: 'u1', controller: true });
    expect(cr.revision).toBe(1);
  });

  it('truncateHistory keeps the live revisions and the newest revisionHistoryLimit others', () => {
    const sorted = sortControllerRevisions([rev('c', 3), rev('a', 1), rev('d', 4), rev('b', 2)]);
    expect(sorted.map((r) => r.metadata.name)).toEqual(['a', 'b', 'c', 'd']);
    expect(revisionsToTruncate(sorted, new Set(['d']), 1).map((r) => r.metadata.name)).toEqual(['a', 'b']);
    expect(revisionsToTruncate(sorted, new Set(['a', 'd']), 10)).toEqual([]);
  });
});
