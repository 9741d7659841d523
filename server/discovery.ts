/**
 * What kube-apiserver serves for discovery, from the one resource table (src/engine/objects/resources.ts): the
 * legacy documents `/api` (APIVersions), `/apis` (APIGroupList), `/api/v1` and `/apis/<group>/<version>`
 * (APIResourceList, resources sorted by name as the apiserver lists them, with their status/scale subresources),
 * and a minimal OpenAPI v3 (`/openapi/v3`, `/openapi/v3/<gv>`) that only says which PATCH operations take the
 * `fieldValidation` parameter. kubectl reads the latter to decide that the server validates fields itself
 * (cli-runtime resource/query_param_verifier_v3.go); with it missing, `kubectl apply` fails with "failed to download
 * openapi". The operations declare no request body, so kubectl computes its strategic merge patches from its own
 * built-in types (apply/patcher.go falls back to them when OpenAPI has no patch types).
 * Aggregated discovery (apidiscovery.k8s.io/v2) is not served: client-go reads a plain APIGroupList answer to its
 * aggregated Accept header as legacy discovery and fetches each group version (discovery_client.go downloadAPIs).
 */
import { KUBERNETES_VERSION } from '../src/engine/api';
import { apiVersionOf, RESOURCES, type ResourceInfo } from '../src/engine/objects/resources';

/** The order kube-apiserver lists its groups in (the APIGroupList of a v1.34 kind cluster), core first. */
const GROUP_ORDER = [
  '',
  'apiregistration.k8s.io',
  'apps',
  'events.k8s.io',
  'authentication.k8s.io',
  'authorization.k8s.io',
  'autoscaling',
  'batch',
  'certificates.k8s.io',
  'networking.k8s.io',
  'policy',
  'rbac.authorization.k8s.io',
  'storage.k8s.io',
  'admissionregistration.k8s.io',
  'apiextensions.k8s.io',
  'scheduling.k8s.io',
  'coordination.k8s.io',
  'node.k8s.io',
  'discovery.k8s.io',
  'flowcontrol.apiserver.k8s.io',
  'resource.k8s.io',
];

const STATUS = new Set([
  'pods',
  'services',
  'namespaces',
  'nodes',
  'persistentvolumes',
  'persistentvolumeclaims',
  'replicationcontrollers',
  'resourcequotas',
  'deployments',
  'replicasets',
  'statefulsets',
  'daemonsets',
  'jobs',
  'cronjobs',
  'horizontalpodautoscalers',
  'poddisruptionbudgets',
  'ingresses',
  'validatingadmissionpolicies',
  'certificatesigningrequests',
  'customresourcedefinitions',
  'apiservices',
  'flowschemas',
  'prioritylevelconfigurations',
  'resourceclaims',
  'volumeattachments',
  'servicecidrs',
]);
const SCALE = new Set(['deployments', 'replicasets', 'statefulsets', 'replicationcontrollers']);
const VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

function groupRank(group: string): number {
  const i = GROUP_ORDER.indexOf(group);
  return i < 0 ? GROUP_ORDER.length : i;
}

/**
 * Served group versions, core first, in the apiserver's order; within a group the preferred version first (the
 * one its resources are stored in), then the older versions still served (autoscaling/v1).
 */
export function groupVersions(
  custom: readonly ResourceInfo[] = [],
): Array<{ group: string; version: string; preferred: boolean }> {
  const all = served(custom);
  const seen = new Map<string, { group: string; version: string; preferred: boolean }>();
  for (const r of all) {
    const gv = apiVersionOf(r);
    const preferred = !r.alternateVersion || !all.some((o) => o.group === r.group && !o.alternateVersion);
    seen.set(gv, { group: r.group, version: r.version, preferred: (seen.get(gv)?.preferred ?? false) || preferred });
  }
  return [...seen.values()].sort(
    (a, b) => groupRank(a.group) - groupRank(b.group) || Number(b.preferred) - Number(a.preferred),
  );
}

/** The verbs a resource's REST storage implements (the installer registers routes for these only). */
function verbsOf(r: ResourceInfo): string[] {
  if (r.rest === 'create' || r.rest === 'binding') return ['create'];
  if (r.rest === 'read') return ['get', 'list'];
  return VERBS;
}

/**
 * The built-in table plus the resources of the Established CRDs (`custom`, from the live world: the server asks
 * the engine for them on every request, as discovery follows the CRDs).
 */
function served(custom: readonly ResourceInfo[]): readonly ResourceInfo[] {
  return custom.length ? [...RESOURCES, ...custom] : RESOURCES;
}

export function resourcesIn(group: string, version: string, custom: readonly ResourceInfo[] = []): ResourceInfo[] {
  return served(custom).filter((r) => r.group === group && r.version === version);
}

export function apiVersions(serverAddress: string) {
  return {
    kind: 'APIVersions',
    versions: ['v1'],
    serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }],
  };
}

export function apiGroupList(custom: readonly ResourceInfo[] = []) {
  const byGroup = new Map<string, Array<{ groupVersion: string; version: string; preferred: boolean }>>();
  for (const gv of groupVersions(custom))
    if (gv.group !== '')
      byGroup.set(gv.group, [
        ...(byGroup.get(gv.group) ?? []),
        { groupVersion: `${gv.group}/${gv.version}`, version: gv.version, preferred: gv.preferred },
      ]);
  const groups = [...byGroup].map(([name, versions]) => {
    const plain = versions.map(({ groupVersion, version }) => ({ groupVersion, version }));
    return { name, versions: plain, preferredVersion: plain[versions.findIndex((v) => v.preferred)] ?? plain[0] };
  });
  return { kind: 'APIGroupList', apiVersion: 'v1', groups };
}

export function apiResourceList(group: string, version: string, custom: readonly ResourceInfo[] = []) {
  const resources = resourcesIn(group, version, custom).flatMap((r) => {
    const main = {
      name: r.resource,
      singularName: r.singular,
      namespaced: r.namespaced,
      kind: r.kind,
      verbs: verbsOf(r),
      ...(r.shortNames?.length ? { shortNames: r.shortNames } : {}),
      ...(r.categories ? { categories: r.categories } : {}),
    };
    const subs: Array<{ name: string; [k: string]: unknown }> = [];
    if (r.kind === 'Pod') {
      subs.push({ name: 'pods/binding', singularName: '', namespaced: true, kind: 'Binding', verbs: ['create'] });
      // The eviction subresource is served in policy/v1 (kubectl drain's CheckEvictionSupport reads this entry).
      subs.push({
        name: 'pods/eviction',
        singularName: '',
        namespaced: true,
        group: 'policy',
        version: 'v1',
        kind: 'Eviction',
        verbs: ['create'],
      });
      subs.push({ name: 'pods/log', singularName: '', namespaced: true, kind: 'Pod', verbs: ['get'] });
    }
    if (SCALE.has(r.resource))
      subs.push({
        name: `${r.resource}/scale`,
        singularName: '',
        namespaced: r.namespaced,
        group: 'autoscaling',
        version: 'v1',
        kind: 'Scale',
        verbs: ['get', 'patch', 'update'],
      });
    if (r.crd ? r.statusSubresource : STATUS.has(r.resource))
      subs.push({
        name: `${r.resource}/status`,
        singularName: '',
        namespaced: r.namespaced,
        kind: r.kind,
        verbs: ['get', 'patch', 'update'],
      });
    return [main, ...subs];
  });
  resources.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: group ? `${group}/${version}` : version,
    resources,
  };
}

const gvPath = (group: string, version: string) => (group ? `apis/${group}/${version}` : `api/${version}`);

export function openApiV3Root(custom: readonly ResourceInfo[] = []) {
  const paths: Record<string, { serverRelativeURL: string }> = {};
  for (const gv of groupVersions(custom)) {
    const p = gvPath(gv.group, gv.version);
    paths[p] = { serverRelativeURL: `/openapi/v3/${p}?hash=${KUBERNETES_VERSION}` };
  }
  return { paths };
}

/** `/openapi/v3/api/v1`, `/openapi/v3/apis/apps/v1`: undefined for a group version not served. */
export function openApiV3GroupVersion(path: string, custom: readonly ResourceInfo[] = []) {
  const gv = groupVersions(custom).find((g) => gvPath(g.group, g.version) === path);
  if (!gv) return undefined;
  const paths: Record<string, object> = {};
  for (const r of resourcesIn(gv.group, gv.version, custom)) {
    const base = `/${gvPath(gv.group, gv.version)}${r.namespaced ? '/namespaces/{namespace}' : ''}/${r.resource}/{name}`;
    paths[base] = {
      patch: {
        operationId: `patch${r.kind}`,
        parameters: [
          { name: 'dryRun', in: 'query', schema: { type: 'string', uniqueItems: true } },
          { name: 'fieldManager', in: 'query', schema: { type: 'string', uniqueItems: true } },
          { name: 'fieldValidation', in: 'query', schema: { type: 'string', uniqueItems: true } },
        ],
        responses: { '200': { description: 'OK' } },
        'x-kubernetes-action': 'patch',
        'x-kubernetes-group-version-kind': { group: gv.group, version: gv.version, kind: r.kind },
      },
    };
  }
  return {
    openapi: '3.0.0',
    info: { title: 'Kubernetes', version: KUBERNETES_VERSION },
    paths,
    components: { schemas: {} },
  };
}
