import { describe, expect, it } from 'vitest';
import { findScenario } from '../../scenarios';
import type { Run } from '../api';
import { simulate } from '../simulate';
import { worldAt } from '../trace/worldAt';
import { answerKubectl, tokenize } from './kubectlCommand';

const runs = new Map<string, Run>();
function scenarioRun(id: string): Run {
  let run = runs.get(id);
  if (!run) {
    run = simulate(findScenario(id)!.input);
    runs.set(id, run);
  }
  return run;
}

const run = scenarioRun('happy-path');
const end = worldAt(run, run.steps.length - 1);
const start = worldAt(run, 0);

describe('answerKubectl', () => {
  it('prints kubectl get tables from the world after a step', () => {
    const a = answerKubectl('kubectl get pods', end);
    expect(a.ok).toBe(true);
    expect(a.output.split('\n')[0]).toMatch(/^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE$/);
    expect(a.output.match(/1\/1\s+Running/g)).toHaveLength(3);
    expect(answerKubectl('get pods', start).output).toBe('No resources found in default namespace.');
  });

  it('prints several kinds with kind prefixes and wide columns', () => {
    const a = answerKubectl('get deploy,rs,pods -o wide', end);
    expect(a.output).toContain('deployment.apps/web');
    expect(a.output).toContain('replicaset.apps/web-');
    expect(a.output).toMatch(/pod\/web-\S+\s+1\/1\s+Running\s+0\s+\S+\s+10\.244\./);
  });

  it('supports names, -o yaml/json/name, namespaces and -A', () => {
    expect(answerKubectl('get deployment web -o yaml', end).output).toMatch(
      /^apiVersion: apps\/v1\nkind: Deployment\n/,
    );
    expect(answerKubectl('get deploy/web -o json', end).output).toMatch(/^\{\n {4}"apiVersion": "apps\/v1",/);
    expect(answerKubectl('get svc -o name', end).output).toBe('service/kubernetes\nservice/web');
    expect(answerKubectl('get pods -n kube-system', end).output).toContain('kube-proxy-');
    expect(answerKubectl('get pods -A', end).output.split('\n')[0]).toMatch(/^NAMESPACE\s+NAME/);
    expect(answerKubectl('get nodes', end).output).toContain('control-plane');
  });

  it('answers events, endpointslices and describe', () => {
    expect(answerKubectl('get events', end).output).toContain('Scheduled');
    expect(answerKubectl('get endpointslices', end).output).toMatch(/web-\S+\s+IPv4\s+80\s+10\.244\./);
    const d = answerKubectl('describe deployment web', end);
    expect(d.output).toMatch(/^Name:\s+web$/m);
    expect(d.output).toContain('Events:');
  });

  it('errors like kubectl', () => {
    expect(answerKubectl('get pods nope', end)).toEqual({
      command: 'get pods nope',
      output: 'Error from server (NotFound): pods "nope" not found',
      ok: false,
    });
    expect(answerKubectl('get deploy nope', end).output).toBe(
      'Error from server (NotFound): deployments.apps "nope" not found',
    );
    expect(answerKubectl('get frobs', end).output).toBe('error: the server doesn\'t have a resource type "frobs"');
    expect(answerKubectl('frobnicate', end).output).toBe('error: unknown command "frobnicate" for "kubectl"');
    expect(answerKubectl('delete pod x', end).ok).toBe(false);
    expect(answerKubectl('get pods -o toml', end).output).toMatch(
      /^error: unable to match a printer suitable for the output format "toml"/,
    );
    expect(answerKubectl('get pods -x', end).output).toBe(
      "error: unknown shorthand flag: 'x' in -x\nSee 'kubectl get --help' for usage.",
    );
    expect(answerKubectl('get pods --foo', end).output).toBe(
      "error: unknown flag: --foo\nSee 'kubectl get --help' for usage.",
    );
    // cobra's suggestions, in kubectl's command order (the real kubectl v1.34.5 prints exactly this).
    expect(answerKubectl('gett pods', end).output).toBe(
      'error: unknown command "gett" for "kubectl"\n\nDid you mean this?\n\tset\n\tget',
    );
  });

  it('tokenizes quoted arguments', () => {
    expect(tokenize(`get pods -l 'app=web'`)).toEqual(['get', 'pods', '-l', 'app=web']);
  });
});

describe('answerKubectl: DaemonSets and ReplicationControllers', () => {
  const ds = worldAt(scenarioRun('daemonset-taint-untaint'), scenarioRun('daemonset-taint-untaint').steps.length - 1);
  const rc = worldAt(
    scenarioRun('replicationcontroller-nginx'),
    scenarioRun('replicationcontroller-nginx').steps.length - 1,
  );

  it('gets and describes a DaemonSet and its ControllerRevision', () => {
    expect(answerKubectl('get ds', ds).output).toMatch(
      /^NAME\s+DESIRED\s+CURRENT\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+NODE SELECTOR\s+AGE\nnode-agent\s+3\s+3\s+3\s+3\s+3\s+<none>\s+\d+s$/,
    );
    expect(answerKubectl('get controllerrevisions', ds).output).toMatch(
      /^NAME\s+CONTROLLER\s+REVISION\s+AGE\nnode-agent-\w+\s+daemonset\.apps\/node-agent\s+1\s+\d+s$/,
    );
    const d = answerKubectl('describe daemonset node-agent', ds).output;
    expect(d).toContain('\nDesired Number of Nodes Scheduled: 3\n');
    expect(d).toMatch(/daemonset-controller\s+Created pod: node-agent-/);
  });

  it('gets and describes a ReplicationController, also under get all', () => {
    expect(answerKubectl('get rc', rc).output).toMatch(
      /^NAME\s+DESIRED\s+CURRENT\s+READY\s+AGE\nnginx\s+3\s+3\s+3\s+\d+s$/,
    );
    expect(answerKubectl('get all', rc).output).toContain('replicationcontroller/nginx');
    expect(answerKubectl('describe rc nginx', rc).output).toMatch(/^Replicas:\s+3 current \/ 3 desired$/m);
  });
});

describe('answerKubectl for the batch and storage kinds', () => {
  const cron = scenarioRun('cronjob-every-minute');
  const cronEnd = worldAt(cron, cron.steps.length - 1);

  it("lists get all in kubectl's category order: core, apps, autoscaling, then batch (cronjobs before jobs)", () => {
    const out = answerKubectl('get all', cronEnd).output;
    const firstOf = (prefix: string) =>
      out.indexOf(`\n${prefix}`) >= 0 ? out.indexOf(`\n${prefix}`) : out.indexOf(prefix);
    expect(out.startsWith('NAME')).toBe(true);
    expect(firstOf('pod/')).toBeLessThan(firstOf('cronjob.batch/hello'));
    expect(firstOf('cronjob.batch/hello')).toBeLessThan(firstOf('job.batch/hello-'));
  });

  it('describes the CronJob and one of its Jobs from the panel', () => {
    expect(answerKubectl('describe cronjob hello', cronEnd).output).toMatch(/^Schedule:\s+\*\/1 \* \* \* \*$/m);
    const job = answerKubectl('get jobs -o name', cronEnd).output.split('\n')[0]!;
    const text = answerKubectl(`describe ${job}`, cronEnd).output;
    expect(text).toMatch(/^Controlled By:\s+CronJob\/hello$/m);
    expect(text).toMatch(/^Pods Statuses:\s+\d+ Active \(\d+ Ready\) \/ \d+ Succeeded \/ \d+ Failed$/m);
  });

  it('describes a provisioned claim (Used By its Pod) and its volume', () => {
    const pvcRun = scenarioRun('pvc-dynamic-provisioning');
    const w = worldAt(pvcRun, pvcRun.steps.length - 1);
    const claim = answerKubectl('describe pvc', w);
    expect(claim.ok).toBe(true);
    expect(claim.output).toMatch(/^Status:\s+Bound$/m);
    expect(claim.output).toMatch(/^Used By:\s+\S+$/m);
    const pv = answerKubectl('describe pv', w).output;
    expect(pv).toMatch(/^Source:\n {4}Type:\s+HostPath \(bare host directory volume\)$/m);
  });
});

describe('answerKubectl with kube-apiserver stopped', () => {
  const down = scenarioRun('apiserver-down');
  const stopAt = down.steps.findIndex((s) => s.verb === 'stop' && s.label.includes('kube-apiserver'));
  // What kubectl v1.34.5 prints for a kubeconfig whose server does not listen, at kind's 127.0.0.1:<port>.
  const refused = 'The connection to the server 127.0.0.1:41827 was refused - did you specify the right host or port?';

  it('refuses every command once the apiserver is stopped, and answers again before', () => {
    expect(stopAt).toBeGreaterThan(0);
    const after = worldAt(down, down.steps.length - 1);
    for (const cmd of ['get pods', 'kubectl get endpoints', 'describe deployment web', 'logs web', 'auth whoami'])
      expect(answerKubectl(cmd, after)).toMatchObject({ ok: false, output: refused });
    expect(answerKubectl('get pods', worldAt(down, stopAt - 1)).ok).toBe(true);
  });
});

describe('answerKubectl get endpoints', () => {
  it("prints the endpoints controller's Endpoints after the apiserver's deprecation warning", () => {
    const a = answerKubectl('get endpoints', end);
    const lines = a.output.split('\n');
    // What kubectl v1.34.5 printed against `npm run serve` (the Warning header) and real v1.33+ clusters.
    expect(lines[0]).toBe('Warning: v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice');
    expect(lines[1]).toMatch(/^NAME\s+ENDPOINTS\s+AGE$/);
    expect(lines.find((l) => l.startsWith('kubernetes '))).toMatch(/172\.18\.0\.2:6443/);
    expect(lines.find((l) => l.startsWith('web '))).toMatch(
      /^web\s+10\.244\.\d+\.\d+:80,10\.244\.\d+\.\d+:80,10\.244\.\d+\.\d+:80\s/,
    );
    expect(answerKubectl('describe endpoints web', end).output).toContain('NotReadyAddresses:  <none>');
  });
});
