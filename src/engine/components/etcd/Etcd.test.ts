import { describe, expect, it } from 'vitest';
import { Etcd, quorum } from './Etcd';
import { MvccStore } from './MvccStore';

const obj = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' } });

describe('etcd', () => {
  it('quorum = floor(n/2)+1 (etcd raft quorum)', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(quorum)).toEqual([1, 2, 2, 3, 3, 4, 4]);
  });
  it('3 members tolerate one failure, not two', () => {
    const e = new Etcd(3);
    e.setMember(2, false);
    expect(e.hasQuorum()).toBe(true);
    e.setMember(1, false);
    expect(e.hasQuorum()).toBe(false);
    e.setMember(1, true);
    expect(e.hasQuorum()).toBe(true);
  });
  it('one global revision per transaction becomes resourceVersion; stored values are frozen', () => {
    const s = MvccStore.empty();
    const r1 = s.txn([{ type: 'put', key: '/registry/configmaps/default/a', value: obj('a') }])!;
    const r2 = s.txn([{ type: 'put', key: '/registry/configmaps/default/b', value: obj('b') }])!;
    expect(r2.revision).toBe(r1.revision + 1);
    expect(s.get('/registry/configmaps/default/b')!.metadata.resourceVersion).toBe(String(r2.revision));
    expect(Object.isFrozen(s.get('/registry/configmaps/default/a'))).toBe(true);
  });
  it('optimistic concurrency: a stale mod revision fails, create-if-absent fails when present', () => {
    const s = MvccStore.empty();
    s.txn([{ type: 'put', key: '/k/a', value: obj('a') }]);
    const rev = s.modRevision('/k/a');
    expect(s.txn([{ type: 'put', key: '/k/a', value: obj('a'), expectModRevision: rev }])).not.toBeNull();
    expect(s.txn([{ type: 'put', key: '/k/a', value: obj('a'), expectModRevision: rev }])).toBeNull();
    expect(s.txn([{ type: 'put', key: '/k/a', value: obj('a'), expectModRevision: 0 }])).toBeNull();
  });
  it('range reads are key-ordered and see later writes', () => {
    const s = MvccStore.empty();
    s.txn([{ type: 'put', key: '/r/b', value: obj('b') }]);
    s.txn([{ type: 'put', key: '/r/a', value: obj('a') }]);
    expect(s.list('/r/').map((o) => o.metadata.name)).toEqual(['a', 'b']);
    s.txn([{ type: 'delete', key: '/r/a' }]);
    expect(s.list('/r/').map((o) => o.metadata.name)).toEqual(['b']);
  });
});
