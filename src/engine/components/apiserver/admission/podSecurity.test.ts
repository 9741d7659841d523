/**
 * The PodSecurity admission plugin against k8s.io/pod-security-admission: admission/admission.go (EvaluatePod,
 * ValidatePodController, EvaluatePodsInNamespace), api/helpers.go (PolicyToEvaluate) and policy/check_*.go with
 * their _test.go cases; texts verbatim from the source and from the Kubernetes docs' examples.
 */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../types';
import { admitPodSecurity, namespaceEnforceWarnings, namespaceLabelsError, policyToEvaluate } from './podSecurity';
import { evaluatePod, forbiddenDetail } from './podSecurityChecks';
import { testStore } from './testStore';
import { makePod } from '../../../testing/builders';

const ns = (name: string, labels: Record<string, string> = {}): KObject =>
  ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels } }) as KObject;

const restricted = { 'pod-security.kubernetes.io/enforce': 'restricted' };

const nginx = (name = 'web', spec: Record<string, unknown> = {}) =>
  makePod(name)
    .namespace('apps')
    .spec({ containers: [{ name: 'nginx', image: 'nginx:1.27' }], ...spec })
    .obj();

const compliant = {
  securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
  containers: [
    {
      name: 'app',
      image: 'nginxinc/nginx-unprivileged:1.27',
      securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } },
    },
  ],
};

describe('PodSecurity: the namespace labels (api/helpers.go PolicyToEvaluate)', () => {
  it('reads each mode with its version; an unlabelled mode is privileged:latest', () => {
    const p = policyToEvaluate({ ...restricted, 'pod-security.kubernetes.io/warn-version': 'v1.30' });
    expect(p.enforce).toEqual({ level: 'restricted', minor: undefined });
    expect(p.warn).toEqual({ level: 'privileged', minor: 30 });
    expect(p.audit.level).toBe('privileged');
  });

  it('fails closed for an enforce level it cannot parse and open for warn and audit', () => {
    const p = policyToEvaluate({
      'pod-security.kubernetes.io/enforce': 'strict',
      'pod-security.kubernetes.io/warn': 'strict',
    });
    expect(p.enforce.level).toBe('restricted');
    expect(p.warn.level).toBe('privileged');
  });
});

describe('PodSecurity: Pods (admission.go EvaluatePod)', () => {
  it('refuses a plain nginx Pod under enforce=restricted with the four restricted reasons, in check order', () => {
    const r = admitPodSecurity(nginx(), 'create', 'web', testStore([ns('apps', restricted)]));
    expect(r.error?.code).toBe(403);
    expect(r.error?.message).toBe(
      'pods "web" is forbidden: violates PodSecurity "restricted:latest": allowPrivilegeEscalation != false (container "nginx" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "nginx" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "nginx" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "nginx" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
    );
    expect(r.warnings).toEqual([]);
  });

  it('lets a compliant Pod in, and any Pod into a namespace without labels', () => {
    const store = testStore([ns('apps', restricted)]);
    expect(admitPodSecurity(nginx('ok', compliant), 'create', 'ok', store).error).toBeUndefined();
    expect(admitPodSecurity(nginx(), 'create', 'web', testStore([ns('apps')]))).toEqual({ warnings: [] });
  });

  it('warns (and admits) under warn=baseline: the docs example with a hostPath volume and a privileged container', () => {
    const store = testStore([ns('apps', { 'pod-security.kubernetes.io/warn': 'baseline' })]);
    const pod = nginx('web', {
      volumes: [{ name: 'hostvol', hostPath: { path: '/data' } }],
      containers: [{ name: 'nginx', image: 'nginx', securityContext: { privileged: true } }],
    });
    const r = admitPodSecurity(pod, 'create', 'web', store);
    expect(r.error).toBeUndefined();
    expect(r.warnings).toEqual([
      'would violate PodSecurity "baseline:latest": hostPath volumes (volume "hostvol"), privileged (container "nginx" must not set securityContext.privileged=true)',
    ]);
  });

  it('checks a pod controller template for warn only: a Deployment is never refused', () => {
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'apps' },
      spec: { template: { spec: { containers: [{ name: 'nginx', image: 'nginx' }] } } },
    } as KObject;
    const enforceOnly = admitPodSecurity(deployment, 'create', 'web', testStore([ns('apps', restricted)]));
    expect(enforceOnly).toMatchObject({ warnings: [] });
    expect(enforceOnly.error).toBeUndefined();
    const warned = admitPodSecurity(
      deployment,
      'create',
      'web',
      testStore([ns('apps', { ...restricted, 'pod-security.kubernetes.io/warn': 'restricted' })]),
    );
    expect(warned.error).toBeUndefined();
    expect(warned.warnings[0]).toMatch(/^would violate PodSecurity "restricted:latest": allowPrivilegeEscalation/);
  });

  it('checks a Pod update only when an image changes (isSignificantPodUpdate)', () => {
    const store = testStore([ns('apps', restricted)]);
    const old = nginx();
    const relabelled = { ...old, metadata: { ...old.metadata, labels: { a: 'b' } } } as KObject;
    expect(admitPodSecurity(relabelled, 'update', 'web', store, old).error).toBeUndefined();
    const newImage = nginx('web', { containers: [{ name: 'nginx', image: 'nginx:1.28' }] });
    expect(admitPodSecurity(newImage, 'update', 'web', store, old).error?.code).toBe(403);
  });
});

describe('PodSecurity: the checks (policy/check_*.go)', () => {
  const detail = (level: 'baseline' | 'restricted', spec: Record<string, unknown>, minor = 34) =>
    forbiddenDetail(evaluatePod(level, minor, spec));

  it('host namespaces and host ports (check_hostNamespaces.go, check_hostPorts.go)', () => {
    expect(
      detail('baseline', {
        hostNetwork: true,
        hostPID: true,
        containers: [{ name: 'container1', ports: [{ containerPort: 80, hostPort: 12345 }] }],
      }),
    ).toBe('host namespaces (hostNetwork=true, hostPID=true), hostPort (container "container1" uses hostPort 12345)');
  });

  it('non-default capabilities at baseline, unrestricted capabilities at restricted', () => {
    const spec = {
      containers: [{ name: 'a', securityContext: { capabilities: { add: ['NET_RAW', 'CHOWN', 'SYS_ADMIN'] } } }],
    };
    expect(detail('baseline', spec)).toBe(
      'non-default capabilities (container "a" must not include "NET_RAW", "SYS_ADMIN" in securityContext.capabilities.add)',
    );
    expect(
      forbiddenDetail(evaluatePod('restricted', 34, spec).filter((r) => r.reason.startsWith('unrestricted'))),
    ).toBe(
      'unrestricted capabilities (container "a" must set securityContext.capabilities.drop=["ALL"]; container "a" must not include "CHOWN", "NET_RAW", "SYS_ADMIN" in securityContext.capabilities.add)',
    );
  });

  it('a hostPath volume is a restricted volume type at restricted (the overlapping baseline check is not run)', () => {
    const spec = { ...compliant, volumes: [{ name: 'host', hostPath: { path: '/' } }] };
    expect(detail('restricted', spec)).toBe(
      'restricted volume types (volume "host" uses restricted volume type "hostPath")',
    );
  });

  it('runAsNonRoot=false and runAsUser=0, from the pod and a container (check_runAsNonRoot.go, check_runAsUser.go)', () => {
    const spec = {
      ...compliant,
      securityContext: { runAsNonRoot: false, runAsUser: 0, seccompProfile: { type: 'RuntimeDefault' } },
      containers: [
        { ...compliant.containers[0], securityContext: { ...compliant.containers[0].securityContext, runAsUser: 0 } },
      ],
    };
    expect(detail('restricted', spec)).toBe(
      'runAsNonRoot != true (pod must not set securityContext.runAsNonRoot=false), runAsUser=0 (pod and container "app" must not set runAsUser=0)',
    );
  });

  it('seccomp Unconfined, procMount and unsafe sysctls at baseline', () => {
    expect(
      detail('baseline', {
        securityContext: { seccompProfile: { type: 'Unconfined' }, sysctls: [{ name: 'kernel.msgmax', value: '1' }] },
        containers: [{ name: 'a', securityContext: { procMount: 'Unmasked' } }],
      }),
    ).toBe(
      'procMount (container "a" must not set securityContext.procMount to "Unmasked"), seccompProfile (pod must not set securityContext.seccompProfile.type to "Unconfined"), forbidden sysctls (kernel.msgmax)',
    );
  });

  it('a policy version older than a check leaves it out (capabilities_restricted is v1.22+)', () => {
    const reasons = (minor: number) =>
      evaluatePod('restricted', minor, { containers: [{ name: 'a' }] }).map((r) => r.reason);
    expect(reasons(21)).not.toContain('unrestricted capabilities');
    expect(reasons(22)).toContain('unrestricted capabilities');
  });
});

describe('PodSecurity: labelling a namespace (admission.go EvaluatePodsInNamespace)', () => {
  it('names the existing Pods the new enforce level would refuse, grouped by reasons and sorted', () => {
    const pods = ['web-b', 'web-a', 'web-c'].map((n) => nginx(n));
    const old = ns('apps');
    const next = ns('apps', restricted);
    expect(namespaceEnforceWarnings(next, old, testStore([next, ...pods, nginx('ok', compliant)]))).toEqual([
      'existing pods in namespace "apps" violate the new PodSecurity enforce level "restricted:latest"',
      'web-a (and 2 other pods): allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile',
    ]);
  });

  it('says nothing when the enforce level does not change or becomes privileged', () => {
    const store = testStore([nginx()]);
    expect(namespaceEnforceWarnings(ns('apps', restricted), ns('apps', restricted), store)).toEqual([]);
    expect(
      namespaceEnforceWarnings(ns('apps', { 'pod-security.kubernetes.io/enforce': 'privileged' }), ns('apps'), store),
    ).toEqual([]);
  });
});

describe('PodSecurity: the namespace labels themselves (admission.go ValidateNamespace)', () => {
  it('refuses a level or version that does not parse, with 422 and the label as the field', () => {
    const err = namespaceLabelsError(ns('apps', { 'pod-security.kubernetes.io/enforce': 'strict' }));
    expect(err?.code).toBe(422);
    expect(err?.message).toBe(
      'Namespace "apps" is invalid: metadata.labels[pod-security.kubernetes.io/enforce]: Invalid value: "strict": must be one of privileged, baseline, restricted',
    );
    expect(namespaceLabelsError(ns('apps', { 'pod-security.kubernetes.io/warn-version': '1.30' }))?.message).toBe(
      'Namespace "apps" is invalid: metadata.labels[pod-security.kubernetes.io/warn-version]: Invalid value: "1.30": must be "latest" or "v1.x"',
    );
  });

  it('lets an update through that leaves the PodSecurity labels as they were', () => {
    const bad = ns('apps', { 'pod-security.kubernetes.io/enforce': 'strict' });
    const relabelled = ns('apps', { 'pod-security.kubernetes.io/enforce': 'strict', team: 'a' });
    expect(namespaceLabelsError(relabelled, bad)).toBeUndefined();
    expect(namespaceLabelsError(ns('apps', restricted), bad)).toBeUndefined();
  });
});

describe('PodSecurity: AppArmor, SELinux and probe hosts (check_appArmorProfile.go, check_seLinuxOptions.go, check_hostProbesAndhostLifecycle.go)', () => {
  const baseline = (spec: Record<string, unknown>, minor = 34) => forbiddenDetail(evaluatePod('baseline', minor, spec));

  it('an Unconfined AppArmor profile on the pod and a container', () => {
    expect(
      baseline({
        securityContext: { appArmorProfile: { type: 'Unconfined' } },
        containers: [{ name: 'a', securityContext: { appArmorProfile: { type: 'Unconfined' } } }],
      }),
    ).toBe('forbidden AppArmor profile (pod and container "a" must not set AppArmor profile type to "Unconfined")');
  });

  it('an SELinux type outside the container types, with a user', () => {
    expect(
      baseline({ containers: [{ name: 'a', securityContext: { seLinuxOptions: { type: 'spc_t', user: 'root' } } }] }),
    ).toBe(
      'seLinuxOptions (container "a" set forbidden securityContext.seLinuxOptions: type "spc_t"; user may not be set)',
    );
    expect(
      baseline({ containers: [{ name: 'a', securityContext: { seLinuxOptions: { type: 'container_t' } } }] }),
    ).toBe('');
  });

  it('a probe host, from policy v1.34 on', () => {
    const spec = {
      containers: [{ name: 'a', livenessProbe: { httpGet: { host: '10.0.0.1', port: 80, path: '/' } } }],
    };
    expect(baseline(spec)).toBe('probe or lifecycle host (container "a" uses probe or lifecycle host "10.0.0.1")');
    expect(baseline(spec, 33)).toBe('');
  });
});
