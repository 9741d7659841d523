/**
 * The 20 "checkable expectations" of the reference run (3-replica Deployment `web`,
 * nginx:1.27-alpine, cpu 100m, 3 workers, ClusterIP Service `web` 80→80), checked against the CLI's json and
 * kubectl outputs, and — where a check needs the world at every step — against the run's history.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/runCli';
import type { KEvent, KObject, Step } from '../src/engine/api';
import { simulate } from '../src/engine/simulate';
import { podSummary } from '../src/engine/kubectl/podColumns';
import { rolloutStatusLines } from '../src/engine/kubectl/rolloutStatus';
import { NGINX_DEPLOYMENT_AND_SERVICE } from '../src/scenarios/manifests';

function cli(args: string[], stdin = NGINX_DEPLOYMENT_AND_SERVICE): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = runCli(args, {
    readFile: () => stdin,
    readStdin: () => stdin,
    stdout: (s) => (out += s),
    stderr: (s) => (err += s),
  });
  if (err.includes('internal error')) throw new Error(`the CLI failed with ${err}`);
  return { code, out, err };
}

const json = JSON.parse(cli(['web.yaml', '--format', 'json']).out) as {
  steps: Step[];
  objects: KObject[];
  events: KEvent[];
};
const kubectl = cli(['web.yaml', '--format', 'kubectl']).out;
const run = simulate({ yaml: NGINX_DEPLOYMENT_AND_SERVICE });
const pods = json.objects.filter((o) => o.kind === 'Pod' && o.metadata.namespace === 'default');
const rs = json.objects.filter((o) => o.kind === 'ReplicaSet' && o.metadata.namespace === 'default');
const userEvents = json.events.filter((e) => e.namespace === 'default' && e.firstTimestamp >= 0);
const eventsOf = (name: string) =>
  userEvents.filter((e) => e.involvedObject.name === name).sort((a, b) => a.firstTimestamp - b.firstTimestamp);
const section = (cmd: string) =>
  kubectl
    .split('\n\n')
    .find((b) => b.startsWith(`$ kubectl ${cmd}`))!
    .split('\n')
    .slice(1);
const history = (key: string) =>
  run.history.filter((h) => h.key === key && h.value).map((h) => ({ seq: h.seq, obj: h.value as KObject }));

describe('checkable expectations for the 3-replica web Deployment', () => {
  it('1. apply prints created, re-apply unchanged, a spec change configured', () => {
    expect(kubectl.split('\n').slice(1, 3)).toEqual(['deployment.apps/web created', 'service/web created']);
    const again = simulate({
      yaml: NGINX_DEPLOYMENT_AND_SERVICE,
      actions: [
        { atMs: 20_000, action: { type: 'apply', yaml: NGINX_DEPLOYMENT_AND_SERVICE } },
        {
          atMs: 40_000,
          action: { type: 'apply', yaml: NGINX_DEPLOYMENT_AND_SERVICE.replace('replicas: 3', 'replicas: 4') },
        },
      ],
    });
    expect(again.output.map((o) => o.line)).toEqual([
      'deployment.apps/web created',
      'service/web created',
      'deployment.apps/web unchanged',
      'service/web unchanged',
      'deployment.apps/web configured',
      'service/web unchanged',
    ]);
  });

  it('2. exactly one ReplicaSet named web-<pod-template-hash> with the SafeEncodeString alphabet', () => {
    expect(rs).toHaveLength(1);
    const hash = rs[0].metadata.labels!['pod-template-hash'];
    expect(rs[0].metadata.name).toBe(`web-${hash}`);
    expect(rs[0].metadata.name).toMatch(/^web-[4-9bcdf]{1,10}$/);
  });

  it('3. pod names, labels and controller ownerReference', () => {
    const hash = rs[0].metadata.labels!['pod-template-hash'];
    expect(pods).toHaveLength(3);
    for (const p of pods) {
      expect(p.metadata.name).toMatch(new RegExp(`^web-${hash}-[bcdfghjklmnpqrstvwxz2456789]{5}$`));
      expect(p.metadata.labels).toEqual({ app: 'web', 'pod-template-hash': hash });
      expect(p.metadata.ownerReferences![0]).toMatchObject({
        kind: 'ReplicaSet',
        name: `web-${hash}`,
        controller: true,
        blockOwnerDeletion: true,
      });
    }
  });

  it('4. kubectl get deploy', () => {
    const [header, row] = section('get deployments');
    expect(header).toBe('NAME   READY   UP-TO-DATE   AVAILABLE   AGE');
    expect(row).toMatch(/^web {4}3\/3 {5}3 {12}3 {11}\d+s$/);
  });

  it('5. kubectl get rs and pods', () => {
    const [rsHeader, rsRow] = section('get replicasets');
    expect(rsHeader).toBe('NAME             DESIRED   CURRENT   READY   AGE');
    expect(rsRow).toMatch(/^web-[4-9bcdf]{10} {3}3 {9}3 {9}3 {7}\d+s$/);
    const podRows = section('get pods -o wide').slice(1);
    expect(podRows).toHaveLength(3);
    for (const r of podRows) expect(r).toMatch(/^web-[4-9bcdf]{10}-[a-z0-9]{5} {3}1\/1 {5}Running {3}0 {10}\d+s/);
  });

  it('6. one replica per node, distinct IPs inside the node podCIDR, <none> columns', () => {
    const rows = section('get pods -o wide');
    expect(rows[0]).toMatch(/IP\s+NODE\s+NOMINATED NODE\s+READINESS GATES$/);
    const cells = rows.slice(1).map((r) => r.split(/\s{2,}/));
    expect(cells.map((c) => c[6]).sort()).toEqual(['node-1', 'node-2', 'node-3']);
    expect(new Set(cells.map((c) => c[5])).size).toBe(3);
    for (const c of cells) {
      const node = json.objects.find((o) => o.kind === 'Node' && o.metadata.name === c[6])!;
      expect(c[5].startsWith(node.spec.podCIDR.replace(/0\/24$/, ''))).toBe(true);
      expect(c.slice(7)).toEqual(['<none>', '<none>']);
    }
  });

  it('7. exactly one Scheduled event per pod, and it is the pod’s earliest', () => {
    for (const p of pods) {
      const evs = eventsOf(p.metadata.name);
      expect(evs.filter((e) => e.reason === 'Scheduled')).toHaveLength(1);
      expect(evs[0]).toMatchObject({ reason: 'Scheduled', type: 'Normal', source: 'default-scheduler' });
      expect(evs[0].message).toBe(`Successfully assigned default/${p.metadata.name} to ${p.spec.nodeName}`);
    }
  });

  it('8. one ScalingReplicaSet "from 0 to 3" and three SuccessfulCreate', () => {
    const scaling = eventsOf('web').filter((e) => e.reason === 'ScalingReplicaSet');
    expect(scaling).toHaveLength(1);
    expect(scaling[0]).toMatchObject({
      source: 'deployment-controller',
      message: `Scaled up replica set ${rs[0].metadata.name} from 0 to 3`,
    });
    const created = eventsOf(rs[0].metadata.name).filter((e) => e.reason === 'SuccessfulCreate');
    expect(created.map((e) => e.message).sort()).toEqual(pods.map((p) => `Created pod: ${p.metadata.name}`).sort());
    expect(created.every((e) => e.source === 'replicaset-controller')).toBe(true);
  });

  it('9. kubelet events Pulling → Pulled → Created → Started, no Warning at all', () => {
    for (const p of pods) {
      const kubeletEvents = eventsOf(p.metadata.name).filter((e) => e.source === 'kubelet');
      expect(kubeletEvents.map((e) => e.reason)).toEqual(['Pulling', 'Pulled', 'Created', 'Started']);
      expect(kubeletEvents[1].message).toMatch(
        /^Successfully pulled image "nginx:1.27-alpine" in [\d.]+m?s \([\d.]+m?s including waiting\)\. Image size: 20506631 bytes\.$/,
      );
      expect(kubeletEvents[2].message).toBe('Created container: nginx');
      expect(kubeletEvents[3].message).toBe('Started container nginx');
    }
    expect(userEvents.filter((e) => e.type === 'Warning')).toEqual([]);
  });

  it('10. STATUS goes Pending → ContainerCreating → Running, READY 0/1 → 1/1, RESTARTS 0', () => {
    for (const p of pods) {
      const seen: string[] = [];
      for (const { obj } of history(`/registry/pods/default/${p.metadata.name}`)) {
        const s = podSummary(obj, 0);
        const label = `${s.status} ${s.ready} ${s.restarts}`;
        if (seen.at(-1) !== label) seen.push(label);
      }
      expect(seen.map((s) => s.split(' ')[0]).filter((s, i, a) => s !== a[i - 1])).toEqual([
        'Pending',
        'ContainerCreating',
        'Running',
      ]);
      expect(seen.at(-1)).toBe('Running 1/1 0');
      expect(seen.every((s) => s.endsWith(' 0'))).toBe(true);
    }
  });

  it('11. final pod conditions in API order, all True, times ordered; container status', () => {
    for (const p of pods) {
      const conds = p.status.conditions;
      expect(conds.map((c: { type: string }) => c.type)).toEqual([
        'PodReadyToStartContainers',
        'Initialized',
        'Ready',
        'ContainersReady',
        'PodScheduled',
      ]);
      expect(conds.every((c: { status: string }) => c.status === 'True')).toBe(true);
      const t = (type: string) => conds.find((c: { type: string }) => c.type === type).lastTransitionTime;
      expect(t('PodScheduled')).toBeLessThanOrEqual(t('PodReadyToStartContainers'));
      expect(t('PodReadyToStartContainers')).toBeLessThanOrEqual(t('Ready'));
      expect(p.status.phase).toBe('Running');
      expect(p.status.containerStatuses[0]).toMatchObject({ ready: true, started: true, restartCount: 0 });
      expect(p.status.containerStatuses[0].state.running.startedAt).toBeGreaterThan(0);
    }
  });

  it('12. per node the CRI calls run RunPodSandbox (CNI ADD inside) → ImageStatus/PullImage → CreateContainer → StartContainer', () => {
    for (const node of ['node-1', 'node-2', 'node-3']) {
      const calls = json.steps
        .filter((s) => s.from.component === 'kubelet' && s.from.node === node && s.to.component === 'container-runtime')
        .map((s) => s.verb);
      expect(calls).toEqual(['RunPodSandbox', 'ImageStatus', 'PullImage', 'CreateContainer', 'StartContainer']);
      const order = json.steps
        .filter(
          (s) =>
            (s.to.node === node || s.from.node === node) && ['RunPodSandbox', 'ADD', 'StartContainer'].includes(s.verb),
        )
        .map((s) => s.verb);
      expect(order).toEqual(['RunPodSandbox', 'ADD', 'StartContainer']);
    }
    for (const p of pods) {
      const ipSeq = history(`/registry/pods/default/${p.metadata.name}`).find((h) => h.obj.status?.podIP)!.seq;
      const start = run.steps.find((s) => s.verb === 'StartContainer' && s.object?.name === p.metadata.name)!.seq;
      expect(ipSeq).toBeLessThan(start);
    }
  });

  it('13. three Bindings; nodeName and PodScheduled=True land in the same write', () => {
    const binds = json.steps.filter(
      (s) => s.from.component === 'kube-scheduler' && s.label.startsWith('POST') && s.label.includes('/binding'),
    );
    expect(binds).toHaveLength(3);
    for (const p of pods) {
      const h = history(`/registry/pods/default/${p.metadata.name}`);
      const first = h.find((x) => x.obj.spec.nodeName)!.obj;
      expect(first.status.conditions.find((c: { type: string }) => c.type === 'PodScheduled').status).toBe('True');
    }
  });

  it('14. final Deployment status and conditions; Available only with the third Ready pod', () => {
    const d = json.objects.find((o) => o.kind === 'Deployment')!;
    expect(d.status).toMatchObject({
      observedGeneration: 1,
      replicas: 3,
      updatedReplicas: 3,
      readyReplicas: 3,
      availableReplicas: 3,
    });
    expect(d.status.unavailableReplicas).toBeUndefined();
    expect(
      d.status.conditions.map((c: { type: string; status: string; reason: string; message: string }) => [
        c.type,
        c.status,
        c.reason,
        c.message,
      ]),
    ).toEqual([
      ['Available', 'True', 'MinimumReplicasAvailable', 'Deployment has minimum availability.'],
      [
        'Progressing',
        'True',
        'NewReplicaSetAvailable',
        `ReplicaSet "${rs[0].metadata.name}" has successfully progressed.`,
      ],
    ]);
    const firstAvailable = history('/registry/deployments/default/web').find((h) =>
      h.obj.status?.conditions?.some(
        (c: { type: string; status: string }) => c.type === 'Available' && c.status === 'True',
      ),
    )!;
    expect(firstAvailable.obj.status.readyReplicas).toBe(3);
  });

  it('15. kubectl rollout status lines end with "successfully rolled out"', () => {
    const lines = rolloutStatusLines(
      history('/registry/deployments/default/web').map((h) => h.obj),
      { onlyChanges: true },
    );
    expect(lines.at(-1)).toBe('deployment "web" successfully rolled out');
    const waits = lines
      .slice(0, -1)
      .map((l) => Number(/(\d) of 3 updated replicas are available/.exec(l)?.[1] ?? NaN))
      .filter((n) => !Number.isNaN(n));
    expect(waits.length).toBeGreaterThan(0);
    expect(waits).toEqual([...waits].sort());
    expect(waits.every((n) => n < 3)).toBe(true);
  });

  it('16. etcd keys without API group segments; node leases renewed about every 10 s', () => {
    const keys = new Set(run.history.map((h) => h.key));
    for (const k of [
      '/registry/deployments/default/web',
      `/registry/replicasets/default/${rs[0].metadata.name}`,
      '/registry/services/specs/default/web',
      '/registry/minions/node-1',
    ])
      expect(keys.has(k)).toBe(true);
    for (const p of pods) expect(keys.has(`/registry/pods/default/${p.metadata.name}`)).toBe(true);
    expect([...keys].some((k) => /^\/registry\/endpointslices\/default\/web-[a-z0-9]{5}$/.test(k))).toBe(true);
    expect([...keys].some((k) => k.startsWith('/registry/apps/'))).toBe(false);
    const renewals = run.history
      .filter((h) => h.key === '/registry/leases/kube-node-lease/node-1' && h.seq >= 0)
      .map((h) => (h.value as KObject).spec.renewTime);
    for (let i = 1; i < renewals.length; i++) expect(renewals[i] - renewals[i - 1]).toBeCloseTo(10_000, -2);
  });

  it('17. resourceVersions strictly increase in write order; Deployment generation stays 1', () => {
    const writes = run.history.filter((h) => h.seq >= 0 && h.key.startsWith('/registry/') && h.value);
    for (let i = 1; i < writes.length; i++) expect(writes[i].revision).toBeGreaterThan(writes[i - 1].revision);
    for (const w of writes) expect(Number((w.value as KObject).metadata.resourceVersion)).toBe(w.revision);
    expect(history('/registry/deployments/default/web').every((h) => h.obj.metadata.generation === 1)).toBe(true);
  });

  it('18. kubectl get svc; the EndpointSlice', () => {
    const row = section('get services').find((r) => r.startsWith('web '))!;
    expect(row).toMatch(/^web {10}ClusterIP {3}10\.\d+\.\d+\.\d+ +<none> {8}80\/TCP {4}\d+s$/);
    const es = json.objects.find(
      (o) => o.kind === 'EndpointSlice' && o.metadata.labels?.['kubernetes.io/service-name'] === 'web',
    )!;
    expect(es.metadata.labels).toMatchObject({
      'kubernetes.io/service-name': 'web',
      'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io',
    });
    expect(es.metadata.ownerReferences![0]).toMatchObject({ kind: 'Service', name: 'web', controller: true });
    expect(es.addressType).toBe('IPv4');
    expect(es.endpoints).toHaveLength(3);
    for (const e of es.endpoints) {
      expect(e.conditions).toEqual({ ready: true, serving: true, terminating: false });
      expect(e.nodeName).toMatch(/^node-\d$/);
      expect(e.targetRef.kind).toBe('Pod');
    }
    expect(es.ports).toEqual([{ name: '', port: 80, protocol: 'TCP' }]);
    const esRow = section('get endpointslices').find((r) => r.startsWith('web-'))!;
    expect(
      esRow
        .split(/\s{2,}/)[3]
        .split(',')
        .sort(),
    ).toEqual(pods.map((p) => p.status.podIP).sort());
  });

  it('19. every node’s kube-proxy programs KUBE-SVC-LOLE4ISW44XBNF3G; REJECT before endpoints are ready', () => {
    const final = new Map<string, string[]>();
    let sawReject = false;
    for (const h of run.history) {
      if (!h.key.endsWith('/iptables')) continue;
      final.set(h.key, h.value as string[]);
      if ((h.value as string[]).some((r) => r.includes('"default/web has no endpoints"') && r.includes('-j REJECT')))
        sawReject = true;
    }
    expect(sawReject).toBe(true);
    for (const node of ['node-1', 'node-2', 'node-3', 'control-plane']) {
      const rules = final.get(`node/${node}/iptables`)!;
      expect(
        rules.some(
          (r) =>
            r.startsWith('-A KUBE-SERVICES') &&
            r.includes('"default/web cluster IP"') &&
            r.endsWith('-j KUBE-SVC-LOLE4ISW44XBNF3G'),
        ),
      ).toBe(true);
      const jumps = rules.filter((r) => r.startsWith('-A KUBE-SVC-LOLE4ISW44XBNF3G') && r.includes('-j KUBE-SEP-'));
      expect(jumps).toHaveLength(3);
      expect(jumps[0]).toContain('--probability 0.3333333333');
      expect(jumps[1]).toContain('--probability 0.5000000000');
      expect(jumps[2]).not.toContain('--probability');
      const ips = jumps.map((j) => /default\/web -> ([\d.]+):80/.exec(j)![1] + ':80');
      expect(ips).toEqual([...ips].sort());
      for (const ip of pods.map((p) => p.status.podIP)) {
        expect(rules.some((r) => r.includes(`-s ${ip} -j KUBE-MARK-MASQ`))).toBe(true);
        expect(rules.some((r) => r.includes(`-j DNAT --to-destination ${ip}:80`))).toBe(true);
      }
    }
  });

  it('20. back-offs: image pull 10/20/40 s, crash loop 0/10/20/40 s, NotReady after 50 s and eviction ~300 s later', () => {
    const pullTimes = (r: ReturnType<typeof simulate>) =>
      r.steps.filter((s) => s.verb === 'PullImage').map((s) => s.time);
    const img = simulate({
      yaml: NGINX_DEPLOYMENT_AND_SERVICE.replace('replicas: 3', 'replicas: 1').replace('1.27-alpine', '1.27-alpne'),
      untilMs: 200_000,
    });
    const gaps = pullTimes(img)
      .map((t, i, a) => (i ? t - a[i - 1] : 0))
      .slice(1);
    // Each pull comes at the first pod-worker sync after its window (image_manager.go: IsInBackOffSinceUpdate).
    [10_000, 20_000, 40_000].forEach((window, i) => {
      expect(gaps[i]).toBeGreaterThanOrEqual(window);
      expect(gaps[i]).toBeLessThan(window + 17_000);
    });
    // Inside a window the worker re-syncs every 10–15 s, recording "Back-off pulling image" each time.
    const backOffs = img.steps
      .flatMap((s) => s.events.map((e) => ({ t: s.time, e })))
      .filter(({ e }) => e.reason === 'BackOff')
      .map(({ t }) => t);
    expect(backOffs.length).toBeGreaterThanOrEqual(8);
    const repeats = backOffs.slice(1).map((t, i) => t - backOffs[i]!);
    expect(repeats.filter((g) => g >= 10_000 && g <= 15_000).length).toBeGreaterThanOrEqual(4);
    const crash = simulate({
      yaml: `apiVersion: v1\nkind: Pod\nmetadata:\n  name: crash\nspec:\n  containers:\n    - name: app\n      image: busybox:1.36\n      command: ["sh", "-c", "exit 1"]\n`,
      untilMs: 200_000,
    });
    const starts = crash.steps.filter((s) => s.verb === 'StartContainer').map((s) => s.time);
    const died = crash.steps.filter((s) => s.verb === 'ContainerDied').map((s) => s.time);
    // The restart comes at the first pod-worker sync after the window; in back-off the worker re-syncs every
    // 10–15 s (pod_workers.go: wait.Jitter(backOffPeriod, 0.5)), so each wait is its window plus under 15 s.
    const waits = starts.slice(1).map((t, i) => t - died[i]);
    [0, 10_000, 20_000, 40_000].forEach((window, i) => {
      expect(waits[i]).toBeGreaterThanOrEqual(window);
      expect(waits[i]).toBeLessThan(window + 15_000);
    });
    const node = simulate({
      yaml: NGINX_DEPLOYMENT_AND_SERVICE,
      actions: [{ atMs: 15_000, action: { type: 'stop', component: 'kubelet', node: 'node-2' } }],
      untilMs: 8 * 60_000,
    });
    const lastRenew = node.history
      .filter((h) => h.key === '/registry/leases/kube-node-lease/node-2')
      .map((h) => (h.value as KObject).spec.renewTime)
      .at(-1);
    const unknown = node.history.find(
      (h) =>
        h.key === '/registry/minions/node-2' &&
        (h.value as KObject).status?.conditions?.some(
          (c: { type: string; status: string }) => c.type === 'Ready' && c.status === 'Unknown',
        ),
    )!;
    const unknownAt = node.steps[unknown.seq].time;
    expect(unknownAt - lastRenew).toBeGreaterThan(50_000);
    expect(unknownAt - lastRenew).toBeLessThanOrEqual(55_000);
    const evicted = node.steps.find((s) => s.events.some((e) => e.reason === 'TaintManagerEviction'))!;
    expect(evicted.time - unknownAt).toBeGreaterThanOrEqual(300_000);
    expect(evicted.time - unknownAt).toBeLessThan(302_000);
  });
});
