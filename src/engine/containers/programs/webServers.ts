/** Web servers, proxies and app servers: nginx, Apache httpd (and php:apache), the echoserver, caddy, haproxy, gunicorn. */
import { Halt, type ProgramHandler } from '../proc';
import { version, ts, flagValue, serve, portOf } from './serve';

// ---- web servers ---------------------------------------------------------------------------------------------

export const nginx: ProgramHandler = (argv, p) => {
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

export const echoserverRun: ProgramHandler = (_argv, p) => {
  p.log('Generating self-signed cert');
  p.log('Generating a 2048 bit RSA private key');
  p.log("writing new private key to '/certs/privateKey.key'");
  p.log('Starting nginx');
  serve(p, 'nginx', 200, [{ port: 8080, httpPaths: { '*': 200 } }]);
};

export const apacheForeground: ProgramHandler = (_argv, p) => {
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

export const httpd: ProgramHandler = (argv, p, run) => {
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

/** php:apache's `apache2-foreground` serving the HPA example's index.php. */
export const apache2Foreground: ProgramHandler = (_argv, p) => {
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

// ---- proxies and app servers ---------------------------------------------------------------------------------

export const caddy: ProgramHandler = (argv, p) => {
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

export const haproxy: ProgramHandler = (argv, p) => {
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

export const gunicorn: ProgramHandler = (argv, p) => {
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
