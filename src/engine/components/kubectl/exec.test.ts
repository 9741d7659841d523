/**
 * The exec action's path through the cluster: kubectl → kube-apiserver (`POST …/pods/POD/exec?command=…`, authorized
 * as create pods/exec, no etcd write: pkg/registry/core/pod/rest/subresources.go ExecREST) → the kubelet on the Pod's
 * node (`/exec/NS/POD/CONTAINER`, pkg/kubelet/server/server.go getExec) → CRI Exec and runc exec (containerd
 * internal/cri/server/container_exec.go) and back; a refusal stops at the component that gives it.
 */
import { describe, expect, it } from 'vitest';
import type { TimedAction } from '../../api';
import { simulate } from '../../simulate';
import { kubectlTranscript } from '../../kubectl/kubectlTranscript';

const POD = `apiVersion: v1
kind: Pod
metadata: { name: box }
spec:
  containers:
    - name: shell
      image: busybox:1.36
      command: ["sh", "-c", "sleep 3600"]
`;

function runWith(actions: TimedAction[]) {
  const run = simulate({ yaml: POD, actions, untilMs: 40_000 });
  const from = run.steps.findIndex((s) => s.label.startsWith('kubectl exec'));
  const hops = run.steps
    .slice(from + 1)
    .filter((s) => !s.background && s.time < run.steps[from]!.time + 100)
    .map((s) => `${s.from.component}${s.from.part ? `/${s.from.part}` : ''} → ${s.to.component} ${s.verb}`);
  return { run, hops, lines: run.output.map((o) => o.line) };
}

describe('the exec action', () => {
  it('draws every hop and never writes to etcd', () => {
    const { run, hops, lines } = runWith([
      { atMs: 20_000, action: { type: 'exec', pod: 'box', command: ['sh', '-c', 'echo hi; exit 3'] } },
    ]);
    expect(hops).toEqual([
      'kubectl → kube-apiserver POST',
      'kube-apiserver/authz → kube-apiserver authorize',
      'kube-apiserver → kubelet POST',
      'kubelet → container-runtime Exec',
      'container-runtime/runc → container-runtime runc exec',
      'container-runtime → kubelet stream',
      'kubelet → kube-apiserver stream',
      'kube-apiserver → kubectl stream',
    ]);
    const post = run.steps.find((s) => s.label === 'POST pods/box/exec')!;
    expect(post.summary).toContain(
      '/api/v1/namespaces/default/pods/box/exec?command=sh&command=-c&command=echo%20hi%3B%20exit%203&container=shell&stderr=true&stdout=true',
    );
    expect(lines.slice(-4)).toEqual([
      '',
      "$ kubectl exec box -- sh -c 'echo hi; exit 3'",
      'hi',
      'command terminated with exit code 3',
    ]);
    const execSeqs = run.steps.filter((s) => s.time >= 20_000 && s.time < 20_100).map((s) => s.seq);
    expect(run.history.some((h) => execSeqs.includes(h.seq) && h.key.startsWith('/registry/'))).toBe(false);
  });

  it('stops at the apiserver for a missing Pod, and at the kubelet when it is stopped', () => {
    const missing = runWith([{ atMs: 20_000, action: { type: 'exec', pod: 'nope', command: ['ls'] } }]);
    expect(missing.hops).toEqual([
      'kubectl → kube-apiserver POST',
      'kube-apiserver/authz → kube-apiserver authorize',
      'kube-apiserver → kubectl 404',
    ]);
    expect(missing.lines.at(-1)).toBe('Error from server (NotFound): pods "nope" not found');
    const down = simulate({
      yaml: POD,
      untilMs: 40_000,
      actions: [
        { atMs: 15_000, action: { type: 'stop', component: 'kubelet', node: 'node-1' } },
        { atMs: 15_000, action: { type: 'stop', component: 'kubelet', node: 'node-2' } },
        { atMs: 15_000, action: { type: 'stop', component: 'kubelet', node: 'node-3' } },
        { atMs: 20_000, action: { type: 'exec', pod: 'box', command: ['ls'] } },
      ],
    });
    expect(down.output.at(-1)!.line).toMatch(
      /^Error from server: error dialing backend: dial tcp [0-9.]+:10250: connect: connection refused$/,
    );
  });

  it('--format kubectl prints the command line and its output after the apply lines', () => {
    const run = simulate({
      yaml: POD,
      untilMs: 40_000,
      actions: [{ atMs: 20_000, action: { type: 'exec', pod: 'box', command: ['sh', '-c', 'echo $HOSTNAME'] } }],
    });
    expect(kubectlTranscript(run, 'pod.yaml', ['Pod']).split('\n').slice(0, 5)).toEqual([
      '$ kubectl apply -f pod.yaml',
      'pod/box created',
      '',
      "$ kubectl exec box -- sh -c 'echo $HOSTNAME'",
      'box',
    ]);
  });
});
