/**
 * Behaviour of the programs the catalog images ship (servers, entrypoint scripts, clients), as far as a
 * Kubernetes learner can observe it: which ports they listen on and from when, how they answer an HTTP GET
 * (for probes), what they log, and when and how they exit. Each family has its own file here; PROGRAMS below
 * finds them by name.
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
import type { ProgramHandler } from '../proc';
import { perl } from './perl';
import { listeningAt } from './serve';
import { dockerEntrypoint, curlEntrypoint } from './entrypoints';
import { grafanaRun, prometheus, nodeExporter, whoami, httpEcho, helloApp } from './goServers';
import {
  echoserverRun,
  nginx,
  apacheForeground,
  httpd,
  caddy,
  haproxy,
  gunicorn,
  apache2Foreground,
} from './webServers';
import {
  redisServer,
  redisCli,
  postgres,
  pgIsready,
  mysqld,
  mysqladmin,
  mariadbd,
  mariadbAdmin,
  mongod,
  rabbitmq,
  memcached,
} from './dataStores';
import { python } from './python';
import { node, npm } from './node';
import { go } from './go';
import {
  pause,
  agnhost,
  livenessServer,
  goproxy,
  etcd,
  etcdctl,
  coredns,
  kubeProxy,
  kindnetd,
  localPathProvisioner,
} from './kubernetes';
import { stress } from './stress';
import { curl, wget, nc, lookupClient } from './clients';
import { apk, aptGet } from './packages';

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
  // In the mariadb image mysqld and mysqladmin are links to MariaDB's own programs.
  mysqld: (argv, p, run) => (/mariadb/.test(p.img.repository) ? mariadbd : mysqld)(argv, p, run),
  mysqladmin: (argv, p, run) => (/mariadb/.test(p.img.repository) ? mariadbAdmin : mysqladmin)(argv, p, run),
  mariadbd,
  'mariadb-admin': mariadbAdmin,
  'healthcheck.sh': mariadbAdmin,
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
  nslookup: lookupClient('nslookup'),
  dig: lookupClient('dig'),
  gosu,
  apk,
  'apt-get': aptGet,
  apt: aptGet,
};
