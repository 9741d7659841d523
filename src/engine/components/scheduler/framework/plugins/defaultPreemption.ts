/**
 * DefaultPreemption PostFilter (pkg/scheduler/framework/plugins/defaultpreemption/default_preemption.go and
 * pkg/scheduler/framework/preemption/preemption.go Evaluator.Preempt).
 *  1. PodEligibleToPreemptOthers: preemptionPolicy Never → "not eligible due to preemptionPolicy=Never.".
 *  2. nodesWherePreemptionMightHelp: nodes whose filter status is UnschedulableAndUnresolvable (or that were
 *     absent, e.g. rejected at PreFilter) get "Preemption is not helpful for scheduling".
 *  3. dry run per remaining node (SelectVictimsOnNode): remove every lower-priority pod; none → "No preemption
 *     victims found for incoming pod"; still not fitting → that filter status; else reprieve victims from the
 *     highest priority down while the pod still fits — first those whose eviction would violate a
 *     PodDisruptionBudget (filterPodsWithPDBViolation), then the others; a violating pod that cannot be reprieved
 *     counts as a PDB violation.
 *  4. No candidate: the message is another FitError over all nodes. Otherwise pick a node
 *     (pickOneNodeForPreemption: fewest PDB violations first) and nominate it; the victims get deleted.
 * PodDisruptionBudgets are best effort, as upstream: a candidate that violates one is still chosen if it is the
 * only one. The dry run ignores other preemptors' nominations (scheduleOne's Filter counts them; this does not).
 */
import type { KObject } from '../../../../types';
import { labelSelectorAsSelector, selectorIsEmpty, selectorMatches } from '../../../../objects/labels';
import type { NodeInfo, PodInfo, Snapshot } from '../nodeInfo';
import { fitErrorMessage } from '../fitError';
import { newStatus, type Status } from '../status';

const PREEMPTION_NOT_HELPFUL = 'Preemption is not helpful for scheduling';
const NO_VICTIMS = 'No preemption victims found for incoming pod';
const NOT_ELIGIBLE_NEVER = 'not eligible due to preemptionPolicy=Never.';
const NOT_ELIGIBLE_TERMINATING = 'not eligible due to a terminating pod on the nominated node.';

const MIN_CANDIDATE_NODES_PERCENTAGE = 10;
const MIN_CANDIDATE_NODES_ABSOLUTE = 100;

interface PreemptionInput {
  pod: PodInfo;
  snapshot: Snapshot;
  /** Filter statuses of the nodes that were evaluated. */
  nodeStatuses: Map<string, Status>;
  /** Status of nodes missing from nodeStatuses (PreFilter rejection or PreFilterResult). */
  absentStatus?: Status;
  /** Re-runs PreFilter + Filter for the pod on `node` holding only `pods`. */
  filterWithPods(node: NodeInfo, pods: PodInfo[]): Status | undefined;
  rng: { intn(n: number): number };
}

interface PreemptionOutcome {
  /** Success when a node was nominated; otherwise Unschedulable with "preemption: ..." as its reason. */
  status: Status;
  nominatedNode?: string;
  victims?: PodInfo[];
}

function startTime(p: PodInfo): number {
  const t = p.pod.status?.startTime ?? p.pod.metadata.creationTimestamp;
  return typeof t === 'number' ? t : Number.POSITIVE_INFINITY;
}

/** util.MoreImportantPod: higher priority first, then the one that started earlier. */
function moreImportant(a: PodInfo, b: PodInfo): number {
  if (a.priority !== b.priority) return b.priority - a.priority;
  return startTime(a) - startTime(b);
}

interface Candidate {
  node: string;
  victims: PodInfo[];
  /** How many victims' eviction violates a PodDisruptionBudget. */
  pdbViolations: number;
}

/**
 * filterPodsWithPDBViolation: walking the victims in order, each matching budget's disruptionsAllowed is spent;
 * a pod that takes one below zero would violate it. Pods the API server already counted (status.disruptedPods)
 * spend nothing, and a budget with an empty selector matches nothing here.
 */
export function splitByPDBViolation(pods: PodInfo[], pdbs: readonly KObject[]): [PodInfo[], PodInfo[]] {
  const allowed = pdbs.map((pdb) => pdb.status?.disruptionsAllowed ?? 0);
  const selectors = pdbs.map((pdb) => labelSelectorAsSelector(pdb.spec?.selector));
  const violating: PodInfo[] = [];
  const nonViolating: PodInfo[] = [];
  for (const p of pods) {
    let violated = false;
    if (Object.keys(p.labels ?? {}).length)
      pdbs.forEach((pdb, i) => {
        const sel = selectors[i];
        if ((pdb.metadata.namespace ?? 'default') !== p.namespace) return;
        if (sel === null || selectorIsEmpty(sel) || !selectorMatches(sel, p.labels)) return;
        if (pdb.status?.disruptedPods?.[p.name] !== undefined) return;
        if (--allowed[i] < 0) violated = true;
      });
    (violated ? violating : nonViolating).push(p);
  }
  return [violating, nonViolating];
}

function selectVictimsOnNode(
  input: PreemptionInput,
  node: NodeInfo,
): { victims?: PodInfo[]; pdbViolations?: number; status?: Status } {
  const prio = input.pod.priority;
  const potential = node.pods.filter((p) => p.priority < prio);
  if (potential.length === 0) return { status: newStatus('UnschedulableAndUnresolvable', NO_VICTIMS) };
  let remaining = node.pods.filter((p) => p.priority >= prio);
  const s = input.filterWithPods(node, remaining);
  if (s) return { status: s };
  potential.sort(moreImportant);
  const pdbs = input.snapshot.objects.pdbs ?? [];
  const [violating, nonViolating] = pdbs.length ? splitByPDBViolation(potential, pdbs) : [[], potential];
  const victims: PodInfo[] = [];
  const reprieve = (p: PodInfo): boolean => {
    const withP = [...remaining, p];
    if (input.filterWithPods(node, withP)) {
      victims.push(p);
      return false;
    }
    remaining = withP;
    return true;
  };
  let pdbViolations = 0;
  for (const p of violating) if (!reprieve(p)) pdbViolations++;
  for (const p of nonViolating) reprieve(p);
  // Victims stay ordered from the highest priority down (pickOne reads the first one's).
  if (violating.length && nonViolating.length) victims.sort(moreImportant);
  return { victims, pdbViolations };
}

/** pickOneNodeForPreemption: fewest PDB violations, then the lowest highest-priority victim, and so on. */
function pickOne(candidates: Candidate[]): Candidate {
  const funcs: Array<(c: Candidate) => number> = [
    (c) => -c.pdbViolations,
    (c) => -c.victims[0].priority,
    (c) => -c.victims.reduce((sum, v) => sum + v.priority + 2147483648, 0),
    (c) => -c.victims.length,
    (c) => {
      // latest start time among the highest-priority victims
      const top = c.victims[0].priority;
      let earliest = Number.POSITIVE_INFINITY;
      for (const v of c.victims) if (v.priority === top) earliest = Math.min(earliest, startTime(v));
      return earliest;
    },
  ];
  let all = candidates;
  for (const f of funcs) {
    let best = Number.NEGATIVE_INFINITY;
    let sel: Candidate[] = [];
    for (const c of all) {
      const sc = f(c);
      if (sc > best) {
        best = sc;
        sel = [];
      }
      if (sc === best) sel.push(c);
    }
    if (sel.length === 1) return sel[0];
    all = sel;
  }
  return all[0];
}

export function defaultPreemption(input: PreemptionInput): PreemptionOutcome {
  const pod = input.pod;
  const unschedulable = (msg: string): PreemptionOutcome => ({
    status: newStatus('Unschedulable', 'preemption: ' + msg),
  });

  // 1) PodEligibleToPreemptOthers
  if (pod.pod.spec?.preemptionPolicy === 'Never') return unschedulable(NOT_ELIGIBLE_NEVER);
  const nominated: string | undefined = pod.pod.status?.nominatedNodeName;
  if (nominated) {
    const st = input.nodeStatuses.get(nominated) ?? input.absentStatus;
    if (st?.code !== 'UnschedulableAndUnresolvable') {
      const n = input.snapshot.byName.get(nominated);
      if (n?.pods.some((p) => p.priority < pod.priority && p.pod.metadata.deletionTimestamp != null)) {
        return unschedulable(NOT_ELIGIBLE_TERMINATING);
      }
    }
  }

  // 2) nodesWherePreemptionMightHelp
  const statuses = new Map<string, Status>();
  const potential: NodeInfo[] = [];
  for (const n of input.snapshot.nodes) {
    const st = input.nodeStatuses.get(n.name) ?? input.absentStatus;
    if (!st || st.code === 'UnschedulableAndUnresolvable') {
      statuses.set(n.name, newStatus('UnschedulableAndUnresolvable', PREEMPTION_NOT_HELPFUL));
      continue;
    }
    potential.push(n);
  }

  // 3) dryRunPreemption, starting at a random offset when only a sample of the nodes is examined.
  const candidates: Candidate[] = [];
  if (potential.length > 0) {
    let numCandidates = Math.trunc((potential.length * MIN_CANDIDATE_NODES_PERCENTAGE) / 100);
    if (numCandidates < MIN_CANDIDATE_NODES_ABSOLUTE) numCandidates = MIN_CANDIDATE_NODES_ABSOLUTE;
    if (numCandidates > potential.length) numCandidates = potential.length;
    const offset = numCandidates < potential.length ? input.rng.intn(potential.length) : 0;
    for (let i = 0; i < potential.length && candidates.length < numCandidates; i++) {
      const n = potential[(offset + i) % potential.length];
      const r = selectVictimsOnNode(input, n);
      if (r.victims && r.victims.length > 0)
        candidates.push({ node: n.name, victims: r.victims, pdbViolations: r.pdbViolations ?? 0 });
      else if (r.victims) statuses.set(n.name, newStatus('UnschedulableAndUnresolvable', NO_VICTIMS));
      else if (r.status) statuses.set(n.name, r.status);
    }
  }

  // 4) No candidate: the reason is a FitError over every node.
  if (candidates.length === 0) {
    const msg = fitErrorMessage({
      numAllNodes: input.snapshot.nodes.length,
      nodeToStatus: statuses,
      absentStatus: newStatus('UnschedulableAndUnresolvable', PREEMPTION_NOT_HELPFUL),
    });
    return unschedulable(msg);
  }
  const best = pickOne(candidates);
  return { status: newStatus('Success'), nominatedNode: best.node, victims: best.victims };
}
