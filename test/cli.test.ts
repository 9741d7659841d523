/** The CLI contract (docs/CONTRACTS.md §4): formats, flags, exit codes 0/1/2, never a stack trace. */
import { mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDuration, runCli } from '../cli/runCli';
import { parseActionSpec } from '../cli/parseActionSpec';
import { InputTooLarge, readFdCapped, readFileCapped } from '../cli/readCapped';
import { NGINX_DEPLOYMENT_AND_SERVICE } from '../src/scenarios/manifests';

function cli(args: string[], files: Record<string, string> = { 'web.yaml': NGINX_DEPLOYMENT_AND_SERVICE }, stdin = '') {
  let out = '';
  let err = '';
  const code = runCli(args, {
    readFile: (p) => {
      if (!(p in files))
        throw Object.assign(new Error(`ENOENT: no such file or directory, open '${p}'`), { code: 'ENOENT' });
      return files[p];
    },
    readStdin: () => stdin,
    stdout: (s) => (out += s),
    stderr: (s) => (err += s),
  });
  // An internal error is a bug whatever the test checks.
  expect(err).not.toContain('internal error');
  return { code, out, err };
}

describe('simulate CLI', () => {
  it("--format text: the apiserver's rejection goes to stderr as kubectl prints it, exit 1", () => {
    const yaml =
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels: {app: web}\n  template: "x"\n';
    const r = cli(['x.yaml', '--format', 'text'], { 'x.yaml': yaml });
    expect(r.code).toBe(1);
    expect(r.out).toContain('400 Bad Request');
    expect(r.err).toBe(
      'Error from server (BadRequest): error when creating "x.yaml": Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.template of type v1.PodTemplateSpec\n',
    );
  });

  it('kube-apiserver stopped: the transcript and every --kubectl command are refused at the kubeconfig address', () => {
    const r = cli(['--scenario', 'apiserver-down', '--format', 'kubectl', '--kubectl', 'get endpoints']);
    const refused =
      'The connection to the server 127.0.0.1:41827 was refused - did you specify the right host or port?';
    for (const cmd of ['get deployments', 'get pods -o wide', 'get events', 'get endpoints'])
      expect(r.out).toContain(`$ kubectl ${cmd}\n${refused}\n`);
  });

  it('--until on a run that converges early keeps the clock and the background traffic going to the horizon', () => {
    const r = cli(['web.yaml', '--until', '10m', '--format', 'kubectl', '--kubectl', 'get pods']);
    const rows = r.out.split('$ kubectl get pods\n')[1]!.trim().split('\n').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/ 10m$/);
    const text = cli(['web.yaml', '--until', '10m', '--format', 'text']);
    // The background traffic goes on: the kubelets keep renewing their Leases up to the horizon.
    expect(text.out).toMatch(
      /^#\d+ 59\d\.\d{3}s kubelet@node-1 → kube-apiserver {2}PUT .*leases\/node-1 {2}\(background\)$/m,
    );
    expect(text.out.trim().split('\n').at(-1)).toMatch(/ 600\.000s kubectl {2}end: horizon$/);
  });

  it("--kubectl: the panel's read-only commands after the kubectl transcript, against the end of the run", () => {
    const r = cli([
      '--scenario',
      'job-completes',
      '--format',
      'kubectl',
      '--kubectl',
      'describe job pi',
      '--kubectl',
      'logs job/pi',
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('\n$ kubectl describe job pi\nName:             pi\n');
    // The docs' pi Job prints pi to 2,000 significant digits.
    expect(r.out).toMatch(/\$ kubectl logs job\/pi\n3\.14159265358979323846\d{1979}\n/);
    const bad = cli(['web.yaml', '--kubectl', 'get pods']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--kubectl prints into the kubectl transcript: use it with --format kubectl');
  });

  it('text format: one line per step, exit 0', () => {
    const r = cli(['web.yaml']);
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[0]).toMatch(
      /^#0 0\.\d{3}s kubectl → kube-apiserver {2}GET \/apis\/apps\/v1\/namespaces\/default\/deployments\/web$/,
    );
    expect(r.out).toMatch(
      /kube-scheduler → kube-apiserver {2}POST \/api\/v1\/namespaces\/default\/pods\/web-[a-z0-9-]+\/binding/,
    );
  });

  it('json format has the contract fields', () => {
    const j = JSON.parse(cli(['web.yaml', '--format', 'json']).out);
    expect(Object.keys(j)).toEqual(
      expect.arrayContaining(['kubernetesVersion', 'seed', 'cluster', 'steps', 'objects', 'events']),
    );
    expect(j.kubernetesVersion).toMatch(/^v1\.34\./);
    const s = j.steps[0];
    expect(Object.keys(s)).toEqual(
      expect.arrayContaining(['seq', 'time', 'phase', 'from', 'to', 'verb', 'summary', 'events']),
    );
  });

  it('reads stdin with "-" and honours --nodes, --seed and --until', () => {
    const r = cli(
      ['-', '--nodes', '5', '--seed', '9', '--until', '2s', '--format', 'json'],
      {},
      NGINX_DEPLOYMENT_AND_SERVICE,
    );
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.seed).toBe(9);
    expect(j.cluster.nodes.map((n: { name: string }) => n.name)).toEqual([
      'control-plane',
      'node-1',
      'node-2',
      'node-3',
      'node-4',
      'node-5',
    ]);
    expect(j.steps.at(-1).time).toBeLessThanOrEqual(2000);
  });

  it('--metrics-server installs metrics-server: kubectl top answers, as it does not on kind by default', () => {
    const args = ['web.yaml', '--until', '40s', '--format', 'kubectl', '--kubectl', 'top nodes'];
    const without = cli(args);
    expect(without.out).toContain('$ kubectl top nodes\nerror: Metrics API not available');
    const r = cli([...args, '--nodes', '2', '--metrics-server']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /\$ kubectl top nodes\nNAME\s+CPU\(cores\)\s+CPU\(%\)\s+MEMORY\(bytes\)\s+MEMORY\(%\)\ncontrol-plane /,
    );
    expect(r.out).not.toContain('node-3');
    expect(cli(['web.yaml', '--metrics-server=1']).code).toBe(2);
  });

  it('--scenario runs a built-in scenario', () => {
    const r = cli(['--scenario', 'pending-insufficient-cpu', '--format', 'kubectl']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('FailedScheduling');
    expect(r.out).toMatch(/web-[a-z0-9]+-[a-z0-9]{5} {3}0\/1 {5}Pending/);
  });

  it('exit 1 when a document is rejected, the rest still simulated', () => {
    const bad = NGINX_DEPLOYMENT_AND_SERVICE.replace('replicas: 3', 'replica: 3');
    const r = cli(['bad.yaml', '--format', 'kubectl'], { 'bad.yaml': bad });
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      'Error from server (BadRequest): error when creating "bad.yaml": Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.replica"',
    );
    expect(r.out).toContain('service/web created');
  });

  it('exit 2 for unusable input, with line and column, never a stack trace', () => {
    const yamlErr = cli(['x.yaml'], { 'x.yaml': 'kind: Pod\nmetadata:\n  name: [oops\n' });
    expect(yamlErr.code).toBe(2);
    expect(yamlErr.err).toMatch(/line \d+/);
    expect(yamlErr.err).not.toMatch(/\n\s+at /);
    // kubectl v1.34.5 `apply -f x.yaml --dry-run=client` prints exactly this (go-yaml's line and wording).
    expect(cli(['x.yaml'], { 'x.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n    name: x\n  labels: {}\n' }).err).toBe(
      'error: error parsing x.yaml: error converting YAML to JSON: yaml: line 4: did not find expected key\n',
    );
    expect(cli(['missing.yaml']).code).toBe(2);
    expect(cli(['missing.yaml']).err).toContain('the path "missing.yaml" does not exist');
    expect(cli(['web.yaml', '--format', 'xml']).code).toBe(2);
    expect(cli(['web.yaml', '--nodes', 'zero']).code).toBe(2);
    expect(cli(['web.yaml', '--until', 'soon']).code).toBe(2);
    expect(cli(['web.yaml', '--bogus']).code).toBe(2);
    expect(cli(['--scenario', 'nope']).code).toBe(2);
    expect(cli([]).code).toBe(2);
  });

  it("an empty manifest: kubectl's error: no objects passed to apply, exit 1, the idle cluster still simulated", () => {
    for (const text of ['', '# nothing here\n---\n']) {
      const r = cli(['empty.yaml'], { 'empty.yaml': text });
      expect(r.code).toBe(1);
      expect(r.err).toBe('error: no objects passed to apply\n');
      expect(r.out).toMatch(/end: quiescent/);
    }
    const k = cli(['empty.yaml', '--format', 'kubectl'], { 'empty.yaml': '' });
    expect(k.code).toBe(1);
    expect(k.out.split('\n').slice(0, 3)).toEqual([
      '$ kubectl apply -f empty.yaml',
      'error: no objects passed to apply',
      '',
    ]);
  });

  it('reads with a cap: /dev/zero and an endless stdin stop at the budget, exit 2 with the budget text', () => {
    // The readers never hold more than one byte past the cap.
    expect(() => readFileCapped('/dev/zero', 1000)).toThrow(InputTooLarge);
    expect(() => readFdCapped(openSync('/dev/zero', 'r'), 1000)).toThrow(InputTooLarge);
    const dir = mkdtempSync(join(tmpdir(), 'podyssey-cli-'));
    const big = join(dir, 'big.yaml');
    writeFileSync(big, 'x'.repeat(3 * 1024 * 1024));
    expect(() => readFileCapped(big)).toThrow(expect.objectContaining({ bytes: 3 * 1024 * 1024 }));
    writeFileSync(big, 'apiVersion: v1\n');
    expect(readFileCapped(big)).toBe('apiVersion: v1\n');
    const run = (read: () => string, file: string) => {
      let err = '';
      const code = runCli([file], { readFile: read, readStdin: read, stdout: () => {}, stderr: (s) => (err += s) });
      return { code, err };
    };
    expect(run(() => readFdCapped(openSync('/dev/zero', 'r')), '-')).toEqual({
      code: 2,
      err: 'error: manifest is too large (more than 2 MiB; the limit is 2 MiB)\n',
    });
    writeFileSync(big, 'x'.repeat(3 * 1024 * 1024));
    expect(run(() => readFileCapped(big), big)).toEqual({
      code: 2,
      err: 'error: manifest is too large (3.0 MiB; the limit is 2 MiB)\n',
    });
  });

  it('text and kubectl formats are written out in bounded pieces, not as one string', () => {
    const yaml = NGINX_DEPLOYMENT_AND_SERVICE.replace(/replicas: \d+/, 'replicas: 60');
    for (const format of ['text', 'kubectl']) {
      const writes: string[] = [];
      const code = runCli(['web.yaml', '--format', format, '--nodes', '20'], {
        readFile: () => yaml,
        readStdin: () => yaml,
        stdout: (s) => writes.push(s),
        stderr: () => {},
      });
      expect(code).toBe(0);
      expect(writes.length).toBeGreaterThan(2);
      const longest = Math.max(...writes.map((w) => w.split('\n').length));
      expect(longest).toBeLessThanOrEqual(2001);
      expect(writes.join('').split('\n').length).toBeGreaterThan(format === 'text' ? 2500 : 60);
    }
  });

  it('--action inserts interventions', () => {
    const r = cli([
      'web.yaml',
      '--format',
      'text',
      '--action',
      '20s:delete-pod $pod:web',
      '--action',
      '30s:scale deployment/web 1',
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/kubectl {2}kubectl delete pod web-/);
    expect(r.out).toMatch(/kubectl {2}kubectl scale deployment\/web --replicas=1/);
    expect(cli(['web.yaml', '--action', 'soon:delete-pod x']).code).toBe(2);
  });

  it('--action stop cni@NODE: the sandbox fails with FailedCreatePodSandBox until CNI starts again', () => {
    expect(parseActionSpec('#0:stop cni@node-2')).toEqual({
      atStep: 0,
      action: { type: 'stop', component: 'cni', node: 'node-2' },
    });
    const r = cli([
      'web.yaml',
      '--format',
      'text',
      '--until',
      '2m',
      '--action',
      '#0:stop cni@node-2',
      '--action',
      '40s:start cni@node-2',
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^#0 0\.000s cni@node-2 {2}stop cni on node-2$/m);
    expect(r.out).toMatch(
      /^ {4}Warning FailedCreatePodSandBox pod\/web-[a-z0-9]+-[a-z0-9]+ \(kubelet\): Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "[0-9a-f]{64}": plugin type="ptp" failed \(add\): failed to find plugin "ptp" in path \[\/opt\/cni\/bin\]$/m,
    );
    const after = r.out.slice(r.out.indexOf('start cni on node-2'));
    expect(after).toMatch(/container-runtime@node-2\/containerd → kubelet@node-2 {2}RunPodSandbox OK/);
    // No CNI ADD fails once the plugin is back (a sandbox whose ADD failed just before may still report it after).
    expect(after).not.toMatch(/cni@node-2 {2}CNI ADD failed/);
  });

  it('parses durations and action specs', () => {
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('5m')).toBe(300_000);
    expect(parseDuration('1500ms')).toBe(1500);
    expect(parseDuration('1h')).toBe(3_600_000);
    expect(parseDuration('x')).toBeUndefined();
    expect(parseActionSpec('#12:stop kubelet@node-2')).toEqual({
      atStep: 12,
      action: { type: 'stop', component: 'kubelet', node: 'node-2' },
    });
    expect(parseActionSpec('1m:stop etcd-1')).toEqual({
      atMs: 60_000,
      action: { type: 'stop', component: 'etcd', member: 1 },
    });
    expect(parseActionSpec('5s:taint node-1 gpu=true:NoSchedule')).toEqual({
      atMs: 5000,
      action: { type: 'taint', node: 'node-1', key: 'gpu', value: 'true', effect: 'NoSchedule' },
    });
    expect('error' in parseActionSpec('5s:stop kube-nothing')).toBe(true);
  });
});
