/**
 * `kubectl exec POD [-c CONTAINER] -- COMMAND…`, answered from the world at a moment, with the texts each hop of a
 * real cluster gives (kubectl pkg/cmd/exec/exec.go; pkg/registry/core/pod/strategy.go streamLocation/ExecLocation;
 * pkg/kubelet/server/server.go getExec; containerd internal/cri/server/container_execsync.go). The panel and the
 * exec action (components/kubectl/exec.ts) share it, so both print the same lines; `reached` says which component
 * answered, which the action draws as its chain of steps.
 */
import type { KObject } from '../types';
import { execInContainer, execProgram, siblingListens } from '../containers/execInContainer';
import type { ExecRequest } from './execCommandLine';

export { execCommandLine, type ExecRequest } from './execCommandLine';

/** What the exec reads of the world: objects by etcd key, the moment, the components a fault has stopped. */
export interface ExecWorld {
  get(key: string): KObject | undefined;
  time: number;
  down: readonly string[];
}

export interface ExecAnswer {
  /** What the terminal shows: stderr notes, the command's output, kubectl's error or exit line. */
  lines: string[];
  ok: boolean;
  /** The last component the request reached (the one that answered). */
  reached: 'kubectl' | 'kube-apiserver' | 'kubelet' | 'container-runtime';
  node?: string;
  container?: string;
  exitCode?: number;
}

const USAGE_HINT = "See 'kubectl exec -h' for help and examples";

/** The words after `kubectl exec`. */
export function parseExecArgs(tokens: string[]): ExecRequest | string {
  const dash = tokens.indexOf('--');
  const before = dash >= 0 ? tokens.slice(0, dash) : tokens;
  const command = dash >= 0 ? tokens.slice(dash + 1) : [];
  let namespace = 'default';
  let container: string | undefined;
  const args: string[] = [];
  for (let i = 0; i < before.length; i++) {
    const tok = before[i];
    const [name, inline] = tok.startsWith('--') && tok.includes('=') ? tok.split(/=(.*)/s, 2) : [tok, undefined];
    const value = () => inline ?? before[++i];
    if (name === '-c' || name === '--container') {
      container = value();
      if (!container) return `error: flag needs an argument: 'c' in -c`;
    } else if (name === '-n' || name === '--namespace') {
      namespace = value() ?? '';
      if (!namespace) return `error: flag needs an argument: 'n' in -n`;
    } else if (/^-(i|t|it|ti|q)$|^--(stdin|tty|quiet)$/.test(name)) {
      // Accepted: a moment has no terminal to attach, the command's output is printed as it is.
    } else if (name.startsWith('--')) return `error: unknown flag: ${name}`;
    else if (name.startsWith('-') && name.length > 1) return `error: unknown shorthand flag: '${name[1]}' in ${name}`;
    else args.push(tok);
  }
  if (args.length === 0) return `error: pod, type/name or --filename must be specified\n${USAGE_HINT}`;
  // Since kubectl 1.31 a command must follow `--` (exec.go Complete: the deprecated form was removed).
  if (args.length > 1)
    return `error: exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead\n${USAGE_HINT}`;
  if (command.length === 0) return `error: you must specify at least one command for the container\n${USAGE_HINT}`;
  const target = args[0].startsWith('pod/') ? args[0].slice(4) : args[0];
  return { namespace, pod: target, ...(container !== undefined ? { container } : {}), command };
}

interface StatusView {
  name: string;
  state?: { running?: { startedAt?: number } };
}

/** Runs the exec against the world: each hop's refusal with its real text, or the command's output. */
export function runExec(req: ExecRequest, world: ExecWorld): ExecAnswer {
  const fail = (reached: ExecAnswer['reached'], line: string, extra: Partial<ExecAnswer> = {}): ExecAnswer => ({
    lines: [...notes, line],
    ok: false,
    reached,
    ...extra,
  });
  const notes: string[] = [];
  // kubectl GETs the Pod first (exec.go Run: to pick the default container and refuse a completed Pod).
  const pod = world.get(`/registry/pods/${req.namespace}/${req.pod}`);
  if (!pod) return fail('kube-apiserver', `Error from server (NotFound): pods "${req.pod}" not found`);
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed')
    return fail('kubectl', `error: cannot exec into a container in a completed pod; current phase is ${phase}`);
  const names: string[] = (pod.spec?.containers ?? []).map((c: { name: string }) => c.name);
  let container = req.container;
  if (container === undefined) {
    container = pod.metadata.annotations?.['kubectl.kubernetes.io/default-container'] ?? names[0] ?? '';
    // podcmd.FindOrDefaultContainerByName says so on stderr when it had to choose.
    if (names.length > 1) notes.push(`Defaulted container "${container}" out of: ${names.join(', ')}`);
  }
  // The apiserver's ExecLocation: the container must be in the spec, and the Pod must be on a node.
  const all = [...names, ...(pod.spec?.initContainers ?? []).map((c: { name: string }) => c.name)];
  if (!all.includes(container))
    return fail(
      'kube-apiserver',
      `Error from server (BadRequest): container ${container} is not valid for pod ${pod.metadata.name}`,
      { container },
    );
  const node = pod.spec?.nodeName as string | undefined;
  if (!node)
    return fail(
      'kube-apiserver',
      `Error from server (BadRequest): pod ${pod.metadata.name} does not have a host assigned`,
      {
        container,
      },
    );
  if (world.down.includes(`kubelet@${node}`)) {
    // The apiserver dials the kubelet's port 10250 on the node's InternalIP (proxy/upgradeaware.go).
    const addresses: Array<{ type: string; address: string }> =
      world.get(`/registry/minions/${node}`)?.status?.addresses ?? [];
    const ip = addresses.find((a) => a.type === 'InternalIP')?.address ?? node;
    return fail(
      'kube-apiserver',
      `Error from server: error dialing backend: dial tcp ${ip}:10250: connect: connection refused`,
      {
        node,
        container,
      },
    );
  }
  // The kubelet's getExec finds the running container by name (GetContainerByName): a container that has not
  // started, or is waiting to restart, is not found.
  const statuses: StatusView[] = [
    ...(pod.status?.initContainerStatuses ?? []),
    ...(pod.status?.containerStatuses ?? []),
  ];
  const running = statuses.find((s) => s.name === container)?.state?.running;
  if (!running || world.down.includes(`container-runtime@${node}`))
    return fail('kubelet', `error: unable to upgrade connection: container not found ("${container}")`, {
      node,
      container,
    });
  const ns = pod.metadata.namespace ?? 'default';
  const lookup = (kind: 'ConfigMap' | 'Secret', name: string) =>
    world.get(`/registry/${kind === 'ConfigMap' ? 'configmaps' : 'secrets'}/${ns}/${name}`);
  const program = execProgram(pod, container, lookup);
  if (!program)
    return fail('kubelet', `error: unable to upgrade connection: container not found ("${container}")`, {
      node,
      container,
    });
  // The Pod's other running containers share its network namespace: their sockets answer on localhost.
  const podListens = statuses
    .filter((s) => s.name !== container && s.state?.running)
    .flatMap((s) => {
      const age = world.time - Number(s.state!.running!.startedAt ?? world.time);
      const sibling = execProgram(pod, s.name, lookup);
      return sibling ? siblingListens(sibling, age) : [];
    });
  const out = execInContainer(program, world.time - Number(running.startedAt ?? world.time), req.command, podListens);
  if (out.startError !== undefined)
    // The kubelet's streaming server reports the runtime's error on the error channel as an internal error.
    return fail(
      'container-runtime',
      `error: Internal error occurred: error executing command in container: ${out.startError}`,
      { node, container, exitCode: out.exitCode },
    );
  const lines = [...notes, ...out.lines];
  // remotecommand's exit-code error (exec.go: kubectl exits with the code and prints this).
  if (out.exitCode !== 0) lines.push(`command terminated with exit code ${out.exitCode}`);
  return { lines, ok: out.exitCode === 0, reached: 'container-runtime', node, container, exitCode: out.exitCode };
}

/** The kubectl panel's `kubectl exec …`. */
export function answerExec(tokens: string[], world: ExecWorld): { output: string; ok: boolean } {
  const req = parseExecArgs(tokens);
  if (typeof req === 'string') return { output: req, ok: false };
  const a = runExec(req, world);
  return { output: a.lines.join('\n'), ok: a.ok };
}
