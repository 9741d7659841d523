/** Kubernetes' test images (pause, agnhost, the docs' liveness server, goproxy), etcd, and kind's add-ons. */
import { Halt, type Proc, type ProgramHandler } from '../proc';
import { flagValue, ts, serve, version, portOf } from './serve';

// ---- Kubernetes test images ----------------------------------------------------------------------------------

export const pause: ProgramHandler = () => {
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

export const livenessServer: ProgramHandler = (_argv, p) => livenessListener(p, 'server');

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

export const agnhost: ProgramHandler = (argv, p) => {
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

export const goproxy: ProgramHandler = (_argv, p) => serve(p, 'goproxy', 5, [{ port: 8080, httpPaths: { '*': 500 } }]);

export const etcd: ProgramHandler = (argv, p) => {
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

export const etcdctl: ProgramHandler = (_argv, p) => {
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
export const coredns: ProgramHandler = (_argv, p) => {
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
export const kubeProxy: ProgramHandler = (_argv, p) => {
  p.log(`I0602 ${ts.go(p).slice(11)}.000000       1 server_linux.go:66] "Using iptables proxy"`, 'stderr');
  serve(p, 'kube-proxy', 60, [
    { port: 10249, localOnly: true, httpPaths: { '/metrics': 200, '/healthz': 200, '*': 404 } },
    { port: 10256, httpPaths: { '/healthz': 200, '/livez': 200, '*': 404 } },
  ]);
};

/** kindnetd: no listener, it reconciles routes and the CNI config forever. */
export const kindnetd: ProgramHandler = (_argv, p) => {
  p.log(
    `I0602 ${ts.go(p).slice(11)}.000000       1 main.go:109] connected to apiserver: https://kind-control-plane:6443`,
    'stderr',
  );
  throw new Halt('forever');
};

/** local-path-provisioner: a controller with no listener. */
export const localPathProvisioner: ProgramHandler = (_argv, p) => {
  p.log(`time="${ts.iso(p, 'T')}Z" level=info msg="Starting provisioner controller"`, 'stderr');
  throw new Halt('forever');
};
