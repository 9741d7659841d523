import { describe, expect, it } from 'vitest';
import { resolveImage } from '../images/resolveImage';
import { imageProcess } from './imageProcess';

describe('imageProcess', () => {
  it("summarizes an image's default process", () => {
    const p = (ref: string) => {
      const r = resolveImage(ref);
      return r.ok ? imageProcess(r) : null;
    };
    expect(p('busybox')).toEqual({ kind: 'exits', code: 0, afterMs: 0, logs: [] });
    expect(p('alpine')).toMatchObject({ kind: 'exits', code: 0 });
    expect(p('ubuntu')).toMatchObject({ kind: 'exits', code: 0 });
    expect(p('python:3.12')).toMatchObject({ kind: 'exits', code: 0 });
    expect(p('node:20')).toMatchObject({ kind: 'exits', code: 0 });
    expect(p('golang:1.23')).toMatchObject({ kind: 'exits', code: 0 });
    expect(p('postgres')).toMatchObject({ kind: 'exits', code: 1 });
    expect(p('mysql')).toMatchObject({ kind: 'exits', code: 1 });
    expect(p('haproxy')).toMatchObject({ kind: 'exits', code: 1 });
    for (const ref of [
      'nginx',
      'nginx:1.27-alpine',
      'myorg/webapp:2.1',
      'httpd',
      'redis',
      'registry.k8s.io/pause:3.10',
      'registry.k8s.io/e2e-test-images/agnhost:2.53',
      'traefik/whoami',
      'mongo',
      'memcached',
      'caddy',
      'gcr.io/google-samples/hello-app:1.0',
      'kennethreitz/httpbin',
      'quay.io/prometheus/prometheus',
    ])
      expect(p(ref)?.kind, ref).toBe('runs');
    expect((p('postgres') as { logs: string[] }).logs[0]).toBe(
      'Error: Database is uninitialized and superuser password is not specified.',
    );
  });
});
