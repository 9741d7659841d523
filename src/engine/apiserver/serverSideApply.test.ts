/**
 * Server-side apply (k8s.io/apimachinery/pkg/util/managedfields/internal/conflict.go for the conflict texts,
 * structured-merge-diff merge/update.go for ownership and removal).
 */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../types';
import { recordUpdate } from './managedFields';
import { serverSideApply } from './serverSideApply';

const config = (replicas: number, extra: Record<string, string> = {}): KObject =>
  ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', labels: { app: 'web', ...extra } },
    spec: { replicas, template: { spec: { containers: [{ name: 'nginx', image: 'nginx' }] } } },
  }) as unknown as KObject;

describe('serverSideApply', () => {
  it('creates, then reapplies without change, keeping the entry time', () => {
    const first = serverSideApply(undefined, config(3), 'kubectl', false, 1000).object!;
    expect(first.metadata.managedFields).toMatchObject([{ manager: 'kubectl', operation: 'Apply', time: 1000 }]);
    const again = serverSideApply(first, config(3), 'kubectl', false, 5000).object!;
    expect(again).toEqual(first);
  });

  it('a field another manager owns with a different value is a conflict, unless forced', () => {
    const created = recordUpdate(undefined, config(3), 'kubectl-client-side-apply', 1000);
    const refused = serverSideApply(created, config(2), 'kubectl', false, 2000);
    expect(refused.error).toMatchObject({
      code: 409,
      reason: 'Conflict',
      message: 'Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using apps/v1: .spec.replicas',
    });
    // The same value is shared ownership, not a conflict.
    expect(serverSideApply(created, config(3), 'kubectl', false, 2000).error).toBeUndefined();
    const forced = serverSideApply(created, config(2), 'kubectl', true, 2000).object!;
    expect(forced.spec.replicas).toBe(2);
    const csa = forced.metadata.managedFields!.find((e) => e.manager === 'kubectl-client-side-apply')!;
    expect((csa.fieldsV1['f:spec'] as Record<string, unknown>)['f:replicas']).toBeUndefined();
  });

  it('lists several conflicts by manager', () => {
    const created = recordUpdate(undefined, config(3, { tier: 'a' }), 'edit', 1000);
    const refused = serverSideApply(created, config(2, { tier: 'b' }), 'kubectl', false, 2000);
    expect(refused.error?.message).toBe(
      'Apply failed with 2 conflicts: conflicts with "edit" using apps/v1:\n- .metadata.labels.tier\n- .spec.replicas',
    );
  });

  it('removes a field this manager alone applied before and no longer applies', () => {
    const first = serverSideApply(undefined, config(3, { tier: 'a' }), 'kubectl', false, 1000).object!;
    const next = serverSideApply(first, config(3), 'kubectl', false, 2000).object!;
    expect(next.metadata.labels).toEqual({ app: 'web' });
  });
});
