/**
 * `kubectl auth can-i` / `whoami` answered by the apiserver's RBAC authorizer on the world at the end of a run
 * (staging/src/k8s.io/kubectl/pkg/cmd/auth/cani.go and whoami.go for the texts).
 */
import { describe, expect, it } from 'vitest';
import { findScenario } from '../../scenarios';
import { kubeconfigUser } from '../cluster/kubeconfigUser';
import { simulate } from '../simulate';
import { worldAt } from '../trace/worldAt';
import { answerKubectl } from './kubectlCommand';

function atEnd(id: string) {
  const run = simulate(findScenario(id)!.input);
  return { world: worldAt(run, run.steps.length - 1), user: kubeconfigUser(run.cluster.user) };
}

describe('kubectl auth', () => {
  const admin = atEnd('happy-path');
  const ask = (cmd: string, w = admin) => answerKubectl(cmd, w.world, { user: w.user });

  it("kind's admin may do anything; kubectl warns about what it cannot map", () => {
    expect(ask('auth can-i create deployments.apps -n default')).toMatchObject({ output: 'yes', ok: true });
    expect(ask('kubectl auth can-i get nodes -n kube-system').output).toBe(
      "Warning: resource 'nodes' is not namespace scoped\nyes",
    );
    expect(ask('auth can-i get foo')).toMatchObject({
      output: "Warning: the server doesn't have a resource type 'foo'\nno",
      ok: false,
    });
    expect(ask('auth can-i frobnicate pods').output).toBe("Warning: verb 'frobnicate' is not a known verb\nyes");
    expect(ask('auth can-i get')).toMatchObject({ ok: false });
  });

  it('answers for another user with --as, by the RBAC bindings in the cluster', () => {
    expect(ask('auth can-i list secrets --as jane')).toMatchObject({ output: 'no', ok: false });
  });

  it("follows the scenario's kubeconfig user: jane may get deployments but not create them", () => {
    const jane = atEnd('forbidden');
    expect(ask('auth can-i get deployments', jane).output).toBe('yes');
    expect(ask('auth can-i create deployments', jane).output).toBe('no');
    // Non-resource URLs: cluster-admin's rule has nonResourceURLs ["*"]; jane's view role has none.
    expect(ask('auth can-i get /logs', jane).output).toBe('no');
    expect(ask('auth can-i get /logs').output).toBe('yes');
    expect(ask('auth whoami', jane).output).toBe(
      'ATTRIBUTE   VALUE\nUsername    jane\nGroups      [system:authenticated]',
    );
  });

  it('whoami prints the SelfSubjectReview as kubectl does', () => {
    expect(ask('auth whoami').output).toBe(
      'ATTRIBUTE   VALUE\nUsername    kubernetes-admin\nGroups      [kubeadm:cluster-admins system:authenticated]',
    );
  });
});
