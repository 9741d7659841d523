import { describe, expect, it } from 'vitest';
import { findScenario } from '../../scenarios';
import { simulate } from '../simulate';
import { worldAt } from '../trace/worldAt';
import { answerKubectl } from './kubectlCommand';

const world = (id: string) => {
  const run = simulate(findScenario(id)!.input);
  return { run, end: worldAt(run, run.steps.length - 1) };
};

// Texts from kubectl/pkg/polymorphichelpers/rollout_status.go and history.go; test/oracle.test.ts compares them
// with the real kubectl.
describe('kubectl rollout', () => {
  const { run, end } = world('rolling-update');

  it('status: the viewer message of the object as it is at the step', () => {
    expect(answerKubectl('rollout status deployment/web', end)).toMatchObject({
      output: 'deployment "web" successfully rolled out',
      ok: true,
    });
    const lines = new Set<string>();
    for (let i = 0; i < run.steps.length; i += 25)
      lines.add(answerKubectl('rollout status deploy web', worldAt(run, i)).output);
    expect([...lines].some((l) => /^Waiting for deployment "web" rollout to finish: /.test(l))).toBe(true);
    expect(answerKubectl('rollout status deployment/nope', end).output).toBe(
      'Error from server (NotFound): deployments.apps "nope" not found',
    );
    expect(answerKubectl('rollout status svc/web', end).output).toMatch(
      /^error: no status viewer has been implemented for Service$|NotFound/,
    );
  });

  it('history: the name line, then REVISION and CHANGE-CAUSE per ReplicaSet revision', () => {
    expect(answerKubectl('rollout history deployment/web', end).output).toBe(
      'deployment.apps/web \nREVISION  CHANGE-CAUSE\n2         <none>\n3         <none>\n',
    );
  });

  it('history --revision: the pod template of that revision, untabbed as history.go prints it', () => {
    const a = answerKubectl('rollout history deployment/web --revision=3', end).output;
    expect(a).toMatch(/^deployment\.apps\/web with revision #3\nPod Template:\n {2}Labels:\t/);
    expect(answerKubectl('rollout history deployment/web --revision 9', end).output).toBe(
      'error: unable to find the specified revision',
    );
  });

  it('undo and other writes point at the timeline intervention', () => {
    const a = answerKubectl('rollout undo deployment/web', end);
    expect(a.ok).toBe(false);
    expect(a.output).toMatch(/rollout undo" intervention/);
    expect(answerKubectl('rollout frob deployment/web', end).output).toBe(
      'error: unknown command "frob deployment/web"\nSee \'kubectl rollout -h\' for help and examples',
    );
  });
});

describe('kubectl api-resources', () => {
  const { end } = world('happy-path');
  it('lists the served resources, core first, then groups by name', () => {
    const lines = answerKubectl('api-resources', end).output.split('\n');
    expect(lines[0]).toMatch(/^NAME\s+SHORTNAMES\s+APIVERSION\s+NAMESPACED\s+KIND$/);
    expect(lines).toContainEqual(expect.stringMatching(/^pods\s+po\s+v1\s+true\s+Pod$/));
    expect(lines).toContainEqual(expect.stringMatching(/^deployments\s+deploy\s+apps\/v1\s+true\s+Deployment$/));
    const names = lines.slice(1).map((l) => l.split(/\s+/)[0]);
    expect(names.indexOf('services')).toBeLessThan(names.indexOf('deployments'));
    expect(answerKubectl('api-resources --namespaced=false -o name', end).output).toContain('namespaces\n');
    expect(answerKubectl('api-resources --api-group=apps -o name', end).output.split('\n')).toContain(
      'deployments.apps',
    );
  });
});
