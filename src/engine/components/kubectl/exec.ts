/**
 * `kubectl exec POD [-c C] -- CMD…` as a real cluster carries it, one drawn step per hop: kubectl POSTs the Pod's
 * `exec` subresource (kubectl pkg/cmd/exec/exec.go, a WebSocket upgrade since 1.31); the apiserver authenticates,
 * authorizes `create pods/exec` and runs admission but writes nothing to etcd (pkg/registry/core/pod/rest/
 * subresources.go ExecREST → ExecLocation); it proxies the upgraded stream to the kubelet on the Pod's node
 * (`/exec/NS/POD/CONTAINER`, pkg/kubelet/server/server.go getExec); the kubelet asks the runtime for a streaming
 * endpoint (CRI `Exec`) and containerd has runc exec the process in the container (internal/cri/server/
 * container_exec.go, container_execsync.go); output and the exit code flow back the same way.
 *
 * The answer is worked out once, from the world as the request arrives (kubectl/kubectlExec.ts, which the kubectl
 * panel shares): the hops are then drawn up to the component that answered. The exec writes nothing anywhere, so
 * drawing its hops a few milliseconds apart, rather than as messages each component handles, changes no outcome.
 */
import type { StepSpec } from '../../kernel/Envelope';
import type { Simulation } from '../../kernel/Simulation';
import type { Endpoint, Phase } from '../../types';
import { execCommandLine, runExec, type ExecAnswer, type ExecRequest } from '../../kubectl/kubectlExec';

export type ExecJob = { type: 'exec'; phase?: Phase } & ExecRequest;

interface Hop {
  from: Endpoint;
  to: Endpoint;
  spec: StepSpec;
  delayMs: number;
}

export interface ExecState {
  hops: Hop[];
  /** What the terminal prints once the last hop arrives. */
  lines: Array<{ line: string; ok: boolean }>;
}

const KUBECTL: Endpoint = { component: 'kubectl' };
const APISERVER: Endpoint = { component: 'kube-apiserver' };

/** The exec subresource's URL as kubectl builds it (one `command=` per word, then container, stdout, stderr). */
export function execPath(req: ExecRequest, container: string): string {
  const q = [
    ...req.command.map((w) => `command=${encodeURIComponent(w)}`),
    `container=${encodeURIComponent(container)}`,
    'stderr=true',
    'stdout=true',
  ].join('&');
  return `/api/v1/namespaces/${req.namespace}/pods/${req.pod}/exec?${q}`;
}

export function planExec(job: ExecJob, sim: Simulation): ExecState {
  const a: ExecAnswer = runExec(job, {
    get: (k) => sim.store.get(k),
    time: sim.now,
    down: [...sim.down],
  });
  const container = a.container ?? job.container ?? '';
  const cmd = job.command.join(' ');
  const object = { apiVersion: 'v1', kind: 'Pod', namespace: job.namespace, name: job.pod };
  const params = { pod: job.pod, container, node: a.node ?? '', command: cmd, code: a.exitCode ?? 0 };
  const hops: Hop[] = [];
  const hop = (from: Endpoint, to: Endpoint, delayMs: number, spec: Omit<StepSpec, 'object'>) =>
    hops.push({ from, to, delayMs, spec: { ...spec, object } as StepSpec });
  const path = execPath(job, container);
  const errorLine = a.ok ? '' : (a.lines[a.lines.length - 1] ?? '');
  hop(KUBECTL, { ...APISERVER, part: 'authn' }, 2, {
    phase: 'user',
    verb: 'POST',
    label: `POST pods/${job.pod}/exec`,
    summary: `kubectl POST ${path} (Upgrade: websocket, v5.channel.k8s.io)`,
    narration: { key: 'exec.request', params: { ...params, path } },
  });
  if (a.reached === 'kubectl') {
    // A completed Pod: kubectl read it with a GET first and refuses on its own.
    hop(APISERVER, KUBECTL, 2, {
      phase: 'user',
      verb: '200',
      label: `pod ${job.pod} is ${String(errorLine.split(' ').pop())}`,
      summary: errorLine,
      narration: { key: 'exec.completed', params },
    });
  } else {
    hop({ ...APISERVER, part: 'authz' }, { ...APISERVER, part: 'authz' }, 1, {
      phase: 'admission',
      verb: 'authorize',
      label: 'create pods/exec',
      summary: `Authenticated; RBAC allows create on pods/exec; admission runs (nothing is stored in etcd: ExecREST only finds where to connect)`,
      narration: { key: 'exec.authorize', params },
    });
  }
  const toKubelet = a.node !== undefined && (a.reached === 'kubelet' || a.reached === 'container-runtime');
  const kubelet: Endpoint = { component: 'kubelet', node: a.node ?? '' };
  const runtime: Endpoint = { component: 'container-runtime', node: a.node ?? '' };
  if (a.reached === 'kube-apiserver') {
    hop(APISERVER, KUBECTL, 2, {
      phase: 'user',
      verb: errorLine.includes('NotFound') ? '404' : errorLine.includes('BadRequest') ? '400' : '500',
      label: `exec refused`,
      summary: errorLine,
      narration: { key: 'exec.refused', params: { ...params, error: errorLine } },
    });
  }
  if (toKubelet) {
    hop(APISERVER, kubelet, 3, {
      phase: 'run',
      verb: 'POST',
      label: `/exec/${job.namespace}/${job.pod}/${container}`,
      summary: `kube-apiserver proxies the upgraded connection to the kubelet on ${a.node}: POST https://${a.node}:10250/exec/${job.namespace}/${job.pod}/${container}`,
      narration: { key: 'exec.kubelet', params },
    });
  }
  if (a.reached === 'kubelet') {
    hop(kubelet, APISERVER, 2, {
      phase: 'run',
      verb: '404',
      label: `container not found ("${container}")`,
      summary: `The kubelet has no running container ${container} in ${job.pod}: container not found ("${container}")`,
      narration: { key: 'exec.notRunning', params },
    });
    hop(APISERVER, KUBECTL, 2, {
      phase: 'user',
      verb: '404',
      label: 'unable to upgrade connection',
      summary: errorLine,
      narration: { key: 'exec.refused', params: { ...params, error: errorLine } },
    });
  }
  if (a.reached === 'container-runtime') {
    hop(kubelet, { ...runtime, part: 'containerd' }, 2, {
      phase: 'run',
      verb: 'Exec',
      label: `Exec ${container}: ${cmd}`,
      summary: `CRI Exec: the kubelet asks containerd for a streaming endpoint to run "${cmd}" in ${container}, and proxies the stream to it`,
      narration: { key: 'exec.cri', params },
    });
    const started = a.exitCode !== 126 || a.ok || !errorLine.includes('OCI runtime exec failed');
    hop({ ...runtime, part: 'runc' }, { ...runtime, part: 'runc' }, 3, {
      phase: 'run',
      verb: 'runc exec',
      label: `runc exec ${cmd}`,
      summary: started
        ? `containerd-shim has runc exec "${cmd}" in the container's namespaces: it exits with code ${a.exitCode ?? 0}`
        : `runc cannot start "${job.command[0]}": no such executable in the container's filesystem`,
      narration: { key: started ? 'exec.runc' : 'exec.notFound', params: { ...params, program: job.command[0] ?? '' } },
    });
    hop(runtime, kubelet, 2, {
      phase: 'run',
      verb: 'stream',
      label: started ? `exit code ${a.exitCode ?? 0}` : 'exec failed',
      summary: started
        ? `The output streams back, then the exit code ${a.exitCode ?? 0}`
        : `containerd reports the failure: ${errorLine}`,
      narration: { key: 'exec.stream', params },
    });
    hop(kubelet, APISERVER, 2, {
      phase: 'run',
      verb: 'stream',
      label: 'stdout, stderr, status',
      summary: 'The kubelet forwards the streams (stdout, stderr, the error channel with the exit status)',
      narration: { key: 'exec.streamBack', params },
    });
    hop(APISERVER, KUBECTL, 2, {
      phase: 'user',
      verb: 'stream',
      label: a.ok ? 'exit code 0' : started ? `exit code ${a.exitCode}` : 'exec failed',
      summary: a.ok
        ? `kubectl prints the output; the command exited 0`
        : started
          ? `kubectl prints the output and "command terminated with exit code ${a.exitCode}"`
          : errorLine,
      narration: { key: a.ok ? 'exec.done' : started ? 'exec.exitCode' : 'exec.failed', params },
    });
  }
  const lines = [
    { line: '', ok: true },
    { line: `$ ${execCommandLine(job)}`, ok: true },
    ...a.lines.map((line, i) => ({ line, ok: a.ok || i < a.lines.length - 1 })),
  ];
  return { hops, lines };
}
