/**
 * The Containers / Init Containers blocks of `kubectl describe` (k8s.io/kubectl/pkg/describe/describe.go
 * describeContainers and helpers): basic info, command/args, state and last state, resources, probes
 * (DescribeProbe), environment, mounts.
 */
import type { KObject } from '../types';
import { byteCompare } from './labels';
import { canonicalQuantity, parseQuantity } from './quantity';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, type PrefixWriter } from './prefixWriter';
import { joinHostPort } from './networkColumns';
import { printBool, stringOrNone } from './describeHelpers';
import { formatRFC1123Z } from './timeFormat';

/** Go's zero time in RFC1123Z, printed when a time field is missing. */
export const ZERO_TIME_RFC1123Z = 'Mon, 01 Jan 0001 00:00:00 +0000';

export function rfc1123z(ts: number | null | undefined): string {
  return typeof ts === 'number' ? formatRFC1123Z(ts) : ZERO_TIME_RFC1123Z;
}

/** Resolves a `valueFrom.fieldRef` against the pod (fieldpath.ExtractFieldPathAsString), or "" without a pod. */
export type EnvResolver = ((fieldPath: string) => string) | undefined;

export function podFieldResolver(pod: KObject): EnvResolver {
  return (path: string) => {
    const m = /^metadata\.(labels|annotations)\['(.*)'\]$/.exec(path);
    if (m) return (pod.metadata as any)?.[m[1]]?.[m[2]] ?? '';
    switch (path) {
      case 'metadata.name':
        return pod.metadata.name ?? '';
      case 'metadata.namespace':
        return pod.metadata.namespace ?? '';
      case 'metadata.uid':
        return pod.metadata.uid ?? '';
      case 'spec.nodeName':
        return pod.spec?.nodeName ?? '';
      case 'spec.serviceAccountName':
        return pod.spec?.serviceAccountName ?? '';
      case 'status.hostIP':
        return pod.status?.hostIP ?? '';
      case 'status.podIP':
        return pod.status?.podIP ?? '';
      case 'status.podIPs':
        return (pod.status?.podIPs ?? []).map((p: any) => p.ip).join(',');
      case 'status.hostIPs':
        return (pod.status?.hostIPs ?? []).map((p: any) => p.ip).join(',');
      default:
        return '';
    }
  };
}

/** Go's %v of a []string: `[a b c]`. */
const goSlice = (xs: string[] | undefined): string => `[${(xs ?? []).join(' ')}]`;

/** DescribeProbe: `http-get http://:80/ delay=0s timeout=1s period=10s #success=1 #failure=3`. */
export function describeProbe(probe: any): string {
  const n = (v: unknown, d: number): number => (typeof v === 'number' ? v : d);
  const attrs =
    `delay=${n(probe.initialDelaySeconds, 0)}s timeout=${n(probe.timeoutSeconds, 1)}s ` +
    `period=${n(probe.periodSeconds, 10)}s #success=${n(probe.successThreshold, 1)} #failure=${n(probe.failureThreshold, 3)}`;
  if (probe.exec) return `exec ${goSlice(probe.exec.command)} ${attrs}`;
  if (probe.httpGet) {
    const g = probe.httpGet;
    const scheme = String(g.scheme ?? 'HTTP').toLowerCase();
    const port = g.port === undefined || g.port === null ? '' : String(g.port);
    const host = port.length > 0 ? joinHostPort(g.host ?? '', port) : (g.host ?? '');
    let path: string = g.path ?? '';
    // url.URL.String() inserts "/" between a host and a relative path.
    if (path !== '' && !path.startsWith('/')) path = `/${path}`;
    return `http-get ${scheme}://${host}${path} ${attrs}`;
  }
  if (probe.tcpSocket) return `tcp-socket ${probe.tcpSocket.host ?? ''}:${probe.tcpSocket.port ?? ''} ${attrs}`;
  if (probe.grpc) return `grpc <pod>:${probe.grpc.port} ${probe.grpc.service ?? ''} ${attrs}`;
  return `unknown ${attrs}`;
}

function describeContainerPorts(ports: any[] | undefined, host: boolean): string {
  return (ports ?? []).map((p) => `${host ? (p.hostPort ?? 0) : p.containerPort}/${p.protocol ?? 'TCP'}`).join(', ');
}

function describeStatus(stateName: string, state: any, w: PrefixWriter): void {
  if (state?.running) {
    w.write(LEVEL_2, `${stateName}:\tRunning\n`);
    w.write(LEVEL_3, `Started:\t${rfc1123z(state.running.startedAt)}\n`);
  } else if (state?.waiting) {
    w.write(LEVEL_2, `${stateName}:\tWaiting\n`);
    if (state.waiting.reason) w.write(LEVEL_3, `Reason:\t${state.waiting.reason}\n`);
  } else if (state?.terminated) {
    const t = state.terminated;
    w.write(LEVEL_2, `${stateName}:\tTerminated\n`);
    if (t.reason) w.write(LEVEL_3, `Reason:\t${t.reason}\n`);
    if (t.message) w.write(LEVEL_3, `Message:\t${t.message}\n`);
    w.write(LEVEL_3, `Exit Code:\t${t.exitCode ?? 0}\n`);
    if (t.signal > 0) w.write(LEVEL_3, `Signal:\t${t.signal}\n`);
    w.write(LEVEL_3, `Started:\t${rfc1123z(t.startedAt)}\n`);
    w.write(LEVEL_3, `Finished:\t${rfc1123z(t.finishedAt)}\n`);
  } else {
    w.write(LEVEL_2, `${stateName}:\tWaiting\n`);
  }
}

/** describeResources: Limits then Requests, resource names sorted, quantities in canonical form. */
export function describeResources(resources: any, w: PrefixWriter, level: number): void {
  if (!resources) return;
  for (const [title, list] of [
    ['Limits', resources.limits],
    ['Requests', resources.requests],
  ] as const) {
    const names = Object.keys(list ?? {}).sort(byteCompare);
    if (names.length > 0) w.write(level, `${title}:\n`);
    for (const name of names) w.write(level + 1, `${name}:\t${canonicalQuantity(list[name])}\n`);
  }
}

/** resourcehelper.ExtractContainerResourceValue for env valueFrom.resourceFieldRef. */
function containerResourceValue(ref: any, container: any): string {
  const [kind, res] = String(ref.resource ?? '').split('.');
  const list = kind === 'limits' ? container.resources?.limits : container.resources?.requests;
  const q = parseQuantity(list?.[res]);
  const divisor = parseQuantity(ref.divisor ?? '1');
  if (!q || !divisor || divisor.milli === 0) return '0';
  return String(Math.ceil(q.milli / divisor.milli));
}

function describeEnvVars(container: any, resolver: EnvResolver, w: PrefixWriter): void {
  const env: any[] = container.env ?? [];
  w.write(LEVEL_2, `Environment:${env.length === 0 ? '\t<none>' : ''}\n`);
  for (const e of env) {
    if (!e.valueFrom) {
      String(e.value ?? '')
        .split('\n')
        .forEach((s, i) => w.write(LEVEL_3, i === 0 ? `${e.name}:\t${s}\n` : `\t${s}\n`));
      continue;
    }
    const vf = e.valueFrom;
    if (vf.fieldRef) {
      const value = resolver ? resolver(vf.fieldRef.fieldPath) : '';
      w.write(LEVEL_3, `${e.name}:\t${value} (${vf.fieldRef.apiVersion ?? 'v1'}:${vf.fieldRef.fieldPath})\n`);
    } else if (vf.resourceFieldRef) {
      let value = containerResourceValue(vf.resourceFieldRef, container);
      const resource = vf.resourceFieldRef.resource;
      if (value === '0' && (resource === 'limits.cpu' || resource === 'limits.memory')) value = 'node allocatable';
      w.write(LEVEL_3, `${e.name}:\t${value} (${resource})\n`);
    } else if (vf.secretKeyRef) {
      const r = vf.secretKeyRef;
      w.write(LEVEL_3, `${e.name}:\t<set to the key '${r.key}' in secret '${r.name}'>\tOptional: ${!!r.optional}\n`);
    } else if (vf.configMapKeyRef) {
      const r = vf.configMapKeyRef;
      w.write(
        LEVEL_3,
        `${e.name}:\t<set to the key '${r.key}' of config map '${r.name}'>\tOptional: ${!!r.optional}\n`,
      );
    }
  }
}

function describeEnvFrom(container: any, w: PrefixWriter): void {
  const envFrom: any[] = container.envFrom ?? [];
  w.write(LEVEL_2, `Environment Variables from:${envFrom.length === 0 ? '\t<none>' : ''}\n`);
  for (const e of envFrom) {
    let from = '';
    let name = '';
    let optional = false;
    if (e.configMapRef) {
      from = 'ConfigMap';
      name = e.configMapRef.name;
      optional = !!e.configMapRef.optional;
    } else if (e.secretRef) {
      from = 'Secret';
      name = e.secretRef.name;
      optional = !!e.secretRef.optional;
    }
    if (!e.prefix) w.write(LEVEL_3, `${name}\t${from}\tOptional: ${optional}\n`);
    else w.write(LEVEL_3, `${name}\t${from} with prefix '${e.prefix}'\tOptional: ${optional}\n`);
  }
}

function describeMounts(container: any, w: PrefixWriter): void {
  const mounts: any[] = [...(container.volumeMounts ?? [])];
  const none = mounts.length === 0 ? '\t<none>' : '';
  w.write(LEVEL_2, `Mounts:${none}\n`);
  mounts.sort((a, b) => byteCompare(a.mountPath ?? '', b.mountPath ?? ''));
  for (const m of mounts) {
    const flags = [m.readOnly ? 'ro' : 'rw'];
    if (m.subPath) flags.push(`path=${JSON.stringify(m.subPath)}`);
    w.write(LEVEL_3, `${m.mountPath} from ${m.name} (${flags.join(',')})\n`);
  }
  const devices: any[] = [...(container.volumeDevices ?? [])];
  if (devices.length > 0) {
    w.write(LEVEL_2, `Devices:${none}\n`);
    devices.sort((a, b) => byteCompare(a.devicePath ?? '', b.devicePath ?? ''));
    for (const d of devices) w.write(LEVEL_3, `${d.devicePath} from ${d.name}\n`);
  }
}

/**
 * describeContainers(label, containers, statuses, resolver, w, space). `statuses` undefined → pod template
 * (no Container ID, Image ID or State lines). `space` is "  " inside a Pod Template.
 */
export function describeContainers(
  label: string,
  containers: any[] | undefined,
  statuses: any[] | undefined,
  resolver: EnvResolver,
  w: PrefixWriter,
  space: string,
): void {
  const list = containers ?? [];
  const byName = new Map<string, any>();
  for (const s of statuses ?? []) byName.set(s.name, s);
  w.write(LEVEL_0, `${space}${label}:${list.length === 0 ? ' <none>' : ''}\n`);
  for (const c of list) {
    const status = byName.get(c.name);
    const ok = status !== undefined;
    w.write(LEVEL_1, `${space.length > 0 ? ' ' : ''}${c.name}:\n`);
    if (ok) w.write(LEVEL_2, `Container ID:\t${status.containerID ?? ''}\n`);
    w.write(LEVEL_2, `Image:\t${c.image ?? ''}\n`);
    if (ok) w.write(LEVEL_2, `Image ID:\t${status.imageID ?? ''}\n`);
    const ports = describeContainerPorts(c.ports, false);
    if (ports.includes(',')) w.write(LEVEL_2, `Ports:\t${ports}\n`);
    else w.write(LEVEL_2, `Port:\t${stringOrNone(ports)}\n`);
    const hostPorts = describeContainerPorts(c.ports, true);
    if (hostPorts.includes(',')) w.write(LEVEL_2, `Host Ports:\t${hostPorts}\n`);
    else w.write(LEVEL_2, `Host Port:\t${stringOrNone(hostPorts)}\n`);
    const seccomp = c.securityContext?.seccompProfile;
    if (seccomp) {
      w.write(LEVEL_2, `SeccompProfile:\t${seccomp.type}\n`);
      if (seccomp.type === 'Localhost') w.write(LEVEL_3, `LocalhostProfile:\t${seccomp.localhostProfile ?? ''}\n`);
    }
    if ((c.command ?? []).length > 0) {
      w.write(LEVEL_2, 'Command:\n');
      for (const cmd of c.command) for (const s of String(cmd).split('\n')) w.write(LEVEL_3, `${s}\n`);
    }
    if ((c.args ?? []).length > 0) {
      w.write(LEVEL_2, 'Args:\n');
      for (const arg of c.args) for (const s of String(arg).split('\n')) w.write(LEVEL_3, `${s}\n`);
    }
    if (ok) {
      describeStatus('State', status.state, w);
      if (status.lastState?.terminated) describeStatus('Last State', status.lastState, w);
      w.write(LEVEL_2, `Ready:\t${printBool(status.ready)}\n`);
      w.write(LEVEL_2, `Restart Count:\t${status.restartCount ?? 0}\n`);
    }
    describeResources(c.resources ?? {}, w, LEVEL_2);
    if (c.livenessProbe) w.write(LEVEL_2, `Liveness:\t${describeProbe(c.livenessProbe)}\n`);
    if (c.readinessProbe) w.write(LEVEL_2, `Readiness:\t${describeProbe(c.readinessProbe)}\n`);
    if (c.startupProbe) w.write(LEVEL_2, `Startup:\t${describeProbe(c.startupProbe)}\n`);
    if ((c.envFrom ?? []).length > 0) describeEnvFrom(c, w);
    describeEnvVars(c, resolver, w);
    describeMounts(c, w);
  }
}
