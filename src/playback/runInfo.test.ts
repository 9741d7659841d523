import { describe, expect, it } from 'vitest';
import { simulate } from '../engine/simulate';
import { findScenario } from '../scenarios';
import { buildRunInfo, pathFromMessage } from './runInfo';
import { sourceKey } from './sourceKey';
import { scenarioRun } from './testRuns';

const happy = findScenario('happy-path')!.input.yaml;

describe('buildRunInfo', () => {
  it('puts an apiserver rejection on the line of the field it names, with the real text', () => {
    const yaml = happy.replace('replicas: 3', 'replica: 2');
    const info = buildRunInfo(yaml, simulate({ yaml }));
    const line = yaml.split('\n').findIndex((l) => l.includes('replica: 2')) + 1;
    expect(info.markers).toHaveLength(1);
    expect(info.markers[0]).toMatchObject({ line, column: 3, severity: 'error' });
    expect(info.markers[0].message).toContain('unknown field "spec.replica"');
  });

  it('reports YAML syntax errors where kubectl does, with kubectl’s framing', () => {
    const yaml = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n   bad: [\n';
    const info = buildRunInfo(yaml, simulate({ yaml }));
    expect(info.markers[0].line).toBe(4);
    // kubectl v1.34.5 names line 5 (go-yaml stops at the second `:`); the editor's marker stays on the key.
    expect(info.intakeLines[0]).toBe(
      'error: error parsing manifest.yaml: error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context',
    );
  });

  it('maps a Pod’s container fields to the Deployment template that created it', () => {
    const run = scenarioRun('happy-path');
    const info = buildRunInfo(happy, run);
    const step = run.steps.find((s) => s.source?.doc === -1 && s.source.path.endsWith('.image'))!;
    const range = info.lines[sourceKey(step)!];
    expect(happy.split('\n')[range.line - 1]).toMatch(/image: nginx/);
  });

  it('reads field paths out of decode errors', () => {
    expect(pathFromMessage('strict decoding error: unknown field "spec.replica"')).toBe('spec.replica');
    expect(
      pathFromMessage('json: cannot unmarshal string into Go struct field Deployment.spec.replicas of type int32'),
    ).toBe('spec.replicas');
    expect(pathFromMessage('something else')).toBe('');
  });
});
