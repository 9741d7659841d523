/**
 * `kubectl logs` against the world at the end of built-in scenarios. Which instance is read and the refusals follow
 * validateContainerLogStatus (pkg/kubelet/kubelet_pods.go) and LogLocation (pkg/registry/core/pod/strategy.go);
 * kubectl prints a 400/404 from the server as `Error from server (Reason): message`.
 */
import { describe, expect, it } from 'vitest';
import { findScenario } from '../../scenarios';
import type { Run } from '../api';
import { simulate } from '../simulate';
import { worldAt } from '../trace/worldAt';
import { answerKubectl } from './kubectlCommand';

const runs = new Map<string, Run>();
function atEnd(id: string) {
  let run = runs.get(id);
  if (!run) {
    run = simulate(findScenario(id)!.input);
    runs.set(id, run);
  }
  return worldAt(run, run.steps.length - 1);
}
const podName = (world: ReturnType<typeof atEnd>, prefix: string) =>
  [...world.etcd.values()].find((o) => o.kind === 'Pod' && o.metadata.name.startsWith(prefix))!.metadata.name;

describe('kubectl logs', () => {
  it('reads the last terminated instance of a crash-looping container, with or without --previous', () => {
    const world = atEnd('crashloop-exit-1');
    const pod = podName(world, 'web-');
    expect(answerKubectl(`logs ${pod}`, world)).toMatchObject({ output: 'starting', ok: true });
    expect(answerKubectl(`kubectl logs ${pod} -p`, world).output).toBe('starting');
    expect(answerKubectl(`logs deploy/web --previous --timestamps`, world).output).toMatch(
      /^2026-01-15T09:\d\d:\d\d(\.\d{1,3})?Z starting$/,
    );
    expect(answerKubectl(`logs ${pod} --tail=0`, world).output).toBe('');
  });

  it('says why there is nothing to read while the image cannot be pulled', () => {
    const world = atEnd('image-pull-backoff');
    const pod = podName(world, 'web-');
    const a = answerKubectl(`logs ${pod}`, world);
    expect(a.ok).toBe(false);
    expect(a.output).toBe(
      `Error from server (BadRequest): container "nginx" in pod "${pod}" is waiting to start: trying and failing to pull image`,
    );
    expect(answerKubectl(`logs ${pod} --previous`, world).output).toBe(
      `Error from server (BadRequest): previous terminated container "nginx" in pod "${pod}" not found`,
    );
  });

  it('refuses an unknown pod or container with the server texts', () => {
    const world = atEnd('happy-path');
    const pod = podName(world, 'web-');
    expect(answerKubectl('logs nothere', world).output).toBe('Error from server (NotFound): pods "nothere" not found');
    expect(answerKubectl(`logs ${pod} -c nope`, world).output).toBe(
      `Error from server (BadRequest): container nope is not valid for pod ${pod}`,
    );
    expect(answerKubectl('logs job/nope', world).output).toBe(
      'Error from server (NotFound): jobs.batch "nope" not found',
    );
    expect(answerKubectl('logs svc/nope', world).output).toBe(
      'Error from server (NotFound): services "nope" not found',
    );
    expect(answerKubectl('logs configmap/x', world).output).toBe(
      'error: cannot get the logs from *v1.ConfigMap: selector for *v1.ConfigMap not implemented',
    );
    expect(answerKubectl('logs', world).output).toBe(
      'error: expected POD or TYPE/NAME is a required argument for the logs command',
    );
  });

  it('shows only what a running server has written so far', () => {
    const world = atEnd('happy-path');
    const pod = podName(world, 'web-');
    const a = answerKubectl(`logs ${pod}`, world);
    expect(a.ok).toBe(true);
    // nginx's entrypoint announces itself before it starts its workers (docker-entrypoint.sh).
    expect(a.output).toContain('/docker-entrypoint.sh');
  });

  it('names the container it chose in a Pod with several', () => {
    const world = atEnd('sidecar-injection');
    const pod = [...world.etcd.values()].find((o) => o.kind === 'Pod' && (o.spec?.containers ?? []).length > 1);
    expect(pod, 'the injected sidecar makes two containers').toBeDefined();
    const names = pod!.spec.containers.map((c: { name: string }) => c.name);
    const a = answerKubectl(`logs ${pod!.metadata.name} -n ${pod!.metadata.namespace}`, world);
    expect(a.output.split('\n')[0]).toBe(`Defaulted container "${names[0]}" out of: ${names.join(', ')}`);
  });

  it('streams nothing for a Pod no node has taken (LogLocation has no location for it)', () => {
    const world = atEnd('pending-insufficient-cpu');
    const pod = podName(world, 'web-');
    expect(answerKubectl(`logs ${pod}`, world)).toMatchObject({ output: '', ok: true });
  });
});
