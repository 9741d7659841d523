/**
 * "Key steps": the curated path through a run, the default way a learner steps through it. A failure run is
 * 1,300–1,500 steps, most of them the same hop repeated for every replica and every node; the key steps are the
 * journey's chapters, each shown once:
 *  - the first step of every phase (apply, admission, etcd, controllers, scheduling, kubelet, networking, status);
 *  - the first time each kind of request crosses each link (kubectl → apiserver POST Deployment, the ReplicaSet
 *    controller's POST Pod, the scheduler's bind, the kubelet's RunPodSandbox, CNI ADD, PullImage…); replies and
 *    watch notifications are the same link in the other direction and are reached by stepping the full trace,
 *    but a refusal (a 4xx/5xx reply) is a hop of its own;
 *  - the first time each Event reason is recorded (Scheduled, Pulled, FailedScheduling, BackOff…): a failure's
 *    evidence is an Event, so the step where it went wrong is always a key step; for a Warning also the step where
 *    its latest Event first appeared, which is the one "Where is it stuck?" quotes and jumps to (whereStuck.ts);
 *  - the milestones of "it works": the first Pod Ready, the first ready endpoint, the first kube-proxy sync that
 *    carries it, the first workload status with every replica ready;
 *  - every fault and user action, and the end of the run.
 * Background steps (lease heartbeats) are never key steps. One pass, a Set per rule: about 0.5 µs a step (100 ms for
 * a 200,000-step trace, walked in a worker).
 */
import type { Step } from '../engine/types';

/** Replies that only say yes (2xx/3xx, etcd's OK), reads and watch notifications; a refusal (4xx/5xx) is a hop. */
const REPLY_VERB = /^([23]\d\d|OK|GET|LIST)$|^WATCH\b/;

/** "3/3" style ready counts (deployment.status, statefulset…) with every replica ready. */
function allReady(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const m = /^(\d+)\/(\d+)$/.exec(value);
  return !!m && m[2] !== '0' && m[1] === m[2];
}

/** Which "it works" milestone a step is, if any. */
function milestone(step: Step, sawReadyEndpoint: boolean): string | undefined {
  const p = step.narration.params ?? {};
  switch (step.narration.key) {
    case 'kubelet.api.status':
      return /Ready=True/.test(String(p.summary ?? step.summary)) ? 'pod-ready' : undefined;
    case 'endpointslice.update':
    case 'endpoint.update':
      return Number(p.ready) > 0 ? `${step.narration.key}-ready` : undefined;
    case 'kubeproxy.sync':
      return sawReadyEndpoint ? 'proxy-ready' : undefined;
    default:
      return allReady(p.ready) ? `${step.narration.key}-all-ready` : undefined;
  }
}

export function keySteps(steps: readonly Step[]): number[] {
  const phases = new Set<string>();
  const hops = new Set<string>();
  const reasons = new Set<string>();
  const milestones = new Set<string>();
  /** Where each Warning Event (by name) first appeared, and per reason the name of its latest Event. */
  const firstSeen = new Map<string, number>();
  const latestWarning = new Map<string, string>();
  let sawReadyEndpoint = false;
  const out: number[] = [];
  const last = steps.length - 1;
  for (const s of steps) {
    if (s.background && s.seq !== last) continue;
    let key = s.seq === last || s.phase === 'fault' || s.phase === 'user';
    if (!phases.has(s.phase)) {
      phases.add(s.phase);
      key = true;
    }
    if (!REPLY_VERB.test(s.verb)) {
      const hop = `${s.from.component}>${s.to.component} ${s.verb} ${s.object?.kind ?? ''}`;
      if (!hops.has(hop)) {
        hops.add(hop);
        key = true;
      }
    }
    for (const e of s.events) {
      const reason = `${e.type}/${e.reason}`;
      if (e.type === 'Warning') {
        if (!firstSeen.has(e.name)) firstSeen.set(e.name, s.seq);
        latestWarning.set(reason, e.name);
      }
      if (!reasons.has(reason)) {
        reasons.add(reason);
        key = true;
      }
    }
    const m = milestone(s, sawReadyEndpoint);
    if (m && !milestones.has(m)) {
      milestones.add(m);
      key = true;
    }
    if (m === 'endpointslice.update-ready' || m === 'endpoint.update-ready') sawReadyEndpoint = true;
    if (key) out.push(s.seq);
  }
  const keys = new Set(out);
  const latest = [...new Set([...latestWarning.values()].map((name) => firstSeen.get(name)!))].filter(
    (seq) => !keys.has(seq),
  );
  return latest.length ? [...out, ...latest].sort((a, b) => a - b) : out;
}
