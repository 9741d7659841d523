import { describe, it, expect } from 'vitest';
import { applyDefaultImageTag, goQuote, parseImageReference } from './imageReference';

const norm = (ref: string) => {
  const r = parseImageReference(ref);
  return r.ok ? r.normalized : `ERR ${r.error}`;
};

describe('parseImageReference (distribution/reference + containerd ParseDockerRef)', () => {
  it('normalizes familiar names like containerd', () => {
    expect(norm('nginx')).toBe('docker.io/library/nginx:latest');
    expect(norm('nginx:1.27-alpine')).toBe('docker.io/library/nginx:1.27-alpine');
    expect(norm('bitnami/nginx')).toBe('docker.io/bitnami/nginx:latest');
    expect(norm('docker.io/nginx')).toBe('docker.io/library/nginx:latest');
    expect(norm('index.docker.io/library/nginx:1.27')).toBe('docker.io/library/nginx:1.27');
    expect(norm('registry.k8s.io/pause:3.10')).toBe('registry.k8s.io/pause:3.10');
    expect(norm('localhost:5000/team/app:v1')).toBe('localhost:5000/team/app:v1');
    expect(norm('localhost/app')).toBe('localhost/app:latest');
    expect(norm('[::1]:5000/app')).toBe('[::1]:5000/app:latest');
  });
  it('keeps only the digest when a tag and a digest are given', () => {
    const d = `sha256:${'0123456789abcdef'.repeat(4)}`;
    expect(norm(`nginx@${d}`)).toBe(`docker.io/library/nginx@${d}`);
    expect(norm(`nginx:1.27@${d}`)).toBe(`docker.io/library/nginx@${d}`);
  });
  it('reports the kubelet InvalidImageName text for upper-case names', () => {
    const r = parseImageReference('Nginx:1.27');
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.message).toBe(
        'Failed to apply default image tag "Nginx:1.27": couldn\'t parse image name "Nginx:1.27": invalid reference format: repository name (library/Nginx) must be lowercase',
      );
  });
  it('rejects other malformed references with the library texts', () => {
    expect(norm('nginx:')).toBe('ERR invalid reference format');
    expect(norm('nginx::1')).toBe('ERR invalid reference format');
    expect(norm('')).toBe('ERR invalid reference format');
    expect(norm('nginx:1.27 ')).toBe('ERR invalid reference format');
    expect(norm(`nginx@sha256:${'a'.repeat(10)}`)).toBe('ERR invalid reference format');
    expect(norm(`nginx@sha256:${'a'.repeat(40)}`)).toBe('ERR invalid checksum digest length');
    expect(norm(`nginx@md5:${'a'.repeat(32)}`)).toBe('ERR unsupported digest algorithm');
    expect(norm('a'.repeat(64))).toBe(
      `ERR invalid repository name (${'a'.repeat(64)}), cannot specify 64-byte hexadecimal strings`,
    );
    expect(norm(`${'a'.repeat(300)}`)).toBe('ERR repository name must not be more than 255 characters');
    expect(norm('MyRegistry.example.com/app')).toMatch(/^docker|^MyRegistry|^ERR/);
  });
  it('treats an upper-case first component as a registry host', () => {
    expect(norm('MyRegistry.example.com/app')).toBe('MyRegistry.example.com/app:latest');
  });
  it('never throws on hostile input', () => {
    for (const s of [
      'a'.repeat(100_000),
      `${'a/'.repeat(5000)}b`,
      '::::',
      '@@@',
      'a@',
      'ümlaut',
      '\u0000',
      `${'a-'.repeat(3000)}!`,
    ])
      expect(() => parseImageReference(s)).not.toThrow();
  });
  it('applies the default tag like the kubelet', () => {
    expect(applyDefaultImageTag('nginx')).toBe('nginx:latest');
    expect(applyDefaultImageTag('nginx:1.27')).toBe('nginx:1.27');
    expect(applyDefaultImageTag('localhost:5000/app')).toBe('localhost:5000/app:latest');
  });
  it('quotes like Go %q', () => {
    expect(goQuote('a"b\\c\n')).toBe('"a\\"b\\\\c\\n"');
  });
});
