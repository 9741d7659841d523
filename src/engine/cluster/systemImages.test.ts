/**
 * kind's node image preloads the add-ons' images, and the catalog knows them: a system Pod recreated by its
 * controller starts without a pull ("already present on machine", pkg/kubelet/images/image_manager.go) and its
 * program keeps running and listening like the real daemon.
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from '../images/resolveImage';
import { simulate } from '../simulate';
import { worldAt } from '../trace/worldAt';
import {
  COREDNS_IMAGE,
  KINDNETD_IMAGE,
  KUBE_PROXY_IMAGE,
  LOCAL_PATH_HELPER_IMAGE,
  LOCAL_PATH_IMAGE,
} from './systemWorkloads';
import { PRELOADED_IMAGES } from './defaultCluster';

describe("kind's system images", () => {
  it('are in the catalog and preloaded on every node', () => {
    for (const ref of [COREDNS_IMAGE, KUBE_PROXY_IMAGE, KINDNETD_IMAGE, LOCAL_PATH_IMAGE, LOCAL_PATH_HELPER_IMAGE]) {
      expect(resolveImage(ref).ok, ref).toBe(true);
      expect(PRELOADED_IMAGES).toContain(ref);
    }
  });

  it('a deleted coredns Pod is replaced by a new Running, Ready one whose image is already present', () => {
    const run = simulate({
      yaml: '',
      cluster: { nodeCount: 2 },
      untilMs: 60_000,
      actions: [
        { atMs: 1_000, action: { type: 'delete', kind: 'Pod', namespace: 'kube-system', name: '$pod:coredns' } },
      ],
    });
    const before = worldAt(run, 0).etcd;
    const after = worldAt(run, run.steps.length - 1).etcd;
    const coredns = (etcd: typeof after) =>
      [...etcd.values()].filter((o) => o.kind === 'Pod' && o.metadata.labels?.['k8s-app'] === 'kube-dns');
    const old = new Set(coredns(before).map((p) => p.metadata.name));
    const now = coredns(after);
    expect(now).toHaveLength(2);
    const fresh = now.filter((p) => !old.has(p.metadata.name));
    expect(fresh).toHaveLength(1);
    const pod = fresh[0]!;
    expect(pod.status.phase).toBe('Running');
    expect(pod.status.conditions.find((c: any) => c.type === 'Ready')?.status).toBe('True');
    expect(pod.status.containerStatuses[0].state.running).toBeDefined();
    expect(pod.status.containerStatuses[0].restartCount).toBe(0);
    const events = run.steps.flatMap((s) => s.events).filter((e) => e.involvedObject.name === pod.metadata.name);
    expect(events.map((e) => `${e.reason}: ${e.message}`)).toContain(
      `Pulled: Container image "${COREDNS_IMAGE}" already present on machine`,
    );
    expect(events.some((e) => e.reason === 'Pulling' || e.type === 'Warning')).toBe(false);
  });
});
