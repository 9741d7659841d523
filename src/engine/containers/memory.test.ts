/**
 * What the interpreter charges to a container's memory cgroup, and the programs behind it: stress 1.0.4
 * (stress.c: `dispatching hogs`, atoll_b sizes), python memory idioms, dd into /dev/shm (containerd's 64 MiB
 * defaultShmSize), and images whose behaviour is assumed.
 */
import { describe, expect, it } from 'vitest';
import {
  containerProgram,
  isRunningAt,
  memoryAt,
  memoryExceededAt,
  probeHttp,
  type ContainerSpec,
  type Program,
} from './interpreter';
import { resolvedImage } from '../testing/images';

const MiB = 1024 * 1024;

function run(ref: string, spec: Omit<ContainerSpec, 'image'> = {}): Program {
  return containerProgram({ image: ref, ...spec }, resolvedImage(ref), { podIP: '10.244.1.5', hostname: 'p' });
}

const logs = (p: Program) => p.timeline.filter((e) => e.op === 'log').map((e) => e.text);

describe('stress (polinux/stress)', () => {
  it("the docs' example holds 150 MiB and keeps running", () => {
    const p = run('polinux/stress', {
      command: ['stress'],
      args: ['--vm', '1', '--vm-bytes', '150M', '--vm-hang', '1'],
    });
    expect(logs(p)).toEqual(['stress: info: [1] dispatching hogs: 0 cpu, 0 io, 1 vm, 0 hdd']);
    expect(p.runsForever).toBe(true);
    expect(memoryAt(p, 5_000)).toBe(150 * MiB);
    expect(memoryExceededAt(p, 200 * MiB)).toBeUndefined();
    expect(memoryExceededAt(p, 100 * MiB)).toBeLessThan(200);
  });

  it('--timeout ends the run; workers × bytes; --cpu alone takes no memory', () => {
    const p = run('polinux/stress', { command: ['stress', '--vm', '2', '--vm-bytes', '64M', '--timeout', '10s'] });
    expect(logs(p)).toEqual([
      'stress: info: [1] dispatching hogs: 0 cpu, 0 io, 2 vm, 0 hdd',
      'stress: info: [1] successful run completed in 10s',
    ]);
    expect(p.exitCode).toBe(0);
    expect(memoryAt(p, 1_000)).toBe(128 * MiB);
    const cpu = run('polinux/stress', { command: ['stress', '--cpu', '1'] });
    expect(memoryExceededAt(cpu, 1)).toBeUndefined();
    expect(logs(cpu)).toEqual(['stress: info: [1] dispatching hogs: 1 cpu, 0 io, 0 vm, 0 hdd']);
  });

  it('the image run without a command fails in sh: its CMD is not JSON (pozgo/docker-stress Dockerfile)', () => {
    const p = run('polinux/stress');
    expect(p.exitCode).toBe(127);
    expect(logs(p)).toEqual(['/bin/sh: [/usr/local/bin/stress]: not found']);
  });
});

describe('memory idioms', () => {
  it('python: a bytearray holds its size; an appending loop grows without bound', () => {
    const fixed = run('python:3.12', {
      command: ['python', '-c', 'x = bytearray(512 * 1024 * 1024)\nimport time\ntime.sleep(3600)'],
    });
    expect(memoryAt(fixed, 1_000)).toBe(512 * MiB);
    const grow = run('python:3.12', { command: ['python', '-c', "a = []\nwhile True:\n    a.append(' ' * 10**6)"] });
    const at = memoryExceededAt(grow, 256 * MiB)!;
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(2_000);
    expect(memoryAt(grow, at + 1_000)).toBeGreaterThan(256 * MiB);
  });

  it('dd into /dev/shm is charged, up to the 64 MiB tmpfs', () => {
    const ok = run('busybox:1.36', {
      command: ['sh', '-c', 'dd if=/dev/zero of=/dev/shm/x bs=1M count=50; sleep 3600'],
    });
    expect(memoryAt(ok, 5_000)).toBe(50 * MiB);
    expect(logs(ok)[0]).toBe('50+0 records in');
    const full = run('debian:12', { command: ['sh', '-c', 'dd if=/dev/zero of=/dev/shm/x bs=1M count=100'] });
    expect(logs(full)).toEqual([
      "dd: error writing '/dev/shm/x': No space left on device",
      '65+0 records in',
      '64+0 records out',
      expect.stringMatching(/^67108864 bytes \(67 MB, 64 MiB\) copied, [0-9.]+ s, [0-9.]+ GB\/s$/),
    ]);
    expect(full.exitCode).toBe(1);
    expect(memoryAt(full, 5_000)).toBe(64 * MiB);
  });
});

describe('catalogued servers and assumed images', () => {
  it('grafana/grafana:11.2.0 serves /api/health on 3000', () => {
    const p = run('grafana/grafana:11.2.0');
    expect(p.runsForever).toBe(true);
    expect(probeHttp(p, 10_000, 3000, '/api/health', '10.244.1.5').ok).toBe(true);
    expect(logs(p)[0]).toContain('msg="Starting Grafana" version=11.2.0');
  });

  it('an image Podyssey does not know runs as a server on the container ports', () => {
    const p = run('myorg/webapp:2.1', { ports: [{ containerPort: 8080 }] });
    expect(p.image.assumed).toBe(true);
    expect(p.assumedBehaviour).toBe(true);
    expect(isRunningAt(p, 60_000)).toBe(true);
    expect(probeHttp(p, 5_000, 8080, '/healthz', '10.244.1.5').ok).toBe(true);
    expect(probeHttp(p, 5_000, 9090, '/', '10.244.1.5').ok).toBe(false);
    // Its command decides when given: a shell loop, a python one-liner.
    const script = run('myorg/webapp:2.1', { command: ['sh', '-c', 'echo hi; exit 3'] });
    expect(script.exitCode).toBe(3);
    expect(script.assumedBehaviour).toBeUndefined();
    expect(run('myorg/webapp:2.1', { command: ['python', '-c', 'print("x")'] }).exitCode).toBe(0);
  });
});
