/** `kubectl top` (pkg/cmd/top, pkg/metricsutil/metrics_printer.go) against worlds with and without metrics-server. */
import { describe, expect, it } from 'vitest';
import { simulate } from '../simulate';
import { worldAt } from '../trace/worldAt';
import { answerKubectl } from './kubectlCommand';

const BUSY = `apiVersion: v1
kind: Pod
metadata:
  name: spin
spec:
  containers:
  - name: c
    image: busybox:1.36
    command: ["sh", "-c", "while true; do :; done"]
    resources:
      limits: {cpu: 300m}
`;

const world = (metricsServer: boolean, untilMs: number) => {
  const run = simulate({ yaml: BUSY, cluster: { metricsServer }, untilMs, runToHorizon: true });
  return worldAt(run, run.steps.length - 1);
};

describe('kubectl top', () => {
  it('without metrics-server: error: Metrics API not available', () => {
    const w = world(false, 5_000);
    expect(answerKubectl('top pods', w)).toMatchObject({ output: 'error: Metrics API not available', ok: false });
    expect(answerKubectl('top nodes', w).output).toBe('error: Metrics API not available');
  });

  it('with metrics-server: the Pod once a whole window was scraped, and the nodes against allocatable', () => {
    expect(answerKubectl('top pods', world(true, 10_000)).output).toBe('error: metrics not available yet');
    const w = world(true, 45_000);
    expect(answerKubectl('top pods', w).output).toBe('NAME   CPU(cores)   MEMORY(bytes)\nspin   300m         0Mi');
    const nodes = answerKubectl('top nodes', w).output.split('\n');
    expect(nodes[0]).toBe('NAME            CPU(cores)   CPU(%)   MEMORY(bytes)   MEMORY(%)');
    expect(nodes.slice(1).some((l) => /^node-\d\s+3\d\dm\s+1\d%\s+/.test(l))).toBe(true);
    expect(answerKubectl('top pod nope', w).output).toBe(
      'Error from server (NotFound): podmetrics.metrics.k8s.io "default/nope" not found',
    );
    expect(answerKubectl('top pods -n kube-system', w).output.split('\n')[0]).toMatch(
      /^NAME\s+CPU\(cores\) {3}MEMORY\(bytes\)$/,
    );
  });
});
