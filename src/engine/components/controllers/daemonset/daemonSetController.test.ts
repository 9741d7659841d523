/**
 * The DaemonSet controller's sync against a hand-made informer cache (pkg/controller/daemon/daemon_controller.go
 * syncDaemonSet, update.go constructHistory): what it sends for a given world.
 */
import { describe, expect, it } from 'vitest';
import type { ApiCall } from '../../../client/defineController';
import type { Simulation } from '../../../kernel/Simulation';
import type { KObject } from '../../../types';
import { ControllerManager } from '../ControllerManager';
import { revisionHash, templatePatch } from '../history/controllerHistory';
import { daemonSetDefinition, type DsState } from './daemonSetController';
import { makeNode } from '../../../testing/builders';

const UID = 'ds-uid-1';
const BOOT_HASH = '5d7b8c9f'; // written by someone else: not what revisionHash would compute

const NODES = [
  makeNode('control-plane').taint('node-role.kubernetes.io/control-plane', 'NoSchedule').obj(),
  makeNode('node-1').obj(),
  makeNode('node-2').obj(),
  makeNode('node-3').obj(),
];

const template = {
  metadata: { labels: { app: 'kindnet' } },
  spec: {
    tolerations: [{ operator: 'Exists' }],
    containers: [{ name: 'kindnet-cni', image: 'docker.io/kindest/kindnetd:v20250512-df8de77b' }],
  },
};

function daemonSet(status: Record<string, unknown> = {}): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: {
      name: 'kindnet',
      namespace: 'kube-system',
      uid: UID,
      generation: 1,
      annotations: { 'deprecated.daemonset.template.generation': '1' },
    },
    spec: {
      selector: { matchLabels: { app: 'kindnet' } },
      template,
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } },
      revisionHistoryLimit: 10,
    },
    status,
  };
}

const owner = { apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'kindnet', uid: UID, controller: true };

function revision(hash: string, data: unknown, n = 1): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name: `kindnet-${hash}`,
      namespace: 'kube-system',
      labels: { app: 'kindnet', 'controller-revision-hash': hash },
      ownerReferences: [owner],
    },
    data,
    revision: n,
  };
}

function pod(name: string, nodeName: string, hash = BOOT_HASH): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'kube-system',
      uid: `uid-${name}`,
      creationTimestamp: -60_000,
      labels: { app: 'kindnet', 'controller-revision-hash': hash, 'pod-template-generation': '1' },
      ownerReferences: [owner],
    },
    spec: { nodeName },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: -50_000 }] },
  };
}

const SETTLED = {
  currentNumberScheduled: 4,
  numberMisscheduled: 0,
  desiredNumberScheduled: 4,
  numberReady: 4,
  observedGeneration: 1,
  updatedNumberScheduled: 4,
  numberAvailable: 4,
};

function sync(objects: KObject[]) {
  const kcm = new ControllerManager(() => []);
  for (const o of objects) kcm.remember(o);
  const state: DsState = daemonSetDefinition.initialState();
  const requests: Array<{ call: ApiCall; data: Record<string, unknown> }> = [];
  const events: Array<{ reason: string; message: string }> = [];
  daemonSetDefinition.reconcile({
    sim: { now: 1_000 } as Simulation,
    kcm,
    state,
    key: 'kube-system/kindnet',
    request: (call, data) => requests.push({ call, data }),
    event: (e) => events.push(e),
    enqueue: () => {},
  });
  return { requests, events };
}

const bootPods = NODES.map((n, i) => pod(`kindnet-${'abcd'[i]}xxxx`, n.metadata.name));

describe('DaemonSet controller: adopting existing state', () => {
  it('a DaemonSet with an up-to-date Pod on every node, found by its revision’s data, creates and deletes nothing', () => {
    const cr = revision(BOOT_HASH, templatePatch(template));
    expect(BOOT_HASH).not.toBe(revisionHash(template));
    const { requests, events } = sync([...NODES, daemonSet(SETTLED), cr, ...bootPods]);
    expect(requests).toEqual([]);
    expect(events).toEqual([]);
  });

  it('counts the adopted Pods as up to date by the revision’s hash label when it writes the status', () => {
    const cr = revision(BOOT_HASH, templatePatch(template));
    const { requests } = sync([...NODES, daemonSet({}), cr, ...bootPods]);
    expect(requests.map((r) => `${r.call.verb} ${r.call.resourceKind}${r.call.subresource ? '/status' : ''}`)).toEqual([
      'update DaemonSet/status',
    ]);
    expect(requests[0].call.body!.status).toEqual(SETTLED);
  });

  it('without a revision holding the template, records revision max+1 named <ds>-<hash> first', () => {
    const old = revision('0ld', templatePatch({ ...template, metadata: { labels: { app: 'old' } } }), 3);
    const { requests } = sync([...NODES, daemonSet(SETTLED), old, ...bootPods]);
    expect(requests).toHaveLength(1);
    const body = requests[0].call.body!;
    const hash = revisionHash(template);
    expect(body.kind).toBe('ControllerRevision');
    expect(body.metadata.name).toBe(`kindnet-${hash}`);
    expect(body.metadata.labels).toEqual({ app: 'kindnet', 'controller-revision-hash': hash });
    expect(body.revision).toBe(4);
    expect(body.data).toEqual({ spec: { template: { ...template, $patch: 'replace' } } });
    expect(body.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'DaemonSet', uid: UID, controller: true });
  });

  it('a Pod not yet bound counts for the node its matchFields affinity names; a missing node gets a Pod', () => {
    const cr = revision(BOOT_HASH, templatePatch(template));
    const pending = pod('kindnet-pend', '');
    pending.spec = {
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-3'] }] }],
          },
        },
      },
    };
    const { requests } = sync([...NODES, daemonSet(SETTLED), cr, bootPods[0], bootPods[1], pending]);
    const creates = requests.filter((r) => r.call.verb === 'create');
    expect(creates.map((r) => r.data.node)).toEqual(['node-2']);
    expect(requests.filter((r) => r.call.verb === 'delete')).toEqual([]);
  });

  it('rolling update with maxUnavailable 1 deletes one old Pod at a time', () => {
    const cr = revision(BOOT_HASH, templatePatch(template));
    const old = NODES.map((n, i) => pod(`kindnet-old${i}`, n.metadata.name, 'previous'));
    old.forEach((p) => (p.metadata.labels!['pod-template-generation'] = '0'));
    const { requests, events } = sync([...NODES, daemonSet(SETTLED), cr, ...old]);
    const deletes = requests.filter((r) => r.call.verb === 'delete');
    expect(deletes.map((r) => r.call.name)).toEqual(['kindnet-old0']);
    expect(events).toEqual([]);
  });

  it('an empty selector is refused with SelectingAll', () => {
    const ds = daemonSet();
    ds.spec.selector = {};
    const { requests, events } = sync([...NODES, ds]);
    expect(requests).toEqual([]);
    expect(events).toMatchObject([
      { reason: 'SelectingAll', message: 'This daemon set is selecting all pods. A non-empty selector is required.' },
    ]);
  });
});

describe('DaemonSet controller: which DaemonSets a Node event queues (addNode / updateNode)', () => {
  const kcm = new ControllerManager(() => []);
  kcm.remember(daemonSet(SETTLED));
  const keys = (ev: Parameters<typeof daemonSetDefinition.keysFor>[0]) =>
    daemonSetDefinition.keysFor(ev, { kcm, state: daemonSetDefinition.initialState() });

  it('a new node that should run it', () =>
    expect(keys({ kind: 'watch', type: 'ADDED', object: makeNode('node-4').obj() })).toEqual(['kube-system/kindnet']));

  it('a node whose taints change what it should run, and not a heartbeat', () => {
    const tainted = makeNode('node-1').taint('gpu', 'NoExecute').obj();
    const plain = makeNode('node-1').obj();
    expect(keys({ kind: 'watch', type: 'MODIFIED', object: plain, old: plain })).toEqual([]);
    // kindnet tolerates everything: a taint changes nothing for it.
    expect(keys({ kind: 'watch', type: 'MODIFIED', object: tainted, old: plain })).toEqual([]);
    const picky = daemonSet(SETTLED);
    picky.metadata.name = 'picky';
    picky.spec = { ...picky.spec, template: { ...template, spec: { ...template.spec, tolerations: [] } } };
    kcm.remember(picky);
    expect(keys({ kind: 'watch', type: 'MODIFIED', object: tainted, old: plain })).toEqual(['kube-system/picky']);
  });
});
