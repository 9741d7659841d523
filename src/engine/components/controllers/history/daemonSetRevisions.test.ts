/** The DaemonSet's revisions (daemon/update.go): a hash of its own, the controller-revision-hash label, found by data. */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../types';
import {
  controllerRevisionName,
  findEqualRevisions,
  maxRevision,
  newHashedControllerRevision,
  sortControllerRevisions,
  templatePatch,
} from './controllerHistory';

const parent: KObject = {
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'kube-proxy', namespace: 'kube-system', uid: 'u-1' },
};
const tpl = (image: string) => ({
  metadata: { labels: { 'k8s-app': 'kube-proxy' } },
  spec: { containers: [{ image }] },
});

describe('controller history', () => {
  it('names a revision <parent>-<hash>, cutting the parent to 223 characters', () => {
    expect(controllerRevisionName('kube-proxy', '7b9d5f6c8')).toBe('kube-proxy-7b9d5f6c8');
    expect(controllerRevisionName('x'.repeat(300), 'h')).toBe(`${'x'.repeat(223)}-h`);
  });

  it('stores the template as a patch replacing spec.template, labelled and owned like NewControllerRevision', () => {
    const r = newHashedControllerRevision(parent, tpl('a').metadata.labels, templatePatch(tpl('a')), 2, 'abc');
    expect(r.metadata).toEqual({
      name: 'kube-proxy-abc',
      namespace: 'kube-system',
      labels: { 'k8s-app': 'kube-proxy', 'controller-revision-hash': 'abc' },
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'DaemonSet',
          name: 'kube-proxy',
          uid: 'u-1',
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    });
    expect(r.data).toEqual({ spec: { template: { ...tpl('a'), $patch: 'replace' } } });
    expect(r.revision).toBe(2);
  });

  it('finds equal revisions by data whatever their name or hash, and orders them by revision', () => {
    const a = newHashedControllerRevision(parent, undefined, templatePatch(tpl('a')), 3, 'someone-elses-hash');
    const b = newHashedControllerRevision(parent, undefined, templatePatch(tpl('b')), 1, 'b');
    const a2 = newHashedControllerRevision(parent, undefined, templatePatch(tpl('a')), 2, 'a2');
    expect(findEqualRevisions([a, b, a2], { data: templatePatch(tpl('a')) })).toEqual([a, a2]);
    expect(sortControllerRevisions([a, b, a2]).map((r) => r.revision)).toEqual([1, 2, 3]);
    expect(maxRevision([a, b, a2])).toBe(3);
  });
});
