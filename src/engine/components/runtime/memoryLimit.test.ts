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

describe('node-pressure eviction (pkg/kubelet/eviction/eviction_manager.go, helpers.go evictionMessage)', () => {
  const hog = `apiVersion: v1
kind: Pod
metadata:
  name: hog
spec:
  containers:
  - name: hog
    image: polinux/stress
    resources:
      requests:
        memory: 64Mi
    command: ["stress"]
    args: ["--vm", "1", "--vm-bytes", "4000M", "--vm-hang", "1"]
`;

  it('a container without a limit that takes more than the node has gets its Pod evicted', () => {
    const run = simulate({ yaml: hog, untilMs: 60_000 });
    const world = worldAt(run, run.steps.length - 1);
    const get = (c: string) => answerKubectl(c, world).output;
    const pod = get('get pod hog -o yaml');
    expect(pod).toMatch(/phase: Failed/);
    expect(pod).toMatch(/reason: Evicted/);
    const message =
      'The node was low on resource: memory. Threshold quantity: 100Mi, available: 96Mi. Container hog was using 4000Mi, request is 64Mi, has larger consumption of memory. ';
    expect(get('describe pod hog')).toContain(`Message:          ${message}`);
    expect(get('describe pod hog')).toMatch(/DisruptionTarget\s+True/);
    const events = get('get events');
    expect(events).toMatch(/Warning\s+Evicted\s+pod\/hog\s+The node was low on resource: memory\./);
    expect(events).toMatch(/Warning\s+EvictionThresholdMet\s+node\/node-\d\s+Attempting to reclaim memory/);
    const node = /node\/(node-\d)\s+Attempting/.exec(events)![1]!;
    const describeNode = get(`describe node ${node}`);
    expect(describeNode).toContain('Taints:             node.kubernetes.io/memory-pressure:NoSchedule');
    expect(describeNode).toMatch(
      /MemoryPressure\s+True\s+.*KubeletHasInsufficientMemory\s+kubelet has insufficient memory available/,
    );
    // Evicted, not restarted: the object stays, Failed.
    expect(run.steps.filter((s) => s.events.some((e) => e.reason === 'Started'))).toHaveLength(1);
  });

  it('more than the node has at once is the system OOM killer: OOMKilled, SystemOOM on the node, no eviction', () => {
    const run = simulate({ yaml: hog.replace('"4000M"', '"5G"'), untilMs: 30_000 });
    expect(run.steps.some((s) => s.events.some((e) => e.reason === 'Evicted'))).toBe(false);
    const oom = run.steps.find((s) => s.narration?.key === 'runtime.systemOom')!;
    expect(oom.events[0]).toMatchObject({
      type: 'Warning',
      reason: 'SystemOOM',
      source: 'kubelet',
      message: expect.stringMatching(/^System OOM encountered, victim process: stress, pid: \d+$/),
      involvedObject: { kind: 'Node' },
    });
    const world = worldAt(run, run.steps.length - 1);
    expect(answerKubectl('describe pod', world).output).toMatch(/Reason:\s+OOMKilled\n\s+Exit Code:\s+137/);
  });

  it('with a limit below what the node has, the cgroup OOM killer acts instead', () => {
    const run = simulate({
      yaml: hog.replace('      requests:', '      limits:\n        memory: 1Gi\n      requests:'),
      untilMs: 30_000,
    });
    expect(run.steps.some((s) => s.events.some((e) => e.reason === 'Evicted'))).toBe(false);
    expect(run.steps.some((s) => s.narration?.key === 'runtime.oomKilled')).toBe(true);
  });
});
