/**
 * Image lookup against the simulated registries (imageCatalog.ts) with the texts a real node produces.
 *
 * - Reference parsing/normalisation: imageReference.ts (containerd `ParseDockerRef`, kubelet InvalidImageName).
 * - Pull failures carry containerd's CRI error as the kubelet prints it after `Failed to pull image "X": `:
 *   `rpc error: code = NotFound desc = failed to pull and unpack image "R": failed to resolve reference "R": R: not found`
 *   for a missing tag; Docker Hub answers a missing repository with `pull access denied, repository does not exist
 *   or may require authorization: server message: insufficient_scope: authorization failed` (code Unknown);
 *   ghcr.io and quay.io answer with their token/401 errors; a registry host that does not exist fails DNS.
 * - Right by default: a well-formed reference to a repository outside the catalog pulls from a public registry
 *   and its behaviour is assumed (`assumed`: a server that runs until stopped, listening on the container's
 *   ports, or whatever its command says); its size is estimated from the name. Only recognisable mistakes fail,
 *   each with the registry's or containerd's own text: a near-miss of a catalogued repository (`ngnix`: Docker Hub's
 *   `pull access denied`), a tag a catalogued repository never published (`not found`), a registry host that does
 *   not resolve (reserved names such as `.example`, or a misspelt registry: `dial tcp: lookup <host>: no such
 *   host`), and a private registry without imagePullSecrets (`401 Unauthorized`).
 * - Digests are accepted (we cannot know upstream digests), and a tag's digest is a stable fake: sha256 of
 *   "<repository>:<tag>".
 */
import { sha256Hex } from '../util/sha256';
import type { CatalogEntry, ImageBase } from './catalogEntry';
import { IMAGE_CATALOG } from './imageCatalog';
import { parseImageReference } from './imageReference';

type ImageErrorReason = 'NotFound' | 'InvalidImageName' | 'Unauthorized' | 'Unreachable';

export interface ImageLookupOk {
  ok: true;
  /** The reference as containerd pulls it: `docker.io/library/nginx:latest`, or `…@sha256:…`. */
  normalized: string;
  /** Repository as requested (aliases kept): `docker.io/library/nginx`, `k8s.gcr.io/busybox`. */
  repository: string;
  tag?: string;
  /** `sha256:<64 hex>` (fake but stable for tags; the given one for digest references). */
  digest: string;
  /** `repository@digest`: what `kubectl describe pod` shows as Image ID. */
  repoDigest: string;
  /** Compressed size in bytes, as the Pulled event prints it. */
  size: number;
  /** EXPOSE'd ports of the image. */
  ports: number[];
  /** Base filesystem of this tag (shell and coreutils flavour). */
  base: ImageBase;
  /** Image config. */
  config: { entrypoint: string[]; cmd: string[]; workingDir: string; env: Record<string, string> };
  /** The catalog entry (read-only data); for an unknown repository, one made up with `assumed: true`. */
  entry: CatalogEntry;
  /** The repository is not in the catalog: Podyssey assumed what the image does. */
  assumed?: boolean;
}

interface ImageLookupError {
  ok: false;
  reason: ImageErrorReason;
  /** For InvalidImageName the kubelet's message; otherwise the CRI error the kubelet appends to "Failed to pull image". */
  message: string;
  /** Set when the reference parsed. */
  normalized?: string;
}

type ImageLookup = ImageLookupOk | ImageLookupError;

function findEntry(repository: string): CatalogEntry | undefined {
  return IMAGE_CATALOG.find((e) => e.repository === repository || (e.aliases ?? []).includes(repository));
}

function tagExists(entry: CatalogEntry, tag: string): boolean {
  return entry.tags.includes(tag) || (entry.tagPattern?.test(tag) ?? false);
}

function pullPrefix(code: 'NotFound' | 'Unknown', normalized: string): string {
  return `rpc error: code = ${code} desc = failed to pull and unpack image "${normalized}": failed to resolve reference "${normalized}": `;
}

function manifestURL(domain: string, path: string, normalized: string): string {
  const at = normalized.lastIndexOf('@');
  const ref = at >= 0 ? normalized.slice(at + 1) : normalized.slice(normalized.lastIndexOf(':') + 1);
  const host = domain === 'docker.io' ? 'registry-1.docker.io' : domain;
  return `https://${host}/v2/${path}/manifests/${ref}`;
}

/** Public registries: anonymous pulls work. */
const KNOWN_REGISTRIES = new Set([
  'docker.io',
  'registry.k8s.io',
  'k8s.gcr.io',
  'gcr.io',
  'us.gcr.io',
  'eu.gcr.io',
  'asia.gcr.io',
  'quay.io',
  'ghcr.io',
  'mcr.microsoft.com',
  'public.ecr.aws',
  'registry.gitlab.com',
  'nvcr.io',
  'docker.elastic.co',
  'registry.access.redhat.com',
  'cgr.dev',
  'lscr.io',
  'codeberg.org',
  'docker.redpanda.com',
  'container-registry.oracle.com',
]);

/**
 * Registries that need credentials (or a project's own registry in a cloud): without imagePullSecrets the pull
 * is refused with 401. `us-docker.pkg.dev/google-samples/...` is public, so catalog aliases there still pull.
 */
function isPrivateRegistry(host: string): boolean {
  return (
    host === 'registry.redhat.io' ||
    host.endsWith('.azurecr.io') ||
    host.endsWith('.amazonaws.com') ||
    host.endsWith('.pkg.dev') ||
    host.endsWith('.ocir.io') ||
    host.endsWith('.jfrog.io')
  );
}

/** Public projects on registries that are otherwise private: the GKE tutorials' google-samples images. */
function publicProject(domain: string, path: string): boolean {
  return domain.endsWith('-docker.pkg.dev') && path.startsWith('google-samples/');
}

/** Names that never resolve (RFC 2606/6761 reserved and private-use TLDs), and hosts without a dot. */
const UNRESOLVABLE_TLDS = ['example', 'invalid', 'test', 'local', 'localdomain', 'internal', 'lan', 'home', 'corp'];

/** Damerau-Levenshtein distance (optimal string alignment), cut off above `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) d.push([i]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return d[a.length]![b.length]!;
}

/** How far a name may be from a known one and still be a typo of it: one edit for short names, two for longer. */
function typoBudget(name: string): number {
  return name.length <= 5 ? 1 : 2;
}

let knownPaths: Map<string, string[]> | undefined;

/** Catalogued repository paths by registry host (aliases included), built on first use. */
function catalogPathsByDomain(): Map<string, string[]> {
  if (knownPaths) return knownPaths;
  knownPaths = new Map();
  for (const e of IMAGE_CATALOG)
    for (const repo of [e.repository, ...(e.aliases ?? [])]) {
      const slash = repo.indexOf('/');
      const list = knownPaths.get(repo.slice(0, slash)) ?? [];
      list.push(repo.slice(slash + 1));
      knownPaths.set(repo.slice(0, slash), list);
    }
  return knownPaths;
}

/** Real repositories one letter away from a catalogued one (the official `mono` next to `mongo`). */
const REAL_NEIGHBOURS = new Set(['docker.io/library/mono', 'docker.io/library/nats']);

/** A catalogued repository on the same registry this path is a misspelling of (`library/ngnix` → nginx). */
function nearMiss(domain: string, path: string): string | undefined {
  if (REAL_NEIGHBOURS.has(`${domain}/${path}`)) return undefined;
  for (const known of catalogPathsByDomain().get(domain) ?? []) {
    if (known === path) continue;
    const [a, b] =
      known.startsWith('library/') && path.startsWith('library/') ? [known.slice(8), path.slice(8)] : [known, path];
    if (editDistance(a, b, 2) <= typoBudget(a)) return known;
  }
  return undefined;
}

/** A registry host that is one or two letters away from a public one (`regsitry.k8s.io`, `dokcer.io`). */
function misspeltRegistry(host: string): boolean {
  for (const known of KNOWN_REGISTRIES) if (host !== known && editDistance(host, known, 2) <= 2) return true;
  return false;
}

function resolves(host: string): boolean {
  if (KNOWN_REGISTRIES.has(host) || isPrivateRegistry(host) || isLoopbackOrIP(host)) return true;
  const tld = host.slice(host.lastIndexOf('.') + 1);
  if (!host.includes('.') || UNRESOLVABLE_TLDS.includes(tld)) return false;
  // example.com/.net/.org are reserved too (RFC 2606): the names exist, but nothing below them does.
  if (/(?:^|\.)example\.(?:com|net|org)$/.test(host)) return false;
  return !misspeltRegistry(host);
}

function isLoopbackOrIP(host: string): boolean {
  return host === 'localhost' || /^\d+\.\d+\.\d+\.\d+$/.test(host) || host.startsWith('[');
}

/** The CRI error for a repository the registry does not have (or refuses to show), in the registry's own words. */
function missingRepositoryMessage(
  domain: string,
  path: string,
  normalized: string,
): { reason: ImageErrorReason; message: string } {
  const [host, port] = domain.startsWith('[') ? [domain, undefined] : (domain.split(':') as [string, string?]);
  if (domain === 'docker.io')
    return {
      reason: 'NotFound',
      message: `${pullPrefix('Unknown', normalized)}pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed`,
    };
  if (domain === 'ghcr.io') {
    const scope = encodeURIComponent(`repository:${path}:pull`);
    return {
      reason: 'NotFound',
      message: `${pullPrefix('Unknown', normalized)}failed to authorize: failed to fetch anonymous token: unexpected status from GET request to https://ghcr.io/token?scope=${scope}&service=ghcr.io: 403 Forbidden`,
    };
  }
  if (domain === 'quay.io')
    return {
      reason: 'NotFound',
      message: `${pullPrefix('Unknown', normalized)}unexpected status from HEAD request to ${manifestURL(domain, path, normalized)}: 401 UNAUTHORIZED`,
    };
  if (isPrivateRegistry(host) || (resolves(host) && !KNOWN_REGISTRIES.has(domain) && !isLoopbackOrIP(host)))
    return { reason: 'Unauthorized', message: pullFaultMessage(normalized, 'Unauthorized') };
  if (KNOWN_REGISTRIES.has(domain))
    return { reason: 'NotFound', message: `${pullPrefix('NotFound', normalized)}${normalized}: not found` };
  if (isLoopbackOrIP(host)) {
    const ip = host === 'localhost' ? '127.0.0.1' : host;
    const target = `${ip}:${port ?? '443'}`;
    const detail =
      host === 'localhost' ? `dial tcp ${target}: connect: connection refused` : `dial tcp ${target}: i/o timeout`;
    return {
      reason: 'NotFound',
      message: `${pullPrefix('Unknown', normalized)}failed to do request: Head "${manifestURL(domain, path, normalized)}": ${detail}`,
    };
  }
  return {
    reason: 'NotFound',
    message: `${pullPrefix('Unknown', normalized)}failed to do request: Head "${manifestURL(domain, path, normalized)}": dial tcp: lookup ${host}: no such host`,
  };
}

/**
 * CRI error texts for faults a manifest cannot express (scenarios and interventions): a registry outage
 * (`Unreachable`) or credentials refused for a private repository (`Unauthorized`).
 */
export function pullFaultMessage(normalized: string, reason: 'Unreachable' | 'Unauthorized'): string {
  const parsed = parseImageReference(normalized);
  const domain = parsed.ok ? parsed.domain : 'docker.io';
  const path = parsed.ok ? parsed.path : normalized;
  const url = manifestURL(domain, path, normalized);
  if (reason === 'Unreachable') {
    const host = domain === 'docker.io' ? 'registry-1.docker.io' : domain.split(':')[0];
    return `${pullPrefix('Unknown', normalized)}failed to do request: Head "${url}": dial tcp: lookup ${host}: i/o timeout`;
  }
  if (domain === 'docker.io')
    return `${pullPrefix('Unknown', normalized)}pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed`;
  // Registries that answer with a Bearer challenge: containerd (remotes/docker/auth/fetch.go) asks the realm for
  // an anonymous token, which a private registry refuses. ACR's realm is /oauth2/token, Artifact Registry's /v2/token.
  const realm = domain.endsWith('.azurecr.io')
    ? `https://${domain}/oauth2/token`
    : domain.endsWith('.pkg.dev')
      ? `https://${domain}/v2/token`
      : undefined;
  if (realm) {
    const scope = encodeURIComponent(`repository:${path}:pull`);
    return `${pullPrefix('Unknown', normalized)}failed to authorize: failed to fetch anonymous token: unexpected status from GET request to ${realm}?scope=${scope}&service=${domain}: 401 Unauthorized`;
  }
  return `${pullPrefix('Unknown', normalized)}unexpected status from HEAD request to ${url}: 401 Unauthorized`;
}

/**
 * Lookups are pure functions of the reference, and the runtime resolves the same few references for every CRI
 * call of every pod, so recent answers are remembered (bounded). Treat returned lookups as read-only.
 */
const lookups = new Map<string, ImageLookup>();
const LOOKUP_CACHE_SIZE = 256;

/**
 * Resolve an image reference the way `crictl pull` would against the simulated registries. `auth`: the pull
 * carries credentials (the Pod has imagePullSecrets), which a private registry needs.
 */
export function resolveImage(ref: string, opts: { auth?: boolean } = {}): ImageLookup {
  const key = opts.auth ? `${ref}\u0000auth` : ref;
  let lookup = lookups.get(key);
  if (!lookup) {
    if (lookups.size >= LOOKUP_CACHE_SIZE) lookups.delete(lookups.keys().next().value!);
    lookup = lookupImage(ref, opts.auth === true);
    lookups.set(key, lookup);
  }
  return lookup;
}

function lookupImage(ref: string, auth: boolean): ImageLookup {
  const parsed = parseImageReference(ref);
  if (!parsed.ok) return { ok: false, reason: 'InvalidImageName', message: parsed.message };
  const { normalized, repository, domain, path, tag, digest } = parsed;
  const host = domain.startsWith('[') ? domain : domain.split(':')[0]!;
  let entry = findEntry(repository);
  if (!entry) {
    const publicRepo = (KNOWN_REGISTRIES.has(domain) || publicProject(domain, path)) && !nearMiss(domain, path);
    const privateRepo = auth && resolves(host) && !isLoopbackOrIP(host) && !KNOWN_REGISTRIES.has(domain);
    if (!publicRepo && !privateRepo)
      return { ...missingRepositoryMessage(domain, path, normalized), ok: false, normalized };
    entry = assumedEntry(repository, path, tag);
  }
  if (!digest && tag !== undefined && !tagExists(entry, tag))
    return {
      ok: false,
      reason: 'NotFound',
      normalized,
      message: `${pullPrefix('NotFound', normalized)}${normalized}: not found`,
    };
  if (digest && tag !== undefined && !tagExists(entry, tag)) {
    // containerd pulls by digest only; an unknown tag next to a digest is ignored, as in real life.
  }
  const effectiveTag = tag && tagExists(entry, tag) ? tag : entry.tags.includes('latest') ? 'latest' : entry.tags[0]!;
  const variant = entry.variants.find((v) => v.match.test(effectiveTag)) ?? entry.variants[entry.variants.length - 1]!;
  const imageDigest = digest ?? `sha256:${sha256Hex(`${entry.repository}:${effectiveTag}`)}`;
  const lookup: ImageLookupOk = {
    ok: true,
    normalized,
    repository,
    tag: digest ? tag : (tag ?? 'latest'),
    digest: imageDigest,
    repoDigest: `${repository}@${imageDigest}`,
    size: variant.size,
    ports: [...entry.ports],
    base: variant.base,
    config: {
      entrypoint: [...entry.entrypoint],
      cmd: [...entry.cmd],
      workingDir: entry.workingDir ?? '/',
      env: { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', ...(entry.env ?? {}) },
    },
    entry,
    ...(entry.assumed ? { assumed: true } : {}),
  };
  return lookup;
}

/**
 * A catalog entry for a repository Podyssey does not know: every tag exists; the image runs a program named after
 * the repository (a server until stopped, containers/programs/serve.ts `assumedServer`) on a Debian base (Alpine for `-alpine` tags,
 * nothing for distroless); the size is a deterministic estimate from the name (15–400 MB compressed).
 */
function assumedEntry(repository: string, path: string, tag: string | undefined): CatalogEntry {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const t = tag ?? 'latest';
  const base: ImageBase = /distroless|scratch/.test(path)
    ? 'scratch'
    : /alpine/.test(t) || /alpine/.test(name)
      ? 'alpine'
      : 'debian';
  const h = Number.parseInt(sha256Hex(repository).slice(0, 8), 16) / 0x1_0000_0000;
  const [low, high] =
    base === 'alpine' ? [8e6, 60e6] : base === 'scratch' ? [4e6, 40e6] : /slim/.test(t) ? [30e6, 90e6] : [40e6, 400e6];
  return {
    repository,
    description: `${repository} is not in Podyssey's catalog: its behaviour is assumed`,
    tags: [t],
    tagPattern: { test: () => true },
    variants: [{ match: /^.*$/, size: Math.round(low + (high - low) * h), base }],
    entrypoint: [],
    cmd: [name],
    ports: [],
    programs: [name],
    assumed: true,
  };
}

/**
 * An image already on the node (after its pull, for the CRI calls that follow and for probes): credentials only
 * matter to the pull, so a private registry's image resolves here as it did with the Pod's pull secrets.
 */
export function resolvePresentImage(ref: string): ImageLookup {
  return resolveImage(ref, { auth: true });
}

/** Every catalog repository with its listed tags (for editor completion and docs). */
export function catalogImages(): Array<{ repository: string; description: string; tags: string[] }> {
  return IMAGE_CATALOG.map((e) => ({ repository: e.repository, description: e.description, tags: [...e.tags] }));
}

/**
 * Wall time of a cold pull, in virtual ms. Not from source (an estimate): registry round trips
 * (auth token, manifest, config: 0.7–2.5 s) + layer download on a ~100 Mbit/s link with some variance
 * (12.5 MB/s, up to 1.8× slower) + unpacking (~40 MB/s). `rngFraction` ∈ [0, 1) comes from the run's seeded RNG.
 * nginx:1.27-alpine (20.5 MB) lands in ~2.9–6.0 s; the 320 kB pause image in under 3 s.
 */
export function pullDurationMs(sizeBytes: number, rngFraction: number): number {
  const f = Number.isFinite(rngFraction) ? Math.min(Math.max(rngFraction, 0), 1) : 0.5;
  const size = Number.isFinite(sizeBytes) && sizeBytes > 0 ? sizeBytes : 0;
  const roundTrips = 700 + 1800 * f;
  const download = (size / 12_500_000) * 1000 * (1 + 0.8 * f);
  const unpack = (size / 40_000_000) * 1000;
  return Math.round(roundTrips + download + unpack);
}
