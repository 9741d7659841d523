/** Data stores and their clients: redis, postgres, mysql, mongo, rabbitmq, memcached. */
import type { Listener, ProgramHandler } from '../proc';
import { version, ts, flagValue, serve, listeningAt } from './serve';

export const redisServer: ProgramHandler = (argv, p) => {
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

export const redisCli: ProgramHandler = (argv, p) => {
  const port = Number(flagValue(argv, ['-p']) ?? 6379) || 6379;
  if (!listeningAt(p, port)) {
    p.log(`Could not connect to Redis at 127.0.0.1:${port}: Connection refused`, 'stderr');
    return 1;
  }
  if (argv.some((a) => a.toLowerCase() === 'ping')) p.log('PONG');
  return 0;
};

export const postgres: ProgramHandler = (argv, p) => {
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

export const pgIsready: ProgramHandler = (argv, p) => {
  const port = Number(flagValue(argv, ['-p']) ?? 5432) || 5432;
  if (listeningAt(p, port)) {
    p.log(`/var/run/postgresql:${port} - accepting connections`);
    return 0;
  }
  p.log(`/var/run/postgresql:${port} - no response`);
  return 2;
};

export const mysqld: ProgramHandler = (argv, p) => {
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

export const mysqladmin: ProgramHandler = (argv, p) => {
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

/**
 * MariaDB's `mariadbd` (`mysqld` is a link to it in the mariadb image) behind MariaDB/mariadb-docker's
 * docker-entrypoint.sh: docker_setup_env reads each MARIADB_* variable or its MYSQL_* alias, and
 * docker_verify_minimum_env refuses to initialise without a root password option (its mysql_error text, exit 1).
 */
export const mariadbd: ProgramHandler = (argv, p) => {
  const v = version(p, '11.4.4');
  const stamp = () => `${ts.iso(p)}+00:00`;
  const env = (name: string) => p.env.get(`MARIADB_${name}`) || p.env.get(`MYSQL_${name}`);
  if (argv.includes('--version') || argv.includes('-V')) {
    p.log(`mariadbd  Ver ${v}-MariaDB-ubu2404 for debian-linux-gnu on x86_64 (mariadb.org binary distribution)`);
    return 0;
  }
  if (!p.viaEntrypoint) {
    p.log(
      `${ts.iso(p)} 0 [ERROR] mariadbd: Please consult the Knowledge Base to find out how to run mysqld as root!`,
      'stderr',
    );
    p.log(`${ts.iso(p)} 0 [ERROR] Aborting`, 'stderr');
    return 1;
  }
  const started = `${stamp()} [Note] [Entrypoint]: Entrypoint script for MariaDB Server 1:${v}+maria~ubu2404 started.`;
  p.log(started);
  p.log(`${stamp()} [Note] [Entrypoint]: Switching to dedicated user 'mysql'`);
  p.log(started);
  const password = ['ROOT_PASSWORD', 'ROOT_PASSWORD_HASH', 'ALLOW_EMPTY_ROOT_PASSWORD', 'RANDOM_ROOT_PASSWORD'].some(
    (k) => env(k),
  );
  if (!password) {
    p.advance(30);
    p.log(`${stamp()} [ERROR] [Entrypoint]: Database is uninitialized and password option is not specified`, 'stderr');
    p.log(
      '\tYou need to specify one of MARIADB_ROOT_PASSWORD, MARIADB_ROOT_PASSWORD_HASH, MARIADB_ALLOW_EMPTY_ROOT_PASSWORD and MARIADB_RANDOM_ROOT_PASSWORD',
      'stderr',
    );
    return 1;
  }
  p.log(`${stamp()} [Note] [Entrypoint]: Initializing database files`);
  p.advance(4_000);
  p.log(`${stamp()} [Note] [Entrypoint]: Database files initialized`);
  p.log(`${stamp()} [Note] [Entrypoint]: MariaDB init process done. Ready for start up.`);
  serve(
    p,
    'mariadbd',
    2000,
    [{ port: 3306, nonHttp: 'EOF' }],
    [
      `${ts.iso(p)} 0 [Note] mariadbd: ready for connections.`,
      `Version: '${v}-MariaDB-ubu2404'  socket: '/run/mysqld/mysqld.sock'  port: 3306  mariadb.org binary distribution`,
    ],
  );
};

/** `mariadb-admin ping` and the image's `healthcheck.sh` (--connect, --innodb_initialized): is mariadbd up? */
export const mariadbAdmin: ProgramHandler = (argv, p) => {
  if (listeningAt(p, 3306)) {
    if (argv.includes('ping')) p.log('mysqld is alive');
    return 0;
  }
  if (argv.includes('ping')) {
    p.log("mariadb-admin: connect to server at 'localhost' failed", 'stderr');
    p.log("error: 'Can't connect to local server through socket '/run/mysqld/mysqld.sock' (2)'", 'stderr');
    p.log("Check that mariadbd is running and that the socket: '/run/mysqld/mysqld.sock' exists!", 'stderr');
  }
  return 1;
};

export const mongod: ProgramHandler = (argv, p) => {
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

export const rabbitmq: ProgramHandler = (_argv, p) => {
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

export const memcached: ProgramHandler = (argv, p) => {
  const port = Number(flagValue(argv, ['-p', '--port']) ?? 11211) || 11211;
  serve(p, 'memcached', 10, [
    { port, nonHttp: 'net/http: HTTP/1.x transport connection broken: malformed HTTP response "ERROR"' },
  ]);
};
