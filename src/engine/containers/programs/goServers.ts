/** Small Go servers: http-echo, whoami, hello-app, Prometheus and its node exporter, Grafana. */
import type { ProgramHandler } from '../proc';
import { flagValue, version, portOf, ts, serve } from './serve';

export const httpEcho: ProgramHandler = (argv, p) => {
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

export const whoami: ProgramHandler = (argv, p) => {
  const port = Number(flagValue(argv, ['--port', '-port']) ?? p.env.get('WHOAMI_PORT_NUMBER') ?? 80) || 80;
  p.log(`${ts.go(p)} Starting up on port ${port}`);
  serve(p, 'whoami', 5, [{ port, httpPaths: { '*': 200 } }]);
};

export const helloApp: ProgramHandler = (_argv, p) => {
  const port = Number(p.env.get('PORT') ?? 8080) || 8080;
  p.log(`${ts.go(p)} Server listening on port ${port}`);
  serve(p, 'hello-app', 5, [{ port, httpPaths: { '*': 200 } }]);
};

export const prometheus: ProgramHandler = (argv, p) => {
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
export const grafanaRun: ProgramHandler = (_argv, p) => {
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

export const nodeExporter: ProgramHandler = (argv, p) => {
  const port = portOf(flagValue(argv, ['--web.listen-address']), 9100);
  p.log(
    `time=${ts.iso(p, 'T')}.${ts.ms(p)}Z level=INFO source=tls_config.go:347 msg="Listening on" address=[::]:${port}`,
    'stderr',
  );
  serve(p, 'node_exporter', 50, [{ port, httpPaths: { '/': 200, '/metrics': 200, '*': 404 } }]);
};
