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
  nodeInfoReplacing,
  nodeInfoWithPods,
  podInfo,
  type ClusterObjects,
  type ImageState,
  type NodeInfo,
  type PodInfo,
  type PodSwap,
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
  /**
   * Nodes whose only change since their NodeInfo was built is newer versions of pods they already had, by pod key:
   * the version the NodeInfo counts and the latest. Their NodeInfo is derived from the last one (nodeInfoReplacing).
   */
  private swapped = new Map<string, Map<string, PodSwap>>();
  private infos = new Map<string, NodeInfo>();
  private lastNodes: KObject[] = [];
  private imageStates = new Map<string, ImageState>();
  /**
   * The last snapshot's NodeInfos, names and index. While the Node objects stay the same, the next snapshot only
   * replaces the stale NodeInfos in them instead of rebuilding all three (every cycle would otherwise allocate a
   * list and a map of all nodes, and the names array every SchedulingResult keeps).
   */
  private nodes: NodeInfo[] = [];
  private names: string[] = [];
  private byName = new Map<string, NodeInfo>();
  private indexOf = new Map<string, number>();

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
   * informer order, with the bound or assumed, non-terminal pods on it. It shares its node list with the cache, so
   * it is valid until the next call.
   */
  snapshot(state: SchedulerState, exclude: string, objects: ClusterObjects): Snapshot {
    if (this.state !== state) this.resync(state);
    const pods = state.cache.get('Pod');
    for (const key of this.dirty) this.place(key, pods?.get(key), state.assumed.get(key));
    this.dirty.clear();

    if (this.nodesChanged(state.cache.get('Node'))) this.rebuildNodes(state.cache.get('Node'));
    else {
      for (const names of [this.staleNodes, this.swapped.keys()]) {
        for (const name of names) {
          const i = this.indexOf.get(name);
          if (i === undefined) continue;
          const n = this.nodeInfo(this.lastNodes[i]);
          this.nodes[i] = n;
          this.byName.set(name, n);
        }
      }
    }
    this.staleNodes.clear();
    this.swapped.clear();

    // The pod being scheduled may itself be assumed somewhere (a retry while its binding is in flight).
    const self = this.placed.get(exclude);
    const own = self && this.byName.get(self.node);
    if (own) {
      const without = nodeInfoWithPods(
        own,
        own.pods.filter((p) => p !== self.info),
      );
      const nodes = [...this.nodes];
      nodes[nodes.indexOf(own)] = without;
      const byName = new Map(this.byName);
      byName.set(without.name, without);
      return finishSnapshot(nodes, byName, this.imageStates, objects, this.names);
    }
    return finishSnapshot(this.nodes, this.byName, this.imageStates, objects, this.names);
  }

  /** Whether the informer's Node objects differ (in identity or order) from those of the last snapshot. */
  private nodesChanged(nodes: Map<string, KObject> | undefined): boolean {
    if ((nodes?.size ?? 0) !== this.lastNodes.length) return true;
    let i = 0;
    for (const node of nodes?.values() ?? []) if (node !== this.lastNodes[i++]) return true;
    return false;
  }

  private rebuildNodes(nodeMap: Map<string, KObject> | undefined): void {
    this.lastNodes = [...(nodeMap?.values() ?? [])];
    this.nodes = this.lastNodes.map((node) => this.nodeInfo(node));
    this.names = this.nodes.map((n) => n.name);
    this.byName = new Map();
    this.indexOf = new Map();
    this.nodes.forEach((n, i) => {
      this.byName.set(n.name, n);
      this.indexOf.set(n.name, i);
    });
    this.imageStates = imageStatesOf(this.nodes);
  }

  private resync(state: SchedulerState): void {
    this.state = state;
    this.order.clear();
    this.nextOrder = 0;
    this.dirty.clear();
    this.placed.clear();
    this.podsOn.clear();
    this.staleNodes.clear();
    this.swapped.clear();
    this.infos.clear();
    this.lastNodes = [];
    this.nodes = [];
    this.names = [];
    this.byName = new Map();
    this.indexOf = new Map();
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
    if (old && target && old.node === target.spec.nodeName && !this.staleNodes.has(old.node)) {
      // A newer version of a pod the node already counts: same node, same place in informer order.
      const info = podInfo(target);
      let swaps = this.swapped.get(old.node);
      if (!swaps) this.swapped.set(old.node, (swaps = new Map()));
      const earlier = swaps.get(key);
      swaps.set(key, { before: earlier ? earlier.before : old.info, after: info });
      this.placed.set(key, { node: old.node, info });
      this.podsOn.get(old.node)!.set(key, info);
      return;
    }
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
    if (cached && cached.node === node && !this.staleNodes.has(name)) {
      const swaps = this.swapped.get(name);
      if (!swaps) return cached;
      const n = nodeInfoReplacing(cached, swaps.values());
      if (n) {
        this.infos.set(name, n);
        return n;
      }
    }
    const n = newNodeInfo(node, cached?.node === node ? cached : undefined);
    if (cached?.node !== node) n.images = nodeImages(node);
    for (const info of this.inOrder(this.podsOn.get(name))) addPodToNode(n, info);
    this.infos.set(name, n);
    return n;
  }

  /**
   * A node's pods in informer order. An insertion sort on parallel arrays: a node holds a few dozen pods at most,
   * mostly in order already, and this runs for every node whose pods changed in every cycle (no object per pod).
   */
  private inOrder(on: Map<string, PodInfo> | undefined): PodInfo[] {
    const infos: PodInfo[] = [];
    if (!on) return infos;
    const ats: number[] = [];
    for (const [key, info] of on) {
      const at = this.order.get(key)!;
      let i = infos.length;
      for (; i > 0 && ats[i - 1] > at; i--) {
        ats[i] = ats[i - 1];
        infos[i] = infos[i - 1];
      }
      ats[i] = at;
      infos[i] = info;
    }
    return infos;
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
