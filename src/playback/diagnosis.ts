/**
 * "Where is it stuck?" as of a step: kubectl's own errors first (a request the API server refused never reaches
 * the rest of the chain), then the engine's walk of the chain (whereStuck).
 */
import type { Run, WorldState } from '../engine/api';
import { whereStuck, type Finding, type LinkId } from '../engine/diagnose/whereStuck';

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
  command: string;
}

/** Plain words for kubectl's error line, and the command that narrows it down on a real cluster. */
export function classifyKubectlError(line: string): ApiError {
  if (/etcdserver|etcd cluster is unavailable/.test(line))
    return {
      key: 'api.etcd',
      component: 'kube-apiserver',
      reason:
        'The API server accepted the request but could not commit it to etcd: etcd has lost quorum, so every write fails',
      command: 'kubectl get --raw="/readyz?verbose"',
    };
  if (/refused|Unable to connect to the server/.test(line))
    return {
      key: 'api.down',
      component: 'kube-apiserver',
      reason: 'kubectl cannot reach the API server: kube-apiserver is not running or not listening',
      command: 'sudo crictl ps -a --name kube-apiserver   # on the control-plane node',
    };
  if (/You must be logged in|Unauthorized/.test(line))
    return {
      key: 'api.unauthorized',
      component: 'kube-apiserver',
      reason: 'Authentication failed (401): the API server does not accept the credentials in the kubeconfig',
      command: 'kubectl auth whoami',
    };
  if (/Forbidden/.test(line))
    return {
      key: 'api.forbidden',
      component: 'kube-apiserver',
      reason: 'Authorization failed (403): RBAC does not allow this user to do that',
      command: 'kubectl auth can-i --list',
    };
  if (/resource mapping not found|no matches for kind/.test(line))
    return {
      key: 'api.noKind',
      component: 'kubectl',
      reason: 'The API server does not serve this apiVersion/kind (removed or misspelled)',
      command: 'kubectl api-resources',
    };
  return {
    key: 'api.rejected',
    component: 'kube-apiserver',
    reason: 'The API server rejected the object (validation or admission), so nothing was stored',
    command: 'kubectl apply --dry-run=server -f manifest.yaml',
  };
}

export function diagnoseAt(run: Pick<Run, 'steps' | 'output'>, world: WorldState, seq: number): StepDiagnosis {
  const failed = run.output.find((o) => !o.ok && o.seq <= seq);
  const chain: ChainFinding[] = [];
  if (failed) {
    const e = classifyKubectlError(failed.line);
    chain.push({
      link: 'kubectl',
      ok: false,
      object: 'kubectl',
      component: e.component,
      reason: e.reason,
      key: e.key,
      evidence: failed.line,
      command: e.command,
      step: failed.seq,
    });
  }
  chain.push(...whereStuck(world, run).chain);
  return { stuck: chain.find((f) => !f.ok), chain };
}
