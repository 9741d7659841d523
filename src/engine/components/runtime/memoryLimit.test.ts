/**
 * Memory limits end to end: the runtime kills a container whose program goes over its cgroup's memory.max
 * (exit code 137, reason OOMKilled from containerd's `oomExitReason`, internal/cri/server/helpers.go), and the
 * kubelet restarts it with back-off (pkg/kubelet/kuberuntime/kuberuntime_manager.go doBackOff).
 * The examples are the Kubernetes docs' tasks/configure-pod-container/assign-memory-resource.
 */
import { describe, expect, it } from 'vitest';
import { answerKubectl } from '../../kubectl/kubectlCommand';
import { simulate } from '../../simulate';
import { worldAt } from '../../trace/worldAt';

function memoryDemo(bytes: string, limit: string, name = 'memory-demo'): string {
  return `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
spec:
  containers:
  - name: ${name}-ctr
    image: polinux/stress
    resources:
      requests:
        memory: "50Mi"
      limits:
        memory: "${limit}"
    command: ["stress"]
    args: ["--vm", "1", "--vm-bytes", "${bytes}", "--vm-hang", "1"]
`;
}

function kubectl(yaml: string, untilMs: number, ...commands: string[]): string[] {
  const run = simulate({ yaml, untilMs });
  const world = worldAt(run, run.steps.length - 1);
  return commands.map((c) => answerKubectl(c, world).output);
}

describe('memory limits (cgroup OOM killer)', () => {
  it("the docs' memory example runs: stress --vm-bytes 150M under a 200Mi limit", () => {
    const [pods] = kubectl(memoryDemo('150M', '200Mi'), 60_000, 'get pods');
    expect(pods).toMatch(/memory-demo\s+1\/1\s+Running\s+0\s/);
  });

  it('250M over a 100Mi limit is OOMKilled (137), then CrashLoopBackOff', () => {
    const yaml = memoryDemo('250M', '100Mi', 'memory-demo-2');
    const run = simulate({ yaml, untilMs: 120_000 });
    const exits = run.steps.filter((st) => st.narration?.key === 'runtime.oomKilled');
    expect(exits.length).toBeGreaterThanOrEqual(3);
    const world = worldAt(run, run.steps.length - 1);
    const [pods, describe] = ['get pods', 'describe pod memory-demo-2'].map((c) => answerKubectl(c, world).output);
    expect(pods).toMatch(/memory-demo-2\s+0\/1\s+CrashLoopBackOff\s+[1-9]/);
    expect(describe).toMatch(/Last State:\s+Terminated\n\s+Reason:\s+OOMKilled\n\s+Exit Code:\s+137/);
    expect(describe).toMatch(/Warning\s+BackOff\s+.*Back-off restarting failed container memory-demo-2-ctr in pod/);
  });

  it('a python loop that appends to a list grows until the limit kills it', () => {
    const yaml = `apiVersion: v1
kind: Pod
metadata:
  name: grow
spec:
  containers:
  - name: grow
    image: python:3.12-slim
    resources:
      limits:
        memory: 256Mi
    command: ["python", "-c", "a = []\\nwhile True:\\n    a.append(' ' * 10**6)"]
`;
    const [describe] = kubectl(yaml, 60_000, 'describe pod grow');
    expect(describe).toMatch(/Reason:\s+OOMKilled\n\s+Exit Code:\s+137/);
  });

  it('tmpfs counts: dd into /dev/shm over the limit is OOMKilled, under it Completes', () => {
    const dd = (count: number, limit: string) => `apiVersion: v1
kind: Pod
metadata:
  name: shm
spec:
  restartPolicy: Never
  containers:
  - name: shm
    image: busybox:1.36
    resources:
      limits:
        memory: ${limit}
    command: ["sh", "-c", "dd if=/dev/zero of=/dev/shm/x bs=1M count=${count} && sleep 3600"]
`;
    expect(kubectl(dd(60, '32Mi'), 30_000, 'get pods')[0]).toMatch(/shm\s+0\/1\s+OOMKilled\s/);
    expect(kubectl(dd(20, '32Mi'), 30_000, 'get pods')[0]).toMatch(/shm\s+1\/1\s+Running\s/);
  });
});
