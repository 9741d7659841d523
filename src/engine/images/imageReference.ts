/**
 * Image reference parsing as the kubelet and containerd do it.
 *
 * - Grammar and error texts: github.com/distribution/reference (regexp.go, normalize.go `ParseNormalizedNamed`,
 *   `splitDockerDomain`, reference.go `Parse`), vendored by both the kubelet and containerd.
 * - The kubelet (pkg/util/parsers `ParseImageName`, image_manager.go `applyDefaultImageTag`) wraps a parse error as
 *   `couldn't parse image name "X": <err>` and reports `Failed to apply default image tag "X": …` with the container
 *   waiting reason `InvalidImageName`.
 * - containerd's CRI `PullImage` normalises with `ParseDockerRef`: `nginx` → `docker.io/library/nginx:latest`;
 *   when both a tag and a digest are given only the digest is kept.
 */

const ALNUM = '[a-z0-9]+';
const SEPARATOR = '(?:[._]|__|[-]+)';
const PATH_COMPONENT = `${ALNUM}(?:${SEPARATOR}${ALNUM})*`;
const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const HOST = `(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|\\[(?:[a-fA-F0-9:]+)\\])`;
const DOMAIN_AND_PORT = `${HOST}(?::[0-9]+)?`;
const NAME = `(?:${DOMAIN_AND_PORT}/)?${PATH_COMPONENT}(?:/${PATH_COMPONENT})*`;
const TAG = '[\\w][\\w.-]{0,127}';
const DIGEST = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*[:][0-9a-fA-F]{32,}';
const REFERENCE = new RegExp(`^(${NAME})(?::(${TAG}))?(?:@(${DIGEST}))?$`);
const IDENTIFIER = /^[a-f0-9]{64}$/;

const DEFAULT_DOMAIN = 'docker.io';
const LEGACY_DEFAULT_DOMAIN = 'index.docker.io';
const OFFICIAL_REPO_PREFIX = 'library/';
const NAME_TOTAL_LENGTH_MAX = 255;

interface ParsedImageRef {
  ok: true;
  /** Registry host (with port), e.g. `docker.io`, `registry.k8s.io`, `localhost:5000`. */
  domain: string;
  /** Repository path inside the registry, e.g. `library/nginx`. */
  path: string;
  /** `domain/path`, e.g. `docker.io/library/nginx`. */
  repository: string;
  tag?: string;
  digest?: string;
  /** What containerd pulls and prints: `docker.io/library/nginx:1.27`, or `…@sha256:…` when a digest is given. */
  normalized: string;
}

interface ImageRefError {
  ok: false;
  /** The reference library's error, e.g. `invalid reference format: repository name (library/Nginx) must be lowercase`. */
  error: string;
  /** The kubelet's full message: `Failed to apply default image tag "X": couldn't parse image name "X": <error>`. */
  message: string;
}

function splitDockerDomain(name: string): [string, string] {
  const slash = name.indexOf('/');
  if (slash < 0) return [DEFAULT_DOMAIN, OFFICIAL_REPO_PREFIX + name];
  const maybeDomain = name.slice(0, slash);
  const maybeRemote = name.slice(slash + 1);
  let domain: string;
  let remote: string;
  if (maybeDomain === 'localhost') [domain, remote] = [maybeDomain, maybeRemote];
  else if (maybeDomain === LEGACY_DEFAULT_DOMAIN) [domain, remote] = [DEFAULT_DOMAIN, maybeRemote];
  else if (/[.:]/.test(maybeDomain)) [domain, remote] = [maybeDomain, maybeRemote];
  else if (maybeDomain.toLowerCase() !== maybeDomain) [domain, remote] = [maybeDomain, maybeRemote];
  else [domain, remote] = [DEFAULT_DOMAIN, name];
  if (domain === DEFAULT_DOMAIN && !remote.includes('/')) remote = OFFICIAL_REPO_PREFIX + remote;
  return [domain, remote];
}

function validateDigest(digest: string): string | undefined {
  const [alg, hex] = [digest.slice(0, digest.indexOf(':')), digest.slice(digest.indexOf(':') + 1)];
  // go-digest: only registered algorithms; sha256 needs 64 lower-case hex digits.
  const lengths: Record<string, number> = { sha256: 64, sha384: 96, sha512: 128 };
  if (!(alg in lengths)) return 'unsupported digest algorithm';
  if (!/^[a-f0-9]+$/.test(hex)) return 'invalid checksum digest format';
  if (hex.length !== lengths[alg]) return 'invalid checksum digest length';
  return undefined;
}

/** `reference.Parse` on an already-normalised string; returns the error text or the captured parts. */
function parse(s: string): { name: string; tag?: string; digest?: string } | string {
  // Guard hostile input: the Go regexp is linear-time, JS backtracking is not; anything this long is invalid anyway.
  if (s.length > 4 * NAME_TOTAL_LENGTH_MAX + 200) return 'invalid reference format';
  const m = REFERENCE.exec(s);
  if (!m) {
    if (s === '') return 'repository name must have at least one component';
    if (REFERENCE.test(s.toLowerCase())) return 'repository name must be lowercase';
    return 'invalid reference format';
  }
  const name = m[1]!;
  if (name.length > NAME_TOTAL_LENGTH_MAX)
    return `repository name must not be more than ${NAME_TOTAL_LENGTH_MAX} characters`;
  if (m[3]) {
    const err = validateDigest(m[3]);
    if (err) return err;
  }
  return { name, tag: m[2] || undefined, digest: m[3] || undefined };
}

/** `ParseNormalizedNamed` + containerd's `ParseDockerRef`. */
export function parseImageReference(ref: string): ParsedImageRef | ImageRefError {
  const s = typeof ref === 'string' ? ref : String(ref ?? '');
  const fail = (error: string): ImageRefError => ({
    ok: false,
    error,
    message: `Failed to apply default image tag ${goQuote(s)}: couldn't parse image name ${goQuote(s)}: ${error}`,
  });
  if (IDENTIFIER.test(s)) return fail(`invalid repository name (${s}), cannot specify 64-byte hexadecimal strings`);
  const [domain, remainder] = splitDockerDomain(s);
  const tagSep = remainder.indexOf(':');
  const remote = tagSep > -1 ? remainder.slice(0, tagSep) : remainder;
  if (remote.toLowerCase() !== remote)
    return fail(`invalid reference format: repository name (${remote}) must be lowercase`);
  const parsed = parse(`${domain}/${remainder}`);
  if (typeof parsed === 'string') return fail(parsed);
  const slash = parsed.name.indexOf('/');
  const d = parsed.name.slice(0, slash);
  const path = parsed.name.slice(slash + 1);
  const repository = `${d}/${path}`;
  const normalized = parsed.digest ? `${repository}@${parsed.digest}` : `${repository}:${parsed.tag ?? 'latest'}`;
  return { ok: true, domain: d, path, repository, tag: parsed.tag, digest: parsed.digest, normalized };
}

/** The kubelet's `applyDefaultImageTag`: append `:latest` when there is neither tag nor digest. */
export function applyDefaultImageTag(image: string): string {
  const parsed = parseImageReference(image);
  if (!parsed.ok) return image;
  if (!parsed.digest && !parsed.tag) return `${image}:latest`;
  return image;
}

/** `%q` formatting of a Go string (enough for image names and log text: quotes, backslashes, control bytes). */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}
