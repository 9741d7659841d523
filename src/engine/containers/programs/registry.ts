/**
 * Behaviour of the programs the catalog images ship (servers, entrypoint scripts, clients), as far as a
 * Kubernetes learner can observe it: which ports they listen on and from when, how they answer an HTTP GET
 * (for probes), what they log, and when and how they exit.
 *
 * Modelled real behaviours (each cited in place):
 * - nginx only stays in the foreground with `daemon off;` (the image's CMD); plain `nginx` daemonises and PID 1
 *   exits 0, so the container "Completes". Static files come from /usr/share/nginx/html; unknown paths are 404.
 * - postgres/mysql docker-entrypoint.sh refuse to initialise without a password variable (real log lines, exit 1);
 *   postgres refuses to run as root when started without the entrypoint.
 * - the docs' liveness servers (`/server`, `agnhost liveness`): /healthz 200 for 10 s, then 500.
 * - REPLs (python3, node) and shells exit 0 at once without a TTY/stdin; with `stdin: true` they wait forever.
 * - haproxy exits 1 without a config file; http-echo exits without -text; redis refuses a missing config file.
 * - non-HTTP servers answer an HTTP probe with what Go's client reports (malformed response / EOF).
 * - stress 1.0.4 (stress.c): `dispatching hogs: …` on stdout, each --vm worker holds --vm-bytes (default 256M),
 *   --timeout ends the run with `successful run completed in Ns`; no workers at all prints the usage and exits 0.
 * - memory: programs that allocate report it (Proc.allocate), and the runtime compares it with the limit.
 * Start-up delays are estimates (not from source): most servers bind within ~10–100 ms; postgres ~3 s
 * (initdb), mysql ~15 s (initialisation), rabbitmq ~8 s.
 */
import { perl } from './perl';
import { Halt, MONTHS, VIRTUAL_EPOCH_MS, WEEKDAYS, pad, type Listener, type Proc } from '../proc';

type Run = (argv: string[], p: Proc) => number;
export type ProgramHandler = (argv: string[], p: Proc, run: Run) => number;

// ---- helpers -------------------------------------------------------------------------------------------------

function flagValue(argv: string[], names: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    for (const n of names) {
      if (a === n) return argv[i + 1];
      if (a.startsWith(`${n}=`)) return a.slice(n.length + 1);
    }
  }
  return undefined;
}

function portOf(spec: string | undefined, fallback: number): number {
  if (!spec) return fallback;
  const m = /:?([0-9]{1,5})$/.exec(spec);
  const n = m ? Number(m[1]) : NaN;
  return Number.isInteger(n) && n > 0 && n < 65536 ? n : fallback;
}

function version(p: Proc, fallback: string): string {
  const m = /^v?([0-9]+\.[0-9]+\.[0-9]+)/.exec(p.img.tag ?? '');
  return m ? m[1]! : fallback;
}

/** Start listening after `delayMs` (the process is running meanwhile), then block forever. */
function serve(
  p: Proc,
  process: string,
  delayMs: number,
  listeners: Array<Omit<Listener, 'protocol' | 'fromMs' | 'process'>>,
  readyLogs: string[] = [],
): never {
  p.advance(delayMs);
  for (const l of listeners) p.listen({ ...l, process, fromMs: p.t });
  for (const line of readyLogs) p.log(line, 'stderr');
  throw new Halt('forever');
}

const ts = {
  /** Go's log package: 2025/06/02 10:00:01 */
  go(p: Proc): string {
    const c = p.now();
    return `${c.year}/${pad(c.month)}/${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
  },
  iso(p: Proc, sep = ' '): string {
    const c = p.now();
    return `${c.year}-${pad(c.month)}-${pad(c.day)}${sep}${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
  },
  ms(p: Proc): string {
    return pad(p.now().ms, 3);
  },
  redis(p: Proc): string {
    const c = p.now();
    return `${pad(c.day)} ${MONTHS[c.month - 1]} ${c.year} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}.${pad(c.ms, 3)}`;
  },
  apache(p: Proc): string {
    const c = p.now();
    return `${WEEKDAYS[c.weekday]} ${MONTHS[c.month - 1]} ${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}.${pad(c.ms, 3)}000 ${c.year}`;
  },
  epoch(p: Proc): string {
    return ((VIRTUAL_EPOCH_MS + p.opts.startedAtMs + p.t) / 1000).toFixed(3);
  },
};

// ---- entrypoint scripts --------------------------------------------------------------------------------------

/** docker-library `docker-entrypoint.sh`: prepend the server for `-flag` args, set up, then `exec "$@"`. */
const dockerEntrypoint: ProgramHandler = (argv, p, run) => {
  let args = argv.slice(1);
  if (argv[0] === '/docker-entrypoint.sh' && /nginx/.test(p.img.repository)) return nginxEntrypoint(args, p, run);
  if (args.length === 0) return 0; // `exec "$@"` with nothing to exec
  const server = p.img.entrypointServer;
  if (server && args[0]!.startsWith('-')) args = [server, ...args];
  // node's entrypoint also prepends `node` when $1 is not a command (e.g. `server.js`).
  if (server === 'node' && !p.img.programs.has(args[0]!) && !args[0]!.includes('/')) args = ['node', ...args];
  if (server === 'node' && args[0]!.endsWith('.js')) args = ['node', ...args];
  const sub = p.fork();
  sub.viaEntrypoint = true; // the script drops to the service user (gosu) before exec'ing the server
  try {
    const status = run(args, sub);
    p.t = sub.t;
    return status;
  } catch (e) {
    p.t = Math.max(p.t, sub.t);
    throw e;
  }
};

function nginxEntrypoint(args: string[], p: Proc, run: Run): number {
  if ((args[0] === 'nginx' || args[0] === 'nginx-debug') && !p.env.get('NGINX_ENTRYPOINT_QUIET_LOGS')) {
    for (const line of [
      '/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration',
      '/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/',
      '/docker-entrypoint.sh: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh',
      '10-listen-on-ipv6-by-default.sh: info: Getting the checksum of /etc/nginx/conf.d/default.conf',
      '10-listen-on-ipv6-by-default.sh: info: Enabled listen on IPv6 in /etc/nginx/conf.d/default.conf',
      '/docker-entrypoint.sh: Sourcing /docker-entrypoint.d/15-local-resolvers.envsh',
      '/docker-entrypoint.sh: Launching /docker-entrypoint.d/20-envsubst-on-templates.sh',
      '/docker-entrypoint.sh: Launching /docker-entrypoint.d/30-tune-worker-processes.sh',
      '/docker-entrypoint.sh: Configuration complete; ready for start up',
    ])
      p.log(line);
    p.advance(30); // the entrypoint's helper scripts
  }
  if (args.length === 0) return 0;
  return run(args, p);
}

/** curlimages/curl `/entrypoint.sh`: prepend `curl` when $1 is an option or not a command. */
const curlEntrypoint: ProgramHandler = (argv, p, run) => {
  let args = argv.slice(1);
  if (args.length === 0 || args[0]!.startsWith('-') || (!p.img.programs.has(args[0]!) && !args[0]!.startsWith('/')))
    args = ['curl', ...args];
  return run(args, p);
};

// ---- web servers ---------------------------------------------------------------------------------------------

const nginx: ProgramHandler = (argv, p) => {
  const v = version(p, '1.27.3');
  if (argv.includes('-v')) {
    p.log(`nginx version: nginx/${v}`, 'stderr');
    return 0;
  }
  if (argv.includes('-V') || argv.includes('-h') || argv.includes('-?')) {
    p.log(`nginx version: nginx/${v}`, 'stderr');
    return 0;
  }
  if (argv.includes('-t') || argv.includes('-T')) {
    p.log('nginx: the configuration file /etc/nginx/nginx.conf syntax is ok', 'stderr');
    p.log('nginx: configuration file /etc/nginx/nginx.conf test is successful', 'stderr');
    return 0;
  }
  if (argv.includes('-s')) {
    p.log(`${ts.go(p)} [notice] 1#1: signal process started`, 'stderr');
    p.log(`${ts.go(p)} [error] 1#1: open() "/run/nginx.pid" failed (2: No such file or directory)`, 'stderr');
    p.log('nginx: [error] open() "/run/nginx.pid" failed (2: No such file or directory)', 'stderr');
    return 1;
  }
  const directives = flagValue(argv, ['-g']) ?? '';
  const echoserver = /echoserver/.test(p.img.repository);
  const port = echoserver ? 8080 : /unprivileged/.test(p.img.repository) ? 8080 : 80;
  const notices = [
    `${ts.go(p)} [notice] 1#1: using the "epoll" event method`,
    `${ts.go(p)} [notice] 1#1: nginx/${v}`,
    `${ts.go(p)} [notice] 1#1: built by gcc 12.2.0 (Debian 12.2.0-14+deb12u1)`,
    `${ts.go(p)} [notice] 1#1: OS: Linux 6.8.0-51-generic`,
    `${ts.go(p)} [notice] 1#1: getrlimit(RLIMIT_NOFILE): 1048576:1048576`,
  ];
  if (!/daemon\s+off/.test(directives)) {
    // Without `daemon off;` the master forks into the background and the foreground process exits 0.
    return 0;
  }
  for (const line of notices) p.log(line, 'stderr');
  serve(
    p,
    'nginx',
    10,
    [
      echoserver
        ? { port, httpPaths: { '*': 200 } }
        : { port, docRoot: '/usr/share/nginx/html', dirIndex: 'forbidden', httpPaths: {} },
    ],
    [`${ts.go(p)} [notice] 1#1: start worker processes`, `${ts.go(p)} [notice] 1#1: start worker process 29`],
  );
};

const echoserverRun: ProgramHandler = (_argv, p) => {
  p.log('Generating self-signed cert');
  p.log('Generating a 2048 bit RSA private key');
  p.log("writing new private key to '/certs/privateKey.key'");
  p.log('Starting nginx');
  serve(p, 'nginx', 200, [{ port: 8080, httpPaths: { '*': 200 } }]);
};

const apacheForeground: ProgramHandler = (_argv, p) => {
  const ip = p.opts.podIP;
  const ah = `AH00558: httpd: Could not reliably determine the server's fully qualified domain name, using ${ip}. Set the 'ServerName' directive globally to suppress this message`;
  p.log(ah, 'stderr');
  p.log(ah, 'stderr');
  serve(
    p,
    'httpd',
    20,
    [{ port: 80, docRoot: '/usr/local/apache2/htdocs', dirIndex: 'listing', httpPaths: {} }],
    [
      `[${ts.apache(p)}] [mpm_event:notice] [pid 1:tid 1] AH00489: Apache/${version(p, '2.4.62')} (Unix) configured -- resuming normal operations`,
      `[${ts.apache(p)}] [core:notice] [pid 1:tid 1] AH00094: Command line: 'httpd -D FOREGROUND'`,
    ],
  );
};

const httpd: ProgramHandler = (argv, p, run) => {
  if (p.img.base === 'busybox') {
    // busybox httpd: -f foreground, -p [IP:]PORT (default 80), -h HOME (default .)
    if (!argv.includes('-f') && !argv.some((a) => /^-[a-zA-Z]*f/.test(a))) return 0; // daemonises
    const port = portOf(flagValue(argv, ['-p']), 80);
    const home = p.abs(flagValue(argv, ['-h']) ?? p.cwd);
    serve(p, 'httpd', 5, [{ port, docRoot: home, dirIndex: 'notfound', httpPaths: {} }]);
  }
  if (argv.includes('-DFOREGROUND') || (argv.includes('-D') && flagValue(argv, ['-D']) === 'FOREGROUND'))
    return apacheForeground(argv, p, run);
  return 0; // apache without -DFOREGROUND daemonises
};

// ---- data stores ---------------------------------------------------------------------------------------------

const redisServer: ProgramHandler = (argv, p) => {
  const v = version(p, '7.4.1');
  const conf = argv.slice(1).find((a) => !a.startsWith('-') && a.includes('/'));
  if (argv.includes('--version') || argv.includes('-v')) {
    p.log(`Redis server v=${v} sha=00000000:0 malloc=jemalloc-5.3.0 bits=64 build=0000000000000000`);
    return 0;
  }
  if (conf && !p.isFile(conf)) {
    p.log(`1:C ${ts.redis(p)} # Fatal error, can't open config file '${conf}': No such file or directory`, 'stderr');
    return 1;
  }
  const port = Number(flagValue(argv, ['--port']) ?? 6379) || 6379;
  p.log(`1:C ${ts.redis(p)} * oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo`);
  p.log(`1:C ${ts.redis(p)} * Redis version=${v}, bits=64, commit=00000000, modified=0, pid=1, just started`);
  if (!conf)
    p.log(
      `1:C ${ts.redis(p)} # Warning: no config file specified, using the default config. In order to specify a config file use redis-server /path/to/redis.conf`,
    );
  p.log(`1:M ${ts.redis(p)} * Running mode=standalone, port=${port}.`);
  p.log(`1:M ${ts.redis(p)} * Server initialized`);
  serve(
    p,
    'redis-server',
    5,
    [
      {
        port,
        nonHttp: `net/http: HTTP/1.x transport connection broken: malformed HTTP response "-ERR wrong number of arguments for 'get' command"`,
      },
    ],
    [],
  );
};

function listeningAt(p: Proc, port: number): boolean {
  return p.out.listens.some((l) => l.port === port && l.fromMs <= p.t);
}

const redisCli: ProgramHandler = (argv, p) => {
  const port = Number(flagValue(argv, ['-p']) ?? 6379) || 6379;
  if (!listeningAt(p, port)) {
    p.log(`Could not connect to Redis at 127.0.0.1:${port}: Connection refused`, 'stderr');
    return 1;
  }
  if (argv.some((a) => a.toLowerCase() === 'ping')) p.log('PONG');
  return 0;
};

const postgres: ProgramHandler = (argv, p) => {
  const v = version(p, /^1[0-9]/.test(p.img.tag ?? '') ? `${(p.img.tag ?? '17').split(/[.-]/)[0]}.2` : '17.2');
  if (argv.includes('--version') || argv.includes('-V')) {
    p.log(`postgres (PostgreSQL) ${v}`);
    return 0;
  }
  if (!p.viaEntrypoint) {
    // Started directly (command: ["postgres"]) the server runs as root, which it refuses.
    p.log('"root" execution of the PostgreSQL server is not permitted.', 'stderr');
    p.log('The server must be started under an unprivileged user ID to prevent', 'stderr');
    p.log('possible system security compromise.  See the documentation for', 'stderr');
    p.log('more information on how to properly start the server.', 'stderr');
    return 1;
  }
  const password = p.env.get('POSTGRES_PASSWORD');
  const trust = p.env.get('POSTGRES_HOST_AUTH_METHOD') === 'trust';
  if (!password && !trust) {
    p.advance(20);
    for (const line of [
      'Error: Database is uninitialized and superuser password is not specified.',
      '       You must specify POSTGRES_PASSWORD to a non-empty value for the',
      '       superuser. For example, "-e POSTGRES_PASSWORD=password" on "docker run".',
      '',
      '       You may also use "POSTGRES_HOST_AUTH_METHOD=trust" to allow all',
      '       connections without a password. This is *not* recommended.',
      '',
      '       See PostgreSQL documentation about "trust":',
      '       https://www.postgresql.org/docs/current/auth-trust.html',
    ])
      p.log(line, 'stderr');
    return 1;
  }
  p.log('The files belonging to this database system will be owned by user "postgres".');
  p.log('This user must also own the server process.');
  p.log('');
  p.log('The database cluster will be initialized with locale "en_US.utf8".');
  p.advance(2200); // initdb
  p.log('Success. You can now start the database server using:');
  p.advance(600);
  p.log('PostgreSQL init process complete; ready for start up.');
  p.log('');
  const port = Number(flagValue(argv, ['-p']) ?? p.env.get('PGPORT') ?? 5432) || 5432;
  const stamp = () => `${ts.iso(p)}.${ts.ms(p)} UTC [1]`;
  p.log(
    `${stamp()} LOG:  starting PostgreSQL ${v} (Debian ${v}-1.pgdg120+1) on x86_64-pc-linux-gnu, compiled by gcc (Debian 12.2.0-14) 12.2.0, 64-bit`,
    'stderr',
  );
  p.log(`${stamp()} LOG:  listening on IPv4 address "0.0.0.0", port ${port}`, 'stderr');
  serve(
    p,
    'postgres',
    100,
    [{ port, nonHttp: 'EOF' }],
    [`${stamp()} LOG:  database system is ready to accept connections`],
  );
};

const pgIsready: ProgramHandler = (argv, p) => {
  const port = Number(flagValue(argv, ['-p']) ?? 5432) || 5432;
  if (listeningAt(p, port)) {
    p.log(`/var/run/postgresql:${port} - accepting connections`);
    return 0;
  }
  p.log(`/var/run/postgresql:${port} - no response`);
  return 2;
};

const mysqld: ProgramHandler = (argv, p) => {
  const v = version(p, '8.4.3');
  const stamp = () => `${ts.iso(p)}+00:00`;
  if (argv.includes('--version') || argv.includes('-V')) {
    p.log(`/usr/sbin/mysqld  Ver ${v} for Linux on x86_64 (MySQL Community Server - GPL)`);
    return 0;
  }
  if (p.viaEntrypoint) {
    p.log(`${stamp()} [Note] [Entrypoint]: Entrypoint script for MySQL Server ${v}-1.el9 started.`);
    p.log(`${stamp()} [Note] [Entrypoint]: Switching to dedicated user 'mysql'`);
    p.log(`${stamp()} [Note] [Entrypoint]: Entrypoint script for MySQL Server ${v}-1.el9 started.`);
    const ok = ['MYSQL_ROOT_PASSWORD', 'MYSQL_ALLOW_EMPTY_PASSWORD', 'MYSQL_RANDOM_ROOT_PASSWORD'].some((k) =>
      p.env.get(k),
    );
    if (!ok) {
      p.advance(40);
      p.log(
        `${stamp()} [ERROR] [Entrypoint]: Database is uninitialized and password option is not specified`,
        'stderr',
      );
      p.log('    You need to specify one of the following as an environment variable:', 'stderr');
      p.log('    - MYSQL_ROOT_PASSWORD', 'stderr');
      p.log('    - MYSQL_ALLOW_EMPTY_PASSWORD', 'stderr');
      p.log('    - MYSQL_RANDOM_ROOT_PASSWORD', 'stderr');
      return 1;
    }
    p.log(`${stamp()} [Note] [Entrypoint]: Initializing database files`);
    p.advance(12_000);
    p.log(`${stamp()} [Note] [Entrypoint]: Database files initialized`);
    p.log(`${stamp()} [Note] [Entrypoint]: MySQL init process done. Ready for start up.`);
  } else {
    p.log(
      `${ts.iso(p, 'T')}.000000Z 0 [ERROR] [MY-010123] [Server] Fatal error: Please read "Security" section of the manual to find out how to run mysqld as root!`,
      'stderr',
    );
    p.log(`${ts.iso(p, 'T')}.000000Z 0 [ERROR] [MY-010119] [Server] Aborting`, 'stderr');
    return 1;
  }
  serve(
    p,
    'mysqld',
    3000,
    [
      { port: 3306, nonHttp: 'EOF' },
      { port: 33060, nonHttp: 'EOF' },
    ],
    [
      `${ts.iso(p, 'T')}.000000Z 0 [System] [MY-010931] [Server] /usr/sbin/mysqld: ready for connections. Version: '${v}'  socket: '/var/run/mysqld/mysqld.sock'  port: 3306  MySQL Community Server - GPL.`,
    ],
  );
};

const mysqladmin: ProgramHandler = (argv, p) => {
  if (argv.includes('ping')) {
    if (listeningAt(p, 3306)) {
      p.log('mysqld is alive');
      return 0;
    }
    p.log("mysqladmin: connect to server at 'localhost' failed", 'stderr');
    p.log("error: 'Can't connect to local MySQL server through socket '/var/run/mysqld/mysqld.sock' (2)'", 'stderr');
    p.log("Check that mysqld is running and that the socket: '/var/run/mysqld/mysqld.sock' exists!", 'stderr');
    return 1;
  }
  return listeningAt(p, 3306) ? 0 : 1;
};

const mongod: ProgramHandler = (argv, p) => {
  const port = Number(flagValue(argv, ['--port']) ?? 27017) || 27017;
  const date = () => `${ts.iso(p, 'T')}.${ts.ms(p)}+00:00`;
  p.log(
    `{"t":{"$date":"${date()}"},"s":"I",  "c":"CONTROL",  "id":23285,   "ctx":"main","msg":"Automatically disabling TLS 1.0, to force-enable TLS 1.0 specify --sslDisabledProtocols 'none'"}`,
  );
  // mongod answers a plain HTTP GET on its driver port with a 200 "It looks like you are trying to access MongoDB over HTTP".
  serve(
    p,
    'mongod',
    1500,
    [{ port, httpPaths: { '*': 200 } }],
    [
      `{"t":{"$date":"${date()}"},"s":"I",  "c":"NETWORK",  "id":23016,   "ctx":"listener","msg":"Waiting for connections","attr":{"port":${port},"ssl":"off"}}`,
    ],
  );
};

const rabbitmq: ProgramHandler = (_argv, p) => {
  const management = /management/.test(p.img.tag ?? '');
  const listeners: Array<Omit<Listener, 'protocol' | 'fromMs' | 'process'>> = [
    {
      port: 5672,
      nonHttp: 'net/http: HTTP/1.x transport connection broken: malformed HTTP response "AMQP\\x00\\x00\\t\\x01"',
    },
    { port: 15692, httpPaths: { '/metrics': 200, '*': 404 } },
    { port: 25672, nonHttp: 'EOF' },
  ];
  if (management) listeners.push({ port: 15672, httpPaths: { '/': 200, '/api/health/checks/alarms': 401, '*': 404 } });
  p.log(`${ts.iso(p)}.${ts.ms(p)}000+00:00 [notice] <0.44.0> Application syslog exited with reason: stopped`);
  p.log(`${ts.iso(p)}.${ts.ms(p)}000+00:00 [info] <0.228.0> Starting RabbitMQ ${version(p, '4.0.5')} on Erlang 27.2`);
  serve(p, 'rabbitmq-server', 8000, listeners, [
    `${ts.iso(p)}.${ts.ms(p)}000+00:00 [info] <0.9.0> Time to start RabbitMQ: 8000 ms`,
  ]);
};

const memcached: ProgramHandler = (argv, p) => {
  const port = Number(flagValue(argv, ['-p', '--port']) ?? 11211) || 11211;
  serve(p, 'memcached', 10, [
    { port, nonHttp: 'net/http: HTTP/1.x transport connection broken: malformed HTTP response "ERROR"' },
  ]);
};

// ---- proxies and app servers ---------------------------------------------------------------------------------

const caddy: ProgramHandler = (argv, p) => {
  const sub = argv[1];
  if (sub === 'version') {
    p.log(`v${version(p, '2.9.1')} h1:0000000000000000000000000000000000000000000=`);
    return 0;
  }
  if (sub !== 'run' && sub !== 'file-server' && sub !== 'reverse-proxy') {
    p.log('Caddy is an extensible server platform written in Go.');
    return 0;
  }
  const listen = flagValue(argv, ['--listen']);
  const port = portOf(listen, 80);
  p.log(`{"level":"info","ts":${ts.epoch(p)},"msg":"using config from file","file":"/etc/caddy/Caddyfile"}`, 'stderr');
  serve(
    p,
    'caddy',
    50,
    [
      { port, docRoot: sub === 'file-server' ? p.cwd : '/usr/share/caddy', dirIndex: 'notfound', httpPaths: {} },
      { port: 2019, localOnly: true, httpPaths: { '/config/': 200, '*': 404 } },
    ],
    [`{"level":"info","ts":${ts.epoch(p)},"msg":"serving initial configuration"}`],
  );
};

const haproxy: ProgramHandler = (argv, p) => {
  if (argv.includes('-v') || argv.includes('-vv')) {
    p.log(`HAProxy version ${version(p, '3.1.2')} 2025/01/01 - https://haproxy.org/`);
    return 0;
  }
  const cfg = flagValue(argv, ['-f']) ?? '/usr/local/etc/haproxy/haproxy.cfg';
  if (!p.exists(cfg)) {
    p.log(`[NOTICE]   (1) : haproxy version is ${version(p, '3.1.2')}`, 'stderr');
    p.log(
      `[ALERT]    (1) : config : Cannot open configuration file/directory ${cfg} : No such file or directory`,
      'stderr',
    );
    return 1;
  }
  p.log('[NOTICE]   (1) : New worker (8) forked', 'stderr');
  p.log('[NOTICE]   (1) : Loading success.', 'stderr');
  throw new Halt('forever'); // ports depend on the (unknown) config
};

const gunicorn: ProgramHandler = (argv, p) => {
  const port = portOf(flagValue(argv, ['-b', '--bind']), 8000);
  const stamp = () => `[${ts.iso(p)} +0000] [1]`;
  p.log(`${stamp()} [INFO] Starting gunicorn 19.9.0`, 'stderr');
  p.log(`${stamp()} [INFO] Listening at: http://0.0.0.0:${port} (1)`, 'stderr');
  p.log(`${stamp()} [INFO] Using worker: ${flagValue(argv, ['-k']) ?? 'sync'}`, 'stderr');
  const httpbin = argv.some((a) => a.startsWith('httpbin'));
  serve(
    p,
    'gunicorn',
    1200,
    [
      httpbin
        ? {
            port,
            statusFromPath: true,
            httpPaths: { '/': 200, '/get': 200, '/headers': 200, '/ip': 200, '/uuid': 200, '/anything': 200, '*': 404 },
          }
        : { port, httpPaths: { '*': 404 } },
    ],
    [`[${ts.iso(p)} +0000] [9] [INFO] Booting worker with pid: 9`],
  );
};

// ---- language runtimes ---------------------------------------------------------------------------------------

const python: ProgramHandler = (argv, p) => {
  const args = argv.slice(1);
  const unbuffered = args.includes('-u') || !!p.env.get('PYTHONUNBUFFERED');
  const rest = args.filter((a) => a !== '-u');
  if (rest[0] === '--version' || rest[0] === '-V') {
    p.log(`Python ${version(p, '3.12.8')}`);
    return 0;
  }
  if (rest.length === 0 || rest[0] === '-i') {
    if (p.opts.stdinOpen) throw new Halt('forever');
    return 0; // REPL without a TTY reads EOF from stdin and exits
  }
  if (rest[0] === '-m') {
    const mod = rest[1];
    if (mod === 'http.server') {
      const port = Number(rest.slice(2).find((a) => /^[0-9]+$/.test(a)) ?? 8000);
      const dir = flagValue(rest, ['-d', '--directory']);
      // print() to a pipe is block-buffered: the banner only appears with -u / PYTHONUNBUFFERED.
      if (unbuffered) p.log(`Serving HTTP on 0.0.0.0 port ${port} (http://0.0.0.0:${port}/) ...`);
      serve(p, 'python', 80, [{ port, docRoot: dir ? p.abs(dir) : p.cwd, dirIndex: 'listing', httpPaths: {} }]);
    }
    if (mod === 'pip') {
      p.advance(1500);
      return 0;
    }
    p.log(`/usr/local/bin/python3: No module named ${mod ?? ''}`, 'stderr');
    return 1;
  }
  if (rest[0] === '-c') {
    const code = rest[1] ?? '';
    if (/http\.server|HTTPServer/.test(code))
      serve(p, 'python', 80, [{ port: Number(/([0-9]{2,5})/.exec(code)?.[1] ?? 8000), httpPaths: { '*': 200 } }]);
    pythonMemory(code, p);
    if (/while\s+True/.test(code) || /serve_forever|run\(/.test(code)) throw new Halt('forever');
    let total = 0;
    for (const m of code.matchAll(/sleep\(\s*([0-9.]+)\s*\)/g)) total += Number(m[1]);
    if (total > 0) p.advance(Math.round(total * 1000));
    const exit = /(?:sys\.)?exit\(\s*([0-9]+)\s*\)/.exec(code);
    for (const m of code.matchAll(/print\(\s*["']([^"']*)["']\s*\)/g)) if (unbuffered || !exit) p.log(m[1]!);
    return exit ? Number(exit[1]) % 256 : 0;
  }
  const script = rest.find((a) => !a.startsWith('-'));
  if (script && !p.exists(script)) {
    p.log(
      `${argv[0]?.includes('/') ? argv[0] : `/usr/local/bin/${argv[0] ?? 'python3'}`}: can't open file '${p.abs(script)}': [Errno 2] No such file or directory`,
      'stderr',
    );
    return 2;
  }
  throw new Halt('forever'); // a script whose content we do not know: assume a long-running app
};

/** `512 * 1024 * 1024`, `10**9`, `2 ** 30 + 1`: the integer arithmetic memory examples use (else undefined). */
function intExpr(text: string): number | undefined {
  const src = text.replace(/_/g, '');
  if (!/^[0-9\s*+()]+$/.test(src)) return undefined;
  const tokens = src.match(/\*\*|[0-9]+|[*+()]/g) ?? [];
  let i = 0;
  const atom = (): number => {
    const t = tokens[i++];
    if (t === '(') {
      const v = sum();
      i++;
      return v;
    }
    return Number(t);
  };
  const power = (): number => {
    const base = atom();
    if (tokens[i] === '**') {
      i++;
      return base ** power();
    }
    return base;
  };
  const product = (): number => {
    let v = power();
    while (tokens[i] === '*') {
      i++;
      v *= power();
    }
    return v;
  };
  const sum = (): number => {
    let v = product();
    while (tokens[i] === '+') {
      i++;
      v += product();
    }
    return v;
  };
  const v = sum();
  return i === tokens.length && Number.isFinite(v) ? v : undefined;
}

/**
 * Memory a `python -c` program takes, from the idioms memory demos use: `bytearray(N)` / `b' ' * N` /
 * `' ' * N` hold N bytes (a list `[0] * N` 8 bytes per item); inside `while True` an `.append(...)`, `+=` or
 * `extend` keeps growing, by the chunk each pass (about 1 GB/s, or one chunk per `time.sleep(s)`).
 */
function pythonMemory(code: string, p: Proc): void {
  const chunks: number[] = [];
  for (const m of code.matchAll(/bytearray\(\s*([^()]*(?:\([^()]*\)[^()]*)*)\)/g)) {
    const n = intExpr(m[1]!);
    if (n !== undefined) chunks.push(n);
  }
  for (const m of code.matchAll(/(?:b?(['"])[^'"]?\1|\[\s*0\s*\])\s*\*\s*\(?([0-9_*+\s]+)\)?/g)) {
    const n = intExpr(m[2]!);
    if (n !== undefined) chunks.push(m[0].startsWith('[') ? n * 8 : n);
  }
  const loop = /while\s+True/.test(code);
  const grows = loop && /\.append\(|\.extend\(|\+=/.test(code);
  if (chunks.length === 0) {
    if (grows) {
      p.advance(20);
      p.allocate(0, 1e9 / 4); // small appends in a tight loop: a few hundred MB per second
    }
    return;
  }
  p.advance(20); // interpreter start-up
  if (!grows) {
    p.allocate(chunks.reduce((a, b) => a + b, 0));
    return;
  }
  const chunk = Math.max(...chunks);
  const sleep = Number(/sleep\(\s*([0-9.]+)\s*\)/.exec(code)?.[1] ?? 0);
  p.allocate(chunk, sleep > 0 ? chunk / sleep : 1e9);
}

const node: ProgramHandler = (argv, p) => {
  const args = argv.slice(1);
  const nodeVersion = `v${version(p, '22.12.0')}`;
  if (args[0] === '--version' || args[0] === '-v') {
    p.log(nodeVersion);
    return 0;
  }
  if (args.length === 0 || args[0] === '-i') {
    if (p.opts.stdinOpen) throw new Halt('forever');
    return 0; // REPL reads EOF from a closed stdin and exits
  }
  const code = flagValue(args, ['-e', '--eval']);
  if (code !== undefined) {
    const listen = /\.listen\(\s*([0-9]{2,5})/.exec(code);
    if (listen) serve(p, 'node', 60, [{ port: Number(listen[1]), httpPaths: { '*': 200 } }]);
    if (/setInterval|setTimeout\([^)]*,\s*[0-9]{7,}/.test(code)) throw new Halt('forever');
    const exit = /process\.exit\(\s*([0-9]+)\s*\)/.exec(code);
    for (const m of code.matchAll(/console\.log\(\s*["'`]([^"'`]*)["'`]\s*\)/g)) p.log(m[1]!);
    return exit ? Number(exit[1]) % 256 : 0;
  }
  const script = args.find((a) => !a.startsWith('-'));
  if (script && !p.exists(script)) {
    for (const line of [
      'node:internal/modules/cjs/loader:1228',
      '  throw err;',
      '  ^',
      '',
      `Error: Cannot find module '${p.abs(script)}'`,
      '    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)',
      '    at Module._load (node:internal/modules/cjs/loader:1051:27)',
      '    at Function.executeUserEntryPoint [as runMain] (node:internal/modules/run_main:174:12)',
      '    at node:internal/main/run_main_module:28:49 {',
      "  code: 'MODULE_NOT_FOUND',",
      '  requireStack: []',
      '}',
      '',
      `Node.js ${nodeVersion}`,
    ])
      p.log(line, 'stderr');
    return 1;
  }
  throw new Halt('forever'); // a script whose content we do not know: assume a long-running app
};

const npm: ProgramHandler = (argv, p) => {
  const sub = argv[1];
  if (sub === '--version' || sub === '-v') {
    p.log('10.9.0');
    return 0;
  }
  const pkg = `${p.cwd.replace(/\/$/, '')}/package.json`;
  if ((sub === 'start' || sub === 'run' || sub === 'install' || sub === 'ci' || sub === 'test') && !p.exists(pkg)) {
    for (const line of [
      'npm error code ENOENT',
      'npm error syscall open',
      `npm error path ${pkg}`,
      'npm error errno -2',
      `npm error enoent Could not read package.json: Error: ENOENT: no such file or directory, open '${pkg}'`,
      'npm error enoent This is related to npm not being able to find a file.',
      'npm error enoent',
    ])
      p.log(line, 'stderr');
    return 254;
  }
  if (sub === 'start' || sub === 'run') throw new Halt('forever');
  p.advance(3000);
  return 0;
};

const go: ProgramHandler = (argv, p) => {
  const sub = argv[1];
  if (sub === 'version') {
    p.log(`go version go${version(p, '1.23.4')} linux/amd64`);
    return 0;
  }
  if (sub === undefined) {
    p.log('Go is a tool for managing Go source code.', 'stderr');
    return 2;
  }
  if (sub === 'run') {
    const file = argv.slice(2).find((a) => !a.startsWith('-'));
    if (file && file.endsWith('.go') && !p.exists(file)) {
      p.log(`stat ${file}: no such file or directory`, 'stderr');
      return 1;
    }
    if (!p.exists(`${p.cwd.replace(/\/$/, '')}/go.mod`) && (!file || !file.endsWith('.go'))) {
      p.log("go: go.mod file not found in current directory or any parent directory; see 'go help modules'", 'stderr');
      return 1;
    }
    throw new Halt('forever');
  }
  if (sub === 'build' || sub === 'test') {
    p.log("go: go.mod file not found in current directory or any parent directory; see 'go help modules'", 'stderr');
    return 1;
  }
  return 0;
};

// ---- Kubernetes test images ----------------------------------------------------------------------------------

const pause: ProgramHandler = () => {
  throw new Halt('forever');
};

/** The docs' liveness server: /healthz is 200 for the first 10 s after start, then 500. */
function livenessListener(p: Proc, process: string): never {
  p.listen({
    port: 8080,
    process,
    fromMs: p.t,
    httpPaths: { '/healthz': 200, '/redirect': 302, '*': 404 },
    httpChanges: [{ atMs: p.t + 10_000, path: '/healthz', status: 500 }],
  });
  throw new Halt('forever');
}

const livenessServer: ProgramHandler = (_argv, p) => livenessListener(p, 'server');

const AGNHOST_COMMANDS = new Set([
  'audit-proxy',
  'connect',
  'crd-conversion-webhook',
  'dns-server-list',
  'dns-suffix-list',
  'echo',
  'entrypoint-tester',
  'etc-hosts',
  'fake-gitserver',
  'grpc-health-checking',
  'guestbook',
  'inclusterclient',
  'liveness',
  'logs-generator',
  'mounttest',
  'mounttest-user',
  'net',
  'netexec',
  'nettest',
  'no-snat-test',
  'no-snat-test-proxy',
  'pause',
  'port-forward-tester',
  'porter',
  'resource-consumer-controller',
  'serve-hostname',
  'tcp-reset',
  'test-webserver',
  'webhook',
]);

const agnhost: ProgramHandler = (argv, p) => {
  const sub = argv[1];
  const args = argv.slice(2);
  if (sub === undefined) {
    p.log('Usage:\n  agnhost [flags]\n  agnhost [command]', 'stderr');
    return 0;
  }
  if (!AGNHOST_COMMANDS.has(sub)) {
    p.log(`Error: unknown command "${sub}" for "agnhost"`, 'stderr');
    p.log("Run 'agnhost --help' for usage.", 'stderr');
    return 1;
  }
  switch (sub) {
    case 'pause':
      p.log('Paused');
      throw new Halt('forever');
    case 'liveness':
      return livenessListener(p, 'agnhost liveness');
    case 'netexec': {
      const port = Number(flagValue(args, ['--http-port']) ?? 8080) || 8080;
      p.log(`I0602 ${ts.go(p).slice(11)}.000000       1 log.go:245] Started HTTP server on port ${port}`, 'stderr');
      const paths = [
        '/',
        '/echo',
        '/clientip',
        '/header',
        '/exit',
        '/healthz',
        '/hostname',
        '/hostName',
        '/shell',
        '/upload',
        '/dial',
        '/redirect',
      ];
      serve(p, 'agnhost netexec', 5, [
        { port, httpPaths: { ...Object.fromEntries(paths.map((x) => [x, 200])), '/redirect': 302, '*': 404 } },
      ]);
    }
    // falls through (serve never returns)
    case 'serve-hostname': {
      const port = Number(flagValue(args, ['--port']) ?? 9376) || 9376;
      p.log(`${ts.go(p)} Serving on port ${port}.`, 'stderr');
      serve(p, 'agnhost serve-hostname', 5, [{ port, httpPaths: { '*': 200 } }]);
    }
    // falls through
    case 'test-webserver': {
      const port = Number(flagValue(args, ['--port']) ?? 80) || 80;
      serve(p, 'agnhost test-webserver', 5, [{ port, httpPaths: { '*': 200 } }]);
    }
    // falls through
    case 'porter': {
      const ports = [...p.env.entries()]
        .filter(([k]) => /^SERVE_PORT_[0-9]+$/.test(k))
        .map(([k]) => Number(k.slice(11)));
      serve(
        p,
        'agnhost porter',
        5,
        ports.map((port) => ({ port, httpPaths: { '*': 200 } })),
      );
    }
    // falls through
    case 'entrypoint-tester':
      p.log(JSON.stringify(args));
      return 0;
    case 'mounttest':
    case 'mounttest-user':
      return 0;
    default:
      throw new Halt('forever');
  }
};

const goproxy: ProgramHandler = (_argv, p) => serve(p, 'goproxy', 5, [{ port: 8080, httpPaths: { '*': 500 } }]);

const etcd: ProgramHandler = (argv, p) => {
  if (argv.includes('--version')) {
    p.log(`etcd Version: ${version(p, '3.5.16')}`);
    return 0;
  }
  const urlPort = (flag: string, fallback: number) => {
    const urls = (flagValue(argv, [flag]) ?? '').split(',').filter(Boolean);
    if (urls.length === 0) return [{ port: fallback, localOnly: true }];
    return urls.map((u) => ({
      port: portOf(u.replace(/\/$/, ''), fallback),
      localOnly: /localhost|127\.0\.0\.1/.test(u),
    }));
  };
  const client = urlPort('--listen-client-urls', 2379);
  const peer = urlPort('--listen-peer-urls', 2380);
  p.log(
    `{"level":"info","ts":"${ts.iso(p, 'T')}.${ts.ms(p)}Z","caller":"etcdmain/etcd.go:73","msg":"Running: ","args":${JSON.stringify(argv)}}`,
    'stderr',
  );
  serve(
    p,
    'etcd',
    300,
    [
      ...client.map((c) => ({
        ...c,
        httpPaths: { '/health': 200, '/readyz': 200, '/livez': 200, '/version': 200, '/metrics': 200, '*': 404 },
      })),
      ...peer.map((c) => ({ ...c, nonHttp: 'EOF' })),
    ],
    [
      `{"level":"info","ts":"${ts.iso(p, 'T')}.${ts.ms(p)}Z","caller":"embed/serve.go:103","msg":"ready to serve client requests"}`,
    ],
  );
};

const etcdctl: ProgramHandler = (_argv, p) => {
  if (p.out.listens.some((l) => l.port === 2379 && l.fromMs <= p.t)) {
    p.log('127.0.0.1:2379 is healthy: successfully committed proposal: took = 1.732ms');
    return 0;
  }
  p.log(
    '{"level":"warn","msg":"retrying of unary invoker failed","error":"rpc error: code = DeadlineExceeded desc = latest balancer error: last connection error: connection error: desc = \\"transport: Error while dialing: dial tcp 127.0.0.1:2379: connect: connection refused\\""}',
    'stderr',
  );
  return 1;
};

// ---- kind's add-ons -------------------------------------------------------------------------------------------

/**
 * CoreDNS with kind's Corefile (errors, health :8080, ready :8181, kubernetes, prometheus :9153, forward, cache):
 * DNS on 53 (UDP is not modelled, the TCP listener stands for both), /health and /ready answer 200.
 */
const coredns: ProgramHandler = (_argv, p) => {
  const v = version(p, '1.12.1');
  p.log('.:53');
  p.log(
    '[INFO] plugin/reload: Running configuration SHA512 = 1b226df79860026c6a52e67daa10d7f0d57ec5b023288ec00c5e05f93523c894564e15b91770d3a07ae1cfbe861d15b37d4a0027e69c546ab112970993a3b03b',
  );
  p.log(`CoreDNS-${v}`);
  p.log('linux/amd64, go1.24.1, 707c7c1');
  serve(p, 'coredns', 40, [
    { port: 53, nonHttp: 'EOF' },
    { port: 8080, httpPaths: { '/health': 200, '*': 404 } },
    { port: 8181, httpPaths: { '/ready': 200, '*': 404 } },
    { port: 9153, httpPaths: { '/metrics': 200, '*': 404 } },
  ]);
};

/** kube-proxy in iptables mode: metrics on 127.0.0.1:10249 (metricsBindAddress), /healthz and /livez on :10256. */
const kubeProxy: ProgramHandler = (_argv, p) => {
  p.log(`I0602 ${ts.go(p).slice(11)}.000000       1 server_linux.go:66] "Using iptables proxy"`, 'stderr');
  serve(p, 'kube-proxy', 60, [
    { port: 10249, localOnly: true, httpPaths: { '/metrics': 200, '/healthz': 200, '*': 404 } },
    { port: 10256, httpPaths: { '/healthz': 200, '/livez': 200, '*': 404 } },
  ]);
};

/** kindnetd: no listener, it reconciles routes and the CNI config forever. */
const kindnetd: ProgramHandler = (_argv, p) => {
  p.log(
    `I0602 ${ts.go(p).slice(11)}.000000       1 main.go:109] connected to apiserver: https://kind-control-plane:6443`,
    'stderr',
  );
  throw new Halt('forever');
};

/** local-path-provisioner: a controller with no listener. */
const localPathProvisioner: ProgramHandler = (_argv, p) => {
  p.log(`time="${ts.iso(p, 'T')}Z" level=info msg="Starting provisioner controller"`, 'stderr');
  throw new Halt('forever');
};

// ---- small Go servers ----------------------------------------------------------------------------------------

const httpEcho: ProgramHandler = (argv, p) => {
  const text = flagValue(argv, ['-text', '--text']) ?? p.env.get('ECHO_TEXT');
  if (argv.includes('-version') || argv.includes('--version')) {
    p.log(`http-echo v${version(p, '1.0.0')}`);
    return 0;
  }
  if (!text) {
    p.log('Missing -text option!', 'stderr');
    return 127;
  }
  const port = portOf(flagValue(argv, ['-listen', '--listen']), 5678);
  p.log(`${ts.go(p)} [INFO] server is listening on :${port}`, 'stderr');
  const status = Number(flagValue(argv, ['-status-code'])) || 200;
  serve(p, 'http-echo', 5, [{ port, httpPaths: { '/health': 200, '*': status } }]);
};

const whoami: ProgramHandler = (argv, p) => {
  const port = Number(flagValue(argv, ['--port', '-port']) ?? p.env.get('WHOAMI_PORT_NUMBER') ?? 80) || 80;
  p.log(`${ts.go(p)} Starting up on port ${port}`);
  serve(p, 'whoami', 5, [{ port, httpPaths: { '*': 200 } }]);
};

const helloApp: ProgramHandler = (_argv, p) => {
  const port = Number(p.env.get('PORT') ?? 8080) || 8080;
  p.log(`${ts.go(p)} Server listening on port ${port}`);
  serve(p, 'hello-app', 5, [{ port, httpPaths: { '*': 200 } }]);
};

const prometheus: ProgramHandler = (argv, p) => {
  if (argv.includes('--version')) {
    p.log(`prometheus, version ${version(p, '3.1.0')} (branch: HEAD, revision: 0000000)`);
    return 0;
  }
  const cfg = flagValue(argv, ['--config.file']) ?? '/etc/prometheus/prometheus.yml';
  if (!p.exists(cfg)) {
    p.log(
      `time=${ts.iso(p, 'T')}.${ts.ms(p)}Z level=ERROR source=main.go:601 msg="Error loading config (--config.file=${cfg})" file=${cfg} err="open ${cfg}: no such file or directory"`,
      'stderr',
    );
    return 2;
  }
  const port = portOf(flagValue(argv, ['--web.listen-address']), 9090);
  p.log(
    `time=${ts.iso(p, 'T')}.${ts.ms(p)}Z level=INFO source=main.go:640 msg="No time or size retention was set so using the default time retention" duration=15d`,
    'stderr',
  );
  serve(
    p,
    'prometheus',
    1000,
    [
      {
        port,
        httpPaths: {
          '/': 302,
          '/-/healthy': 200,
          '/-/ready': 200,
          '/graph': 200,
          '/query': 200,
          '/metrics': 200,
          '*': 404,
        },
      },
    ],
    [
      `time=${ts.iso(p, 'T')}.${ts.ms(p)}Z level=INFO source=main.go:1324 msg="Server is ready to receive web requests."`,
    ],
  );
};

/** grafana/grafana `/run.sh`: checks its paths, then execs `grafana server` (port 3000, GF_SERVER_HTTP_PORT). */
const grafanaRun: ProgramHandler = (_argv, p) => {
  const v = version(p, '12.2.0');
  const port = Number(p.env.get('GF_SERVER_HTTP_PORT') ?? 3000) || 3000;
  const t = () => `t=${ts.iso(p, 'T')}.${ts.ms(p)}000000Z`;
  p.log(
    `logger=settings ${t()} level=info msg="Starting Grafana" version=${v} commit=0000000 branch=HEAD compiled=${ts.iso(p, 'T')}Z`,
  );
  p.log(`logger=settings ${t()} level=info msg="Config loaded from" file=/usr/share/grafana/conf/defaults.ini`);
  p.log(`logger=sqlstore ${t()} level=info msg="Connecting to DB" dbtype=sqlite3`);
  p.advance(2500); // migrations of a new sqlite database
  p.log(`logger=migrator ${t()} level=info msg="migrations completed" performed=600 skipped=0 duration=2.4s`);
  p.allocate(120 * 1024 * 1024);
  serve(
    p,
    'grafana',
    300,
    [{ port, httpPaths: { '/': 302, '/login': 200, '/api/health': 200, '/metrics': 200, '*': 200 } }],
    [
      `logger=http.server ${t()} level=info msg="HTTP Server Listen" address=[::]:${port} protocol=http subUrl= socket=`,
    ],
  );
};

/** stress.c `atoll_b`: a number with an optional B/K/M/G suffix (powers of 1024). */
function stressBytes(text: string): number | string {
  const suffix = text.slice(-1);
  const shift = /[bB]/.test(suffix)
    ? 0
    : /[kK]/.test(suffix)
      ? 10
      : /[mM]/.test(suffix)
        ? 20
        : /[gG]/.test(suffix)
          ? 30
          : -1;
  if (shift < 0 && !/[0-9]/.test(suffix)) return `unrecognized suffix: ${suffix}`;
  const n = Number.parseInt(shift < 0 ? text : text.slice(0, -1), 10);
  if (!Number.isFinite(n)) return `invalid number: ${text}`;
  return n * 2 ** Math.max(shift, 0);
}

/** stress.c `atoll_s`: seconds with an optional s/m/h/d/y suffix. */
function stressSeconds(text: string): number | string {
  const factors: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, y: 31_536_000 };
  const suffix = text.slice(-1).toLowerCase();
  const factor = factors[suffix] ?? (/[0-9]/.test(suffix) ? 1 : undefined);
  if (factor === undefined) return `unrecognized suffix: ${text.slice(-1)}`;
  const n = Number.parseInt(factors[suffix] ? text.slice(0, -1) : text, 10);
  if (!Number.isFinite(n)) return `invalid number: ${text}`;
  return n * factor;
}

const STRESS_USAGE = [
  "`stress' imposes certain types of compute stress on your system",
  '',
  'Usage: stress [OPTION [ARG]] ...',
  ' -?, --help         show this help statement',
  '     --version      show version statement',
  ' -v, --verbose      be verbose',
  ' -q, --quiet        be quiet',
  ' -n, --dry-run      show what would have been done',
  ' -t, --timeout N    timeout after N seconds',
  '     --backoff N    wait factor of N microseconds before work starts',
  ' -c, --cpu N        spawn N workers spinning on sqrt()',
  ' -i, --io N         spawn N workers spinning on sync()',
  ' -m, --vm N         spawn N workers spinning on malloc()/free()',
  '     --vm-bytes B   malloc B bytes per vm worker (default is 256MB)',
  '     --vm-stride B  touch a byte every B bytes (default is 4096)',
  '     --vm-hang N    sleep N secs before free (default none, 0 is inf)',
  '     --vm-keep      redirty memory instead of freeing and reallocating',
  ' -d, --hdd N        spawn N workers spinning on write()/unlink()',
  '     --hdd-bytes B  write B bytes per hdd worker (default is 1GB)',
  '',
  'Example: stress --cpu 8 --io 4 --vm 2 --vm-bytes 128M --timeout 10s',
  '',
  'Note: Numbers may be suffixed with s,m,h,d,y (time) or B,K,M,G (size).',
];

/**
 * stress 1.0.4 (people.seas.harvard.edu/~apw/stress, stress.c). Each --vm worker mallocs --vm-bytes and touches
 * every page, so the container's memory reaches workers × bytes within moments of the start and stays there
 * (with or without --vm-hang: a worker frees only to allocate the same again).
 */
const stress: ProgramHandler = (argv, p) => {
  const info = (text: string) => p.log(`stress: info: [1] ${text}`);
  const fail = (text: string) => {
    p.log(`stress: FAIL: [1] ${text}`, 'stderr');
    return 1;
  };
  let cpu = 0;
  let io = 0;
  let vm = 0;
  let hdd = 0;
  let vmBytes = 256 * 1024 * 1024;
  let timeout = 0;
  const args = argv.slice(1);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const next = (): string | undefined => args[++i];
    if (a === '--help' || a === '-?') {
      for (const line of STRESS_USAGE) p.log(line);
      return 0;
    }
    if (a === '--version') {
      p.log('stress 1.0.4');
      return 0;
    }
    if (['-v', '--verbose', '-q', '--quiet', '-n', '--dry-run', '--vm-keep'].includes(a)) continue;
    const value = next();
    if (value === undefined) return fail(`missing argument to option '${a}'`);
    if (a === '-t' || a === '--timeout') {
      const n = stressSeconds(value);
      if (typeof n === 'string') return fail(n);
      timeout = n;
    } else if (a === '--vm-bytes') {
      const n = stressBytes(value);
      if (typeof n === 'string') return fail(n);
      if (n <= 0) return fail(`invalid vm byte value: ${n}`);
      vmBytes = n;
    } else if (['-c', '--cpu', '-i', '--io', '-m', '--vm', '-d', '--hdd'].includes(a)) {
      const n = Number.parseInt(value, 10);
      if (!Number.isFinite(n) || n < 0) return fail(`invalid number: ${value}`);
      if (a === '-c' || a === '--cpu') cpu = n;
      else if (a === '-i' || a === '--io') io = n;
      else if (a === '-m' || a === '--vm') vm = n;
      else hdd = n;
    } else if (!['--vm-stride', '--vm-hang', '--hdd-bytes', '--backoff'].includes(a))
      return fail(`unrecognized option: ${a}`);
  }
  if (cpu + io + vm + hdd === 0) {
    for (const line of STRESS_USAGE) p.log(line);
    return 0;
  }
  info(`dispatching hogs: ${cpu} cpu, ${io} io, ${vm} vm, ${hdd} hdd`);
  if (vm > 0) {
    // Touching every page runs at a few GB/s.
    p.advance(5 + Math.ceil((vm * vmBytes) / 3_000_000));
    p.allocate(vm * vmBytes);
  }
  if (timeout > 0) {
    p.advance(timeout * 1000);
    p.allocate(-vm * vmBytes);
    info(`successful run completed in ${timeout}s`);
    return 0;
  }
  throw new Halt('forever');
};

/** php:apache's `apache2-foreground` serving the HPA example's index.php. */
const apache2Foreground: ProgramHandler = (_argv, p) => {
  const ip = p.opts.podIP;
  const ah = `AH00558: apache2: Could not reliably determine the server's fully qualified domain name, using ${ip}. Set the 'ServerName' directive globally to suppress this message`;
  p.log(ah, 'stderr');
  p.log(ah, 'stderr');
  serve(
    p,
    'apache2',
    20,
    [{ port: 80, httpPaths: { '/': 200, '/index.php': 200, '*': 404 } }],
    [
      `[${ts.apache(p)}] [mpm_prefork:notice] [pid 1] AH00163: Apache/2.4.10 (Debian) PHP/5.6.40 configured -- resuming normal operations`,
      `[${ts.apache(p)}] [core:notice] [pid 1] AH00094: Command line: 'apache2 -D FOREGROUND'`,
    ],
  );
};

/**
 * The process of an image Podyssey does not know (images.ts assumes it): a server that runs until stopped,
 * listening on the container's declared ports from shortly after start, answering any path with 200.
 */
export function assumedServer(argv: string[], p: Proc): number {
  if (p.out.record) p.out.assumed = true;
  return serve(
    p,
    (argv[0] ?? 'app').split('/').pop() || 'app',
    500,
    p.img.exposedPorts.map((port) => ({ port, httpPaths: { '*': 200 } })),
  );
}

const nodeExporter: ProgramHandler = (argv, p) => {
  const port = portOf(flagValue(argv, ['--web.listen-address']), 9100);
  p.log(
    `time=${ts.iso(p, 'T')}.${ts.ms(p)}Z level=INFO source=tls_config.go:347 msg="Listening on" address=[::]:${port}`,
    'stderr',
  );
  serve(p, 'node_exporter', 50, [{ port, httpPaths: { '/': 200, '/metrics': 200, '*': 404 } }]);
};

// ---- clients -------------------------------------------------------------------------------------------------

/** How a local HTTP GET would go (curl/wget inside the pod). Remote hosts are not modelled: success. */
function localGet(
  p: Proc,
  url: string,
): { kind: 'remote' } | { kind: 'refused'; port: number } | { kind: 'status'; status: number } {
  const m = /^(?:https?:\/\/)?([^/:]+)(?::([0-9]+))?(\/[^?#]*)?/.exec(url);
  if (!m) return { kind: 'remote' };
  const host = m[1]!;
  const local =
    host === 'localhost' ||
    host === '127.0.0.1' ||
    host === '0.0.0.0' ||
    host === p.opts.podIP ||
    host === p.opts.hostname;
  if (!local) return { kind: 'remote' };
  const port = Number(m[2] ?? (url.startsWith('https') ? 443 : 80));
  const path = m[3] ?? '/';
  const listener = p.out.listens.find((l) => l.port === port && l.fromMs <= p.t);
  if (!listener) return { kind: 'refused', port };
  const httpStatus = listener.nonHttp ? 0 : statusFor(listener, path, p);
  return { kind: 'status', status: httpStatus };
}

function statusFor(l: Listener, path: string, p: Proc): number {
  const change = [...(l.httpChanges ?? [])].reverse().find((c) => c.path === path && c.atMs <= p.t);
  if (change) return change.status;
  if (l.httpPaths && path in l.httpPaths) return l.httpPaths[path]!;
  if (l.statusFromPath) {
    const m = /^\/status\/([0-9]{3})$/.exec(path);
    if (m) return Number(m[1]);
  }
  if (l.docRoot) {
    const full = `${l.docRoot.replace(/\/$/, '')}${path}`;
    if (p.isFile(full)) return 200;
    if (p.isDir(full))
      return p.isFile(`${full.replace(/\/$/, '')}/index.html`)
        ? 200
        : l.dirIndex === 'listing'
          ? 200
          : l.dirIndex === 'forbidden'
            ? 403
            : 404;
  }
  return l.httpPaths?.['*'] ?? 404;
}

const curl: ProgramHandler = (argv, p) => {
  const url = argv
    .slice(1)
    .find(
      (a, i, all) =>
        !a.startsWith('-') &&
        !['-o', '-H', '-X', '-d', '-m', '--max-time', '-w', '-u', '-A'].includes(all[i - 1] ?? ''),
    );
  if (!url) {
    p.log("curl: try 'curl --help' or 'curl --manual' for more information", 'stderr');
    return 2;
  }
  const fail = argv.some((a) => a === '-f' || a === '--fail' || /^-[a-zA-Z]*f[a-zA-Z]*$/.test(a));
  const r = localGet(p, url);
  if (r.kind === 'refused') {
    p.log(`curl: (7) Failed to connect to localhost port ${r.port} after 0 ms: Couldn't connect to server`, 'stderr');
    return 7;
  }
  if (r.kind === 'status' && r.status === 0) {
    p.log('curl: (1) Received HTTP/0.9 when not allowed', 'stderr');
    return 1;
  }
  if (r.kind === 'status' && r.status >= 400 && fail) {
    p.log(`curl: (22) The requested URL returned error: ${r.status}`, 'stderr');
    return 22;
  }
  p.advance(5);
  return 0;
};

const wget: ProgramHandler = (argv, p) => {
  const url = argv
    .slice(1)
    .find((a, i, all) => !a.startsWith('-') && !['-O', '-T', '--header', '-U'].includes(all[i - 1] ?? ''));
  if (!url) {
    p.log(
      p.img.coreutils === 'gnu' ? 'wget: missing URL' : 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.',
      'stderr',
    );
    return 1;
  }
  const r = localGet(p, url);
  if (r.kind === 'refused') {
    p.log(`wget: can't connect to remote host (127.0.0.1): Connection refused`, 'stderr');
    return 1;
  }
  if (r.kind === 'status' && r.status >= 400) {
    p.log(
      `wget: server returned error: HTTP/1.1 ${r.status} ${r.status === 404 ? 'Not Found' : r.status === 500 ? 'Internal Server Error' : 'Error'}`,
      'stderr',
    );
    return 1;
  }
  p.advance(5);
  return 0;
};

const nc: ProgramHandler = (argv, p) => {
  const listen = argv.some((a) => /^-[a-zA-Z]*l/.test(a));
  if (listen) {
    const port = Number(flagValue(argv, ['-p']) ?? argv.slice(1).find((a) => /^[0-9]+$/.test(a)) ?? 0);
    if (!port) return 1;
    // nc accepts the connection and never answers an HTTP request: the probe times out.
    serve(p, 'nc', 0, [{ port, nonHttp: 'timeout' }]);
  }
  if (argv.some((a) => /^-[a-zA-Z]*z/.test(a))) {
    const nums = argv
      .slice(1)
      .filter((a) => /^[0-9]+$/.test(a))
      .map(Number);
    const host = argv.slice(1).find((a) => !a.startsWith('-') && !/^[0-9]+$/.test(a)) ?? '';
    const local = ['localhost', '127.0.0.1', '0.0.0.0', p.opts.podIP].includes(host);
    return !local || nums.some((n) => p.out.listens.some((l) => l.port === n && l.fromMs <= p.t)) ? 0 : 1;
  }
  return 0;
};

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

const apk: ProgramHandler = (argv, p) => {
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

const aptGet: ProgramHandler = (argv, p) => {
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

const gosu: ProgramHandler = (argv, p, run) => run(argv.slice(2), p);

export const PROGRAMS: Record<string, ProgramHandler> = {
  'docker-entrypoint.sh': dockerEntrypoint,
  'entrypoint.sh': curlEntrypoint,
  // Two images ship a /run.sh: the echoserver's starts nginx, Grafana's starts `grafana server`.
  'run.sh': (argv, p, run) => (/grafana/.test(p.img.repository) ? grafanaRun : echoserverRun)(argv, p, run),
  grafana: grafanaRun,
  'grafana-server': grafanaRun,
  nginx,
  'nginx-debug': nginx,
  'httpd-foreground': apacheForeground,
  httpd,
  apachectl: () => 0,
  'redis-server': redisServer,
  'redis-cli': redisCli,
  postgres,
  pg_isready: pgIsready,
  mysqld,
  mysqladmin,
  mongod,
  'rabbitmq-server': rabbitmq,
  'rabbitmq-diagnostics': (_a, p) => (listeningAt(p, 5672) ? 0 : 69),
  rabbitmqctl: (_a, p) => (listeningAt(p, 5672) ? 0 : 69),
  memcached,
  caddy,
  haproxy,
  gunicorn,
  python,
  python3: python,
  pip: (_a, p) => {
    p.advance(2000);
    return 0;
  },
  pip3: (_a, p) => {
    p.advance(2000);
    return 0;
  },
  perl,
  'perl5.34.0': perl,
  node,
  npm,
  npx: npm,
  yarn: npm,
  go,
  pause,
  agnhost,
  server: livenessServer,
  goproxy,
  etcd,
  etcdctl,
  coredns,
  'kube-proxy': kubeProxy,
  kindnetd,
  'local-path-provisioner': localPathProvisioner,
  prometheus,
  node_exporter: nodeExporter,
  whoami,
  'http-echo': httpEcho,
  'hello-app': helloApp,
  stress,
  'apache2-foreground': apache2Foreground,
  curl,
  wget,
  nc,
  gosu,
  apk,
  'apt-get': aptGet,
  apt: aptGet,
};

export { statusFor };
