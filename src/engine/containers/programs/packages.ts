/** Package managers: `apk add` and `apt-get install` put the package's programs on $PATH. */
import type { Proc, ProgramHandler } from '../proc';

/** apk / apt-get: installs take time; afterwards the packages' programs exist. apt needs `apt-get update` first. */
const PACKAGE_PROGRAMS: Record<string, string[]> = {
  curl: ['curl'],
  wget: ['wget'],
  bash: ['bash'],
  jq: ['jq'],
  'netcat-openbsd': ['nc'],
  netcat: ['nc'],
  'netcat-traditional': ['nc'],
  'iputils-ping': ['ping'],
  iputils: ['ping'],
  procps: ['ps', 'top', 'watch', 'free'],
  'bind-tools': ['nslookup', 'dig'],
  dnsutils: ['nslookup', 'dig'],
  'postgresql-client': ['psql', 'pg_isready'],
  redis: ['redis-cli', 'redis-server'],
  'redis-tools': ['redis-cli'],
  vim: ['vim', 'vi'],
  nano: ['nano'],
  git: ['git'],
  python3: ['python3', 'python'],
  nodejs: ['node'],
  openssl: ['openssl'],
  'ca-certificates': [],
};

function install(p: Proc, packages: string[]): void {
  for (const pkg of packages) for (const prog of PACKAGE_PROGRAMS[pkg] ?? [pkg]) p.img.programs.add(prog);
  if (packages.includes('bash')) p.img.hasBash = true;
}

export const apk: ProgramHandler = (argv, p) => {
  const sub = argv[1];
  if (sub === 'add') {
    const pkgs = argv.slice(2).filter((a) => !a.startsWith('-'));
    p.log('fetch https://dl-cdn.alpinelinux.org/alpine/v3.21/main/x86_64/APKINDEX.tar.gz');
    p.log('fetch https://dl-cdn.alpinelinux.org/alpine/v3.21/community/x86_64/APKINDEX.tar.gz');
    p.advance(1500 + 400 * pkgs.length);
    install(p, pkgs);
    p.log(`OK: ${12 + 3 * pkgs.length} MiB in ${20 + 2 * pkgs.length} packages`);
    return 0;
  }
  if (sub === 'update') {
    p.advance(800);
    p.log('OK: 25393 distinct packages available');
    return 0;
  }
  return 0;
};

export const aptGet: ProgramHandler = (argv, p) => {
  const sub = argv.slice(1).find((a) => !a.startsWith('-'));
  if (sub === 'update') {
    p.advance(4000);
    p.log('Reading package lists...');
    p.env.set('__podyssey_apt_lists', '1');
    return 0;
  }
  if (sub === 'install') {
    const pkgs = argv.slice(argv.indexOf('install') + 1).filter((a) => !a.startsWith('-'));
    p.log('Reading package lists...');
    if (!p.env.get('__podyssey_apt_lists')) {
      // Images ship without package lists (rm -rf /var/lib/apt/lists/*): install fails until `apt-get update`.
      p.log(`E: Unable to locate package ${pkgs[0] ?? ''}`, 'stderr');
      return 100;
    }
    p.advance(3000 + 1500 * pkgs.length);
    install(p, pkgs);
    return 0;
  }
  return 0;
};
