/** emptyDir volumes (pkg/volume/emptydir): empty at first, kept across container restarts of the Pod. */
import { describe, expect, it } from 'vitest';
import type { ContainerLog } from '../../types';
import { simulate } from '../../simulate';
import { worldAt } from '../../trace/worldAt';

const counter = `apiVersion: v1
kind: Pod
metadata:
  name: counter
spec:
  volumes:
  - name: data
    emptyDir: {}
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "ls /data; echo run >> /data/runs; cat /data/runs; sleep 3; exit 1"]
    volumeMounts:
    - name: data
      mountPath: /data
`;

describe('emptyDir', () => {
  it('starts empty, and a restarted container sees what the previous one wrote', () => {
    const run = simulate({ yaml: counter, untilMs: 60_000 });
    const world = worldAt(run, run.steps.length - 1);
    const logs = [...world.runtime.entries()]
      .filter(([k]) => k.includes('/logs/'))
      .map(([, v]) => v as ContainerLog)
      .sort((a, b) => a.startedAt - b.startedAt);
    expect(logs.length).toBeGreaterThanOrEqual(3);
    // `ls` of the empty directory prints nothing the first time; then the file has one more line per run.
    expect(logs.map((l) => l.lines.map((x) => x.text))).toEqual(
      logs.map((_, i) => [...(i ? ['runs'] : []), ...Array(i + 1).fill('run')]),
    );
  });
});
