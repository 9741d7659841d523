/**
 * Custom resources end to end, as a v1.34 kind cluster serves them: the CRD's naming and establishing controllers
 * (apiextensions-apiserver pkg/controller/status/naming_controller.go, pkg/controller/establish), the custom
 * resource handler (pkg/apiserver/customresource_handler.go: pruning, defaulting, schema validation, storage under
 * /registry/<group>/<plural>), kubectl apply's mapping of every document first (kubectl/pkg/cmd/apply/apply.go
 * GetObjects) and kubectl get's additionalPrinterColumns (pkg/registry/customresource/tableconvertor).
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../simulate';
import { worldAt } from '../../trace/worldAt';
import { answerKubectl } from '../../kubectl/kubectlCommand';
import { CRONTAB_CRD } from '../../../scenarios/crdScenarios';
import type { KObject } from '../../types';

const CR = (spec: string, name = 'c1') =>
  `apiVersion: stable.example.com/v1\nkind: CronTab\nmetadata:\n  name: ${name}\nspec:\n${spec}\n`;

/** The CRD applied first, then `later` as a second `kubectl apply -f` once the CRD is Established. */
function twoApplies(later: string, crd = CRONTAB_CRD) {
  const run = simulate({
    yaml: crd,
    untilMs: 10_000,
    actions: [{ atMs: 2_000, action: { type: 'apply', yaml: later } }],
  });
  return { run, lines: run.output.map((o) => o.line), world: worldAt(run, run.steps.length - 1) };
}

describe('a CRD becomes NamesAccepted, then Established', () => {
  const { run, world } = twoApplies(CR('  cronSpec: "* * * * */5"'));
  const crd = world.etcd.get('/registry/apiextensions.k8s.io/customresourcedefinitions/crontabs.stable.example.com')!;

  it('writes the conditions and acceptedNames of the two controllers, each a drawn step', () => {
    const conds = crd.status.conditions.map((c: any) => [c.type, c.status, c.reason, c.message]);
    expect(conds).toEqual([
      ['NamesAccepted', 'True', 'NoConflicts', 'no conflicts found'],
      ['Established', 'True', 'InitialNamesAccepted', 'the initial names have been accepted'],
    ]);
    expect(crd.status.acceptedNames).toMatchObject({ plural: 'crontabs', kind: 'CronTab', listKind: 'CronTabList' });
    expect(crd.status.storedVersions).toEqual(['v1']);
    const keys = run.steps.map((s) => s.narration?.key);
    expect(keys.indexOf('apiserver.crdNamesAccepted')).toBeLessThan(keys.indexOf('apiserver.crdEstablished'));
    expect(run.steps.find((s) => s.narration?.key === 'apiserver.crdEstablished')!.from.component).toBe(
      'kube-apiserver',
    );
  });

  it('serves the resource: stored under /registry/<group>/<plural>, listed by api-resources and get', () => {
    expect(world.etcd.get('/registry/stable.example.com/crontabs/default/c1')).toBeDefined();
    expect(answerKubectl('api-resources --api-group=stable.example.com', world).output).toBe(
      [
        'NAME       SHORTNAMES   APIVERSION              NAMESPACED   KIND',
        'crontabs   ct           stable.example.com/v1   true         CronTab',
      ].join('\n'),
    );
    for (const type of ['crontabs', 'crontab', 'ct', 'crontabs.stable.example.com'])
      expect(answerKubectl(`get ${type}`, world).output.split('\n')[0]).toMatch(/^NAME\s+SPEC\s+REPLICAS\s+AGE$/);
  });

  it('prints additionalPrinterColumns, the schema default filled in', () => {
    const out = answerKubectl('get ct', world).output.split('\n');
    expect(out[1]).toMatch(/^c1\s+\* \* \* \* \*\/5\s+1\s+\d+s$/);
  });
});

describe('kubectl apply maps every document before applying the first', () => {
  it('creates the CRD, then fails the custom resource with "no matches for kind"; a second apply creates it', () => {
    const file = `${CRONTAB_CRD}---\n${CR('  cronSpec: "* * * * */5"', 'my-new-cron-object')}`;
    const run = simulate({
      yaml: file,
      untilMs: 10_000,
      actions: [{ atMs: 5_000, action: { type: 'apply', yaml: file } }],
    });
    expect(run.output.map((o) => o.line)).toEqual([
      'customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com created',
      'error: resource mapping not found for name: "my-new-cron-object" namespace: "" from "manifest.yaml": no matches for kind "CronTab" in version "stable.example.com/v1"\nensure CRDs are installed first',
      'customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com unchanged',
      'crontab.stable.example.com/my-new-cron-object created',
    ]);
    expect(run.steps.some((s) => s.narration?.key === 'kubectl.noMatchCrdInFile')).toBe(true);
  });

  it('prints the mapping error after the documents it applied, even when the custom resource comes first', () => {
    const file = `${CR('  image: x')}---\n${CRONTAB_CRD}`;
    const run = simulate({ yaml: file, untilMs: 3_000 });
    expect(run.output.map((o) => o.line.split(':')[0])).toEqual([
      'customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com created',
      'error',
    ]);
  });
});

describe('custom resources are checked against openAPIV3Schema', () => {
  it('rejects a value of the wrong type, out of range or not in the enum with the apiserver texts', () => {
    const { lines } = twoApplies(CR('  replicas: "three"'));
    expect(lines[1]).toBe(
      'The CronTab "c1" is invalid: spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"',
    );
    expect(twoApplies(CR('  replicas: 0')).lines[1]).toBe(
      'The CronTab "c1" is invalid: spec.replicas: Invalid value: 0: spec.replicas in body should be greater than or equal to 1',
    );
  });

  it('refuses unknown fields under strict field validation, as kubectl apply asks', () => {
    expect(twoApplies(CR('  cronSpec: x\n  colour: red')).lines[1]).toBe(
      'Error from server (BadRequest): error when creating "manifest.yaml": CronTab in version "v1" cannot be handled as a CronTab: strict decoding error: unknown field "spec.colour"',
    );
  });

  it('stores a cluster-scoped custom resource without a namespace', () => {
    const crd = CRONTAB_CRD.replace('scope: Namespaced', 'scope: Cluster');
    const { lines, world } = twoApplies(CR('  image: x'), crd);
    expect(lines[1]).toBe('crontab.stable.example.com/c1 created');
    expect(world.etcd.get('/registry/stable.example.com/crontabs/c1')!.metadata.namespace).toBeUndefined();
    expect(answerKubectl('api-resources --api-group=stable.example.com', world).output).toContain('false');
  });
});

describe('deleting a namespace deletes its custom resources', () => {
  it('the namespace controller finds them through the CRDs and deletes them with the rest', () => {
    const ns = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team\n---\n';
    const cr = CR('  image: x').replace('  name: c1', '  name: c1\n  namespace: team');
    const run = simulate({
      yaml: `${ns}${CRONTAB_CRD}`,
      untilMs: 30_000,
      actions: [
        { atMs: 2_000, action: { type: 'apply', yaml: cr } },
        { atMs: 4_000, action: { type: 'delete', kind: 'Namespace', name: 'team' } },
      ],
    });
    const world = worldAt(run, run.steps.length - 1);
    expect(run.output.map((o) => o.line)).toContain('crontab.stable.example.com/c1 created');
    expect(
      run.steps.some((s) => s.label.startsWith('DELETE /apis/stable.example.com/v1/namespaces/team/crontabs')),
    ).toBe(true);
    expect(world.etcd.get('/registry/stable.example.com/crontabs/team/c1')).toBeUndefined();
    expect(world.etcd.get('/registry/namespaces/team')).toBeUndefined();
  });
});

describe('deleting a CRD deletes its custom resources first', () => {
  it('marks it Terminating with the cleanup finalizer, deletes the instances, then the CRD', () => {
    const run = simulate({
      yaml: CRONTAB_CRD,
      untilMs: 20_000,
      actions: [
        { atMs: 2_000, action: { type: 'apply', yaml: `${CR('  image: x')}---\n${CR('  image: z', 'c2')}` } },
        {
          atMs: 4_000,
          action: { type: 'delete', kind: 'CustomResourceDefinition', name: 'crontabs.stable.example.com' },
        },
      ],
    });
    const world = worldAt(run, run.steps.length - 1);
    expect(run.output.map((o) => o.line)).toContain('crontab.stable.example.com/c2 created');
    expect(run.output.map((o) => o.line)).toContain(
      'customresourcedefinition.apiextensions.k8s.io "crontabs.stable.example.com" deleted',
    );
    expect(run.steps.some((s) => s.narration?.key === 'apiserver.crdFinalizing')).toBe(true);
    expect(world.etcd.get('/registry/stable.example.com/crontabs/default/c1')).toBeUndefined();
    expect(world.etcd.get('/registry/stable.example.com/crontabs/default/c2')).toBeUndefined();
    expect(
      world.etcd.get('/registry/apiextensions.k8s.io/customresourcedefinitions/crontabs.stable.example.com'),
    ).toBeUndefined();
    expect(answerKubectl('get ct', world).output).toBe('error: the server doesn\'t have a resource type "ct"');
  });
});

describe('the custom resource strategy', () => {
  it('sets generation 1, bumps it on a spec change, and with the status subresource ignores a status in the body', () => {
    const crd = CRONTAB_CRD.replace(
      '    served: true\n',
      '    served: true\n    subresources:\n      status: {}\n',
    ).replace(
      '          spec:\n',
      '          status:\n            type: object\n            properties:\n              phase:\n                type: string\n          spec:\n',
    );
    const first = `${CR('  image: x')}status:\n  phase: Done\n`;
    const run = simulate({
      yaml: crd,
      untilMs: 10_000,
      actions: [
        { atMs: 2_000, action: { type: 'apply', yaml: first } },
        { atMs: 4_000, action: { type: 'apply', yaml: CR('  image: z') } },
      ],
    });
    expect(run.output.map((o) => o.line).slice(1)).toEqual([
      'crontab.stable.example.com/c1 created',
      'crontab.stable.example.com/c1 configured',
    ]);
    const history = run.history
      .filter((h) => h.key === '/registry/stable.example.com/crontabs/default/c1')
      .map((h) => h.value as KObject);
    expect(history[0]!.metadata.generation).toBe(1);
    expect(history[0]!.status).toBeUndefined();
    expect(history[history.length - 1]!.metadata.generation).toBe(2);
  });
});
