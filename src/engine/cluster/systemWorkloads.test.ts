/**
 * kind's own workloads exist as settled objects: every system Pod has a real owner, the DaemonSets have one Pod per
 * node and a ControllerRevision holding getPatch(ds) (pkg/controller/daemon/update.go), and a controller-manager
 * restart (a full re-list, every primary object queued) finds nothing to write.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../simulate';
import { worldAt } from '../trace/worldAt';
import { podTemplateHash } from '../objects/names';
import type { KObject } from '../types';
import { daemonSetPatch } from './systemWorkloads';

function world(nodeCount: number, actions = [] as Parameters<typeof simulate>[0]['actions']) {
  const run = simulate({ yaml: '', cluster: { nodeCount }, actions });
  return { run, etcd: worldAt(run, run.steps.length - 1).etcd };
}

const of = (etcd: Map<string, KObject>, kind: string) => [...etcd.values()].filter((o) => o.kind === kind);

describe('kind system workloads', () => {
  it('gives every system Pod an owner that exists, with its uid', () => {
    const { etcd } = world(3);
    const byUid = new Map([...etcd.values()].map((o) => [o.metadata.uid, o]));
    const pods = of(etcd, 'Pod');
    expect(pods).toHaveLength(2 + 1 + 4 + 2 * 4);
    for (const p of pods) {
      const ref = p.metadata.ownerReferences?.find((r) => r.controller);
      expect(ref, p.metadata.name).toBeDefined();
      const owner = byUid.get(ref!.uid);
      expect(owner?.kind, p.metadata.name).toBe(ref!.kind);
      expect(owner?.metadata.name).toBe(ref!.name);
    }
    const etcdPod = etcd.get('/registry/pods/kube-system/etcd-control-plane')!;
    expect(etcdPod.metadata.ownerReferences).toEqual([
      { apiVersion: 'v1', kind: 'Node', name: 'control-plane', uid: expect.any(String), controller: true },
    ]);
    expect(etcdPod.metadata.annotations?.['kubernetes.io/config.source']).toBe('file');
  });

  it('names the ReplicaSets by the hash the deployment controller computes', () => {
    const { etcd } = world(3);
    const d = etcd.get('/registry/deployments/kube-system/coredns')!;
    const hash = podTemplateHash(d.spec.template);
    const rs = etcd.get(`/registry/replicasets/kube-system/coredns-${hash}`)!;
    expect(rs.spec.replicas).toBe(2);
    expect(rs.spec.template.metadata.labels).toEqual({ 'k8s-app': 'kube-dns', 'pod-template-hash': hash });
    expect(d.status.conditions.map((c: any) => `${c.type}=${c.status} ${c.reason}`)).toEqual([
      'Available=True MinimumReplicasAvailable',
      'Progressing=True NewReplicaSetAvailable',
    ]);
    for (const p of of(etcd, 'Pod').filter((x) => x.metadata.labels?.['k8s-app'] === 'kube-dns')) {
      expect(p.metadata.name.startsWith(`coredns-${hash}-`)).toBe(true);
      expect(p.spec.nodeName).toBe('control-plane');
    }
    expect(etcd.get('/registry/deployments/local-path-storage/local-path-provisioner')?.status.readyReplicas).toBe(1);
  });

  it('runs each DaemonSet on every node, with its ControllerRevision and labels', () => {
    const { etcd } = world(5);
    for (const name of ['kindnet', 'kube-proxy']) {
      const ds = etcd.get(`/registry/daemonsets/kube-system/${name}`)!;
      expect(ds.status).toEqual({
        currentNumberScheduled: 6,
        desiredNumberScheduled: 6,
        numberAvailable: 6,
        numberMisscheduled: 0,
        numberReady: 6,
        observedGeneration: 1,
        updatedNumberScheduled: 6,
      });
      const hash = podTemplateHash(ds.spec.template);
      const cr = etcd.get(`/registry/controllerrevisions/kube-system/${name}-${hash}`)!;
      expect(cr.revision).toBe(1);
      expect(cr.data).toEqual(daemonSetPatch(ds));
      expect((cr.data as any).spec.template.$patch).toBe('replace');
      expect(cr.metadata.labels?.['controller-revision-hash']).toBe(hash);
      const pods = of(etcd, 'Pod').filter((p) => p.metadata.ownerReferences?.[0].uid === ds.metadata.uid);
      expect(pods.map((p) => p.spec.nodeName).sort()).toEqual(
        ['control-plane', 'node-1', 'node-2', 'node-3', 'node-4', 'node-5'].sort(),
      );
      for (const p of pods) {
        expect(p.metadata.labels?.['controller-revision-hash']).toBe(hash);
        expect(p.metadata.labels?.['pod-template-generation']).toBe('1');
        expect(p.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms).toEqual([
          { matchFields: [{ key: 'metadata.name', operator: 'In', values: [p.spec.nodeName] }] },
        ]);
        expect(p.spec.tolerations.map((t: any) => t.key ?? '*')).toContain('node.kubernetes.io/network-unavailable');
      }
    }
  });

  it('leaves the controllers nothing to do, even after a controller-manager restart re-lists everything', () => {
    const { run } = world(3, [
      { atMs: 1000, action: { type: 'stop', component: 'kube-controller-manager' } },
      { atMs: 2000, action: { type: 'start', component: 'kube-controller-manager' } },
    ]);
    const requests = run.steps.filter(
      (s) => s.from.component === 'kube-controller-manager' && s.to.component === 'kube-apiserver',
    );
    expect(requests.map((s) => s.label)).toEqual([]);
  });
});
