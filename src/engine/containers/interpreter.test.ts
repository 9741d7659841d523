import { describe, it, expect } from 'vitest';
import {
  containerProgram,
  expandKubernetesVars,
  fileStateAt,
  isRunningAt,
  logsUntil,
  probeHttp,
  probeTcp,
  runExecProbe,
  type ContainerSpec,
  type Program,
} from './interpreter';
import { resolvedImage } from '../testing/images';

const IP = '10.244.1.5';

function run(ref: string, spec: Omit<ContainerSpec, 'image'> = {}, opts = {}): Program {
  return containerProgram({ image: ref, ...spec }, resolvedImage(ref), { podIP: IP, hostname: 'web-0', ...opts });
}

function sh(ref: string, script: string, extra: Omit<ContainerSpec, 'image'> = {}): Program {
  return run(ref, { command: ['sh', '-c', script], ...extra });
}

const logs = (p: Program) => p.timeline.filter((e) => e.op === 'log').map((e) => e.text);

describe('Kubernetes docs probe examples', () => {
  it('liveness-exec (busybox: touch, sleep 30, rm, sleep 600) behaves as documented', () => {
    const p = run('registry.k8s.io/busybox', {
      args: ['/bin/sh', '-c', 'touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600'],
    });
    expect(p.timeline).toEqual([
      { atMs: 0, op: 'touch', path: '/tmp/healthy' },
      { atMs: 30_000, op: 'rm', path: '/tmp/healthy' },
      { atMs: 630_000, op: 'exit', code: 0 },
    ]);
    expect(p.runsForever).toBe(false);
    // initialDelaySeconds 5, periodSeconds 5: probes pass until 30 s, then fail with busybox's cat message.
    for (const t of [5_000, 10_000, 25_000])
      expect(runExecProbe(['cat', '/tmp/healthy'], fileStateAt(p, t), { program: p, tMs: t })).toEqual({
        exitCode: 0,
        output: '',
      });
    for (const t of [35_000, 40_000, 45_000])
      expect(runExecProbe(['cat', '/tmp/healthy'], fileStateAt(p, t), { program: p, tMs: t })).toEqual({
        exitCode: 1,
        output: "cat: can't open '/tmp/healthy': No such file or directory",
      });
    // Also without a program context (default busybox wording).
    expect(runExecProbe(['cat', '/tmp/healthy'], fileStateAt(p, 35_000))).toMatchObject({ exitCode: 1 });
  });

  it('uses GNU wording for Debian-based images', () => {
    const p = sh('nginx', 'touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600');
    expect(runExecProbe(['cat', '/tmp/healthy'], fileStateAt(p, 31_000), { program: p, tMs: 31_000 })).toEqual({
      exitCode: 1,
      output: 'cat: /tmp/healthy: No such file or directory',
    });
    expect(runExecProbe(['cat', '/tmp/healthy'], new Set(), 'gnu').output).toBe(
      'cat: /tmp/healthy: No such file or directory',
    );
    expect(runExecProbe(['cat', '/tmp/healthy'], new Set(), resolvedImage('nginx')).output).toBe(
      'cat: /tmp/healthy: No such file or directory',
    );
    expect(runExecProbe(['cat', '/tmp/healthy'], new Set(), resolvedImage('busybox')).output).toBe(
      "cat: can't open '/tmp/healthy': No such file or directory",
    );
  });

  it('liveness-http (registry.k8s.io/liveness /server): /healthz 200 for 10 s, then 500', () => {
    const p = run('registry.k8s.io/liveness', { args: ['/server'] });
    expect(p.runsForever).toBe(true);
    expect(probeHttp(p, 3_000, 8080, '/healthz', IP)).toMatchObject({ ok: true, status: 200 });
    expect(probeHttp(p, 9_999, 8080, '/healthz', IP).ok).toBe(true);
    expect(probeHttp(p, 12_000, 8080, '/healthz', IP)).toEqual({
      ok: false,
      status: 500,
      output: 'HTTP probe failed with statuscode: 500',
    });
  });

  it('liveness-http with agnhost liveness (current docs) behaves the same', () => {
    const p = run('registry.k8s.io/e2e-test-images/agnhost:2.40', { args: ['liveness'] });
    expect(probeHttp(p, 3_000, 8080, '/healthz', IP).ok).toBe(true);
    expect(probeHttp(p, 11_000, 8080, '/healthz', IP).output).toBe('HTTP probe failed with statuscode: 500');
  });

  it('tcp-liveness-readiness (goproxy on 8080)', () => {
    const p = run('registry.k8s.io/goproxy:0.1');
    expect(probeTcp(p, 15_000, 8080, IP)).toEqual({ ok: true, output: '' });
    expect(probeTcp(p, 15_000, 8081, IP)).toEqual({
      ok: false,
      output: 'dial tcp 10.244.1.5:8081: connect: connection refused',
    });
  });
});

describe('image defaults and overrides', () => {
  it('nginx listens on 80 and serves its html root', () => {
    const p = run('nginx:1.27-alpine');
    expect(p.runsForever).toBe(true);
    expect(p.listens.map((l) => l.port)).toEqual([80]);
    expect(probeHttp(p, 1000, 80, '/', IP)).toMatchObject({ ok: true, status: 200 });
    expect(probeHttp(p, 1000, 80, '/index.html', IP).ok).toBe(true);
    expect(probeHttp(p, 1000, 80, '/healthz', IP)).toEqual({
      ok: false,
      status: 404,
      output: 'HTTP probe failed with statuscode: 404',
    });
    expect(probeHttp(p, 1000, 8080, '/', IP)).toEqual({
      ok: false,
      output: 'Get "http://10.244.1.5:8080/": dial tcp 10.244.1.5:8080: connect: connection refused',
    });
    expect(probeHttp(p, 0, 80, '/', IP).ok).toBe(false); // not bound yet at t=0
    expect(logs(p)[0]).toBe(
      '/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration',
    );
  });

  it('command: ["sh","-c","exit 1"] replaces ENTRYPOINT+CMD and exits 1 at once', () => {
    const p = sh('nginx', 'exit 1');
    expect(p.argv).toEqual(['sh', '-c', 'exit 1']);
    expect(p.timeline).toEqual([{ atMs: 0, op: 'exit', code: 1 }]);
    expect(p.listens).toEqual([]);
    expect(isRunningAt(p, 0)).toBe(false);
  });

  it('args replace only CMD: the entrypoint still runs', () => {
    const p = run('nginx', { args: ['sh', '-c', 'exit 3'] });
    expect(p.argv).toEqual(['/docker-entrypoint.sh', 'sh', '-c', 'exit 3']);
    expect(p.exitCode).toBe(3);
    const b = run('busybox', { args: ['sleep', '10'] });
    expect(b.argv).toEqual(['sleep', '10']);
    expect(b.timeline).toEqual([{ atMs: 10_000, op: 'exit', code: 0 }]);
    expect(run('busybox', { command: [], args: [] }).argv).toEqual(['sh']);
  });

  it('busybox with no command: sh without a TTY exits 0 at once; with stdin it waits', () => {
    const p = run('busybox');
    expect(p.timeline).toEqual([{ atMs: 0, op: 'exit', code: 0 }]);
    expect(run('busybox', { stdin: true, tty: true }).runsForever).toBe(true);
    expect(run('python:3.12').exitCode).toBe(0);
    expect(run('node:20-alpine').exitCode).toBe(0);
    expect(run('golang:1.23').exitCode).toBe(0);
    expect(run('ubuntu').exitCode).toBe(0);
  });

  it('fails to start an unknown binary with the runc text', () => {
    const p = run('nginx', { command: ['foo'] });
    expect(p.startError).toEqual({
      reason: 'StartError',
      exitCode: 128,
      message:
        'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "foo": executable file not found in $PATH: unknown',
    });
    expect(run('nginx', { command: ['/app/server'] }).startError?.message).toContain(
      'exec: "/app/server": stat /app/server: no such file or directory: unknown',
    );
    // Distroless/scratch images have no shell at all.
    expect(run('hashicorp/http-echo', { command: ['sh', '-c', 'echo hi'] }).startError?.message).toContain(
      'exec: "sh": executable file not found in $PATH',
    );
    expect(run('alpine', { command: ['bash', '-c', 'echo hi'] }).startError?.reason).toBe('StartError');
    expect(probeTcp(run('nginx', { command: ['foo'] }), 1000, 80, IP).ok).toBe(false);
  });

  it("reports unknown commands inside a shell in that shell's words (exit 127)", () => {
    expect(sh('busybox', 'foo')).toMatchObject({
      exitCode: 127,
      timeline: [
        { op: 'log', text: 'sh: foo: not found' },
        { op: 'exit', code: 127 },
      ],
    });
    expect(logs(sh('nginx', 'foo'))).toEqual(['sh: 1: foo: not found']);
    expect(logs(run('nginx', { command: ['bash', '-c', 'foo'] }))).toEqual(['bash: line 1: foo: command not found']);
    expect(logs(run('busybox', { command: ['/bin/sh', '-c', 'echo a; foo'] }))).toEqual([
      'a',
      '/bin/sh: foo: not found',
    ]);
  });

  it('expands $(VAR) in command/args from the container env', () => {
    const p = run('hashicorp/http-echo', {
      args: ['-listen=:$(PORT)', '-text=$(MSG)', '$$(MSG)'],
      env: [
        { name: 'PORT', value: '8080' },
        { name: 'MSG', value: 'hi' },
      ],
    });
    expect(p.argv).toEqual(['/http-echo', '-listen=:8080', '-text=hi', '$(MSG)']);
    expect(p.listens[0]!.port).toBe(8080);
    expect(expandKubernetesVars('$(A)-$(B)-$$(A)', { A: '1' })).toBe('1-$(B)-$(A)');
  });
});

describe('shell semantics', () => {
  it('sleep, infinity, tail -f and loops', () => {
    expect(sh('busybox', 'sleep 2.5').exitAtMs).toBe(2500);
    expect(sh('busybox', 'sleep 1m').exitAtMs).toBe(60_000);
    expect(sh('busybox', 'sleep infinity').runsForever).toBe(true);
    expect(sh('busybox', 'tail -f /dev/null').runsForever).toBe(true);
    expect(sh('nginx', 'sleep 3600').exitAtMs).toBe(3_600_000);
    const loop = sh('busybox', 'while true; do echo hello; sleep 5; done');
    expect(loop.runsForever).toBe(true);
    expect(logsUntil(loop, 12_000)).toEqual(['hello', 'hello', 'hello']);
    expect(sh('busybox', 'while :; do :; done').runsForever).toBe(true);
    expect(logs(sh('busybox', 'sleep abc'))).toEqual(["sleep: invalid number 'abc'"]);
    expect(logs(sh('debian', 'sleep abc'))).toEqual([
      "sleep: invalid time interval 'abc'",
      "Try 'sleep --help' for more information.",
    ]);
  });

  it('exit codes, true/false, && || ;', () => {
    expect(sh('busybox', 'exit 42').exitCode).toBe(42);
    expect(sh('busybox', 'exit 256').exitCode).toBe(0);
    expect(sh('busybox', 'exit -1').exitCode).toBe(255);
    expect(sh('busybox', 'true').exitCode).toBe(0);
    expect(sh('busybox', 'false').exitCode).toBe(1);
    expect(logs(sh('busybox', 'false && echo no || echo yes'))).toEqual(['yes']);
    expect(sh('busybox', 'true && exit 7; exit 8').exitCode).toBe(7);
    expect(sh('busybox', 'set -e; false; echo unreachable')).toMatchObject({ exitCode: 1 });
    expect(sh('busybox', 'if [ -f /nope ]; then exit 1; else exit 2; fi').exitCode).toBe(2);
    expect(sh('busybox', 'exit foo').exitCode).toBe(2);
  });

  it('variables, arithmetic, for loops, command substitution', () => {
    expect(logs(sh('busybox', 'i=0; while [ $i -lt 3 ]; do i=$((i+1)); echo "n=$i"; done'))).toEqual([
      'n=1',
      'n=2',
      'n=3',
    ]);
    expect(logs(sh('busybox', 'for x in a b; do echo $x; done'))).toEqual(['a', 'b']);
    expect(logs(sh('busybox', 'echo "host=$(hostname) ${MISSING:-dflt}"'))).toEqual(['host=web-0 dflt']);
    expect(logs(sh('busybox', 'echo $GREETING', { env: [{ name: 'GREETING', value: 'hi there' }] }))).toEqual([
      'hi there',
    ]);
    expect(logs(sh('busybox', 'echo "$0 $1"', { command: ['sh', '-c', 'echo "$0 $1"', 'me', 'arg'] }))).toEqual([
      'me arg',
    ]);
  });

  it('files: touch/rm/mkdir/cat/echo redirection', () => {
    const p = sh(
      'busybox',
      'mkdir -p /data/x && echo ready > /data/x/state; sleep 1; cat /data/x/state; rm -rf /data; sleep 1',
    );
    expect(fileStateAt(p, 500).has('/data/x/state')).toBe(true);
    expect(fileStateAt(p, 500).has('/data/x/')).toBe(true);
    expect(fileStateAt(p, 1500).has('/data/x/state')).toBe(false);
    expect(logs(p)).toEqual(['ready']);
    expect(runExecProbe(['cat', '/data/x/state'], fileStateAt(p, 500), { program: p, tMs: 500 })).toEqual({
      exitCode: 0,
      output: 'ready',
    });
    expect(logs(sh('busybox', 'echo hi > /nodir/file'))).toEqual([
      "sh: can't create /nodir/file: nonexistent directory",
    ]);
    expect(logs(sh('nginx', 'echo hi > /nodir/file'))).toEqual([
      'sh: 1: cannot create /nodir/file: Directory nonexistent',
    ]);
    expect(logs(sh('busybox', 'rm /tmp/none'))).toEqual(["rm: can't remove '/tmp/none': No such file or directory"]);
    expect(logs(sh('nginx', 'rm /tmp/none'))).toEqual(["rm: cannot remove '/tmp/none': No such file or directory"]);
    expect(logs(sh('busybox', 'echo out 2>&1 >/dev/null; echo shown'))).toEqual(['shown']);
  });

  it("prints syntax errors in the shell's own words", () => {
    expect(sh('busybox', "echo 'oops")).toMatchObject({
      exitCode: 2,
      timeline: [{ text: 'sh: syntax error: unterminated quoted string' }, { op: 'exit' }],
    });
    expect(logs(sh('nginx', 'while true; do echo'))).toEqual([
      'sh: 1: Syntax error: end of file unexpected (expecting "done")',
    ]);
  });

  it('background jobs and wait', () => {
    const p = sh('nginx', "nginx -g 'daemon off;' & sleep 5; exit 2");
    expect(p.exitAtMs).toBe(5000);
    expect(probeHttp(p, 1000, 80, '/', IP).ok).toBe(true);
    expect(probeHttp(p, 6000, 80, '/', IP).ok).toBe(false);
    expect(sh('busybox', 'sleep 100 & wait').exitAtMs).toBe(100_000);
    expect(sh('busybox', 'sleep infinity & wait').runsForever).toBe(true);
  });
});

describe('programs', () => {
  it('python -m http.server, nginx daemon off, http-echo, agnhost netexec', () => {
    const py = run('python:3.12-slim', { command: ['python', '-m', 'http.server', '8080'] });
    expect(py.listens.map((l) => l.port)).toEqual([8080]);
    expect(probeHttp(py, 1000, 8080, '/', IP).ok).toBe(true);
    const ng = run('nginx', { command: ['nginx', '-g', 'daemon off;'] });
    expect(ng.listens.map((l) => l.port)).toEqual([80]);
    expect(logs(ng).some((l) => l?.includes('docker-entrypoint'))).toBe(false);
    expect(run('nginx', { command: ['nginx'] })).toMatchObject({ exitCode: 0, runsForever: false });
    const echo = run('hashicorp/http-echo', { args: ['-listen=:5678', '-text=hello'] });
    expect(probeHttp(echo, 500, 5678, '/anything', IP).ok).toBe(true);
    const ag = run('registry.k8s.io/e2e-test-images/agnhost:2.53', { args: ['netexec', '--http-port=8080'] });
    expect(probeHttp(ag, 500, 8080, '/healthz', IP).ok).toBe(true);
    expect(probeHttp(ag, 500, 8080, '/nope', IP).status).toBe(404);
    expect(run('registry.k8s.io/e2e-test-images/agnhost:2.53', { args: ['bogus'] }).exitCode).toBe(1);
    expect(run('registry.k8s.io/e2e-test-images/agnhost:2.53').runsForever).toBe(true);
  });

  it('databases: env checks, start-up delays, non-HTTP answers', () => {
    const pgBad = run('postgres:16');
    expect(pgBad.exitCode).toBe(1);
    const pg = run('postgres:16', { env: [{ name: 'POSTGRES_PASSWORD', value: 's3cret' }] });
    expect(pg.runsForever).toBe(true);
    expect(probeTcp(pg, 1000, 5432, IP).ok).toBe(false);
    expect(probeTcp(pg, 5000, 5432, IP).ok).toBe(true);
    expect(probeHttp(pg, 5000, 5432, '/', IP).output).toBe('Get "http://10.244.1.5:5432/": EOF');
    expect(runExecProbe(['pg_isready'], fileStateAt(pg, 5000), { program: pg, tMs: 5000 }).exitCode).toBe(0);
    expect(runExecProbe(['pg_isready'], fileStateAt(pg, 100), { program: pg, tMs: 100 }).exitCode).toBe(2);
    const secretRef = run('postgres:16', {
      env: [{ name: 'POSTGRES_PASSWORD', valueFrom: { secretKeyRef: { name: 'db', key: 'pw' } } }],
    });
    expect(secretRef.runsForever).toBe(true);
    expect(run('postgres:16', { command: ['postgres'] }).exitCode).toBe(1);
    const my = run('mysql:8.4');
    expect(my.exitCode).toBe(1);
    expect(logs(my)).toContain('    - MYSQL_ROOT_PASSWORD');
    const myOk = run('mysql:8.4', { env: [{ name: 'MYSQL_ROOT_PASSWORD', value: 'x' }] });
    expect(probeTcp(myOk, 10_000, 3306, IP).ok).toBe(false);
    expect(probeTcp(myOk, 20_000, 3306, IP).ok).toBe(true);
    const redis = run('redis:7-alpine');
    expect(probeTcp(redis, 100, 6379, IP).ok).toBe(true);
    expect(probeHttp(redis, 100, 6379, '/', IP).output).toContain('malformed HTTP response');
    expect(runExecProbe(['redis-cli', 'ping'], fileStateAt(redis, 100), { program: redis, tMs: 100 })).toEqual({
      exitCode: 0,
      output: 'PONG',
    });
    expect(run('haproxy').exitCode).toBe(1);
  });
});

describe('exec probes', () => {
  const files = new Set(['/tmp/ready', '/etc/']);
  it('supports cat, test, ls, true/false and sh -c', () => {
    expect(runExecProbe(['test', '-f', '/tmp/ready'], files).exitCode).toBe(0);
    expect(runExecProbe(['test', '-f', '/tmp/nope'], files).exitCode).toBe(1);
    expect(runExecProbe(['test', '-d', '/etc'], files).exitCode).toBe(0);
    expect(runExecProbe(['ls', '/tmp/ready'], files)).toEqual({ exitCode: 0, output: '/tmp/ready' });
    expect(runExecProbe(['ls', '/tmp/nope'], files)).toEqual({
      exitCode: 1,
      output: 'ls: /tmp/nope: No such file or directory',
    });
    expect(runExecProbe(['ls', '/tmp/nope'], files, 'gnu')).toEqual({
      exitCode: 2,
      output: "ls: cannot access '/tmp/nope': No such file or directory",
    });
    expect(runExecProbe(['true'], files).exitCode).toBe(0);
    expect(runExecProbe(['false'], files).exitCode).toBe(1);
    expect(runExecProbe(['sh', '-c', '[ -f /tmp/ready ] && echo ok'], files)).toEqual({ exitCode: 0, output: 'ok' });
    expect(runExecProbe(['sh', '-c', 'cat /tmp/nope || exit 3'], files)).toEqual({
      exitCode: 3,
      output: "cat: can't open '/tmp/nope': No such file or directory",
    });
    expect(runExecProbe(['/bin/sh', '-c', 'exit 0'], files).exitCode).toBe(0);
  });
  it('times out and errors like the kubelet', () => {
    expect(runExecProbe(['sleep', '5'], files, { timeoutSeconds: 1 })).toEqual({
      exitCode: 1,
      timedOut: true,
      output: 'command "sleep 5" timed out',
    });
    expect(runExecProbe(['sleep', '0.5'], files).exitCode).toBe(0);
    const missing = runExecProbe(['curl', '-f', 'http://localhost/'], files, resolvedImage('busybox'));
    expect(missing.errored).toBe(true);
    expect(missing.output).toMatch(
      /^rpc error: code = Unknown desc = failed to exec in container: failed to start exec "[0-9a-f]{64}": OCI runtime exec failed: exec failed: unable to start container process: exec: "curl": executable file not found in \$PATH: unknown$/,
    );
  });
  it('can curl the container itself', () => {
    const p = run('nginx');
    expect(
      runExecProbe(['curl', '-f', 'http://localhost/'], fileStateAt(p, 1000), { program: p, tMs: 1000 }).exitCode,
    ).toBe(0);
    expect(
      runExecProbe(['curl', '-f', 'http://localhost/healthz'], fileStateAt(p, 1000), { program: p, tMs: 1000 }),
    ).toEqual({
      exitCode: 22,
      output: 'curl: (22) The requested URL returned error: 404',
    });
    expect(
      runExecProbe(['curl', '-f', 'http://localhost:8080/'], fileStateAt(p, 1000), { program: p, tMs: 1000 }).exitCode,
    ).toBe(7);
  });
});

describe('hostile input never throws and always terminates', () => {
  const scripts = [
    'a'.repeat(200_000),
    `echo ${'"'.repeat(9999)}`,
    `${'('.repeat(5000)}echo${')'.repeat(5000)}`,
    ':(){ :|:& };:',
    'x="eval \\$x"; eval $x',
    'sh -c "$0" "$0"',
    'while true; do echo spam; done',
    'while true; do sleep 0.001; echo tick; done',
    'yes',
    `echo $((${'('.repeat(1000)}1${')'.repeat(1000)}))`,
    'echo ${',
    "echo $'\\x41'",
    'cat < /nope',
    'exec',
    'exec 3>&1',
    'trap "" TERM; sleep 1',
    'read x; echo $x',
    '\u0000',
    'for i in $(seq 1 100000); do :; done',
    'until false; do sleep 1; done',
    'echo a | grep a | wc -l',
    '`',
    'set -- a b c; shift 5; echo $#',
  ];
  for (const s of scripts)
    it(`sh -c ${JSON.stringify(s.slice(0, 40))}`, () => {
      for (const ref of ['busybox', 'nginx']) {
        let p!: Program;
        expect(() => (p = sh(ref, s))).not.toThrow();
        expect(p.runsForever || p.exitCode !== undefined).toBe(true);
        expect(p.timeline.length).toBeLessThanOrEqual(1001);
      }
    });
  it('odd container specs', () => {
    const img = resolvedImage('busybox');
    expect(() => containerProgram(null as any, img)).not.toThrow();
    expect(() =>
      containerProgram({ image: 'busybox', command: [null, 5] as any, env: [null, { name: 5 }] as any }, img),
    ).not.toThrow();
    expect(() => containerProgram({ image: 'busybox', command: ['sh', '-c'] }, img)).not.toThrow();
    expect(() => runExecProbe(null as any, null as any, null as any)).not.toThrow();
    expect(() => runExecProbe(['sh', '-c', 'while :; do :; done'], new Set())).not.toThrow();
    expect(() => probeHttp({} as any, 0, 80, '', IP)).not.toThrow();
    expect(containerProgram({ image: 'x' }, { ok: false } as any).startError?.reason).toBe('CreateContainerError');
    expect(() => containerProgram({ image: 'x' }, undefined as any)).not.toThrow();
  });
});
