/**
 * The scheduler's NodeInfo cache, kept up to date incrementally (pkg/scheduler/backend/cache: AddPod/UpdatePod/
 * RemovePod/AssumePod, and UpdateSnapshot, which only copies the NodeInfos whose generation changed). Rebuilding
 * every NodeInfo from every pod per cycle made a cycle O(pods) and a rollout O(pods²); here a cycle only rebuilds
 * the nodes whose pods changed since the last one.
 *
 * The cache is derived data: the truth stays in SchedulerState (informer cache + assumed pods), which checkpoints
 * copy. The cache follows one state object and starts over when handed another (a checkpoint restore).
 */
import type { KObject } from '../../types';
import {
  addPodToNode,
  finishSnapshot,
  imageStatesOf,
  newNodeInfo,
  nodeImages,
  nodeInfoWithPods,
  podInfo,
  type ClusterObjects,
  type ImageState,
  type NodeInfo,
  type PodInfo,
  type Snapshot,
} from './framework/nodeInfo';
import type { SchedulerState } from './Scheduler';

interface Placement {
  node: string;
  info: PodInfo;
}

export class SnapshotCache {
  private state: SchedulerState | undefined;
  /** Pod key → position in the informer's pod map, so NodeInfo.pods keeps the informer's order. */
  private order = new Map<string, number>();
  private nextOrder = 0;
  /** Pods whose object or assumed node changed since the last snapshot. */
  private dirty = new Set<string>();
  private placed = new Map<string, Placement>();
  private podsOn = new Map<string, Map<string, PodInfo>>();
  /** Nodes whose pods changed since their NodeInfo was built. */
  private staleNodes = new Set<string>();
  private infos = new Map<string, NodeInfo>();
  private lastNodes: KObject[] = [];
  private imageStates = new Map<string, ImageState>();

  /** The informer stored (added or updated) pod `key`. */
  podStored(state: SchedulerState, key: string): void {
    if (this.state !== state) return;
    if (!this.order.has(key)) this.order.set(key, this.nextOrder++);
    this.dirty.add(key);
  }

  /** The informer dropped pod `key`. */
  podRemoved(state: SchedulerState, key: string): void {
    if (this.state !== state) return;
    this.order.delete(key);
    this.dirty.add(key);
  }

  /** Pod `key` was assumed on a node, or its assumption ended. */
  assumeChanged(state: SchedulerState, key: string): void {
    if (this.state !== state) return;
    this.dirty.add(key);
  }

  /** Forget everything (the state was replaced wholesale, e.g. its assumed pods cleared on restart). */
  reset(): void {
    this.state = undefined;
  }

  /**
   * The snapshot for scheduling pod `exclude` (which must not count against any node): every cached Node in
   * informer order, with the bound or assumed, non-terminal pods on it.
   */
  snapshot(state: SchedulerState, exclude: string, objects: ClusterObjects): Snapshot {
    if (this.state !== state) this.resync(state);
    const pods = state.cache.get('Pod');
    for (const key of this.dirty) this.place(key, pods?.get(key), state.assumed.get(key));
    this.dirty.clear();

    const nodeObjects = [...(state.cache.get('Node')?.values() ?? [])];
    let nodesChanged = nodeObjects.length !== this.lastNodes.length;
    const nodes: NodeInfo[] = [];
    const byName = new Map<string, NodeInfo>();
    for (let i = 0; i < nodeObjects.length; i++) {
      const node = nodeObjects[i];
      if (node !== this.lastNodes[i]) nodesChanged = true;
      const n = this.nodeInfo(node);
      nodes.push(n);
      byName.set(n.name, n);
    }
    this.staleNodes.clear();
    if (nodesChanged) {
      this.imageStates = imageStatesOf(nodes);
      this.lastNodes = nodeObjects;
    }

    // The pod being scheduled may itself be assumed somewhere (a retry while its binding is in flight).
    const self = this.placed.get(exclude);
    const own = self && byName.get(self.node);
    if (own) {
      const without = nodeInfoWithPods(
        own,
        own.pods.filter((p) => p !== self.info),
      );
      nodes[nodes.indexOf(own)] = without;
      byName.set(without.name, without);
    }
    return finishSnapshot(nodes, byName, this.imageStates, objects);
  }

  private resync(state: SchedulerState): void {
    this.state = state;
    this.order.clear();
    this.nextOrder = 0;
    this.dirty.clear();
    this.placed.clear();
    this.podsOn.clear();
    this.staleNodes.clear();
    this.infos.clear();
    this.lastNodes = [];
    for (const key of state.cache.get('Pod')?.keys() ?? []) {
      this.order.set(key, this.nextOrder++);
      this.dirty.add(key);
    }
  }

  /** Moves one pod to where the scheduler counts it now (nowhere, or the node it is bound or assumed on). */
  private place(key: string, pod: KObject | undefined, assumedNode: string | undefined): void {
    const target = pod && countedAs(pod, assumedNode);
    const old = this.placed.get(key);
    if (old && target && old.node === target.spec.nodeName && old.info.pod === target) return;
    if (old) {
      this.podsOn.get(old.node)!.delete(key);
      this.staleNodes.add(old.node);
      this.placed.delete(key);
    }
    if (!target) return;
    const node: string = target.spec.nodeName;
    const info = podInfo(target);
    this.placed.set(key, { node, info });
    let on = this.podsOn.get(node);
    if (!on) this.podsOn.set(node, (on = new Map()));
    on.set(key, info);
    this.staleNodes.add(node);
  }

  private nodeInfo(node: KObject): NodeInfo {
    const name: string = node.metadata.name;
    const cached = this.infos.get(name);
    if (cached && cached.node === node && !this.staleNodes.has(name)) return cached;
    const n = newNodeInfo(node, cached?.node === node ? cached : undefined);
    if (cached?.node !== node) n.images = nodeImages(node);
    const pods = [...(this.podsOn.get(name)?.entries() ?? [])];
    pods.sort((a, b) => this.order.get(a[0])! - this.order.get(b[0])!);
    for (const [, info] of pods) addPodToNode(n, info);
    this.infos.set(name, n);
    return n;
  }
}

/**
 * The pod as the scheduler counts it against a node: bound pods as they are, assumed ones as if bound to the
 * assumed node; pods being deleted before binding, unbound pods and terminal pods not at all.
 */
function countedAs(p: KObject, assumedNode: string | undefined): KObject | undefined {
  if (p.metadata.deletionTimestamp !== undefined && !p.spec.nodeName) return undefined;
  const c = assumedNode !== undefined && !p.spec.nodeName ? withNode(p, assumedNode) : p;
  if (!c.spec.nodeName || c.status?.phase === 'Succeeded' || c.status?.phase === 'Failed') return undefined;
  return c;
}

function withNode(p: KObject, node: string): KObject {
  return { ...p, spec: { ...p.spec, nodeName: node } };
}
