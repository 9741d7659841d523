import { describe, it, expect } from 'vitest';
import { IMAGE_CATALOG } from './imageCatalog';
import { catalogImages, pullDurationMs, pullFaultMessage, resolveImage } from './resolveImage';

describe('resolveImage', () => {
  it('resolves nginx with the facts-file size and a stable fake digest', () => {
    const r = resolveImage('nginx:1.27-alpine');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.normalized).toBe('docker.io/library/nginx:1.27-alpine');
    expect(r.size).toBe(20506631);
    expect(r.ports).toEqual([80]);
    expect(r.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(resolveImage('nginx:1.27-alpine')).toMatchObject({ digest: r.digest });
    expect(r.repoDigest).toBe(`docker.io/library/nginx@${r.digest}`);
    const other = resolveImage('nginx:1.27');
    expect(other.ok && other.digest).not.toBe(r.digest);
  });

  it('gives the containerd NotFound text for a misspelt tag', () => {
    expect(resolveImage('nginx:latst')).toEqual({
      ok: false,
      reason: 'NotFound',
      normalized: 'docker.io/library/nginx:latst',
      message:
        'rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:latst": failed to resolve reference "docker.io/library/nginx:latst": docker.io/library/nginx:latst: not found',
    });
  });

  it("gives Docker Hub's pull-access-denied text for a near-miss of a known repository (ngnix)", () => {
    const r = resolveImage('ngnix');
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.message).toBe(
        'rpc error: code = Unknown desc = failed to pull and unpack image "docker.io/library/ngnix:latest": failed to resolve reference "docker.io/library/ngnix:latest": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed',
      );
    for (const typo of ['nignx:1.27', 'redsi', 'bussybox', 'library/postgress:16', 'grafana/grafna', 'polinux/stres'])
      expect(resolveImage(typo).ok, typo).toBe(false);
  });

  it('reports InvalidImageName for upper-case references', () => {
    const r = resolveImage('Nginx:1.27');
    expect(r).toMatchObject({ ok: false, reason: 'InvalidImageName' });
    if (!r.ok)
      expect(r.message).toBe(
        'Failed to apply default image tag "Nginx:1.27": couldn\'t parse image name "Nginx:1.27": invalid reference format: repository name (library/Nginx) must be lowercase',
      );
  });

  it('pulls a well-formed repository outside the catalog from a public registry, its behaviour assumed', () => {
    for (const ref of ['docker.io/library/foo', 'bitnami/nginx', 'ghcr.io/someone/app', 'quay.io/org/tool:v2']) {
      const r = resolveImage(ref);
      expect(r, ref).toMatchObject({ ok: true, assumed: true });
    }
    const app = resolveImage('myorg/webapp:2.1');
    if (!app.ok) throw new Error(app.message);
    expect(app.normalized).toBe('docker.io/myorg/webapp:2.1');
    expect(app.size).toBeGreaterThan(1e6);
    expect(resolveImage('myorg/webapp:2.1')).toMatchObject({ size: app.size });
  });

  it('fails a registry host that does not resolve with containerd\'s "no such host" text', () => {
    expect(resolveImage('no-such-registry.example/app:1')).toEqual({
      ok: false,
      reason: 'NotFound',
      normalized: 'no-such-registry.example/app:1',
      message:
        'rpc error: code = Unknown desc = failed to pull and unpack image "no-such-registry.example/app:1": failed to resolve reference "no-such-registry.example/app:1": failed to do request: Head "https://no-such-registry.example/v2/app/manifests/1": dial tcp: lookup no-such-registry.example: no such host',
    });
    for (const ref of ['myregistry.example.com/team/app:1.0', 'regsitry.k8s.io/pause:3.10', 'registry.internal/app'])
      expect(resolveImage(ref), ref).toMatchObject({ ok: false, message: expect.stringContaining('no such host') });
  });

  it('refuses a private registry without pull secrets (401) and pulls it with them', () => {
    const ref = 'myregistry.azurecr.io/team/app:1';
    expect(resolveImage(ref)).toMatchObject({
      ok: false,
      reason: 'Unauthorized',
      message:
        'rpc error: code = Unknown desc = failed to pull and unpack image "myregistry.azurecr.io/team/app:1": failed to resolve reference "myregistry.azurecr.io/team/app:1": failed to authorize: failed to fetch anonymous token: unexpected status from GET request to https://myregistry.azurecr.io/oauth2/token?scope=repository%3Ateam%2Fapp%3Apull&service=myregistry.azurecr.io: 401 Unauthorized',
    });
    expect(resolveImage('harbor.acme-corp.com/apps/api:3')).toMatchObject({
      ok: false,
      reason: 'Unauthorized',
      message: expect.stringContaining(
        'unexpected status from HEAD request to https://harbor.acme-corp.com/v2/apps/api/manifests/3: 401 Unauthorized',
      ),
    });
    expect(resolveImage(ref, { auth: true })).toMatchObject({ ok: true, assumed: true });
    // The GKE tutorials' images live in a public Artifact Registry project.
    expect(resolveImage('us-docker.pkg.dev/google-samples/containers/gke/gb-frontend:v5')).toMatchObject({ ok: true });
    expect(resolveImage('europe-docker.pkg.dev/my-project/apps/api:1')).toMatchObject({ reason: 'Unauthorized' });
  });

  it("keeps the registries' own texts for catalogued registries (registry.k8s.io near-miss: not found)", () => {
    const k8s = resolveImage('registry.k8s.io/pauze:3.10');
    expect(k8s.ok).toBe(false);
    if (!k8s.ok)
      expect(k8s.message).toBe(
        'rpc error: code = NotFound desc = failed to pull and unpack image "registry.k8s.io/pauze:3.10": failed to resolve reference "registry.k8s.io/pauze:3.10": registry.k8s.io/pauze:3.10: not found',
      );
  });

  it("knows whole tag histories: nginx since 1.0 (the docs' 1.14.2 and 1.7.9), old busybox, alpine, redis, postgres", () => {
    for (const t of [
      'nginx:1.14.2',
      'nginx:1.15',
      'nginx:1.7.9',
      'nginx:1.0.0',
      'nginx:1.0.15',
      'nginx:1.9.15-alpine',
      'busybox:1.28',
      'busybox:1.24.2',
      'alpine:3.4',
      'redis:3.2.12',
      'postgres:9.6.24',
      'postgres:10.5',
      'mysql:5.7',
      'mysql:5.7.44',
      'mysql:8.0-debian',
      'python:2.7.18',
      'perl:5.20',
      'node:8',
      'grafana/grafana:11.2.0',
      'grafana/grafana-oss:10.4.2',
      'prom/prometheus:v2.45.0',
    ])
      expect(resolveImage(t).ok, t).toBe(true);
    for (const t of [
      'nginx:1.99',
      'nginx:1.14.3',
      'nginx:1.0.16',
      'nginx:0.9',
      'busybox:1.19',
      'postgres:10.24',
      'grafana/grafana:11.2.99',
    ]) {
      const r = resolveImage(t);
      expect(r.ok, t).toBe(false);
      if (!r.ok) expect(r.message, t).toMatch(/: not found$/);
    }
  });

  it('accepts real patch tags of listed minors and rejects made-up versions', () => {
    for (const t of [
      'nginx:1.27.2',
      'nginx:1.27.3-alpine',
      'nginx:1.25',
      'nginx:stable-alpine',
      'redis:7.2.4',
      'postgres:16.4-alpine',
      'python:3.12.7-slim',
      'node:20.18.1-alpine',
      'golang:1.23.4',
      'alpine:3.20.3',
      'busybox:1.36.1',
      'ubuntu:22.04',
      'traefik/whoami:v1.10.3',
      'registry.k8s.io/e2e-test-images/agnhost:2.40',
      'registry.k8s.io/etcd:3.5.1-0',
      'curlimages/curl:8.11.1',
    ])
      expect(resolveImage(t).ok, t).toBe(true);
    for (const t of [
      'nginx:1.99',
      'nginx:1.27.99',
      'nginx:2',
      'redis:99',
      'busybox:9',
      'registry.k8s.io/e2e-test-images/agnhost:latest',
      'ubuntu:23.04x',
    ])
      expect(resolveImage(t).ok, t).toBe(false);
  });

  it('has latest for every Docker Hub image but kind’s own (kindest/* publishes dated tags only)', () => {
    for (const e of IMAGE_CATALOG.filter(
      (x) => x.repository.startsWith('docker.io/') && !x.repository.startsWith('docker.io/kindest/'),
    ))
      expect(resolveImage(`${e.repository}:latest`).ok, e.repository).toBe(true);
  });

  it('resolves every listed tag of every catalog image and aliases', () => {
    for (const e of IMAGE_CATALOG)
      for (const t of e.tags) expect(resolveImage(`${e.repository}:${t}`).ok, `${e.repository}:${t}`).toBe(true);
    expect(resolveImage('k8s.gcr.io/busybox').ok).toBe(true);
    expect(resolveImage('prom/prometheus:v2.55.1').ok).toBe(true);
    expect(IMAGE_CATALOG.length).toBeGreaterThanOrEqual(30);
    expect(catalogImages()[0]!.repository).toBe('docker.io/library/nginx');
  });

  it('names each repository once, as a repository or an alias (so the catalog order never picks the entry)', () => {
    const names = IMAGE_CATALOG.flatMap((e) => [e.repository, ...(e.aliases ?? [])]);
    expect(new Set(names).size).toBe(names.length);
  });

  it('accepts digests of catalog repositories', () => {
    const r = resolveImage(`nginx@sha256:${'ab'.repeat(32)}`);
    expect(r.ok && r.digest).toBe(`sha256:${'ab'.repeat(32)}`);
  });

  it('never throws on hostile references', () => {
    for (const s of [
      '',
      ' ',
      'a'.repeat(50_000),
      '../../etc/passwd',
      'nginx:1.27\n',
      '$(rm -rf /)',
      null as any,
      undefined as any,
      42 as any,
    ])
      expect(() => resolveImage(s)).not.toThrow();
  });

  it('formats fault messages for scenarios', () => {
    expect(pullFaultMessage('docker.io/library/nginx:1.27', 'Unreachable')).toContain(
      'Head "https://registry-1.docker.io/v2/library/nginx/manifests/1.27": dial tcp: lookup registry-1.docker.io: i/o timeout',
    );
    expect(pullFaultMessage('quay.io/org/app:v1', 'Unauthorized')).toContain('401 Unauthorized');
  });
});

describe('pullDurationMs', () => {
  it('lands in 2–6 s for a 20 MB image (estimate, not from source)', () => {
    for (const f of [0, 0.25, 0.5, 0.75, 0.999]) {
      const d = pullDurationMs(20_506_631, f);
      expect(d).toBeGreaterThanOrEqual(2000);
      expect(d).toBeLessThanOrEqual(6000);
    }
  });
  it('grows with size and is deterministic', () => {
    expect(pullDurationMs(370_000_000, 0.5)).toBeGreaterThan(pullDurationMs(20_000_000, 0.5));
    expect(pullDurationMs(1234, 0.3)).toBe(pullDurationMs(1234, 0.3));
    expect(Number.isFinite(pullDurationMs(NaN, NaN))).toBe(true);
    expect(pullDurationMs(-5, 2)).toBeGreaterThan(0);
  });
});
