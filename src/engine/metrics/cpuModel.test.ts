/** The usage model (cpuModel.ts): what a container's program costs, from its image and argv alone. */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../types';
import { containerUsage, cpuProfile } from './cpuModel';

describe('cpuProfile', () => {
  it('finds busy loops, load generators and idle programs in the argv', () => {
    const busy = (argv: string[]) => cpuProfile({ image: 'busybox', command: argv }).kind;
    expect(busy(['sh', '-c', 'while true; do :; done'])).toBe('busy');
    expect(busy(['sh', '-c', 'yes > /dev/null'])).toBe('busy');
    expect(busy(['sha256sum', '/dev/zero'])).toBe('busy');
    expect(busy(['stress', '--cpu', '1'])).toBe('busy');
    expect(busy(['sh', '-c', 'while true; do sleep 1; done'])).toBe('idle');
    expect(
      cpuProfile({
        image: 'busybox',
        command: ['sh', '-c', 'while sleep 0.01; do wget -q -O- http://php-apache; done'],
      }),
    ).toEqual({
      kind: 'load',
      host: 'php-apache',
    });
    expect(cpuProfile({ image: 'nginx:1.27' })).toMatchObject({ kind: 'idle', millis: 1 });
    expect(cpuProfile({ image: 'busybox', command: ['sleep', '3600'] })).toMatchObject({ kind: 'idle', millis: 0 });
  });
});

const running = (
  name: string,
  labels: Record<string, string>,
  container: Record<string, unknown>,
  ready = true,
): KObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default', labels },
  spec: { containers: [{ name: 'c', ...container }] },
  status: {
    conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }],
    containerStatuses: [{ name: 'c', state: { running: { startedAt: 0 } } }],
  },
});

describe('containerUsage', () => {
  it('gives a busy loop its cpu limit, or one core without one', () => {
    const u = containerUsage(
      [
        running('a', {}, { command: ['sh', '-c', 'while true; do :; done'], resources: { limits: { cpu: '250m' } } }),
        running('b', {}, { command: ['sh', '-c', 'while true; do :; done'] }),
      ],
      [],
    );
    expect(u.get('default/a')![0].cpuMillis).toBe(250);
    expect(u.get('default/b')![0].cpuMillis).toBe(1000);
  });

  it('spreads a load generator’s demand over the Ready Pods behind its Service, capped by their limits', () => {
    const svc = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'php-apache', namespace: 'default' },
      spec: { selector: { run: 'php-apache' } },
    } as KObject;
    const server = (n: string, ready = true) =>
      running(
        n,
        { run: 'php-apache' },
        { image: 'registry.k8s.io/hpa-example', resources: { limits: { cpu: '500m' } } },
        ready,
      );
    const gen = running(
      'load',
      {},
      { command: ['/bin/sh', '-c', 'while sleep 0.01; do wget -q -O- http://php-apache; done'] },
    );
    const one = containerUsage([server('s1'), gen], [svc]);
    expect(one.get('default/s1')![0].cpuMillis).toBe(500);
    const two = containerUsage([server('s1'), server('s2'), server('s3', false), gen], [svc]);
    expect(two.get('default/s1')![0].cpuMillis).toBe(351);
    expect(two.get('default/s3')![0].cpuMillis).toBe(1);
    expect(containerUsage([server('s1')], [svc]).get('default/s1')![0].cpuMillis).toBe(1);
  });
});
