import { describe, expect, it } from 'vitest';
import { parseActionSpec } from './parseActionSpec';
import { validateTimedAction } from './validateTimedAction';

describe('validateTimedAction: one validator for CLI specs and link actions', () => {
  it('refuses a link\'s replicas of -5, 1.5 or "abc", as the CLI refuses them', () => {
    for (const replicas of [-5, 1.5, 'abc', null, 2 ** 31]) {
      const link = validateTimedAction({
        atStep: 3,
        action: { type: 'scale', kind: 'Deployment', name: 'web', replicas },
      });
      expect(link).toHaveProperty('error');
      const spec = parseActionSpec(`#3:scale deployment/web ${String(replicas)}`);
      expect(spec).toHaveProperty('error');
    }
    expect(
      validateTimedAction({ atStep: 3, action: { type: 'scale', kind: 'Deployment', name: 'web', replicas: -5 } }),
    ).toEqual({
      error: 'replicas must be a whole number from 0 to 2147483647 (got -5)',
    });
    expect(parseActionSpec('#3:scale deployment/web abc')).toEqual({
      error: 'replicas must be a whole number from 0 to 2147483647 (got "abc")',
    });
  });

  it('drain: the flags of kubectl drain, a spec and its JSON alike; a bad timeout is refused', () => {
    const spec = parseActionSpec('15s:drain node-1 --ignore-daemonsets --force --timeout=2m --grace-period=0');
    expect(spec).toEqual({
      atMs: 15_000,
      action: {
        type: 'drain',
        node: 'node-1',
        ignoreDaemonSets: true,
        force: true,
        timeoutSeconds: 120,
        gracePeriodSeconds: 0,
      },
    });
    expect(
      validateTimedAction({
        atMs: 15_000,
        action: {
          type: 'drain',
          node: 'node-1',
          ignoreDaemonSets: true,
          force: true,
          deleteEmptyDirData: false,
          timeoutSeconds: 120,
          gracePeriodSeconds: 0,
          x: 1,
        },
      }),
    ).toEqual(spec);
    expect(parseActionSpec('15s:drain node-1 --timeout=soon')).toEqual({
      error: 'drain\'s timeout must be a whole number of seconds up to 86400 (got "soon")',
    });
    expect(parseActionSpec('15s:drain node-1 --dry-run')).toEqual({ error: 'drain: unknown flag "--dry-run"' });
    expect(validateTimedAction({ atMs: 0, action: { type: 'drain', node: 'node-1', force: 'yes' } })).toHaveProperty(
      'error',
    );
  });

  it('gives the same action for a spec and its JSON, keeping only the fields the engine reads', () => {
    const fromSpec = parseActionSpec('30s:scale deployment/web 5');
    expect(fromSpec).toEqual({ atMs: 30_000, action: { type: 'scale', kind: 'Deployment', name: 'web', replicas: 5 } });
    expect(
      validateTimedAction({
        atMs: 30_000,
        extra: '<script>',
        action: { type: 'scale', kind: 'Deployment', name: 'web', replicas: 5, junk: 1 },
      }),
    ).toEqual(fromSpec);
    expect(validateTimedAction({ atStep: 0, action: { type: 'stop', component: 'etcd', member: 1 } })).toEqual(
      parseActionSpec('#0:stop etcd-1'),
    );
  });

  it('refuses bad timing, unknown commands and components, and wrong field types', () => {
    const bad: unknown[] = [
      null,
      [],
      { action: { type: 'registry', reachable: true } },
      { atStep: -1, action: { type: 'registry', reachable: true } },
      { atStep: 1.5, action: { type: 'registry', reachable: true } },
      { atStep: '3', action: { type: 'registry', reachable: true } },
      { atStep: 1, atMs: 1, action: { type: 'registry', reachable: true } },
      { atStep: 1, action: { type: 'registry', reachable: 'yes' } },
      { atStep: 1, action: { type: 'rm -rf' } },
      { atStep: 1, action: { type: 'stop', component: 'kube-nothing' } },
      { atStep: 1, action: { type: 'stop', component: 'etcd', member: 'x' } },
      { atStep: 1, action: { type: 'taint', node: 'node-1', key: 'k', effect: 'Sometimes' } },
      { atStep: 1, action: { type: 'delete-pod', name: '' } },
      { atStep: 1, action: { type: 'set-image', deployment: 'web', container: 'nginx', image: 7 } },
      { atStep: 1, action: { type: 'cordon', node: { a: 1 } } },
    ];
    for (const b of bad) expect(validateTimedAction(b)).toHaveProperty('error');
    expect(parseActionSpec('5s:taint node-1 k:Sometimes')).toHaveProperty('error');
    expect(parseActionSpec('5s:stop etcd-12')).toHaveProperty('error');
  });
});

describe('exec: `exec POD[/CONTAINER] -- COMMAND…` (kubectl pkg/cmd/exec/exec.go argument rules)', () => {
  it('splits the command as a shell does and takes the container from POD/CONTAINER or -c', () => {
    expect(parseActionSpec("20s:exec web/app -- sh -c 'echo $HOME; ls /'")).toEqual({
      atMs: 20_000,
      action: { type: 'exec', pod: 'web', container: 'app', command: ['sh', '-c', 'echo $HOME; ls /'] },
    });
    expect(parseActionSpec('#5:exec $pod:web -n shop -c app -- env')).toEqual({
      atStep: 5,
      action: { type: 'exec', namespace: 'shop', pod: '$pod:web', container: 'app', command: ['env'] },
    });
  });

  it("refuses a missing command or `--` with kubectl's reasons, and bad JSON from a link", () => {
    expect(parseActionSpec('1s:exec web')).toEqual({
      error: 'exec: you must specify at least one command for the container (usage: exec POD[/CONTAINER] -- COMMAND…)',
    });
    expect(parseActionSpec('1s:exec web ls')).toMatchObject({ error: expect.stringMatching(/not supported anymore/) });
    expect(validateTimedAction({ atMs: 0, action: { type: 'exec', pod: 'web', command: [] } })).toMatchObject({
      error: expect.stringMatching(/^exec needs a command/),
    });
    expect(validateTimedAction({ atMs: 0, action: { type: 'exec', pod: 'web', command: [1] } })).toMatchObject({
      error: expect.stringMatching(/command words must be text/),
    });
    expect(validateTimedAction({ atMs: 0, action: { type: 'exec', pod: 'web', command: ['ls'], extra: 1 } })).toEqual({
      atMs: 0,
      action: { type: 'exec', pod: 'web', command: ['ls'] },
    });
  });
});
