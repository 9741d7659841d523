/**
 * The iptables-restore input kube-proxy (iptables mode) writes for a set of Services and EndpointSlices.
 *
 * Modelled on `syncProxyRules` / `writeServiceToEndpointRules` in pkg/proxy/iptables/proxier.go and on
 * `CategorizeEndpoints` (pkg/proxy/topology.go) and the EndpointSlice cache (pkg/proxy/endpointslicecache.go):
 * - fixed KUBE-POSTROUTING / KUBE-MARK-MASQ rules (mark 0x4000 = 1 << the default masquerade bit 14);
 * - per service port: a KUBE-SERVICES jump with comment `"ns/name[:port] cluster IP"`, a KUBE-SVC chain whose
 *   first rule masquerades off-cluster sources (`! -s <clusterCIDR>`, only when a cluster CIDR is known, as with
 *   `--cluster-cidr`), then one jump per endpoint with `--probability` = `%0.10f` of 1/(N−i) and the last one
 *   unconditional, then a KUBE-SEP pair (hairpin masquerade + DNAT) per endpoint;
 * - endpoints are the READY ones; only when none is ready, the serving+terminating ones (graceful termination);
 *   they are deduplicated and sorted by the "IP:port" string, as kube-proxy's `byEndpoint` sort does;
 * - NodePort / LoadBalancer / externalIPs go through a KUBE-EXT chain; Local traffic policies use KUBE-SVL;
 * - a service port with no usable endpoint gets no nat chain, only a filter-table REJECT
 *   (`"ns/name has no endpoints"`), which is why clients see "connection refused";
 * - headless (clusterIP None), selector-less-without-IP and ExternalName Services are not proxied
 *   (`ShouldSkipService`).
 *
 * Go iterates services in map order; we sort by namespace/name and keep the spec's port order so traces are
 * deterministic. The mark is printed `0x4000` as in the kube-proxy unit-test fixtures and `iptables-save`
 * (the live proxier formats it with `%#08x`, i.e. `0x004000`; the kernel stores the same value).
 * Large-cluster mode (>1000 endpoints drops the comments) is not modelled.
 */
import type { KObject } from '../../types';
import { endpointChainName, servicePortChainName, servicePortNameString } from './chainNames';

interface NatRulesInput {
  services: KObject[];
  endpointSlices: KObject[];
  /** `--cluster-cidr` (pod network, e.g. 10.244.0.0/16); enables the "masquerade off-cluster traffic" rules. */
  clusterCIDR: string;
  /**
   * `--nodeport-addresses` resolved to this node's IPs. Absent or empty = match all local addresses (the
   * default): one final `--dst-type LOCAL` jump to KUBE-NODEPORTS; otherwise one `-d <ip>` jump per IP.
   */
  nodeIPs?: string[];
  /** This node's name, to find local endpoints for `internalTrafficPolicy`/`externalTrafficPolicy: Local`. */
  nodeName?: string;
  /** `--masquerade-all`: masquerade every service packet instead of only off-cluster ones. */
  masqueradeAll?: boolean;
  /** Also emit the `:CHAIN - [0:0]` declaration lines iptables-restore receives (off by default, as in pkg/proxy/iptables/proxier.go). */
  chainLines?: boolean;
}

interface NatRulesOutput {
  /** `*nat` … `COMMIT`. */
  nat: string[];
  /** `*filter` … `COMMIT`. */
  filter: string[];
}

const MARK = '0x4000';
const LABEL_SERVICE_NAME = 'kubernetes.io/service-name';

interface Ep {
  ip: string;
  port: number;
  ready: boolean;
  serving: boolean;
  terminating: boolean;
  nodeName?: string;
  /** `BaseEndpointInfo.String()`: net.JoinHostPort(ip, port). */
  key: string;
}

/** `computeProbability`: fmt.Sprintf("%0.10f", 1.0/float64(n)). */
export function computeProbability(n: number): string {
  return (1 / n).toFixed(10);
}

function q(comment: string): string {
  // Comments with spaces are quoted in the restore input; kube-proxy quotes exactly those literals.
  return `"${comment}"`;
}

function joinHostPort(ip: string, port: number): string {
  return ip.includes(':') ? `[${ip}]:${port}` : `${ip}:${port}`;
}

function isIPv6(ip: string): boolean {
  return ip.includes(':');
}

/** Endpoints for one service port, as the EndpointSlice cache builds them (dedupe by IP:port, sort). */
function endpointsFor(slices: KObject[], ns: string, svc: string, portName: string, protocol: string): Ep[] {
  const byKey = new Map<string, Ep>();
  for (const slice of slices) {
    if (slice.metadata?.namespace !== ns) continue;
    if (slice.metadata?.labels?.[LABEL_SERVICE_NAME] !== svc) continue;
    if ((slice.addressType ?? 'IPv4') !== 'IPv4') continue; // this proxier is the IPv4 one
    for (const port of Array.isArray(slice.ports) ? slice.ports : []) {
      if ((port?.name ?? '') !== portName) continue;
      if (String(port?.protocol ?? 'TCP').toUpperCase() !== protocol.toUpperCase()) continue;
      const portNum = Number(port?.port);
      if (!Number.isInteger(portNum) || portNum <= 0) continue; // "ignoring invalid endpoint port"
      for (const ep of Array.isArray(slice.endpoints) ? slice.endpoints : []) {
        const ip = ep?.addresses?.[0]; // kube-proxy only uses the first address
        if (typeof ip !== 'string' || ip === '' || isIPv6(ip)) continue;
        const cond = ep.conditions ?? {};
        // discovery/v1 semantics: nil ready means ready; nil serving falls back to ready.
        const ready = cond.ready == null ? true : cond.ready === true;
        const serving = cond.serving == null ? ready : cond.serving === true;
        const terminating = cond.terminating === true;
        const key = joinHostPort(ip, portNum);
        if (byKey.has(key)) continue;
        byKey.set(key, { ip, port: portNum, ready, serving, terminating, nodeName: ep.nodeName ?? undefined, key });
      }
    }
  }
  // byEndpoint sorts on String(): lexicographic, so 10.244.10.2:80 < 10.244.2.7:80.
  return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

function shouldSkipService(svc: KObject): boolean {
  const spec = svc.spec ?? {};
  if (spec.type === 'ExternalName') return true;
  const ip = spec.clusterIP;
  return typeof ip !== 'string' || ip === '' || ip === 'None';
}

interface ServiceRules {
  natChains: string[];
  natRules: string[];
  filterRules: string[];
}

interface RuleOptions {
  nodeName?: string;
  masqueradeAll?: boolean;
  cidr: string;
}

/**
 * Each sync rewrites every Service's rules on every node, though usually only one Service changed. A Service's
 * rules depend on nothing but its object, its own EndpointSlices and the node's options, and stored objects are
 * frozen, so they are remembered by identity and rebuilt only when one of those changes.
 */
const rulesCache = new WeakMap<KObject, Map<string, { slices: KObject[]; options: RuleOptions; out: ServiceRules }>>();

function serviceRules(svc: KObject, allSlices: KObject[], options: RuleOptions): ServiceRules {
  const ns = svc.metadata?.namespace ?? 'default';
  const name = svc.metadata?.name ?? '';
  const own = allSlices.filter(
    (sl) => sl?.metadata?.namespace === ns && sl?.metadata?.labels?.[LABEL_SERVICE_NAME] === name,
  );
  const cacheable = Object.isFrozen(svc) && own.every((sl) => Object.isFrozen(sl));
  if (!cacheable) return computeServiceRules(svc, own, options);
  // One entry per node (kube-proxy runs once per node) when the rules route to node-local endpoints, else one for
  // every node (they are the same on each); a newer version of the slices replaces it.
  let byNode = rulesCache.get(svc);
  if (!byNode) rulesCache.set(svc, (byNode = new Map()));
  const nodeKey = usesNodeLocalEndpoints(svc) ? (options.nodeName ?? '\u0000') : '\u0000';
  const e = byNode.get(nodeKey);
  if (
    e &&
    e.options.masqueradeAll === options.masqueradeAll &&
    e.options.cidr === options.cidr &&
    e.slices.length === own.length &&
    e.slices.every((sl, i) => sl === own[i])
  )
    return e.out;
  const out = computeServiceRules(svc, own, options);
  byNode.set(nodeKey, { slices: own, options, out });
  return out;
}

/**
 * Whether the node's name can change a Service's rules: only the Local traffic policies pick endpoints by node
 * (usesLocalEndpoints in computeServiceRules; externalTrafficPolicy counts only for externally reachable ports,
 * so this may say yes when the rules would not differ, never the reverse).
 */
function usesNodeLocalEndpoints(svc: KObject): boolean {
  return svc.spec?.internalTrafficPolicy === 'Local' || svc.spec?.externalTrafficPolicy === 'Local';
}

function computeServiceRules(svc: KObject, slices: KObject[], input: RuleOptions): ServiceRules {
  const natChains: string[] = [];
  const natRules: string[] = [];
  const filterRules: string[] = [];
  const chain = (lines: string[], name: string) => lines.push(`:${name} - [0:0]`);
  const ifNotLocal = input.cidr ? `! -s ${input.cidr}` : '';
  const ifLocal = input.cidr ? `-s ${input.cidr}` : '';
  const ns = svc.metadata?.namespace ?? 'default';
  const name = svc.metadata?.name ?? '';
  const spec = svc.spec ?? {};
  const clusterIP: string = spec.clusterIP;
  if (isIPv6(clusterIP)) return { natChains, natRules, filterRules };
  const externalIPs: string[] = (Array.isArray(spec.externalIPs) ? spec.externalIPs : []).filter(
    (ip: unknown) => typeof ip === 'string' && !isIPv6(ip),
  );
  const lbIPs: string[] =
    spec.type === 'LoadBalancer'
      ? (Array.isArray(svc.status?.loadBalancer?.ingress) ? svc.status.loadBalancer.ingress : [])
          .map((i: any) => i?.ip)
          .filter((ip: unknown) => typeof ip === 'string' && ip !== '' && !isIPv6(ip))
      : [];
  const sourceRanges: string[] = Array.isArray(spec.loadBalancerSourceRanges) ? spec.loadBalancerSourceRanges : [];
  const affinityClientIP = spec.sessionAffinity === 'ClientIP';
  const stickySeconds = Number(spec.sessionAffinityConfig?.clientIP?.timeoutSeconds ?? 10800);
  const internalLocal = spec.internalTrafficPolicy === 'Local';

  for (const port of Array.isArray(spec.ports) ? spec.ports : []) {
    const portName: string = port?.name ?? '';
    const protoUpper = String(port?.protocol ?? 'TCP').toUpperCase();
    const protocol = protoUpper.toLowerCase();
    const svcPort = Number(port?.port);
    if (!Number.isInteger(svcPort) || svcPort <= 0) continue;
    const nodePort = spec.type === 'NodePort' || spec.type === 'LoadBalancer' ? Number(port?.nodePort ?? 0) : 0;
    const externallyAccessible = nodePort > 0 || lbIPs.length > 0 || externalIPs.length > 0;
    const externalLocal = externallyAccessible && spec.externalTrafficPolicy === 'Local';
    const usesClusterEndpoints = !internalLocal || (externallyAccessible && !externalLocal);
    const usesLocalEndpoints = internalLocal || (externallyAccessible && externalLocal);

    const nameString = servicePortNameString(ns, name, portName);
    const svcChain = servicePortChainName('KUBE-SVC', ns, name, portName, protoUpper);
    const svlChain = servicePortChainName('KUBE-SVL', ns, name, portName, protoUpper);
    const extChain = servicePortChainName('KUBE-EXT', ns, name, portName, protoUpper);
    const fwChain = servicePortChainName('KUBE-FW', ns, name, portName, protoUpper);
    const sepName = (ep: Ep) => endpointChainName(ns, name, portName, protoUpper, ep.key);

    // CategorizeEndpoints (no topology hints modelled).
    const all = endpointsFor(slices, ns, name, portName, protoUpper);
    const isLocal = (ep: Ep) => input.nodeName !== undefined && ep.nodeName === input.nodeName;
    let clusterEps: Ep[] = [];
    let localEps: Ep[] = [];
    let hasEndpoints = false;
    if (usesClusterEndpoints) {
      clusterEps = all.filter((ep) => ep.ready);
      if (clusterEps.length === 0) clusterEps = all.filter((ep) => ep.serving && ep.terminating);
      hasEndpoints = clusterEps.length > 0;
    }
    if (usesLocalEndpoints) {
      let localReady = false;
      let localServingTerminating = false;
      for (const ep of all) {
        if (ep.ready) {
          hasEndpoints = true;
          if (isLocal(ep)) localReady = true;
        } else if (ep.serving && ep.terminating) {
          hasEndpoints = true;
          if (isLocal(ep)) localServingTerminating = true;
        }
      }
      if (localReady) localEps = all.filter((ep) => isLocal(ep) && ep.ready);
      else if (localServingTerminating) localEps = all.filter((ep) => isLocal(ep) && ep.serving && ep.terminating);
    }
    const reachable = new Map<string, Ep>();
    for (const ep of [...(usesClusterEndpoints ? clusterEps : []), ...(usesLocalEndpoints ? localEps : [])])
      reachable.set(ep.key, ep);
    const allReachable = [...reachable.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

    const usesClusterPolicyChain = clusterEps.length > 0 && usesClusterEndpoints;
    const usesLocalPolicyChain = localEps.length > 0 && usesLocalEndpoints;
    let internalChain = svcChain;
    let hasInternal = hasEndpoints;
    if (internalLocal) {
      internalChain = svlChain;
      if (localEps.length === 0) hasInternal = false;
    }
    let externalPolicyChain = svcChain;
    let hasExternal = hasEndpoints;
    if (externalLocal) {
      externalPolicyChain = svlChain;
      if (localEps.length === 0) hasExternal = false;
    }
    const usesExtChain = hasEndpoints && externallyAccessible;
    const usesFWChain = hasEndpoints && lbIPs.length > 0 && sourceRanges.length > 0;
    const lbChain = usesFWChain ? fwChain : extChain;

    let internalFilterTarget = '';
    let internalFilterComment = '';
    let externalFilterTarget = '';
    let externalFilterComment = '';
    if (!hasEndpoints) {
      internalFilterTarget = externalFilterTarget = 'REJECT';
      internalFilterComment = externalFilterComment = q(`${nameString} has no endpoints`);
    } else {
      if (!hasInternal) {
        internalFilterTarget = 'DROP';
        internalFilterComment = q(`${nameString} has no local endpoints`);
      }
      if (!hasExternal) {
        externalFilterTarget = 'DROP';
        externalFilterComment = q(`${nameString} has no local endpoints`);
      }
    }
    const match = `-m ${protocol} -p ${protocol}`;

    // Capture the clusterIP.
    if (hasInternal) {
      natRules.push(
        `-A KUBE-SERVICES -m comment --comment ${q(`${nameString} cluster IP`)} ${match} -d ${clusterIP} --dport ${svcPort} -j ${internalChain}`,
      );
    } else {
      filterRules.push(
        `-A KUBE-SERVICES -m comment --comment ${internalFilterComment} ${match} -d ${clusterIP} --dport ${svcPort} -j ${internalFilterTarget}`,
      );
    }
    // Capture externalIPs.
    for (const ip of externalIPs) {
      if (hasEndpoints)
        natRules.push(
          `-A KUBE-SERVICES -m comment --comment ${q(`${nameString} external IP`)} ${match} -d ${ip} --dport ${svcPort} -j ${extChain}`,
        );
      if (!hasExternal)
        filterRules.push(
          `-A KUBE-EXTERNAL-SERVICES -m comment --comment ${externalFilterComment} ${match} -d ${ip} --dport ${svcPort} -j ${externalFilterTarget}`,
        );
    }
    // Capture load-balancer ingress.
    for (const ip of lbIPs) {
      if (hasEndpoints)
        natRules.push(
          `-A KUBE-SERVICES -m comment --comment ${q(`${nameString} loadbalancer IP`)} ${match} -d ${ip} --dport ${svcPort} -j ${lbChain}`,
        );
      if (usesFWChain)
        filterRules.push(
          `-A KUBE-PROXY-FIREWALL -m comment --comment ${q(`${nameString} traffic not accepted by ${fwChain}`)} ${match} -d ${ip} --dport ${svcPort} -j DROP`,
        );
    }
    if (!hasExternal)
      for (const ip of lbIPs)
        filterRules.push(
          `-A KUBE-EXTERNAL-SERVICES -m comment --comment ${externalFilterComment} ${match} -d ${ip} --dport ${svcPort} -j ${externalFilterTarget}`,
        );
    // Capture nodeports.
    if (nodePort > 0) {
      if (hasEndpoints)
        natRules.push(
          `-A KUBE-NODEPORTS -m comment --comment ${nameString} ${match} --dport ${nodePort} -j ${extChain}`,
        );
      if (!hasExternal)
        filterRules.push(
          `-A KUBE-EXTERNAL-SERVICES -m comment --comment ${externalFilterComment} -m addrtype --dst-type LOCAL ${match} --dport ${nodePort} -j ${externalFilterTarget}`,
        );
    }
    // healthCheckNodePort (externalTrafficPolicy: Local on LoadBalancer Services).
    const hcPort = Number(spec.healthCheckNodePort ?? 0);
    if (hcPort > 0)
      filterRules.push(
        `-A KUBE-NODEPORTS -m comment --comment ${q(`${nameString} health check node port`)} -m tcp -p tcp --dport ${hcPort} -j ACCEPT`,
      );

    // Internal traffic handling: masquerade off-cluster sources reaching the ClusterIP.
    if (hasInternal) {
      const args = `-m comment --comment ${q(`${nameString} cluster IP`)} ${match} -d ${clusterIP} --dport ${svcPort}`;
      if (input.masqueradeAll) natRules.push(`-A ${internalChain} ${args} -j KUBE-MARK-MASQ`);
      else if (ifNotLocal) natRules.push(`-A ${internalChain} ${args} ${ifNotLocal} -j KUBE-MARK-MASQ`);
    }

    // External traffic chain.
    if (usesExtChain) {
      chain(natChains, extChain);
      if (!externalLocal) {
        natRules.push(
          `-A ${extChain} -m comment --comment ${q(`masquerade traffic for ${nameString} external destinations`)} -j KUBE-MARK-MASQ`,
        );
      } else {
        if (ifLocal)
          natRules.push(
            `-A ${extChain} -m comment --comment ${q(`pod traffic for ${nameString} external destinations`)} ${ifLocal} -j ${svcChain}`,
          );
        natRules.push(
          `-A ${extChain} -m comment --comment ${q(`masquerade LOCAL traffic for ${nameString} external destinations`)} -m addrtype --src-type LOCAL -j KUBE-MARK-MASQ`,
        );
        natRules.push(
          `-A ${extChain} -m comment --comment ${q(`route LOCAL traffic for ${nameString} external destinations`)} -m addrtype --src-type LOCAL -j ${svcChain}`,
        );
      }
      if (hasExternal) natRules.push(`-A ${extChain} -j ${externalPolicyChain}`);
    }

    // Firewall chain (loadBalancerSourceRanges). Node-IP allowance is not modelled (node IP unknown here).
    if (usesFWChain) {
      chain(natChains, fwChain);
      const args = `-A ${fwChain} -m comment --comment ${q(`${nameString} loadbalancer IP`)}`;
      for (const range of sourceRanges) natRules.push(`${args} -s ${range} -j ${extChain}`);
      natRules.push(
        `-A ${fwChain} -m comment --comment ${q(`other traffic to ${nameString} will be dropped by KUBE-PROXY-FIREWALL`)}`,
      );
    }

    const writeServiceToEndpointRules = (svcChainName: string, eps: Ep[]) => {
      if (affinityClientIP)
        for (const ep of eps)
          natRules.push(
            `-A ${svcChainName} -m comment --comment ${q(`${nameString} -> ${ep.key}`)} -m recent --name ${sepName(ep)} --rcheck --seconds ${stickySeconds} --reap -j ${sepName(ep)}`,
          );
      eps.forEach((ep, i) => {
        const prob =
          i < eps.length - 1 ? ` -m statistic --mode random --probability ${computeProbability(eps.length - i)}` : '';
        natRules.push(
          `-A ${svcChainName} -m comment --comment ${q(`${nameString} -> ${ep.key}`)}${prob} -j ${sepName(ep)}`,
        );
      });
    };
    if (usesClusterPolicyChain) {
      chain(natChains, svcChain);
      writeServiceToEndpointRules(svcChain, clusterEps);
    }
    if (usesLocalPolicyChain) {
      chain(natChains, svlChain);
      writeServiceToEndpointRules(svlChain, localEps);
    }

    // Per-endpoint chains.
    for (const ep of allReachable) {
      const sep = sepName(ep);
      chain(natChains, sep);
      natRules.push(`-A ${sep} -m comment --comment ${nameString} -s ${ep.ip} -j KUBE-MARK-MASQ`);
      const recent = affinityClientIP ? ` -m recent --name ${sep} --set` : '';
      natRules.push(
        `-A ${sep} -m comment --comment ${nameString}${recent} ${match} -j DNAT --to-destination ${ep.key}`,
      );
    }
  }
  return { natChains, natRules, filterRules };
}

export function buildNatRules(input: NatRulesInput): NatRulesOutput {
  const natChains: string[] = [];
  const natRules: string[] = [];
  const filterChains: string[] = [];
  const filterRules: string[] = [];
  const chain = (lines: string[], name: string) => lines.push(`:${name} - [0:0]`);

  for (const c of ['KUBE-SERVICES', 'KUBE-EXTERNAL-SERVICES', 'KUBE-FORWARD', 'KUBE-NODEPORTS', 'KUBE-PROXY-FIREWALL'])
    chain(filterChains, c);
  for (const c of ['KUBE-SERVICES', 'KUBE-NODEPORTS', 'KUBE-POSTROUTING', 'KUBE-MARK-MASQ']) chain(natChains, c);

  natRules.push(`-A KUBE-POSTROUTING -m mark ! --mark ${MARK}/${MARK} -j RETURN`);
  natRules.push(`-A KUBE-POSTROUTING -j MARK --xor-mark ${MARK}`);
  natRules.push(
    `-A KUBE-POSTROUTING -m comment --comment ${q('kubernetes service traffic requiring SNAT')} -j MASQUERADE --random-fully`,
  );
  natRules.push(`-A KUBE-MARK-MASQ -j MARK --or-mark ${MARK}`);

  // localhostNodePorts defaults to true for IPv4, so the kubelet-style localnet guard is written too.
  chain(filterChains, 'KUBE-FIREWALL');
  filterRules.push(
    `-A KUBE-FIREWALL -m comment --comment ${q('block incoming localnet connections')} -d 127.0.0.0/8 ! -s 127.0.0.0/8 -m conntrack ! --ctstate RELATED,ESTABLISHED,DNAT -j DROP`,
  );

  const cidr = typeof input.clusterCIDR === 'string' ? input.clusterCIDR.trim() : '';

  const services = (Array.isArray(input.services) ? input.services : [])
    .filter((s) => s && typeof s === 'object' && !shouldSkipService(s))
    .slice()
    .sort((a, b) => {
      const ka = `${a.metadata?.namespace ?? ''}/${a.metadata?.name ?? ''}`;
      const kb = `${b.metadata?.namespace ?? ''}/${b.metadata?.name ?? ''}`;
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    });
  const slices = Array.isArray(input.endpointSlices) ? input.endpointSlices : [];

  for (const svc of services) {
    const out = serviceRules(svc, slices, { nodeName: input.nodeName, masqueradeAll: input.masqueradeAll, cidr });
    // Loops rather than push(...rules): a Service with thousands of endpoints would exceed the argument limit.
    for (const r of out.natChains) natChains.push(r);
    for (const r of out.natRules) natRules.push(r);
    for (const r of out.filterRules) filterRules.push(r);
  }

  // Finally, the tail-call to KUBE-NODEPORTS; it must be the last rule in KUBE-SERVICES.
  const nodePortComment = q('kubernetes service nodeports; NOTE: this must be the last rule in this chain');
  const nodeIPs = (Array.isArray(input.nodeIPs) ? input.nodeIPs : []).filter((ip) => typeof ip === 'string' && ip);
  if (nodeIPs.length === 0) {
    natRules.push(
      `-A KUBE-SERVICES -m comment --comment ${nodePortComment} -m addrtype --dst-type LOCAL -j KUBE-NODEPORTS`,
    );
  } else {
    for (const ip of nodeIPs)
      natRules.push(`-A KUBE-SERVICES -m comment --comment ${nodePortComment} -d ${ip} -j KUBE-NODEPORTS`);
  }

  filterRules.push('-A KUBE-FORWARD -m conntrack --ctstate INVALID -j DROP');
  filterRules.push(
    `-A KUBE-FORWARD -m comment --comment ${q('kubernetes forwarding rules')} -m mark --mark ${MARK}/${MARK} -j ACCEPT`,
  );
  filterRules.push(
    `-A KUBE-FORWARD -m comment --comment ${q('kubernetes forwarding conntrack rule')} -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT`,
  );

  const withChains = input.chainLines === true;
  return {
    filter: ['*filter', ...(withChains ? filterChains : []), ...filterRules, 'COMMIT'],
    nat: ['*nat', ...(withChains ? natChains : []), ...natRules, 'COMMIT'],
  };
}
