/**
 * Networking tables (pkg/printers/internalversion/printers.go): printService (getServiceExternalIP,
 * makePortString), printEndpointSlice (formatDiscoveryPorts/formatDiscoveryEndpoints), printEndpoints
 * (formatEndpoints), printIngress, printNetworkPolicy.
 */
import { byteCompare, formatLabels, formatLabelSelector } from './labels';
import { ageCell, col, type TableDef } from './tableDef';

const LOAD_BALANCER_WIDTH = 16;

/** loadBalancerStatusStringer: unique IPs/hostnames, sorted, comma-joined; clipped to 16 bytes unless wide. */
function loadBalancerStatusStringer(ingress: any[] | undefined, wide: boolean): string {
  const set = new Set<string>();
  for (const i of ingress ?? []) {
    if (i.ip) set.add(i.ip);
    else if (i.hostname) set.add(i.hostname);
  }
  let r = [...set].sort(byteCompare).join(',');
  if (!wide && r.length > LOAD_BALANCER_WIDTH) r = r.slice(0, LOAD_BALANCER_WIDTH - 3) + '...';
  return r;
}

export function serviceExternalIP(svc: any, wide: boolean): string {
  const spec = svc.spec ?? {};
  const externalIPs: string[] = spec.externalIPs ?? [];
  switch (spec.type ?? 'ClusterIP') {
    case 'ClusterIP':
    case 'NodePort':
      return externalIPs.length > 0 ? externalIPs.join(',') : '<none>';
    case 'LoadBalancer': {
      const lbIps = loadBalancerStatusStringer(svc.status?.loadBalancer?.ingress, wide);
      if (externalIPs.length > 0) {
        const results = lbIps.length > 0 ? lbIps.split(',') : [];
        return [...results, ...externalIPs].join(',');
      }
      return lbIps.length > 0 ? lbIps : '<pending>';
    }
    case 'ExternalName':
      return spec.externalName ?? '';
  }
  return '<unknown>';
}

/** makePortString: `80/TCP`, `80:30080/TCP` with a nodePort, comma-joined. */
export function makePortString(ports: any[] | undefined): string {
  return (ports ?? [])
    .map((p) => {
      const proto = p.protocol ?? 'TCP';
      return p.nodePort > 0 ? `${p.port}:${p.nodePort}/${proto}` : `${p.port}/${proto}`;
    })
    .join(',');
}

export const serviceColumns: TableDef = {
  columns: [
    col('Name'),
    col('Type'),
    col('Cluster-IP'),
    col('External-IP'),
    col('Port(s)'),
    col('Age'),
    col('Selector', 1),
  ],
  row(svc, ctx) {
    const spec = svc.spec ?? {};
    // printService reads spec.clusterIPs[0] (headless services store "None"); fall back to clusterIP.
    const internalIP: string = spec.clusterIPs?.[0] ?? spec.clusterIP ?? '<none>';
    const ports = makePortString(spec.ports) || '<none>';
    return [
      svc.metadata.name,
      spec.type ?? 'ClusterIP',
      internalIP || '<none>',
      serviceExternalIP(svc, !!ctx.wide),
      ports,
      ageCell(svc, ctx),
      formatLabels(spec.selector),
    ];
  },
};

function listWithMoreString(list: string[], more: boolean, count: number, max: number): string {
  const ret = list.join(',');
  if (more) return `${ret} + ${count - max} more...`;
  return ret === '' ? '<unset>' : ret;
}

export function formatDiscoveryPorts(ports: any[] | undefined): string {
  const list: string[] = [];
  const max = 3;
  let more = false;
  let count = 0;
  for (const port of ports ?? []) {
    if (list.length < max) {
      let portNum = '*';
      if (typeof port.port === 'number') portNum = String(port.port);
      else if (typeof port.name === 'string') portNum = port.name;
      list.push(portNum);
    } else if (list.length === max) {
      more = true;
    }
    count++;
  }
  return listWithMoreString(list, more, count, max);
}

export function formatDiscoveryEndpoints(endpoints: any[] | undefined): string {
  const list: string[] = [];
  const max = 3;
  let more = false;
  let count = 0;
  for (const ep of endpoints ?? []) {
    for (const address of ep.addresses ?? []) {
      if (list.length < max) list.push(address);
      else if (list.length === max) more = true;
      count++;
    }
  }
  return listWithMoreString(list, more, count, max);
}

export const endpointSliceColumns: TableDef = {
  columns: [col('Name'), col('AddressType'), col('Ports'), col('Endpoints'), col('Age')],
  row(s, ctx) {
    return [
      s.metadata.name,
      s.addressType ?? '',
      formatDiscoveryPorts(s.ports),
      formatDiscoveryEndpoints(s.endpoints),
      ageCell(s, ctx),
    ];
  },
};

/** formatEndpoints (ports = nil: all ports): `ip:port` up to 3, then ` + N more...`; `<none>` without subsets. */
export function formatEndpoints(subsets: any[] | undefined): string {
  if (!subsets || subsets.length === 0) return '<none>';
  const list: string[] = [];
  const max = 3;
  let more = false;
  let count = 0;
  for (const ss of subsets) {
    const addresses: any[] = ss.addresses ?? [];
    const ports: any[] = ss.ports ?? [];
    if (ports.length === 0) {
      count += addresses.length;
      for (const a of addresses) {
        if (list.length === max) {
          more = true;
          break;
        }
        list.push(a.ip);
      }
      continue;
    }
    for (const port of ports) {
      count += addresses.length;
      for (const a of addresses) {
        if (list.length === max) {
          more = true;
          break;
        }
        list.push(joinHostPort(a.ip, port.port));
      }
    }
  }
  const ret = list.join(',');
  return more ? `${ret} + ${count - max} more...` : ret;
}

/** net.JoinHostPort: brackets IPv6 literals. */
export function joinHostPort(host: string, port: number | string): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

export const endpointsColumns: TableDef = {
  columns: [col('Name'), col('Endpoints'), col('Age')],
  row(e, ctx) {
    return [e.metadata.name, formatEndpoints(e.subsets), ageCell(e, ctx)];
  },
};

function formatHosts(rules: any[] | undefined): string {
  const list: string[] = [];
  const max = 3;
  let more = false;
  for (const rule of rules ?? []) {
    if (list.length === max) more = true;
    if (!more && rule.host) list.push(rule.host);
  }
  if (list.length === 0) return '*';
  const ret = list.join(',');
  return more ? `${ret} + ${(rules ?? []).length - max} more...` : ret;
}

export const ingressColumns: TableDef = {
  columns: [col('Name'), col('Class'), col('Hosts'), col('Address'), col('Ports'), col('Age')],
  row(ing, ctx) {
    const spec = ing.spec ?? {};
    return [
      ing.metadata.name,
      spec.ingressClassName ?? '<none>',
      formatHosts(spec.rules),
      loadBalancerStatusStringer(ing.status?.loadBalancer?.ingress, !!ctx.wide),
      (spec.tls ?? []).length > 0 ? '80, 443' : '80',
      ageCell(ing, ctx),
    ];
  },
};

export const networkPolicyColumns: TableDef = {
  columns: [col('Name'), col('Pod-Selector'), col('Age')],
  row(np, ctx) {
    return [np.metadata.name, formatLabelSelector(np.spec?.podSelector ?? {}), ageCell(np, ctx)];
  },
};

export const ingressClassColumns: TableDef = {
  columns: [col('Name'), col('Controller'), col('Parameters'), col('Age')],
  row(ic, ctx) {
    const p = ic.spec?.parameters;
    const parameters = p
      ? `${p.kind ?? ''}${p.apiGroup !== undefined ? `.${p.apiGroup}` : ''}/${p.name ?? ''}`
      : '<none>';
    return [ic.metadata.name, ic.spec?.controller ?? '', parameters, ageCell(ic, ctx)];
  },
};

export const serviceCIDRColumns: TableDef = {
  columns: [col('Name'), col('CIDRs'), col('Age')],
  row(sc, ctx) {
    return [sc.metadata.name, ((sc.spec?.cidrs ?? []) as string[]).join(','), ageCell(sc, ctx)];
  },
};

/** printIPAddress: the parent as `resource.group[/namespace]/name`; the columns have no AGE. */
export const ipAddressColumns: TableDef = {
  columns: [col('Name'), col('ParentRef')],
  row(ip) {
    const p = ip.spec?.parentRef;
    if (!p) return [ip.metadata.name, '<none>'];
    const gr = p.group ? `${p.resource ?? ''}.${p.group}` : String(p.resource ?? '');
    return [ip.metadata.name, `${gr.toLowerCase()}${p.namespace ? `/${p.namespace}` : ''}/${p.name ?? ''}`];
  },
};
