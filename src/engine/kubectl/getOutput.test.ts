import { describe, expect, it } from 'vitest';
import { findScenario } from '../../scenarios';
import { simulate } from '../simulate';
import { worldAt } from '../trace/worldAt';
import { naturalLess, sortObjects } from './getOutput';
import { answerKubectl, tokenize } from './kubectlCommand';
import type { KObject } from '../types';

const run = simulate(findScenario('happy-path')!.input);
const end = worldAt(run, run.steps.length - 1);
const out = (command: string) => answerKubectl(command, end).output;

// test/oracle.test.ts compares these with the real kubectl v1.34 against `npm run serve`.
describe('kubectl get: selectors, labels, sorting and the template printers', () => {
  it('-l / --selector: equality and set-based requirements', () => {
    expect(out('get pods -l app=web').match(/Running/g)).toHaveLength(3);
    expect(out('get pods -l app!=web')).toBe('No resources found in default namespace.');
    expect(out("get pods -l 'app in (db,web)' -o name").split('\n')).toHaveLength(3);
    expect(out("get pods -l '!app'")).toBe('No resources found in default namespace.');
    expect(out('get pods --selector=app -o name').split('\n')).toHaveLength(3);
    expect(out("get pods -l 'app in'")).toMatch(/^Error from server \(BadRequest\): unable to parse requirement/);
    expect(out('get pods web -l app=web')).toBe('error: name cannot be provided when a selector is specified');
    expect(out('get pods -o jsonpath={.items[}')).toBe('error: error parsing jsonpath {.items[}, unterminated array');
    expect(out('describe deploy -l app=web')).toMatch(/^Name:\s+web$/m);
    expect(out('describe deploy -l app=nope')).toBe('No resources found in default namespace.');
  });

  it('--show-labels adds LABELS after every other column', () => {
    const lines = out('get deploy web --show-labels').split('\n');
    expect(lines[0]).toMatch(/^NAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE\s+LABELS$/);
    expect(lines[1]).toMatch(/\sapp=web$/);
  });

  it('-L adds a column per label key (its last part upper-cased), --no-headers drops the header row', () => {
    const lines = out('get deploy web -L app,example.com/tier --show-labels').split('\n');
    expect(lines[0]).toMatch(/\sAGE\s+APP\s+TIER\s+LABELS$/);
    expect(out('get deploy --no-headers')).toMatch(/^web\s+\d\/\d/);
    expect(out('get deploy --no-headers -o custom-columns=N:.metadata.name')).toBe('web');
  });

  it('--sort-by sorts by the JSONPath value, missing values first', () => {
    const pod = (name: string, restarts?: number): KObject =>
      ({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name },
        status: restarts === undefined ? {} : { containerStatuses: [{ restartCount: restarts }] },
      }) as KObject;
    const sorted = sortObjects(
      [pod('a', 10), pod('b', 2), pod('c'), pod('d', 3)],
      '.status.containerStatuses[0].restartCount',
    );
    expect((sorted as KObject[]).map((p) => p.metadata.name)).toEqual(['c', 'b', 'd', 'a']);
    expect(sortObjects([pod('a'), pod('b')], '{.spec.nope}')).toBe(
      'error: couldn\'t find any field with path "{.spec.nope}" in the list of objects',
    );
    expect(out('get pods --sort-by=.spec.nope')).toBe('No resources found in default namespace.');
    expect(naturalLess('web-9', 'web-10')).toBe(true);
    expect(naturalLess('a', 'a0')).toBe(true);
  });

  it('-o jsonpath on one object and on the List around several', () => {
    expect(out("get deploy web -o jsonpath='{.spec.replicas}'")).toBe('3');
    expect(out(`get pods -o jsonpath='{range .items[*]}{.metadata.name}{"\\n"}{end}'`)).toMatch(/^(web-\S+\n){3}$/);
    expect(out('get deploy web -o jsonpath={.metadata.creationTimestamp}')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(out('get pods -o jsonpath')).toBe('error: template format specified but no template given');
  });

  it('-o custom-columns: headers as given, <none> for a missing value, lists joined by commas', () => {
    const lines = out(
      'get deploy -o custom-columns=NAME:.metadata.name,IMAGES:.spec.template.spec.containers[*].image,X:.nope',
    ).split('\n');
    expect(lines[0]).toMatch(/^NAME\s+IMAGES\s+X$/);
    expect(lines[1]).toMatch(/^web\s+\S+\s+<none>$/);
    expect(out('get pods -o custom-columns=NAME')).toBe(
      'error: unexpected custom-columns spec: NAME, expected <header>:<json-path-expr>',
    );
  });

  it('splits words as a shell does', () => {
    expect(tokenize(`get pods -o jsonpath='{range .items[*]}{"\\n"}{end}'`)).toEqual([
      'get',
      'pods',
      '-o',
      'jsonpath={range .items[*]}{"\\n"}{end}',
    ]);
    expect(tokenize(`get pods -l "app in (a,b)"`)).toEqual(['get', 'pods', '-l', 'app in (a,b)']);
  });
});
