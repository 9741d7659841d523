/**
 * "Where is it stuck?" as of a step: kubectl's own errors first (a request the API server refused never reaches
 * the rest of the chain), then the engine's walk of the chain (whereStuck).
 */
import type { Run, WorldState } from '../engine/api';
import { NODE_LOCAL, type ComponentId } from '../engine/types';
import { whereStuck, type Finding, type LinkId } from '../engine/diagnose/whereStuck';
import { reasonOf, type ReasonKey } from '../engine/diagnose/reasons';

export interface ChainFinding extends Omit<Finding, 'link' | 'component'> {
  link: LinkId | 'kubectl';
  component: string;
}

interface StepDiagnosis {
  stuck?: ChainFinding;
  chain: ChainFinding[];
}

interface ApiError {
  key: string;
  component: string;
  reason: string;
  reasonKey: ReasonKey;
  command: string;
}

/** Plain words for kubectl's error line, and the command that narrows it down on a real cluster. */
export function classifyKubectlError(line: string): ApiError {
  if (/etcdserver|etcd cluster is unavailable/.test(line))
    return {
      key: 'api.etcd',
      component: 'kube-apiserver',
      ...reasonOf('apiEtcd'),
      command: 'kubectl get --raw="/readyz?verbose"',
    };
  if (/refused|Unable to connect to the server/.test(line))
    return {
      key: 'api.down',
      component: 'kube-apiserver',
      ...reasonOf('apiDown'),
      command: 'sudo crictl ps -a --name kube-apiserver   # on the control-plane node',
    };
  if (/You must be logged in|Unauthorized/.test(line))
    return {
      key: 'api.unauthorized',
      component: 'kube-apiserver',
      ...reasonOf('apiUnauthorized'),
      command: 'kubectl auth whoami',
    };
  if (/Forbidden/.test(line))
    return {
      key: 'api.forbidden',
      component: 'kube-apiserver',
      ...reasonOf('apiForbidden'),
      command: 'kubectl auth can-i --list',
    };
  if (/resource mapping not found|no matches for kind/.test(line))
    return {
      key: 'api.noKind',
      component: 'kubectl',
      ...reasonOf('apiNoKind'),
      command: 'kubectl api-resources',
    };
  return {
    key: 'api.rejected',
    component: 'kube-apiserver',
    ...reasonOf('apiRejected'),
    command: 'kubectl apply --dry-run=server -f manifest.yaml',
  };
}

export function diagnoseAt(run: Pick<Run, 'steps' | 'output'>, world: WorldState, seq: number): StepDiagnosis {
  // The latest `kubectl apply` is the one that counts: a file applied again after a failure (a CRD's resource once
  // the CRD is established, a manifest after the API server is back) supersedes the first attempt's errors.
  let lastApply = -1;
  for (let i = Math.min(seq, run.steps.length - 1); i >= 0; i--)
    if (run.steps[i].narration.key === 'user.reapply') {
      lastApply = i;
      break;
    }
  const failed = run.output.find((o) => !o.ok && o.seq <= seq && o.seq > lastApply);
  const chain: ChainFinding[] = [];
  if (failed) {
    const e = classifyKubectlError(failed.line);
    chain.push({
      link: 'kubectl',
      ok: false,
      object: 'kubectl',
      component: e.component,
      reason: e.reason,
      reasonKey: e.reasonKey,
      params: {},
      key: e.key,
      evidence: failed.line,
      command: e.command,
      step: failed.seq,
    });
  }
  chain.push(...whereStuck(world, run).chain);
  return { stuck: chain.find((f) => !f.ok), chain };
}

/** The last diagnosis per run: the verdict and the diagram both ask for the one at the end step, in one render. */
const lastDiagnosis = new WeakMap<object, { world: WorldState; seq: number; diagnosis: StepDiagnosis }>();

export function diagnoseAtCached(run: Pick<Run, 'steps' | 'output'>, world: WorldState, seq: number): StepDiagnosis {
  const hit = lastDiagnosis.get(run);
  if (hit && hit.world === world && hit.seq === seq) return hit.diagnosis;
  const diagnosis = diagnoseAt(run, world, seq);
  lastDiagnosis.set(run, { world, seq, diagnosis });
  return diagnosis;
}

/**
 * The diagram instance a finding blames: a control-plane component by id, a node-local one on the node of the Pod it
 * is about (`kubelet@node-2`), or on the node its reason names.
 */
export function stuckInstance(finding: ChainFinding, world: WorldState): string | undefined {
  if (finding.component === 'kubectl') return 'kubectl';
  if (!NODE_LOCAL.has(finding.component as ComponentId)) return finding.component;
  let node = typeof finding.params.node === 'string' ? finding.params.node : undefined;
  if (!node && finding.object.startsWith('pod/')) {
    const suffix = `/${finding.object.slice(4)}`;
    for (const [key, obj] of world.etcd)
      if (key.startsWith('/registry/pods/') && key.endsWith(suffix)) {
        node = (obj as { spec?: { nodeName?: string } }).spec?.nodeName;
        break;
      }
  }
  return node ? `${finding.component}@${node}` : undefined;
}
