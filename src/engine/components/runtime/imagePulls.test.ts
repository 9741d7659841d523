/**
 * Image pulls in a cluster, as `kubectl get pods` / `get events` show them: images outside the catalog run
 * (assumed), old releases of catalogued ones run, and each recognisable mistake fails with containerd's text
 * (pkg/kubelet/images/image_manager.go wraps it as `Failed to pull image "X": <CRI error>`).
 */
import { describe, expect, it } from 'vitest';
import { answerKubectl } from '../../kubectl/kubectlCommand';
import { simulate } from '../../simulate';
import { worldAt } from '../../trace/worldAt';

function pod(name: string, image: string, port?: number): string {
  return `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
spec:
  containers:
  - name: ${name}
    image: ${image}
${port ? `    ports:\n    - containerPort: ${port}\n` : ''}---
`;
}

function cluster(yaml: string, untilMs = 90_000) {
  const run = simulate({ yaml, untilMs });
  const world = worldAt(run, run.steps.length - 1);
  return { run, get: (c: string) => answerKubectl(c, world).output };
}

describe('image pulls', () => {
  it('grafana, nginx:1.14.2, nginx:1.15 and an unknown image all pull and run', () => {
    const { run, get } = cluster(
      pod('grafana', 'grafana/grafana:11.2.0', 3000) +
        pod('nginx-old', 'nginx:1.14.2', 80) +
        pod('nginx-115', 'nginx:1.15') +
        pod('webapp', 'myorg/webapp:2.1', 8080),
    );
    const pods = get('get pods');
    for (const name of ['grafana', 'nginx-old', 'nginx-115', 'webapp'])
      expect(pods).toMatch(new RegExp(`${name}\\s+1/1\\s+Running\\s+0\\s`));
    const assumed = run.steps.filter((s) => s.narration?.key === 'runtime.runcAssumed');
    expect(assumed.map((s) => s.narration!.params!.image)).toEqual(['docker.io/myorg/webapp']);
    expect(assumed[0]!.summary).toContain('Podyssey does not know docker.io/myorg/webapp');
  });

  it('mistakes fail with the registry/containerd texts', () => {
    const { get } = cluster(
      pod('typo', 'ngnix') + pod('unpublished', 'nginx:1.14.9') + pod('nohost', 'no-such-registry.example/app:1'),
    );
    const pods = get('get pods');
    for (const name of ['typo', 'unpublished', 'nohost'])
      expect(pods).toMatch(new RegExp(`${name}\\s+0/1\\s+(?:ImagePullBackOff|ErrImagePull)\\s`));
    const events = get('get events');
    expect(events).toContain(
      'Failed to pull image "ngnix": rpc error: code = Unknown desc = failed to pull and unpack image "docker.io/library/ngnix:latest": failed to resolve reference "docker.io/library/ngnix:latest": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed',
    );
    expect(events).toContain(
      'Failed to pull image "nginx:1.14.9": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.14.9": failed to resolve reference "docker.io/library/nginx:1.14.9": docker.io/library/nginx:1.14.9: not found',
    );
    expect(events).toContain(
      'Failed to pull image "no-such-registry.example/app:1": rpc error: code = Unknown desc = failed to pull and unpack image "no-such-registry.example/app:1": failed to resolve reference "no-such-registry.example/app:1": failed to do request: Head "https://no-such-registry.example/v2/app/manifests/1": dial tcp: lookup no-such-registry.example: no such host',
    );
  });

  it('a private registry needs the Pod to carry imagePullSecrets', () => {
    const image = 'myregistry.azurecr.io/team/app:1';
    const withSecret = pod('with-secret', image, 8080).replace(
      '  containers:',
      '  imagePullSecrets:\n  - name: acr\n  containers:',
    );
    const { get } = cluster(pod('no-secret', image) + withSecret);
    const pods = get('get pods');
    expect(pods).toMatch(/no-secret\s+0\/1\s+(?:ImagePullBackOff|ErrImagePull)\s/);
    expect(pods).toMatch(/with-secret\s+1\/1\s+Running\s/);
    expect(get('get events')).toContain('service=myregistry.azurecr.io: 401 Unauthorized');
  });
});
