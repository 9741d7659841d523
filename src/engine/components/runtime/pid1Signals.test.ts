/** A shell as PID 1 has no SIGTERM handler: deleting its Pod waits the whole grace period, then SIGKILL (137). */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../simulate';
import { resolveImage } from '../../images/resolveImage';
import { pid1IgnoresSigterm } from './pid1Signals';

const podWith = (field: string) => `apiVersion: v1
kind: Pod
metadata:
  name: shell
spec:
  containers:
  - name: app
    image: busybox:1.36
    ${field}: ["sh", "-c", "while true; do sleep 1; done"]
`;

function stopOf(yaml: string) {
  const run = simulate({
    yaml,
    actions: [{ atMs: 20_000, action: { type: 'delete-pod', name: 'shell' } }],
  });
  const sent = run.steps.find((s) => s.verb === 'StopContainer')!;
  const done = run.steps.find((s) => s.verb === 'StopContainer OK')!;
  return { waited: done.time - sent.time, summary: done.summary };
}

describe('SIGTERM to PID 1', () => {
  for (const field of ['command', 'args'])
    it(`sh started from ${field} ignores it: the kubelet's StopContainer ends by SIGKILL after the 30 s grace period, exit 137`, () => {
      const { waited, summary } = stopOf(podWith(field));
      expect(waited).toBeGreaterThanOrEqual(30_000);
      expect(waited).toBeLessThan(31_000);
      expect(summary).toMatch(/SIGKILL after the 30s grace period, exit code 137/);
    });

  it('a server that handles SIGTERM (nginx behind docker-entrypoint.sh) stops at once; a script that traps TERM too', () => {
    const nginx = resolveImage('nginx:1.27-alpine');
    const busybox = resolveImage('busybox:1.36');
    if (!nginx.ok || !busybox.ok) throw new Error('catalog');
    expect(pid1IgnoresSigterm({ image: 'nginx:1.27-alpine' }, nginx)).toBe(false);
    expect(pid1IgnoresSigterm({ args: ['sh', '-c', 'sleep 1d'] }, nginx)).toBe(true);
    expect(pid1IgnoresSigterm({ args: ['sh', '-c', 'trap "exit 0" TERM; sleep 1d'] }, busybox)).toBe(false);
    expect(pid1IgnoresSigterm({ command: ['/bin/sleep', '3600'] }, busybox)).toBe(true);
  });
});
