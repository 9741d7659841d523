import { describe, expect, it } from 'vitest';
import { simulate } from '../simulate';
import { worldAt } from '../trace/worldAt';
import { findScenario } from '../../scenarios';
import { whereStuck } from './whereStuck';

const diagnose = (id: string) => {
  const run = simulate(findScenario(id)!.input);
  const d = whereStuck(worldAt(run, run.steps.length - 1), run);
  return { run, d };
};

describe('where is it stuck?', () => {
  it('nothing is stuck on the happy path; every link is ok', () => {
    const { d } = diagnose('happy-path');
    expect(d.stuck).toBeUndefined();
    expect(d.chain.map((f) => f.link)).toEqual(
      expect.arrayContaining(['deployment', 'pods', 'scheduled', 'ready', 'endpoints']),
    );
  });
  it.each([
    ['pending-insufficient-cpu', 'scheduled', 'kube-scheduler', /Insufficient cpu/],
    ['scheduler-down', 'scheduled', 'kube-scheduler', /is kube-scheduler running/],
    ['controller-manager-down', 'deployment', 'kube-controller-manager', /no ReplicaSet/],
    ['image-pull-backoff', 'image', 'container-runtime', /cannot be pulled/],
    ['crashloop-exit-1', 'containers', 'container-runtime', /keeps exiting \(exit code 1, Error\)/],
    ['missing-secret', 'containers', 'kubelet', /secret "db-credentials" not found/],
    ['failed-mount-configmap', 'sandbox', 'kubelet', /MountVolume.SetUp failed for volume "config"/],
    [
      'readiness-wrong-port',
      'ready',
      'kubelet',
      /Readiness probe failed: Get "http:\/\/10\.244\.\d+\.\d+:8080\/": dial tcp/,
    ],
    ['service-no-endpoints', 'endpoints', 'kube-controller-manager', /no pod has those labels/],
    ['kubelet-stopped', 'node', 'kubelet', /Kubelet stopped posting node status/],
    ['kube-proxy-down', 'kube-proxy', 'kube-proxy', /kube-proxy on node-1 programs 0 of 3 ready endpoints/],
    [
      'podsecurity-restricted',
      'pods',
      'kube-apiserver',
      /enforces the "restricted:latest" Pod Security Standard .* \(allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile\)/,
    ],
  ])('%s → %s (%s)', (id, link, component, reason) => {
    const { d, run } = diagnose(id);
    expect(d.stuck).toBeDefined();
    expect(d.stuck!.link).toBe(link);
    expect(d.stuck!.component).toBe(component);
    expect(d.stuck!.reason).toMatch(reason);
    expect(d.stuck!.command).toMatch(/^kubectl |^iptables-save/);
    if (d.stuck!.step !== undefined) expect(d.stuck!.step).toBeLessThan(run.steps.length);
  });

  it('names the sandbox link, the CNI plugin and the FailedCreatePodSandBox event while CNI is stopped', () => {
    const run = simulate(findScenario('cni-stopped')!.input);
    const before = run.steps.findLast((s) => s.time < 60_000)!.seq;
    const d = whereStuck(worldAt(run, before), run);
    expect(d.stuck).toMatchObject({ link: 'sandbox', component: 'cni', key: 'stuck.sandboxNetwork' });
    expect(d.stuck!.command).toMatch(/^kubectl describe pod web-[a-z0-9]+-[a-z0-9]+ -n default$/);
    expect(d.stuck!.evidence).toMatch(
      /^FailedCreatePodSandBox: Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "[0-9a-f]{64}": plugin type="ptp" failed \(add\): failed to find plugin "ptp" in path \[\/opt\/cni\/bin\]$/,
    );
    expect(run.steps[d.stuck!.step!].events.map((e) => e.reason)).toContain('FailedCreatePodSandBox');
  });
});

describe('where is it stuck? an autoscaler without metrics', () => {
  it('names the HPA that gets no metrics on kind (horizontal.go: ScalingActive=False, FailedGetResourceMetric)', () => {
    const stuck = diagnose('hpa-without-metrics-server').d.stuck!;
    expect(stuck).toMatchObject({ link: 'hpa', component: 'kube-controller-manager', key: 'stuck.hpaMetrics' });
    expect(stuck.reason).toContain('ScalingActive=False, FailedGetResourceMetric');
    expect(stuck.evidence).toContain('unable to get metrics for resource cpu');
    expect(stuck.step).toBeGreaterThan(0);
  });

  it('has nothing to say about an HPA that scales', () => {
    expect(diagnose('hpa-with-metrics-server').d.chain.some((f) => f.link === 'hpa')).toBe(false);
  });
});
