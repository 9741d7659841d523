/** Kubelet admission of a Pod bound with spec.nodeName (pkg/kubelet/lifecycle/predicate.go Admit; kubelet.go rejectPod). */
import { describe, expect, it } from 'vitest';
import { podSummary } from '../../../kubectl/podColumns';
import { simulate } from '../../../simulate';
import { objectsOf, worldAt } from '../../../trace/worldAt';

const pod = (name: string, cpu: string) => `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
spec:
  nodeName: node-2
  containers:
  - name: web
    image: nginx:1.27-alpine
    resources:
      requests:
        cpu: "${cpu}"
`;

describe('kubelet admission', () => {
  it('rejects a Pod that does not fit: Failed, OutOfcpu, "Pod was rejected: Node didn\'t have enough resource: …"', () => {
    const run = simulate({ yaml: pod('huge', '100') });
    const world = worldAt(run, run.steps.length - 1);
    const huge = objectsOf(world).find((o) => o.kind === 'Pod' && o.metadata.name === 'huge')!;
    expect(huge.status.phase).toBe('Failed');
    expect(huge.status.reason).toBe('OutOfcpu');
    expect(huge.status.message).toMatch(
      /^Pod was rejected: Node didn't have enough resource: cpu, requested: 100000, used: \d+, capacity: 2000$/,
    );
    expect(podSummary(huge, run.end.time).status).toBe('OutOfcpu');
    const ev = world.events.find((e) => e.reason === 'OutOfcpu')!;
    expect(ev.type).toBe('Warning');
    expect(ev.message).toBe(huge.status.message.replace('Pod was rejected: ', ''));
    // It never reaches the runtime.
    expect(run.steps.some((s) => s.verb === 'RunPodSandbox' && s.object?.name === 'huge')).toBe(false);
  });

  it('counts the requests of the Pods already on the node as used', () => {
    const run = simulate({ yaml: `${pod('first', '1500m')}---\n${pod('second', '1')}` });
    const world = worldAt(run, run.steps.length - 1);
    const second = objectsOf(world).find((o) => o.kind === 'Pod' && o.metadata.name === 'second')!;
    expect(second.status.reason).toBe('OutOfcpu');
    expect(second.status.message).toMatch(/requested: 1000, used: 1[56]\d\d, capacity: 2000$/);
    const first = objectsOf(world).find((o) => o.kind === 'Pod' && o.metadata.name === 'first')!;
    expect(first.status.phase).toBe('Running');
  });
});
