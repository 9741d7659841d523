import { describe, expect, it } from 'vitest';
import { simulate } from '../engine/simulate';
import { parseTraceFile, traceFile } from './traceFile';

const yaml = `apiVersion: v1
kind: Pod
metadata:
  name: hello # 你好
spec:
  containers:
    - name: c
      image: nginx:1.27
`;

describe('trace files', () => {
  it('round-trips an exported run exactly', () => {
    const run = simulate({ yaml });
    const back = parseTraceFile(JSON.stringify(traceFile(run, yaml)));
    expect(back.yaml).toBe(yaml);
    expect(back.run).toEqual(JSON.parse(JSON.stringify(run)));
  });

  it('reads the CLI json shape (steps, cluster, apply, end)', () => {
    const run = simulate({ yaml });
    const cli = {
      kubernetesVersion: run.kubernetesVersion,
      seed: run.seed,
      cluster: run.cluster,
      steps: run.steps,
      apply: run.apply,
      end: run.end,
      objects: [],
      events: [],
    };
    const back = parseTraceFile(JSON.stringify(cli));
    expect(back.run.steps).toHaveLength(run.steps.length);
    expect(back.run.history).toEqual([]);
  });

  it('rejects what is not a trace', () => {
    expect(() => parseTraceFile('nope')).toThrow(/JSON/);
    expect(() => parseTraceFile('{"steps":[{"seq":3}]}')).toThrow(/step 0/);
    expect(() => parseTraceFile('{}')).toThrow(/steps/);
  });
});
