/**
 * The resources CustomResourceDefinitions add to the API: what the apiextensions-apiserver serves once a CRD is
 * Established (pkg/apiserver/customresource_handler.go getOrCreateServingInfoFor, pkg/controller/establish). The
 * built-in table (resources.ts) is fixed; these come and go with the CRDs stored in etcd, so every reader passes the
 * CRDs it sees (the apiserver its store, kubectl its discovery, the panel the world at the step).
 */
import type { KObject } from '../types';
import { apiVersionOf, lookupResource, resolveResourceArg, type ResourceInfo } from './resources';

export const CRD_PREFIX = '/registry/apiextensions.k8s.io/customresourcedefinitions/';

/** A CRD condition's status (apiextensions helpers IsCRDConditionTrue). */
export function crdCondition(crd: KObject, type: string): string | undefined {
  return (crd.status?.conditions as Array<{ type: string; status: string }> | undefined)?.find((c) => c.type === type)
    ?.status;
}

/** Served once the establishing controller set Established=True; until then the handler answers 404. */
export function isEstablished(crd: KObject): boolean {
  return crdCondition(crd, 'Established') === 'True';
}

interface CrdVersion {
  name: string;
  served?: boolean;
  storage?: boolean;
  schema?: { openAPIV3Schema?: Record<string, unknown> };
  additionalPrinterColumns?: PrinterColumn[];
  subresources?: { status?: Record<string, never>; scale?: Record<string, unknown> };
}

/** spec.versions[].additionalPrinterColumns[] (CustomResourceColumnDefinition). */
export interface PrinterColumn {
  name: string;
  type: string;
  jsonPath: string;
  priority?: number;
  format?: string;
  description?: string;
}

export function crdVersions(crd: KObject): CrdVersion[] {
  return Array.isArray(crd.spec?.versions) ? (crd.spec.versions as CrdVersion[]) : [];
}

/** The storage version's name (exactly one is marked, which validation enforces). */
export function storageVersion(crd: KObject): string | undefined {
  return crdVersions(crd).find((v) => v.storage)?.name;
}

/** The version's openAPIV3Schema, or undefined. */
export function versionSchema(crd: KObject, version: string): Record<string, unknown> | undefined {
  return crdVersions(crd).find((v) => v.name === version)?.schema?.openAPIV3Schema;
}

export function printerColumns(crd: KObject, version: string): PrinterColumn[] {
  return crdVersions(crd).find((v) => v.name === version)?.additionalPrinterColumns ?? [];
}

/**
 * One ResourceInfo per served version of an Established CRD, the storage version first (discovery lists the
 * group's versions by priority; kubectl uses the first). Stored under /registry/<group>/<plural>, JSON-encoded
 * (apiextensions-apiserver pkg/registry/customresource: the prefix is the group and resource).
 */
export function customResourceInfos(crd: KObject): ResourceInfo[] {
  if (!isEstablished(crd)) return [];
  const names = crd.status?.acceptedNames ?? crd.spec?.names ?? {};
  const group = String(crd.spec?.group ?? '');
  const storage = storageVersion(crd);
  const versions = crdVersions(crd)
    .filter((v) => v.served)
    .sort((a, b) => Number(b.name === storage) - Number(a.name === storage));
  return versions.map((v, i) => ({
    kind: String(names.kind),
    group,
    version: v.name,
    resource: String(names.plural),
    namespaced: crd.spec?.scope !== 'Cluster',
    etcdPrefix: `${group}/${names.plural}`,
    simulated: false,
    shortNames: Array.isArray(names.shortNames) ? names.shortNames.map(String) : [],
    singular: String(names.singular || String(names.kind).toLowerCase()),
    ...(Array.isArray(names.categories) && names.categories.length ? { categories: names.categories.map(String) } : {}),
    storedOnly: 'crd' as const,
    ...(i > 0 ? { alternateVersion: true } : {}),
    crd: crd.metadata.name,
    ...(v.subresources?.status ? { statusSubresource: true } : {}),
  }));
}

/** Every custom resource the given CRDs serve. */
export function customResourcesOf(crds: readonly KObject[]): ResourceInfo[] {
  return crds.flatMap(customResourceInfos);
}

/** CRDs among a world's objects. */
export function crdsAmong(objects: readonly KObject[]): KObject[] {
  return objects.filter((o) => o.kind === 'CustomResourceDefinition' && o.apiVersion === 'apiextensions.k8s.io/v1');
}

/** `apiVersion` + `kind` as discovery maps them: a built-in, or a custom resource an Established CRD serves. */
export function lookupServed(apiVersion: string, kind: string, crds: readonly KObject[]): ResourceInfo | undefined {
  const builtin = lookupResource(apiVersion, kind);
  if (builtin) return builtin;
  return customResourcesOf(crds).find((r) => apiVersionOf(r) === apiVersion && r.kind === kind);
}

/** A kubectl resource argument (`widgets`, `widget`, `wg`, `widgets.example.com`, `Widget`) against discovery. */
export function resolveServedArg(arg: string, crds: readonly KObject[]): ResourceInfo | undefined {
  const builtin = resolveResourceArg(arg);
  if (builtin) return builtin;
  const a = arg.toLowerCase();
  return customResourcesOf(crds).find(
    (r) =>
      !r.alternateVersion &&
      (a === r.resource ||
        a === r.singular ||
        a === r.kind.toLowerCase() ||
        a === `${r.resource}.${r.group}` ||
        a === `${r.singular}.${r.group}` ||
        a === `${r.resource}.${r.version}.${r.group}` ||
        r.shortNames?.includes(a)),
  );
}
