/** Clients inside the pod: curl, wget and nc against the container's own listeners (remote hosts answer). */
import type { Proc, ProgramHandler } from '../proc';
import { statusFor, flagValue, serve } from './serve';
import { networkNotModelled } from '../networkNotModelled';

/** How a local HTTP GET would go (curl/wget inside the pod). Remote hosts are not modelled: success. */
function localGet(
  p: Proc,
  url: string,
):
  | { kind: 'remote'; host: string }
  | { kind: 'refused'; port: number }
  | { kind: 'status'; status: number; body?: string } {
  const m = /^(?:https?:\/\/)?([^/:]+)(?::([0-9]+))?(\/[^?#]*)?/.exec(url);
  if (!m) return { kind: 'remote', host: url };
  const host = m[1]!;
  const local =
    host === 'localhost' ||
    host === '127.0.0.1' ||
    host === '0.0.0.0' ||
    host === p.opts.podIP ||
    host === p.opts.hostname;
  if (!local) return { kind: 'remote', host };
  const port = Number(m[2] ?? (url.startsWith('https') ? 443 : 80));
  const path = m[3] ?? '/';
  const listener = p.out.listens.find((l) => l.port === port && l.fromMs <= p.t);
  if (!listener) return { kind: 'refused', port };
  const httpStatus = listener.nonHttp ? 0 : statusFor(listener, path, p);
  // What a person at a terminal reads: a static file's content (nginx's welcome page), when the image holds it.
  const file =
    listener.docRoot && `${listener.docRoot.replace(/\/$/, '')}${path.endsWith('/') ? `${path}index.html` : path}`;
  const body = httpStatus !== 200 ? undefined : (listener.bodies?.[path] ?? (file ? p.fs.get(file) : undefined));
  return { kind: 'status', status: httpStatus, ...(body ? { body } : {}) };
}

function printBody(p: Proc, body: string | undefined): void {
  if (p.session && body) for (const line of body.replace(/\n$/, '').split('\n')) p.emit(1, line);
}

export const curl: ProgramHandler = (argv, p) => {
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
  if (r.kind === 'remote' && p.session) return networkNotModelled(p, 'curl', r.host);
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
  if (r.kind === 'status') printBody(p, r.body);
  p.advance(5);
  return 0;
};

export const wget: ProgramHandler = (argv, p) => {
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
  if (r.kind === 'remote' && p.session) return networkNotModelled(p, 'wget', r.host);
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
  // `-qO-` / `-O -` write the body to stdout.
  if (r.kind === 'status' && argv.some((a, i) => /^-[a-zA-Z]*O-$/.test(a) || (a === '-O' && argv[i + 1] === '-')))
    printBody(p, r.body);
  p.advance(5);
  return 0;
};

export const nc: ProgramHandler = (argv, p) => {
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

/** nslookup/dig: a DNS query to CoreDNS, which only `kubectl exec` asks for (and which is not simulated yet). */
export function lookupClient(tool: string): ProgramHandler {
  return (argv, p) => {
    const name = argv.slice(1).find((a) => !a.startsWith('-') && !a.startsWith('+')) ?? '';
    return p.session ? networkNotModelled(p, tool, name) : 0;
  };
}
