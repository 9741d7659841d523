/**
 * The Pod Security Standards checks (k8s.io/pod-security-admission/policy/check_*.go, v1.34), texts verbatim.
 *
 * The registry (policy/registry.go populate) orders the checks by ID, baseline first, then restricted; restricted
 * runs every baseline check a restricted one does not override (capabilities, hostPath volumes and seccomp have
 * restricted versions). AggregateCheckResults keeps that order in the message.
 * Each check applies from a policy version on (`since`, a v1 minor): a namespace pinned to an older version is
 * evaluated without the checks that came later.
 *
 * Not modelled: windowsHostProcess, the seccomp and AppArmor annotations, and the user-namespace relaxation of
 * runAsNonRoot/runAsUser (a feature gate, off by default).
 */
import type { KObject } from '../../../types';

export type PodSecurityLevel = 'privileged' | 'baseline' | 'restricted';

export interface CheckResult {
  reason: string;
  detail: string;
}

interface Check {
  id: string;
  level: 'baseline' | 'restricted';
  /** A baseline check a restricted one overrides (OverrideCheckIDs): not run for restricted. */
  overlap?: boolean;
  since: number;
  check(spec: any): CheckResult | undefined;
}

const pluralize = (singular: string, plural: string, n: number) => (n === 1 ? singular : plural);
/** joinQuote: each value %q-quoted, joined with ", ". */
const joinQuote = (values: readonly string[]) => values.map((v) => JSON.stringify(v)).join(', ');
const containersText = (names: string[]) => `${pluralize('container', 'containers', names.length)} ${joinQuote(names)}`;
/** sets.NewString(...).List(): unique and sorted. */
const sortedSet = (values: Iterable<string>) => [...new Set(values)].sort();

/** visitContainers: init containers, then containers, then ephemeral containers. */
function containers(spec: any): any[] {
  return [...(spec.initContainers ?? []), ...(spec.containers ?? []), ...(spec.ephemeralContainers ?? [])];
}

/** check_allowPrivilegeEscalation.go */
function allowPrivilegeEscalation(spec: any): CheckResult | undefined {
  const bad = containers(spec)
    .filter((c) => c.securityContext?.allowPrivilegeEscalation !== false)
    .map((c) => c.name);
  if (!bad.length) return undefined;
  return {
    reason: 'allowPrivilegeEscalation != false',
    detail: `${containersText(bad)} must set securityContext.allowPrivilegeEscalation=false`,
  };
}

/** check_appArmorProfile.go (the fields; the deprecated annotations are not read): RuntimeDefault or Localhost. */
function appArmorProfile(spec: any): CheckResult | undefined {
  const allowed = (t: unknown) => t === 'RuntimeDefault' || t === 'Localhost';
  const setters: string[] = [];
  const values: string[] = [];
  const podType = spec.securityContext?.appArmorProfile?.type;
  if (spec.securityContext?.appArmorProfile && !allowed(podType)) {
    setters.push('pod');
    values.push(String(podType ?? ''));
  }
  const bad: string[] = [];
  for (const c of containers(spec)) {
    const profile = c.securityContext?.appArmorProfile;
    if (profile && !allowed(profile.type)) {
      bad.push(c.name);
      values.push(String(profile.type ?? ''));
    }
  }
  if (bad.length) setters.push(containersText(bad));
  if (!setters.length) return undefined;
  const list = sortedSet(values);
  return {
    reason: pluralize('forbidden AppArmor profile', 'forbidden AppArmor profiles', list.length),
    detail: `${setters.join(' and ')} must not set AppArmor profile type to ${joinQuote(list)}`,
  };
}

/** check_capabilities_baseline.go: capabilities_allowed_1_0. */
const BASELINE_CAPABILITIES = new Set([
  'AUDIT_WRITE',
  'CHOWN',
  'DAC_OVERRIDE',
  'FOWNER',
  'FSETID',
  'KILL',
  'MKNOD',
  'NET_BIND_SERVICE',
  'SETFCAP',
  'SETGID',
  'SETPCAP',
  'SETUID',
  'SYS_CHROOT',
]);

function capabilitiesBaseline(spec: any): CheckResult | undefined {
  const bad: string[] = [];
  const caps: string[] = [];
  for (const c of containers(spec)) {
    const added: string[] = (c.securityContext?.capabilities?.add ?? []).filter(
      (cap: string) => !BASELINE_CAPABILITIES.has(cap),
    );
    if (added.length) {
      bad.push(c.name);
      caps.push(...added);
    }
  }
  if (!bad.length) return undefined;
  return {
    reason: 'non-default capabilities',
    detail: `${containersText(bad)} must not include ${joinQuote(sortedSet(caps))} in securityContext.capabilities.add`,
  };
}

/** check_capabilities_restricted.go: drop ALL, add nothing but NET_BIND_SERVICE. */
function capabilitiesRestricted(spec: any): CheckResult | undefined {
  const missingDropAll: string[] = [];
  const adding: string[] = [];
  const caps: string[] = [];
  for (const c of containers(spec)) {
    const capabilities = c.securityContext?.capabilities;
    if (!capabilities) {
      missingDropAll.push(c.name);
      continue;
    }
    if (!(capabilities.drop ?? []).includes('ALL')) missingDropAll.push(c.name);
    const added: string[] = (capabilities.add ?? []).filter((cap: string) => cap !== 'NET_BIND_SERVICE');
    if (added.length) {
      adding.push(c.name);
      caps.push(...added);
    }
  }
  const details: string[] = [];
  if (missingDropAll.length)
    details.push(`${containersText(missingDropAll)} must set securityContext.capabilities.drop=["ALL"]`);
  if (adding.length)
    details.push(
      `${containersText(adding)} must not include ${joinQuote(sortedSet(caps))} in securityContext.capabilities.add`,
    );
  return details.length ? { reason: 'unrestricted capabilities', detail: details.join('; ') } : undefined;
}

/** check_hostNamespaces.go */
function hostNamespaces(spec: any): CheckResult | undefined {
  const used: string[] = [];
  if (spec.hostNetwork) used.push('hostNetwork=true');
  if (spec.hostPID) used.push('hostPID=true');
  if (spec.hostIPC) used.push('hostIPC=true');
  return used.length ? { reason: 'host namespaces', detail: used.join(', ') } : undefined;
}

/** check_hostPathVolumes.go */
function hostPathVolumes(spec: any): CheckResult | undefined {
  const names: string[] = (spec.volumes ?? []).filter((v: any) => v.hostPath).map((v: any) => v.name);
  if (!names.length) return undefined;
  return { reason: 'hostPath volumes', detail: `${pluralize('volume', 'volumes', names.length)} ${joinQuote(names)}` };
}

/** check_hostPorts.go: the ports are listed as sorted strings (sets.String.List). */
function hostPorts(spec: any): CheckResult | undefined {
  const bad: string[] = [];
  const ports: string[] = [];
  for (const c of containers(spec)) {
    const used = (c.ports ?? []).filter((p: any) => p.hostPort).map((p: any) => String(p.hostPort));
    if (used.length) {
      bad.push(c.name);
      ports.push(...used);
    }
  }
  if (!bad.length) return undefined;
  const list = sortedSet(ports);
  return {
    reason: 'hostPort',
    detail: `${containersText(bad)} ${pluralize('uses', 'use', bad.length)} ${pluralize('hostPort', 'hostPorts', list.length)} ${list.join(', ')}`,
  };
}

/** check_hostProbesAndhostLifecycle.go (v1.34+): no `host` in a probe's or lifecycle handler's httpGet/tcpSocket. */
function hostProbesAndHostLifecycle(spec: any): CheckResult | undefined {
  const bad = new Set<string>();
  const hosts = new Set<string>();
  for (const c of containers(spec)) {
    const handlers = [c.livenessProbe, c.readinessProbe, c.startupProbe, c.lifecycle?.postStart, c.lifecycle?.preStop];
    for (const h of handlers)
      for (const host of [h?.httpGet?.host, h?.tcpSocket?.host])
        if (host) {
          bad.add(c.name);
          hosts.add(host);
        }
  }
  if (!bad.size) return undefined;
  const names = sortedSet(bad);
  const list = sortedSet(hosts);
  return {
    reason: 'probe or lifecycle host',
    detail: `${containersText(names)} ${pluralize('uses', 'use', names.length)} ${pluralize('probe or lifecycle host', 'probe or lifecycle hosts', list.length)} ${joinQuote(list)}`,
  };
}

/** check_privileged.go */
function privileged(spec: any): CheckResult | undefined {
  const bad = containers(spec)
    .filter((c) => c.securityContext?.privileged === true)
    .map((c) => c.name);
  if (!bad.length) return undefined;
  return { reason: 'privileged', detail: `${containersText(bad)} must not set securityContext.privileged=true` };
}

/** check_procMount.go: only the Default proc mount (an unset one is Default). */
function procMount(spec: any): CheckResult | undefined {
  const bad: string[] = [];
  const types: string[] = [];
  for (const c of containers(spec)) {
    const t = c.securityContext?.procMount;
    if (t !== undefined && t !== 'Default') {
      bad.push(c.name);
      types.push(t);
    }
  }
  if (!bad.length) return undefined;
  return {
    reason: 'procMount',
    detail: `${containersText(bad)} must not set securityContext.procMount to ${joinQuote(sortedSet(types))}`,
  };
}

/**
 * check_seLinuxOptions.go: only the container types, and no user or role. Upstream names user and role only when a
 * type is bad as well; that is kept.
 */
const SELINUX_TYPES = new Set(['', 'container_t', 'container_init_t', 'container_kvm_t']);

function seLinuxOptions(spec: any): CheckResult | undefined {
  const badTypes: string[] = [];
  let setUser = false;
  let setRole = false;
  const check = (o: any): boolean => {
    let ok = true;
    if (!SELINUX_TYPES.has(o.type ?? '')) {
      ok = false;
      badTypes.push(o.type);
    }
    if (o.user) {
      ok = false;
      setUser = true;
    }
    if (o.role) {
      ok = false;
      setRole = true;
    }
    return ok;
  };
  const setters: string[] = [];
  if (spec.securityContext?.seLinuxOptions && !check(spec.securityContext.seLinuxOptions)) setters.push('pod');
  const bad = containers(spec)
    .filter((c) => c.securityContext?.seLinuxOptions && !check(c.securityContext.seLinuxOptions))
    .map((c) => c.name);
  if (bad.length) setters.push(containersText(bad));
  if (!setters.length) return undefined;
  const data: string[] = [];
  if (badTypes.length) {
    const types = sortedSet(badTypes);
    data.push(`${pluralize('type', 'types', types.length)} ${joinQuote(types)}`);
    if (setUser) data.push('user may not be set');
    if (setRole) data.push('role may not be set');
  }
  return {
    reason: 'seLinuxOptions',
    detail: `${setters.join(' and ')} set forbidden securityContext.seLinuxOptions: ${data.join('; ')}`,
  };
}

/** check_restrictedVolumes.go: the volume sources a restricted Pod may use, and the names of the others. */
const ALLOWED_VOLUME_SOURCES = [
  'configMap',
  'csi',
  'downwardAPI',
  'emptyDir',
  'ephemeral',
  'persistentVolumeClaim',
  'projected',
  'secret',
];
const RESTRICTED_VOLUME_SOURCES: Record<string, string> = {
  hostPath: 'hostPath',
  gcePersistentDisk: 'gcePersistentDisk',
  awsElasticBlockStore: 'awsElasticBlockStore',
  gitRepo: 'gitRepo',
  nfs: 'nfs',
  iscsi: 'iscsi',
  glusterfs: 'glusterfs',
  rbd: 'rbd',
  flexVolume: 'flexVolume',
  cinder: 'cinder',
  cephfs: 'cephfs',
  flocker: 'flocker',
  fc: 'fc',
  azureFile: 'azureFile',
  vsphereVolume: 'vsphereVolume',
  quobyte: 'quobyte',
  azureDisk: 'azureDisk',
  photonPersistentDisk: 'photonPersistentDisk',
  portworxVolume: 'portworxVolume',
  scaleIO: 'scaleIO',
  storageos: 'storageos',
};

function restrictedVolumes(spec: any): CheckResult | undefined {
  const names: string[] = [];
  const types: string[] = [];
  for (const v of spec.volumes ?? []) {
    if (ALLOWED_VOLUME_SOURCES.some((s) => v[s] !== undefined)) continue;
    names.push(v.name);
    types.push(Object.keys(RESTRICTED_VOLUME_SOURCES).find((s) => v[s] !== undefined) ?? 'unknown');
  }
  if (!names.length) return undefined;
  const list = sortedSet(types);
  return {
    reason: 'restricted volume types',
    detail: `${pluralize('volume', 'volumes', names.length)} ${joinQuote(names)} ${pluralize('uses', 'use', names.length)} ${pluralize('restricted volume type', 'restricted volume types', list.length)} ${joinQuote(list)}`,
  };
}

/**
 * The shape of runAsNonRoot and seccompProfile_restricted: the pod or containers that set a bad value explicitly,
 * else the containers left unset with no good pod-level value.
 */
function podOrContainers(
  spec: any,
  field: (sc: any) => unknown,
  good: (v: any) => boolean,
): { explicit: string[]; implicit: string[]; values: string[] } {
  const explicit: string[] = [];
  const values: string[] = [];
  const podValue = field(spec.securityContext ?? {});
  let podGood = false;
  if (podValue !== undefined) {
    if (good(podValue)) podGood = true;
    else {
      explicit.push('pod');
      values.push(String(podValue));
    }
  }
  const badContainers: string[] = [];
  const implicit: string[] = [];
  for (const c of containers(spec)) {
    const v = field(c.securityContext ?? {});
    if (v !== undefined) {
      if (!good(v)) {
        badContainers.push(c.name);
        values.push(String(v));
      }
    } else if (!podGood) implicit.push(c.name);
  }
  if (badContainers.length) explicit.push(containersText(badContainers));
  return { explicit, implicit, values };
}

/** check_runAsNonRoot.go */
function runAsNonRoot(spec: any): CheckResult | undefined {
  const r = podOrContainers(
    spec,
    (sc) => sc.runAsNonRoot,
    (v) => v === true,
  );
  if (r.explicit.length)
    return {
      reason: 'runAsNonRoot != true',
      detail: `${r.explicit.join(' and ')} must not set securityContext.runAsNonRoot=false`,
    };
  if (r.implicit.length)
    return {
      reason: 'runAsNonRoot != true',
      detail: `pod or ${containersText(r.implicit)} must set securityContext.runAsNonRoot=true`,
    };
  return undefined;
}

/** check_runAsUser.go: only an explicit 0 is refused. */
function runAsUser(spec: any): CheckResult | undefined {
  const setters: string[] = [];
  if (spec.securityContext?.runAsUser === 0) setters.push('pod');
  const bad = containers(spec)
    .filter((c) => c.securityContext?.runAsUser === 0)
    .map((c) => c.name);
  if (bad.length) setters.push(containersText(bad));
  if (!setters.length) return undefined;
  return { reason: 'runAsUser=0', detail: `${setters.join(' and ')} must not set runAsUser=0` };
}

const validSeccomp = (t: unknown) => t === 'RuntimeDefault' || t === 'Localhost';

/** check_seccompProfile_baseline.go (1.19+): an explicit Unconfined is refused. */
function seccompProfileBaseline(spec: any): CheckResult | undefined {
  const r = podOrContainers(spec, (sc) => sc.seccompProfile?.type, validSeccomp);
  if (!r.explicit.length) return undefined;
  return {
    reason: 'seccompProfile',
    detail: `${r.explicit.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sortedSet(r.values))}`,
  };
}

/** check_seccompProfile_restricted.go: RuntimeDefault or Localhost must be set, on the pod or every container. */
function seccompProfileRestricted(spec: any): CheckResult | undefined {
  const baseline = seccompProfileBaseline(spec);
  if (baseline) return baseline;
  const r = podOrContainers(spec, (sc) => sc.seccompProfile?.type, validSeccomp);
  if (!r.implicit.length) return undefined;
  return {
    reason: 'seccompProfile',
    detail: `pod or ${containersText(r.implicit)} must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"`,
  };
}

/** check_sysctls.go: the safe sysctls of v1.0, plus those added in v1.27, v1.29 and v1.32. */
const SAFE_SYSCTLS = new Set([
  'kernel.shm_rmid_forced',
  'net.ipv4.ip_local_port_range',
  'net.ipv4.tcp_syncookies',
  'net.ipv4.ping_group_range',
  'net.ipv4.ip_unprivileged_port_start',
  'net.ipv4.ip_local_reserved_ports',
  'net.ipv4.tcp_keepalive_time',
  'net.ipv4.tcp_fin_timeout',
  'net.ipv4.tcp_keepalive_intvl',
  'net.ipv4.tcp_keepalive_probes',
  'net.ipv4.tcp_rmem',
  'net.ipv4.tcp_wmem',
]);

function sysctls(spec: any): CheckResult | undefined {
  const bad: string[] = (spec.securityContext?.sysctls ?? [])
    .map((s: any) => String(s.name))
    .filter((name: string) => !SAFE_SYSCTLS.has(name));
  return bad.length ? { reason: 'forbidden sysctls', detail: bad.join(', ') } : undefined;
}

/** The baseline checks, then the restricted ones, each group sorted by ID (registry.go populate's orderedIDs). */
const CHECKS: Check[] = [
  { id: 'appArmorProfile', level: 'baseline', since: 0, check: appArmorProfile },
  { id: 'capabilities_baseline', level: 'baseline', overlap: true, since: 0, check: capabilitiesBaseline },
  { id: 'hostNamespaces', level: 'baseline', since: 0, check: hostNamespaces },
  { id: 'hostPathVolumes', level: 'baseline', overlap: true, since: 0, check: hostPathVolumes },
  { id: 'hostPorts', level: 'baseline', since: 0, check: hostPorts },
  { id: 'hostProbesAndHostLifecycle', level: 'baseline', since: 34, check: hostProbesAndHostLifecycle },
  { id: 'privileged', level: 'baseline', since: 0, check: privileged },
  { id: 'procMount', level: 'baseline', since: 0, check: procMount },
  { id: 'seLinuxOptions', level: 'baseline', since: 0, check: seLinuxOptions },
  { id: 'seccompProfile_baseline', level: 'baseline', overlap: true, since: 19, check: seccompProfileBaseline },
  { id: 'sysctls', level: 'baseline', since: 0, check: sysctls },
  { id: 'allowPrivilegeEscalation', level: 'restricted', since: 8, check: allowPrivilegeEscalation },
  { id: 'capabilities_restricted', level: 'restricted', since: 22, check: capabilitiesRestricted },
  { id: 'restrictedVolumes', level: 'restricted', since: 0, check: restrictedVolumes },
  { id: 'runAsNonRoot', level: 'restricted', since: 0, check: runAsNonRoot },
  { id: 'runAsUser', level: 'restricted', since: 23, check: runAsUser },
  { id: 'seccompProfile_restricted', level: 'restricted', since: 19, check: seccompProfileRestricted },
];

/**
 * checkRegistry.EvaluatePod: the failed checks of `level` at policy version v1.`minor`, in message order. For
 * restricted, a baseline check a restricted one overrides (`overlap`) is left out.
 */
export function evaluatePod(level: PodSecurityLevel, minor: number, spec: any): CheckResult[] {
  if (level === 'privileged') return [];
  const out: CheckResult[] = [];
  for (const c of CHECKS) {
    if (c.since > minor) continue;
    if (level === 'baseline' ? c.level !== 'baseline' : c.overlap) continue;
    const r = c.check(spec);
    if (r) out.push(r);
  }
  return out;
}

/** AggregateCheckResult.ForbiddenDetail: `reason (detail), reason (detail)`. */
export function forbiddenDetail(results: readonly CheckResult[]): string {
  return results.map((r) => (r.detail ? `${r.reason} (${r.detail})` : r.reason)).join(', ');
}

/** AggregateCheckResult.ForbiddenReason: the reasons alone (what a namespace's existing pods are listed with). */
export function forbiddenReason(results: readonly CheckResult[]): string {
  return results.map((r) => r.reason).join(', ');
}

/** The kinds PodSecurity reads a pod spec from: Pods and the pod controllers (DefaultPodSpecExtractor). */
export const POD_SPEC_KINDS: ReadonlySet<string> = new Set([
  'Pod',
  'ReplicationController',
  'ReplicaSet',
  'Deployment',
  'StatefulSet',
  'DaemonSet',
  'Job',
  'PodTemplate',
  'CronJob',
]);

/** The Pod's own spec or a controller's pod template (DefaultPodSpecExtractor); undefined for other kinds. */
export function podSpecOf(obj: KObject): any {
  switch (obj.kind) {
    case 'Pod':
      return obj.spec;
    case 'ReplicationController':
    case 'ReplicaSet':
    case 'Deployment':
    case 'StatefulSet':
    case 'DaemonSet':
    case 'Job':
      return obj.spec?.template?.spec;
    case 'PodTemplate':
      return obj.template?.spec;
    case 'CronJob':
      return obj.spec?.jobTemplate?.spec?.template?.spec;
    default:
      return undefined;
  }
}
