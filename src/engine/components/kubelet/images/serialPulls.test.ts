/**
 * Serialized image pulls (kubelet serializeImagePulls: true; pkg/kubelet/images/puller.go serialImagePuller and
 * image_manager.go pullImage): a second Pod needing an image that is still being pulled waits for that pull.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../simulate';

const podOn = (name: string) => `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
spec:
  nodeName: node-1
  containers:
  - name: web
    image: nginx:1.27-alpine
`;

describe('serial image puller', () => {
  it('starts the second Pod only after the first pull completed, and its Pulled event counts the wait', () => {
    const run = simulate({ yaml: `${podOn('one')}---\n${podOn('two')}` });
    const when = (pod: string, reason: string) =>
      run.steps.flatMap((s) =>
        s.events.filter((e) => e.involvedObject.name === pod && e.reason === reason).map((e) => ({ t: s.time, e })),
      );
    const firstPulled = when('one', 'Pulled')[0];
    expect(firstPulled.e.message).toMatch(/^Successfully pulled image "nginx:1.27-alpine" in /);
    const [secondPulled] = when('two', 'Pulled');
    // Not "already present on machine" while the first pull is still running.
    expect(secondPulled.e.message).toMatch(
      /^Successfully pulled image "nginx:1\.27-alpine" in \d+ms \(([\d.]+)s including waiting\)\. Image size: 20506631 bytes\.$/,
    );
    const waited = Number(/\(([\d.]+)s including/.exec(secondPulled.e.message)![1]) * 1000;
    expect(waited).toBeGreaterThan(2_000);
    // Both Pods' Pulling events come before either pull finished (image_manager.go records it before queueing).
    expect(when('two', 'Pulling')[0].t).toBeLessThan(firstPulled.t);
    expect(when('two', 'Started')[0].t).toBeGreaterThanOrEqual(firstPulled.t);
  });
});
