/**
 * The simulated registries' contents: ~30 images learners commonly put in manifests, with the data the
 * simulation needs — which tags exist, the compressed linux/amd64 size (what the kubelet's Pulled event prints),
 * the image config (ENTRYPOINT, CMD, EXPOSE, WORKDIR) and what the filesystem holds (base distribution, so which
 * shell and which coreutils error texts, plus the image's own programs).
 *
 * Sizes are realistic figures for recent linux/amd64 manifests (nginx:1.27-alpine = 20506631 bytes as in the facts
 * file); they are not fetched from a registry and will drift from upstream. Tag sets are a repository's whole
 * release history, old releases included (every nginx release since 1.0.0, `nginx:1.14.2` of the Kubernetes
 * website's Deployment example, `nginx:1.7.9` of older docs), written as release ranges (`releases`), so learners'
 * real pinned tags work, while typos (`nginx:latst`, `nginx:1.99`) do not. Repositories outside the catalog are
 * not errors: images.ts assumes their behaviour (a server listening on the container's ports).
 * Process behaviour is not stored here: it follows from ENTRYPOINT/CMD through the interpreter (interpreter.ts).
 */

/** Base filesystem: decides `sh` (busybox ash, Debian dash, bash), coreutils error texts and the usual tools. */
export type ImageBase = 'debian' | 'ubuntu' | 'oracle' | 'alpine' | 'busybox' | 'scratch';

export interface ImageVariant {
  /** Tags this variant covers (first match wins). */
  match: RegExp;
  /** Compressed size in bytes (sum of layer sizes of the linux/amd64 manifest). */
  size: number;
  base: ImageBase;
}

export interface CatalogEntry {
  /** Canonical repository, e.g. `docker.io/library/nginx`. */
  repository: string;
  /** Other names serving the same image (k8s.gcr.io redirects, Docker Hub mirrors of quay.io images). */
  aliases?: string[];
  description: string;
  /** Tags to show/suggest; `latest` only where the registry really has it. */
  tags: string[];
  /** Further tags that exist (patch releases, variants): a RegExp or a `releases(...)` history. */
  tagPattern?: TagMatcher;
  variants: ImageVariant[];
  /** Image config. */
  entrypoint: string[];
  cmd: string[];
  workingDir?: string;
  /** EXPOSE'd ports (documentation only, as in Docker; what really listens comes from the interpreter). */
  ports: number[];
  /** Programs the image adds on top of its base: names found on $PATH, or absolute paths. */
  programs: string[];
  /** For docker-entrypoint.sh images: the server the script prepends when the first argument starts with `-`. */
  entrypointServer?: string;
  /** Files (and directories, ending in `/`) the image ships that probes or scripts commonly touch. */
  files?: string[];
  env?: Record<string, string>;
  /**
   * Not a catalogued image: an entry images.ts made up for a repository it does not know, whose behaviour is
   * assumed (the narration says so).
   */
  assumed?: boolean;
}

/** Which tags exist beyond `tags`. */
export interface TagMatcher {
  test(tag: string): boolean;
}

const ANY = /^.*$/;

/** nginx minor line → its last patch release (nginx.org/en/CHANGES-1.x), 1.0.0 through 1.29. */
const NGINX_RELEASES: Record<string, number> = {
  '1.0': 15,
  '1.1': 19,
  '1.2': 9,
  '1.3': 16,
  '1.4': 7,
  '1.5': 13,
  '1.6': 3,
  '1.7': 12,
  '1.8': 1,
  '1.9': 15,
  '1.10': 3,
  '1.11': 13,
  '1.12': 2,
  '1.13': 12,
  '1.14': 2,
  '1.15': 12,
  '1.16': 1,
  '1.17': 10,
  '1.18': 0,
  '1.19': 10,
  '1.20': 2,
  '1.21': 6,
  '1.22': 1,
  '1.23': 4,
  '1.24': 0,
  '1.25': 5,
  '1.26': 3,
  '1.27': 5,
  '1.28': 0,
  '1.29': 3,
};

/** Build a matcher for "M", "M.m" and "M.m.p" (p ≤ max) tags, each optionally followed by one of `suffixes`. */
function versions(minors: Record<string, number>, suffixes: string[], extraMajors: string[] = []): RegExp {
  const bases = new Set<string>(extraMajors);
  for (const [minor, maxPatch] of Object.entries(minors)) {
    bases.add(minor.split('.')[0]!);
    bases.add(minor);
    for (let p = 0; p <= maxPatch; p++) bases.add(`${minor}.${p}`);
  }
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const base = [...bases]
    .sort((a, b) => b.length - a.length)
    .map(esc)
    .join('|');
  const suffix = suffixes.length ? `(?:${suffixes.map(esc).join('|')})?` : '';
  return new RegExp(`^(?:${base})${suffix}$`);
}

/**
 * A release history as tags: for each `"M.m": lastPatch` the tags `M`, `M.m` and `M.m.0` … `M.m.lastPatch`
 * (for a one-part key such as PostgreSQL's `"16": 6`: `16`, `16.0` … `16.6`), each optionally followed by one of
 * `suffixes` (`-alpine`); `bare` adds tags such as `alpine` or `latest` (also with the suffixes). Checked by
 * parsing the tag, so a long history costs nothing until asked.
 */
export function releases(minors: Record<string, number>, suffixes: string[] = [], bare: string[] = []): TagMatcher {
  const last = new Map<string, number>(Object.entries(minors));
  const majors = new Set([...last.keys()].map((k) => k.split('.')[0]!));
  const names = new Set(bare);
  const ordered = [...suffixes].sort((a, b) => b.length - a.length);
  const isBase = (base: string): boolean => {
    if (names.has(base) || majors.has(base) || last.has(base)) return true;
    const dot = base.lastIndexOf('.');
    if (dot < 0) return false;
    const max = last.get(base.slice(0, dot));
    const patch = base.slice(dot + 1);
    return max !== undefined && /^(?:0|[1-9][0-9]*)$/.test(patch) && Number(patch) <= max;
  };
  return {
    test(tag: string): boolean {
      if (isBase(tag)) return true;
      for (const suffix of ordered) if (tag.endsWith(suffix) && isBase(tag.slice(0, -suffix.length))) return true;
      return false;
    },
  };
}

export const IMAGE_CATALOG: readonly CatalogEntry[] = [
  {
    repository: 'docker.io/library/nginx',
    description: 'nginx web server (Debian; -alpine variants on Alpine)',
    tags: [
      'latest',
      'stable',
      'mainline',
      'alpine',
      'alpine-slim',
      'perl',
      'bookworm',
      '1',
      '1.27',
      '1.27-alpine',
      '1.27.3',
      '1.27.3-alpine',
      '1.26',
      '1.26-alpine',
      '1.25',
      '1.25-alpine',
      '1.28',
      '1.28-alpine',
      '1.29',
      'stable-alpine',
      'mainline-alpine',
    ],
    // Every nginx release since 1.0.0 (nginx.org/en/CHANGES: the last patch of each minor line).
    tagPattern: releases(
      NGINX_RELEASES,
      [
        '-alpine',
        '-alpine-slim',
        '-alpine-perl',
        '-alpine-otel',
        '-perl',
        '-otel',
        '-bookworm',
        '-bookworm-perl',
        '-bullseye',
        '-alpine3.20',
        '-alpine3.21',
        '-alpine3.22',
        '-trixie',
        '-trixie-perl',
      ],
      ['latest', 'stable', 'mainline', 'alpine', 'alpine-slim', 'alpine-perl', 'perl', 'bookworm', 'trixie'],
    ),
    variants: [
      { match: /alpine-slim/, size: 5_118_346, base: 'alpine' },
      { match: /alpine-perl/, size: 32_781_409, base: 'alpine' },
      { match: /alpine/, size: 20_506_631, base: 'alpine' },
      { match: /perl/, size: 83_417_962, base: 'debian' },
      { match: ANY, size: 72_099_501, base: 'debian' },
    ],
    entrypoint: ['/docker-entrypoint.sh'],
    cmd: ['nginx', '-g', 'daemon off;'],
    ports: [80],
    programs: ['/docker-entrypoint.sh', 'nginx', 'nginx-debug', 'curl', 'envsubst'],
    files: [
      '/etc/nginx/nginx.conf',
      '/etc/nginx/conf.d/default.conf',
      '/usr/share/nginx/html/index.html',
      '/usr/share/nginx/html/50x.html',
      '/var/cache/nginx/',
      '/docker-entrypoint.d/',
    ],
  },
  {
    repository: 'docker.io/nginxinc/nginx-unprivileged',
    description: 'nginx running as a non-root user on port 8080',
    tags: [
      'latest',
      'stable',
      'alpine',
      '1.27',
      '1.27-alpine',
      '1.26',
      '1.26-alpine',
      'stable-alpine',
      'mainline-alpine',
    ],
    tagPattern: releases(NGINX_RELEASES, ['-alpine', '-alpine-slim', '-bookworm', '-perl', '-alpine-perl']),
    variants: [
      { match: /alpine/, size: 20_583_114, base: 'alpine' },
      { match: ANY, size: 72_171_046, base: 'debian' },
    ],
    entrypoint: ['/docker-entrypoint.sh'],
    cmd: ['nginx', '-g', 'daemon off;'],
    ports: [8080],
    programs: ['/docker-entrypoint.sh', 'nginx', 'nginx-debug', 'curl', 'envsubst'],
    files: [
      '/etc/nginx/nginx.conf',
      '/etc/nginx/conf.d/default.conf',
      '/usr/share/nginx/html/index.html',
      '/usr/share/nginx/html/50x.html',
    ],
  },
  {
    // The Kubernetes test image the StatefulSet tutorials use (kubernetes/test/images/nginx-slim): nginx on
    // debian-base, serving /usr/share/nginx/html on port 80. The size is an estimate of the compressed manifest.
    repository: 'registry.k8s.io/nginx-slim',
    aliases: ['k8s.gcr.io/nginx-slim', 'gcr.io/google_containers/nginx-slim'],
    description: 'nginx built by the Kubernetes project for its examples and e2e tests',
    tags: ['0.27', '0.26', '0.24', '0.21', '0.8'],
    tagPattern: /^0\.(?:[89]|1[0-9]|2[0-7])$/,
    variants: [{ match: ANY, size: 43_225_000, base: 'debian' }],
    entrypoint: [],
    cmd: ['nginx', '-g', 'daemon off;'],
    ports: [80],
    programs: ['nginx'],
    files: ['/etc/nginx/nginx.conf', '/usr/share/nginx/html/', '/usr/share/nginx/html/index.html'],
  },
  {
    repository: 'docker.io/library/httpd',
    description: 'Apache HTTP Server 2.4',
    tags: ['latest', '2', '2.4', '2.4.62', '2.4.63', 'alpine', '2-alpine', '2.4-alpine', 'bookworm'],
    tagPattern: releases(
      { '2.2': 34, '2.4': 65 },
      ['-alpine', '-bookworm', '-bullseye', '-alpine3.20', '-alpine3.21'],
      ['latest', 'alpine', 'bookworm'],
    ),
    variants: [
      { match: /alpine/, size: 22_364_556, base: 'alpine' },
      { match: ANY, size: 58_252_881, base: 'debian' },
    ],
    entrypoint: [],
    cmd: ['httpd-foreground'],
    workingDir: '/usr/local/apache2',
    ports: [80],
    programs: ['httpd-foreground', 'httpd', 'apachectl'],
    files: ['/usr/local/apache2/htdocs/index.html', '/usr/local/apache2/conf/httpd.conf'],
  },
  {
    repository: 'docker.io/library/redis',
    description: 'Redis in-memory data store',
    tags: [
      'latest',
      '8',
      '8.0',
      '7',
      '7.4',
      '7.4.1',
      '7.4.2',
      '7.2',
      '6',
      '6.2',
      'alpine',
      '7-alpine',
      '7.4-alpine',
      'bookworm',
    ],
    tagPattern: releases(
      {
        '2.6': 17,
        '2.8': 23,
        '3.0': 7,
        '3.2': 13,
        '4.0': 14,
        '5.0': 14,
        '6.0': 20,
        '6.2': 20,
        '7.0': 15,
        '7.2': 11,
        '7.4': 6,
        '8.0': 4,
        '8.2': 3,
      },
      ['-alpine', '-bookworm', '-bullseye', '-alpine3.20', '-alpine3.21', '-alpine3.22'],
      ['latest', 'alpine', 'bookworm'],
    ),
    variants: [
      { match: /alpine/, size: 17_281_405, base: 'alpine' },
      { match: ANY, size: 45_125_687, base: 'debian' },
    ],
    entrypoint: ['docker-entrypoint.sh'],
    cmd: ['redis-server'],
    workingDir: '/data',
    ports: [6379],
    programs: ['docker-entrypoint.sh', 'redis-server', 'redis-cli', 'redis-sentinel', 'gosu'],
    entrypointServer: 'redis-server',
    files: ['/data/'],
  },
  {
    repository: 'docker.io/library/postgres',
    description: 'PostgreSQL (needs POSTGRES_PASSWORD on first start)',
    tags: ['latest', '17', '17.2', '16', '16.6', '15', '14', '13', 'alpine', '17-alpine', '16-alpine', 'bookworm'],
    // 9.x had three-part versions (9.6.24); from 10 on a major and a minor (16.6).
    tagPattern: releases(
      {
        '9.0': 23,
        '9.1': 24,
        '9.2': 24,
        '9.3': 25,
        '9.4': 26,
        '9.5': 25,
        '9.6': 24,
        '10': 23,
        '11': 22,
        '12': 22,
        '13': 22,
        '14': 19,
        '15': 14,
        '16': 10,
        '17': 6,
        '18': 1,
      },
      ['-alpine', '-alpine3.20', '-alpine3.21', '-alpine3.22', '-bookworm', '-bullseye', '-trixie'],
      ['latest', 'alpine', 'bookworm', 'bullseye', 'trixie'],
    ),
    variants: [
      { match: /alpine/, size: 105_312_907, base: 'alpine' },
      { match: ANY, size: 153_402_815, base: 'debian' },
    ],
    entrypoint: ['docker-entrypoint.sh'],
    cmd: ['postgres'],
    ports: [5432],
    programs: ['docker-entrypoint.sh', 'postgres', 'psql', 'pg_isready', 'initdb', 'pg_ctl', 'gosu'],
    entrypointServer: 'postgres',
    env: { PGDATA: '/var/lib/postgresql/data' },
    files: ['/var/lib/postgresql/data/', '/docker-entrypoint-initdb.d/'],
  },
  {
    repository: 'docker.io/library/mysql',
    description: 'MySQL server (needs MYSQL_ROOT_PASSWORD or an alternative on first start)',
    tags: ['latest', '9', '9.1', '8', '8.4', '8.4.3', '8.0', '8.0.40', 'lts', 'innovation', 'oracle'],
    tagPattern: releases(
      {
        '5.5': 62,
        '5.6': 51,
        '5.7': 44,
        '8.0': 43,
        '8.1': 0,
        '8.2': 0,
        '8.3': 0,
        '8.4': 6,
        '9.0': 1,
        '9.1': 0,
        '9.2': 0,
        '9.3': 0,
        '9.4': 0,
      },
      ['-oracle', '-oraclelinux8', '-oraclelinux9', '-debian', '-bookworm'],
      ['latest', 'lts', 'innovation', 'oracle', 'debian'],
    ),
    variants: [{ match: ANY, size: 172_315_432, base: 'oracle' }],
    entrypoint: ['docker-entrypoint.sh'],
    cmd: ['mysqld'],
    ports: [3306, 33060],
    programs: ['docker-entrypoint.sh', 'mysqld', 'mysql', 'mysqladmin', 'gosu'],
    entrypointServer: 'mysqld',
    files: ['/var/lib/mysql/'],
  },
  {
    repository: 'docker.io/library/busybox',
    description: 'BusyBox: sh and coreutils in ~2 MB',
    tags: [
      'latest',
      'stable',
      '1',
      '1.37',
      '1.37.0',
      '1.36',
      '1.36.1',
      '1.35',
      'musl',
      'glibc',
      'uclibc',
      '1.36-musl',
      '1.36-glibc',
      '1.36-uclibc',
    ],
    tagPattern: releases(
      {
        '1.20': 2,
        '1.21': 1,
        '1.22': 1,
        '1.23': 2,
        '1.24': 2,
        '1.25': 1,
        '1.26': 2,
        '1.27': 2,
        '1.28': 4,
        '1.29': 3,
        '1.30': 1,
        '1.31': 1,
        '1.32': 1,
        '1.33': 2,
        '1.34': 1,
        '1.35': 0,
        '1.36': 1,
        '1.37': 0,
      },
      ['-musl', '-glibc', '-uclibc'],
      ['latest', 'stable', 'unstable', 'musl', 'glibc', 'uclibc'],
    ),
    variants: [
      { match: /musl/, size: 873_342, base: 'busybox' },
      { match: /uclibc/, size: 1_110_612, base: 'busybox' },
      { match: ANY, size: 2_155_210, base: 'busybox' },
    ],
    entrypoint: [],
    cmd: ['sh'],
    ports: [],
    programs: [],
  },
  {
    repository: 'docker.io/library/alpine',
    description: 'Alpine Linux (busybox sh, apk)',
    tags: ['latest', '3', '3.21', '3.21.2', '3.20', '3.20.3', '3.19', '3.18', 'edge'],
    tagPattern: releases(
      {
        '2.6': 0,
        '2.7': 0,
        '3.1': 4,
        '3.2': 3,
        '3.3': 3,
        '3.4': 6,
        '3.5': 3,
        '3.6': 5,
        '3.7': 3,
        '3.8': 5,
        '3.9': 6,
        '3.10': 9,
        '3.11': 13,
        '3.12': 12,
        '3.13': 12,
        '3.14': 10,
        '3.15': 11,
        '3.16': 9,
        '3.17': 10,
        '3.18': 12,
        '3.19': 8,
        '3.20': 8,
        '3.21': 5,
        '3.22': 2,
      },
      [],
      ['latest', 'edge'],
    ),
    variants: [{ match: ANY, size: 3_642_186, base: 'alpine' }],
    entrypoint: [],
    cmd: ['/bin/sh'],
    ports: [],
    programs: ['apk'],
  },
  {
    repository: 'docker.io/library/ubuntu',
    description: 'Ubuntu base image (bash, dash as sh)',
    tags: ['latest', '24.04', '22.04', '20.04', 'noble', 'jammy', 'focal', '24.10', 'rolling', 'devel'],
    tagPattern:
      /^(?:latest|rolling|devel|noble|jammy|focal|oracular|plucky|(?:20|22|24)\.04(?:\.[0-9])?|24\.10|25\.04)(?:-[0-9]{8})?$/,
    variants: [{ match: ANY, size: 29_754_422, base: 'ubuntu' }],
    entrypoint: [],
    cmd: ['/bin/bash'],
    ports: [],
    programs: ['apt-get', 'apt'],
  },
  {
    repository: 'docker.io/library/debian',
    description: 'Debian base image (bash, dash as sh)',
    tags: [
      'latest',
      'stable',
      'stable-slim',
      'bookworm',
      'bookworm-slim',
      'bullseye',
      'bullseye-slim',
      'trixie',
      '12',
      '12-slim',
      '12.8',
      '11',
    ],
    tagPattern:
      /^(?:latest|stable|testing|unstable|sid|bookworm|bullseye|buster|trixie|1[0-3](?:\.[0-9]{1,2})?)(?:-slim|-[0-9]{8}(?:-slim)?)?$/,
    variants: [
      { match: /slim/, size: 28_227_259, base: 'debian' },
      { match: ANY, size: 48_493_551, base: 'debian' },
    ],
    entrypoint: [],
    cmd: ['bash'],
    ports: [],
    programs: ['apt-get', 'apt'],
  },
  {
    repository: 'docker.io/library/python',
    description: 'Python (default CMD is the python3 REPL, which exits at once without a TTY)',
    tags: [
      'latest',
      '3',
      '3.13',
      '3.12',
      '3.11',
      '3.10',
      '3.9',
      'slim',
      'alpine',
      '3.12-slim',
      '3.12-alpine',
      '3.13-slim',
      '3.13-alpine',
      'bookworm',
    ],
    tagPattern: releases(
      {
        '2.7': 18,
        '3.3': 7,
        '3.4': 10,
        '3.5': 10,
        '3.6': 15,
        '3.7': 17,
        '3.8': 20,
        '3.9': 24,
        '3.10': 19,
        '3.11': 14,
        '3.12': 12,
        '3.13': 9,
        '3.14': 0,
      },
      [
        '-slim',
        '-alpine',
        '-bookworm',
        '-slim-bookworm',
        '-bullseye',
        '-slim-bullseye',
        '-buster',
        '-slim-buster',
        '-trixie',
        '-slim-trixie',
        '-alpine3.20',
        '-alpine3.21',
        '-alpine3.22',
      ],
      ['latest', 'slim', 'alpine', 'bookworm', 'bullseye', 'trixie'],
    ),
    variants: [
      { match: /alpine/, size: 18_734_006, base: 'alpine' },
      { match: /slim/, size: 45_416_782, base: 'debian' },
      { match: ANY, size: 371_905_314, base: 'debian' },
    ],
    entrypoint: [],
    cmd: ['python3'],
    ports: [],
    programs: ['python', 'python3', 'pip', 'pip3', 'curl', 'wget', 'git'],
  },
  {
    repository: 'docker.io/library/perl',
    description: 'Perl (Debian; the docs\' pi Job: perl -Mbignum=bpi -wle "print bpi(2000)")',
    tags: [
      'latest',
      '5',
      '5.40',
      '5.38',
      '5.36',
      '5.34',
      '5.34.0',
      'slim',
      'threaded',
      '5.34-slim',
      '5.34.0-slim',
      '5.40-slim',
      'bookworm',
      'bullseye',
    ],
    tagPattern: releases(
      {
        '5.8': 9,
        '5.10': 1,
        '5.12': 5,
        '5.14': 4,
        '5.16': 3,
        '5.18': 4,
        '5.20': 3,
        '5.22': 4,
        '5.24': 4,
        '5.26': 3,
        '5.28': 3,
        '5.30': 3,
        '5.32': 1,
        '5.34': 3,
        '5.36': 3,
        '5.38': 4,
        '5.40': 2,
        '5.42': 0,
      },
      [
        '-slim',
        '-threaded',
        '-bookworm',
        '-bullseye',
        '-buster',
        '-slim-bookworm',
        '-slim-bullseye',
        '-slim-buster',
        '-threaded-bookworm',
        '-threaded-bullseye',
        '-slim-threaded',
        '-slim-threaded-bookworm',
        '-slim-threaded-bullseye',
      ],
      ['latest', 'slim', 'threaded', 'bookworm', 'bullseye', 'buster', 'stable'],
    ),
    // Approximate compressed sizes (not read from a registry manifest): the full images sit on buildpack-deps
    // (~330 MB compressed), the slim ones on debian:*-slim plus perl (~30 MB).
    variants: [
      { match: /slim/, size: 31_650_000, base: 'debian' },
      { match: ANY, size: 334_700_000, base: 'debian' },
    ],
    entrypoint: [],
    // The official Dockerfile's CMD: the perl debugger on an empty program, an interactive prompt. Upstream the
    // versioned binary follows the tag (perl5.40.0 in perl:5.40); one name is kept here for every tag.
    cmd: ['perl5.34.0', '-de0'],
    ports: [],
    programs: ['perl', 'perl5.34.0', 'cpanm', 'curl', 'wget', 'git'],
  },
  {
    repository: 'docker.io/library/node',
    description: 'Node.js (default CMD is the node REPL, which exits at once without a TTY)',
    tags: [
      'latest',
      'lts',
      'current',
      '23',
      '22',
      '20',
      '18',
      'alpine',
      'slim',
      '22-alpine',
      '22-slim',
      '20-alpine',
      '20-slim',
      '18-alpine',
      'lts-alpine',
    ],
    tagPattern:
      /^(?:latest|lts|current|alpine|slim|bookworm|(?:[4-9]|1[0-9]|2[0-5])(?:\.[0-9]{1,2}(?:\.[0-9]{1,2})?)?)(?:-(?:alpine|slim|bookworm|bookworm-slim|bullseye|bullseye-slim|buster|buster-slim|stretch|trixie|trixie-slim|alpine3\.(?:1[0-9]|2[0-2])))?$/,
    variants: [
      { match: /alpine/, size: 48_431_263, base: 'alpine' },
      { match: /slim/, size: 70_912_660, base: 'debian' },
      { match: ANY, size: 391_275_482, base: 'debian' },
    ],
    entrypoint: ['docker-entrypoint.sh'],
    cmd: ['node'],
    ports: [],
    programs: ['docker-entrypoint.sh', 'node', 'npm', 'npx', 'yarn', 'curl', 'wget', 'git'],
    entrypointServer: 'node',
  },
  {
    repository: 'docker.io/library/golang',
    description: 'Go toolchain (default CMD is a shell, which exits at once without a TTY)',
    tags: ['latest', '1', '1.24', '1.23', '1.22', 'alpine', '1.23-alpine', '1.24-alpine', 'bookworm', '1.23.4'],
    tagPattern: versions(
      {
        '1.10': 8,
        '1.11': 13,
        '1.12': 17,
        '1.13': 15,
        '1.14': 15,
        '1.15': 15,
        '1.16': 15,
        '1.17': 13,
        '1.18': 10,
        '1.19': 13,
        '1.20': 14,
        '1.21': 13,
        '1.22': 12,
        '1.23': 12,
        '1.24': 9,
        '1.25': 3,
      },
      ['-alpine', '-bookworm', '-bullseye', '-alpine3.20', '-alpine3.21'],
      ['alpine', 'bookworm', 'bullseye'],
    ),
    variants: [
      { match: /alpine/, size: 85_204_113, base: 'alpine' },
      { match: ANY, size: 292_615_380, base: 'debian' },
    ],
    entrypoint: [],
    cmd: ['bash'],
    workingDir: '/go',
    ports: [],
    programs: ['go', 'gofmt', 'curl', 'wget', 'git'],
  },
  {
    repository: 'registry.k8s.io/pause',
    aliases: ['k8s.gcr.io/pause'],
    description: 'The sandbox (infra) container image: holds the pod namespaces and sleeps forever',
    tags: ['3.10', '3.9', '3.8', '3.7', '3.6', '3.5', '3.2', '3.1', 'latest'],
    tagPattern: /^(?:latest|3\.(?:[0-9]|10)(?:\.1)?)$/,
    variants: [{ match: ANY, size: 320_368, base: 'scratch' }],
    entrypoint: ['/pause'],
    cmd: [],
    ports: [],
    programs: ['/pause'],
  },
  // kind's own add-ons (kind v0.30 node image): present on every node, so a recreated system Pod never pulls.
  {
    repository: 'registry.k8s.io/coredns/coredns',
    aliases: ['k8s.gcr.io/coredns/coredns'],
    description:
      'CoreDNS, the cluster DNS (kube-dns Service): DNS on 53, /health on 8080, /ready on 8181, metrics on 9153',
    tags: ['v1.12.1', 'v1.12.0', 'v1.11.3', 'v1.11.1', 'v1.10.1'],
    tagPattern: /^v1\.(?:9|1[0-2])\.[0-9]$/,
    variants: [{ match: ANY, size: 20_946_838, base: 'scratch' }],
    entrypoint: ['/coredns'],
    cmd: [],
    ports: [53, 53],
    programs: ['/coredns'],
  },
  {
    repository: 'registry.k8s.io/kube-proxy',
    aliases: ['k8s.gcr.io/kube-proxy'],
    description: 'kube-proxy: metrics on 127.0.0.1:10249, health on 10256 (host network)',
    tags: ['v1.34.1', 'v1.34.0', 'v1.33.4', 'v1.32.8'],
    tagPattern: /^v1\.(?:2[89]|3[0-4])\.(?:[0-9]|1[0-5])$/,
    variants: [{ match: ANY, size: 31_918_040, base: 'debian' }],
    entrypoint: [],
    cmd: [],
    ports: [],
    programs: ['/usr/local/bin/kube-proxy', 'kube-proxy', 'iptables', 'ip6tables', 'conntrack'],
  },
  {
    repository: 'docker.io/kindest/kindnetd',
    description: "kind's CNI daemon: writes the CNI config and routes to the other nodes' Pod CIDRs",
    tags: ['v20250512-df8de77b', 'v20250214-acbabc1a', 'v20241212-9f82dd49'],
    variants: [{ match: ANY, size: 44_375_501, base: 'debian' }],
    entrypoint: [],
    cmd: ['/bin/kindnetd'],
    ports: [],
    programs: ['/bin/kindnetd', 'kindnetd', 'iptables'],
  },
  {
    repository: 'docker.io/kindest/local-path-provisioner',
    description: "Rancher's local-path-provisioner as kind ships it: hostPath PersistentVolumes on demand",
    tags: ['v20250214-acbabc1a', 'v20241212-8ac705d0'],
    variants: [{ match: ANY, size: 22_541_737, base: 'debian' }],
    entrypoint: [],
    cmd: ['local-path-provisioner'],
    ports: [],
    programs: ['/usr/local/bin/local-path-provisioner', 'local-path-provisioner'],
  },
  {
    repository: 'docker.io/kindest/local-path-helper',
    description: "The helper image local-path-provisioner's helper Pods run (mkdir / rm of the volume directory)",
    tags: ['v20241212-8ac705d0', 'v20230510-486859a6'],
    variants: [{ match: ANY, size: 3_084_671, base: 'busybox' }],
    entrypoint: [],
    cmd: ['sh'],
    ports: [],
    programs: [],
  },
  {
    repository: 'registry.k8s.io/e2e-test-images/agnhost',
    description: 'Kubernetes e2e test server: netexec, liveness, serve-hostname, pause, …',
    tags: ['2.53', '2.52', '2.51', '2.50', '2.47', '2.45', '2.43', '2.40', '2.39'],
    tagPattern: /^2\.(?:[1-4][0-9]|5[0-6])$/,
    variants: [{ match: ANY, size: 53_812_490, base: 'alpine' }],
    entrypoint: ['/agnhost'],
    cmd: ['pause'],
    ports: [80],
    programs: ['/agnhost', 'curl'],
  },
  {
    repository: 'registry.k8s.io/liveness',
    aliases: ['k8s.gcr.io/liveness', 'gcr.io/google_containers/liveness', 'gcr.io/google-containers/liveness'],
    description: "The docs' HTTP liveness example server: /healthz is 200 for 10 s, then 500",
    tags: ['latest'],
    variants: [{ match: ANY, size: 2_463_718, base: 'scratch' }],
    entrypoint: [],
    cmd: ['/server'],
    ports: [8080],
    programs: ['/server'],
  },
  {
    repository: 'registry.k8s.io/busybox',
    aliases: ['k8s.gcr.io/busybox', 'gcr.io/google_containers/busybox', 'gcr.io/google-containers/busybox'],
    description: 'The (old) busybox the Kubernetes docs use in probe examples',
    tags: ['latest', '1.24', '1.27.2'],
    variants: [{ match: ANY, size: 1_144_547, base: 'busybox' }],
    entrypoint: [],
    cmd: ['sh'],
    ports: [],
    programs: [],
  },
  {
    repository: 'registry.k8s.io/goproxy',
    aliases: ['k8s.gcr.io/goproxy'],
    description: "The docs' TCP probe example: an HTTP proxy on port 8080",
    tags: ['0.1'],
    variants: [{ match: ANY, size: 2_527_404, base: 'scratch' }],
    entrypoint: ['/goproxy'],
    cmd: [],
    ports: [8080],
    programs: ['/goproxy'],
  },
  {
    repository: 'registry.k8s.io/echoserver',
    aliases: ['k8s.gcr.io/echoserver'],
    description: 'nginx-based HTTP echo server on port 8080 (old tutorials)',
    tags: ['1.10', '1.4'],
    tagPattern: /^1\.(?:[0-9]|10)$/,
    variants: [{ match: ANY, size: 46_257_216, base: 'ubuntu' }],
    entrypoint: ['/usr/local/bin/run.sh'],
    cmd: [],
    ports: [8080],
    programs: ['/usr/local/bin/run.sh', 'nginx'],
  },
  {
    repository: 'registry.k8s.io/etcd',
    aliases: ['k8s.gcr.io/etcd'],
    description: "etcd (the docs' gRPC probe example); listens on localhost only unless told otherwise",
    tags: ['3.5.16-0', '3.5.15-0', '3.5.12-0', '3.5.9-0', '3.5.1-0', '3.6.4-0'],
    tagPattern: /^3\.[4-6]\.(?:[0-9]|[12][0-9])-0$/,
    variants: [{ match: ANY, size: 56_909_194, base: 'scratch' }],
    entrypoint: [],
    cmd: ['/usr/local/bin/etcd'],
    ports: [2379, 2380],
    programs: ['/usr/local/bin/etcd', '/usr/local/bin/etcdctl', 'etcd', 'etcdctl'],
  },
  {
    repository: 'docker.io/hashicorp/http-echo',
    description: 'Tiny HTTP server that answers every request with -text (port 5678)',
    tags: ['latest', '1.0', '1.0.0', '0.2.3'],
    tagPattern: /^(?:0\.2\.[0-3]|1\.0(?:\.0)?|alpine)$/,
    variants: [{ match: ANY, size: 3_307_716, base: 'scratch' }],
    entrypoint: ['/http-echo'],
    cmd: [],
    ports: [5678],
    programs: ['/http-echo'],
  },
  {
    repository: 'docker.io/traefik/whoami',
    description: 'Tiny HTTP server printing request and host info (port 80)',
    tags: ['latest', 'v1.10', 'v1.10.3', 'v1.11', 'v1.11.0'],
    tagPattern: /^v1\.(?:[5-9]|1[01])(?:\.[0-9])?$/,
    variants: [{ match: ANY, size: 3_509_208, base: 'scratch' }],
    entrypoint: ['/whoami'],
    cmd: [],
    ports: [80],
    programs: ['/whoami'],
  },
  {
    repository: 'docker.io/kennethreitz/httpbin',
    description: 'httpbin.org as a container (gunicorn on port 80; /status/<code> answers with that code)',
    tags: ['latest'],
    variants: [{ match: ANY, size: 199_844_207, base: 'ubuntu' }],
    entrypoint: [],
    cmd: ['gunicorn', '-b', '0.0.0.0:80', 'httpbin:app', '-k', 'gevent'],
    ports: [80],
    programs: ['gunicorn', 'python3', 'python'],
  },
  {
    repository: 'docker.io/curlimages/curl',
    description: 'curl on Alpine; ENTRYPOINT runs curl with the container args',
    tags: ['latest', '8.11.1', '8.10.1', '8.9.1', '8.5.0', '7.85.0'],
    tagPattern: /^(?:7\.(?:[6-8][0-9])|8\.(?:[0-9]|1[0-5]))\.[0-9]$/,
    variants: [{ match: ANY, size: 10_882_305, base: 'alpine' }],
    entrypoint: ['/entrypoint.sh'],
    cmd: ['curl'],
    ports: [],
    programs: ['/entrypoint.sh', 'curl'],
  },
  {
    repository: 'docker.io/library/mongo',
    description: 'MongoDB (port 27017)',
    tags: ['latest', '8', '8.0', '8.0.4', '7', '7.0', '7.0.16', '6', '6.0', 'noble', 'jammy'],
    tagPattern: /^(?:latest|noble|jammy|[4-8](?:\.0(?:\.(?:[0-9]|[1-2][0-9]))?)?)(?:-(?:noble|jammy|focal))?$/,
    variants: [{ match: ANY, size: 262_771_853, base: 'ubuntu' }],
    entrypoint: ['docker-entrypoint.sh'],
    cmd: ['mongod'],
    ports: [27017],
    programs: ['docker-entrypoint.sh', 'mongod', 'mongosh', 'gosu'],
    entrypointServer: 'mongod',
    files: ['/data/db/', '/data/configdb/'],
  },
  {
    repository: 'docker.io/library/rabbitmq',
    description: 'RabbitMQ (AMQP 5672; -management tags add the UI on 15672)',
    tags: [
      'latest',
      '4',
      '4.0',
      '3',
      '3.13',
      '3.12',
      'management',
      '4-management',
      '3-management',
      'alpine',
      '3-management-alpine',
    ],
    tagPattern:
      /^(?:latest|management|alpine|management-alpine|[34](?:\.[0-9]{1,2}(?:\.[0-9]{1,2})?)?(?:-management)?(?:-alpine)?)$/,
    variants: [
      { match: /alpine/, size: 72_103_772, base: 'alpine' },
      { match: /management/, size: 111_390_417, base: 'ubuntu' },
      { match: ANY, size: 96_482_613, base: 'ubuntu' },
    ],
    entrypoint: ['docker-entrypoint.sh'],
    cmd: ['rabbitmq-server'],
    ports: [4369, 5671, 5672, 15691, 15692, 25672],
    programs: ['docker-entrypoint.sh', 'rabbitmq-server', 'rabbitmqctl', 'rabbitmq-diagnostics', 'rabbitmq-plugins'],
    entrypointServer: 'rabbitmq-server',
  },
  {
    repository: 'docker.io/library/memcached',
    description: 'memcached (port 11211)',
    tags: ['latest', '1', '1.6', '1.6.34', 'alpine', '1.6-alpine', 'bookworm'],
    tagPattern: versions({ '1.6': 38 }, ['-alpine', '-bookworm', '-alpine3.20', '-alpine3.21'], ['alpine', 'bookworm']),
    variants: [
      { match: /alpine/, size: 4_562_318, base: 'alpine' },
      { match: ANY, size: 32_018_946, base: 'debian' },
    ],
    entrypoint: ['docker-entrypoint.sh'],
    cmd: ['memcached'],
    ports: [11211],
    programs: ['docker-entrypoint.sh', 'memcached'],
    entrypointServer: 'memcached',
  },
  {
    repository: 'docker.io/library/caddy',
    description: 'Caddy web server (serves a welcome page on port 80)',
    tags: ['latest', '2', '2.9', '2.9.1', '2.8', '2.8.4', 'alpine', '2-alpine', 'builder'],
    tagPattern: versions(
      { '2.6': 4, '2.7': 6, '2.8': 4, '2.9': 1, '2.10': 2 },
      ['-alpine', '-builder', '-builder-alpine'],
      ['alpine', 'builder'],
    ),
    variants: [{ match: ANY, size: 18_938_650, base: 'alpine' }],
    entrypoint: [],
    cmd: ['caddy', 'run', '--config', '/etc/caddy/Caddyfile', '--adapter', 'caddyfile'],
    workingDir: '/srv',
    ports: [80, 443, 2019],
    programs: ['caddy'],
    files: ['/etc/caddy/Caddyfile', '/usr/share/caddy/index.html', '/srv/', '/data/', '/config/'],
  },
  {
    repository: 'docker.io/library/haproxy',
    description: 'HAProxy (ships no haproxy.cfg: exits until one is mounted)',
    tags: ['latest', 'lts', '3.1', '3.0', '2.9', '2.8', 'alpine', '3.0-alpine', '2.8-alpine'],
    tagPattern:
      /^(?:latest|lts|alpine|bookworm|[23](?:\.[0-9](?:\.[0-9]{1,2})?)?)(?:-(?:alpine|bookworm|alpine3\.2[01]))?$/,
    variants: [
      { match: /alpine/, size: 13_412_883, base: 'alpine' },
      { match: ANY, size: 43_879_302, base: 'debian' },
    ],
    entrypoint: ['docker-entrypoint.sh'],
    cmd: ['haproxy', '-f', '/usr/local/etc/haproxy/haproxy.cfg'],
    ports: [],
    programs: ['docker-entrypoint.sh', 'haproxy'],
    entrypointServer: 'haproxy',
    files: ['/usr/local/etc/haproxy/'],
  },
  {
    repository: 'gcr.io/google-samples/hello-app',
    aliases: ['us-docker.pkg.dev/google-samples/containers/gke/hello-app'],
    description: 'GKE tutorial app: "Hello, world!" on port 8080',
    tags: ['1.0', '2.0'],
    variants: [{ match: ANY, size: 11_658_522, base: 'scratch' }],
    entrypoint: [],
    cmd: ['/hello-app'],
    ports: [8080],
    programs: ['/hello-app'],
  },
  {
    repository: 'quay.io/prometheus/prometheus',
    aliases: ['docker.io/prom/prometheus'],
    description: 'Prometheus server (port 9090)',
    tags: ['latest', 'v3.1.0', 'v3.0.1', 'v2.55.1', 'v2.54.1', 'main'],
    tagPattern: /^(?:main|v2\.(?:[3-4][0-9]|5[0-5])\.[0-9]|v3\.[0-5]\.[0-9])$/,
    variants: [{ match: ANY, size: 112_416_970, base: 'busybox' }],
    entrypoint: ['/bin/prometheus'],
    cmd: ['--config.file=/etc/prometheus/prometheus.yml', '--storage.tsdb.path=/prometheus'],
    workingDir: '/prometheus',
    ports: [9090],
    programs: ['/bin/prometheus', 'prometheus', 'promtool'],
    files: ['/etc/prometheus/prometheus.yml', '/prometheus/'],
  },
  {
    repository: 'quay.io/prometheus/node-exporter',
    aliases: ['docker.io/prom/node-exporter'],
    description: 'Prometheus node exporter (port 9100)',
    tags: ['latest', 'v1.8.2', 'v1.9.0', 'v1.7.0'],
    tagPattern: /^(?:master|v1\.[0-9]\.[0-9])$/,
    variants: [{ match: ANY, size: 11_524_807, base: 'busybox' }],
    entrypoint: ['/bin/node_exporter'],
    cmd: [],
    ports: [9100],
    programs: ['/bin/node_exporter', 'node_exporter'],
  },
  {
    repository: 'docker.io/grafana/grafana',
    aliases: ['docker.io/grafana/grafana-oss', 'docker.io/grafana/grafana-enterprise'],
    description: 'Grafana dashboards (port 3000; /api/health answers once the server is up)',
    tags: ['latest', 'main', '12.2.0', '12.1.1', '12.0.2', '11.6.0', '11.2.0', '10.4.2', 'latest-ubuntu'],
    // Grafana's release lines (github.com/grafana/grafana releases): minor → last patch.
    tagPattern: releases(
      {
        '6.7': 6,
        '7.0': 6,
        '7.1': 5,
        '7.2': 2,
        '7.3': 10,
        '7.4': 5,
        '7.5': 17,
        '8.0': 7,
        '8.1': 8,
        '8.2': 7,
        '8.3': 11,
        '8.4': 11,
        '8.5': 27,
        '9.0': 9,
        '9.1': 8,
        '9.2': 20,
        '9.3': 16,
        '9.4': 17,
        '9.5': 21,
        '10.0': 13,
        '10.1': 10,
        '10.2': 8,
        '10.3': 12,
        '10.4': 19,
        '11.0': 11,
        '11.1': 13,
        '11.2': 10,
        '11.3': 8,
        '11.4': 7,
        '11.5': 8,
        '11.6': 6,
        '12.0': 5,
        '12.1': 3,
        '12.2': 1,
      },
      ['-ubuntu'],
      ['latest', 'main', 'latest-ubuntu', 'main-ubuntu'],
    ),
    variants: [
      { match: /ubuntu/, size: 156_231_420, base: 'ubuntu' },
      { match: ANY, size: 128_517_905, base: 'alpine' },
    ],
    entrypoint: ['/run.sh'],
    cmd: [],
    workingDir: '/usr/share/grafana',
    ports: [3000],
    programs: ['/run.sh', 'grafana', 'grafana-server', 'grafana-cli'],
    files: ['/etc/grafana/grafana.ini', '/var/lib/grafana/', '/usr/share/grafana/'],
    env: {
      GF_PATHS_CONFIG: '/etc/grafana/grafana.ini',
      GF_PATHS_DATA: '/var/lib/grafana',
      GF_PATHS_HOME: '/usr/share/grafana',
      GF_PATHS_LOGS: '/var/log/grafana',
      GF_PATHS_PLUGINS: '/var/lib/grafana/plugins',
      GF_PATHS_PROVISIONING: '/etc/grafana/provisioning',
    },
  },
  {
    // The Kubernetes docs' memory-limit example (tasks/configure-pod-container/assign-memory-resource). Its
    // Dockerfile (github.com/pozgo/docker-stress) builds stress 1.0.4 into /usr/local/bin on Alpine and ends with
    // `CMD ['/usr/local/bin/stress']`: not JSON (single quotes), so Docker stores the shell form, and the image run
    // without a command fails in sh. The docs always give `command: ["stress"]`.
    repository: 'docker.io/polinux/stress',
    description: 'stress 1.0.4: CPU, memory (--vm) and I/O load generator',
    tags: ['latest', '1.0.4'],
    variants: [{ match: ANY, size: 4_042_380, base: 'alpine' }],
    entrypoint: [],
    cmd: ['/bin/sh', '-c', "['/usr/local/bin/stress']"],
    ports: [],
    programs: ['/usr/local/bin/stress', 'stress', 'bash'],
    env: { RELEASE_VERSION: '1.0.4', SHELL: '/bin/bash' },
  },
  {
    // The HorizontalPodAutoscaler walkthrough's php-apache server (kubernetes/kubernetes test/images/hpa-example):
    // index.php burns CPU and answers "OK!".
    repository: 'registry.k8s.io/hpa-example',
    aliases: ['k8s.gcr.io/hpa-example', 'gcr.io/google_containers/hpa-example'],
    description: 'php-apache for the HPA walkthrough: every request computes for a while and answers OK!',
    tags: ['latest'],
    variants: [{ match: ANY, size: 136_874_225, base: 'debian' }],
    entrypoint: [],
    cmd: ['apache2-foreground'],
    workingDir: '/var/www/html',
    ports: [80],
    programs: ['apache2-foreground', 'php'],
    files: ['/var/www/html/index.php'],
  },
];
