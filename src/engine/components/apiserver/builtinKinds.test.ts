/**
 * Every built-in kind a kind v1.34 cluster serves, applied with `kubectl apply`: created with its storage's scope
 * (each registry strategy's NamespaceScoped(): a cluster-scoped object keeps no namespace, a namespaced one gets
 * `default`), readable with `kubectl get <short name>` through its printers.go columns, and narrated as stored
 * only when nothing in Podyssey acts on it. The reviews (pkg/registry/authentication, pkg/registry/authorization)
 * are answered and never stored.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../simulate';
import { worldAt } from '../../trace/worldAt';
import { answerKubectl } from '../../kubectl/kubectlCommand';
import type { KObject } from '../../types';
import { answerReview } from './nonStoredResources';
import { RESOURCES, etcdKey, lookupResource } from '../../objects/resources';

/** One valid object per kind, as a learner would write it (no namespace: kubectl's default applies). */
const OBJECTS: Record<string, string> = {
  'v1/PodTemplate': `template:
  metadata: {labels: {app: web}}
  spec:
    containers: [{name: nginx, image: nginx:1.27}]`,
  'autoscaling/v1/HorizontalPodAutoscaler': `spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 1
  maxReplicas: 3
  targetCPUUtilizationPercentage: 50`,
  'autoscaling/v2/HorizontalPodAutoscaler': `spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  maxReplicas: 3`,
  'policy/v1/PodDisruptionBudget': `spec: {minAvailable: 1, selector: {matchLabels: {app: web}}}`,
  'events.k8s.io/v1/Event': `eventTime: "2026-01-01T00:00:00.000000Z"
reportingController: example.com/demo
reportingInstance: demo-1
action: Demo
reason: Demo
type: Normal
note: something happened
regarding: {kind: Pod, name: web, namespace: default}`,
  'certificates.k8s.io/v1/CertificateSigningRequest': `spec:
  request: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0K
  signerName: kubernetes.io/kube-apiserver-client
  usages: [client auth]`,
  'storage.k8s.io/v1/CSIDriver': `spec: {attachRequired: false}`,
  'storage.k8s.io/v1/CSINode': `spec: {drivers: []}`,
  'storage.k8s.io/v1/CSIStorageCapacity': `storageClassName: standard`,
  'storage.k8s.io/v1/VolumeAttachment': `spec:
  attacher: csi.example.com
  nodeName: node-1
  source: {persistentVolumeName: pv-1}`,
  'storage.k8s.io/v1/VolumeAttributesClass': `driverName: csi.example.com
parameters: {iops: "3000"}`,
  'node.k8s.io/v1/RuntimeClass': `handler: runc`,
  'flowcontrol.apiserver.k8s.io/v1/FlowSchema': `spec:
  priorityLevelConfiguration: {name: workload-low}
  matchingPrecedence: 1000`,
  'flowcontrol.apiserver.k8s.io/v1/PriorityLevelConfiguration': `spec:
  type: Limited
  limited: {nominalConcurrencyShares: 10, limitResponse: {type: Reject}}`,
  'networking.k8s.io/v1/IPAddress': `spec:
  parentRef: {group: "", resource: services, namespace: default, name: web}`,
  'networking.k8s.io/v1/ServiceCIDR': `spec: {cidrs: [10.97.0.0/16]}`,
  'networking.k8s.io/v1/Ingress': `spec:
  rules:
  - http:
      paths:
      - {path: /, pathType: Prefix, backend: {service: {name: web, port: {number: 80}}}}`,
  'networking.k8s.io/v1/IngressClass': `spec: {controller: example.com/ingress-controller}`,
  'networking.k8s.io/v1/NetworkPolicy': `spec: {podSelector: {}}`,
  'resource.k8s.io/v1/DeviceClass': `spec: {}`,
  'resource.k8s.io/v1/ResourceClaim': `spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu}}]}}`,
  'resource.k8s.io/v1/ResourceClaimTemplate': `spec: {spec: {}}`,
  'resource.k8s.io/v1/ResourceSlice': `spec: {driver: gpu.example.com, nodeName: node-1, pool: {name: node-1, generation: 1, resourceSliceCount: 1}}`,
  'admissionregistration.k8s.io/v1/ValidatingAdmissionPolicy': `spec:
  validations: [{expression: "object.spec.replicas <= 5"}]`,
  'admissionregistration.k8s.io/v1/ValidatingAdmissionPolicyBinding': `spec:
  policyName: demo
  validationActions: [Deny]`,
  'admissionregistration.k8s.io/v1/MutatingWebhookConfiguration': `webhooks: []`,
  'admissionregistration.k8s.io/v1/ValidatingWebhookConfiguration': `webhooks: []`,
  'apiextensions.k8s.io/v1/CustomResourceDefinition': `spec:
  group: example.com
  names: {plural: widgets, singular: widget, kind: Widget}
  scope: Namespaced
  versions: [{name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}]`,
  'apiregistration.k8s.io/v1/APIService': `spec:
  group: example.com
  version: v1
  groupPriorityMinimum: 1000
  versionPriority: 15
  service: {namespace: default, name: api}`,
};

/** The kinds this file covers: stored kinds that were missing from the table, and their neighbours. */
const KINDS = Object.keys(OBJECTS).map((gvk) => {
  const i = gvk.lastIndexOf('/');
  return { apiVersion: gvk.slice(0, i), kind: gvk.slice(i + 1) };
});

function manifest(apiVersion: string, kind: string, name: string, namespace?: string): string {
  const body = OBJECTS[`${apiVersion}/${kind}`]!;
  const ns = namespace ? `\n  namespace: ${namespace}` : '';
  return `apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata:\n  name: ${name}${ns}\n${body}\n`;
}

/** A CustomResourceDefinition must be named `<plural>.<group>` (ValidateCustomResourceDefinition). */
const NAME = (kind: string, apiVersion: string) =>
  kind === 'CustomResourceDefinition'
    ? 'widgets.example.com'
    : `${kind.toLowerCase()}-${apiVersion.replace(/[^a-z0-9]/g, '')}`.slice(0, 60);

describe('every built-in kind of a v1.34 cluster: apply, scope, get by short name', () => {
  const yaml = KINDS.map(({ apiVersion, kind }) => manifest(apiVersion, kind, NAME(kind, apiVersion))).join('---\n');
  const run = simulate({ yaml, untilMs: 20_000 });
  const world = worldAt(run, run.steps.length - 1);

  it.each(KINDS)('$apiVersion $kind: created with the scope of its REST storage', ({ apiVersion, kind }) => {
    const info = lookupResource(apiVersion, kind)!;
    expect(info).toBeDefined();
    const name = NAME(kind, apiVersion);
    const line = run.output.find((o) => o.line.includes(`/${name} `))?.line;
    expect(line).toBe(`${info.group ? `${kind.toLowerCase()}.${info.group}` : kind.toLowerCase()}/${name} created`);
    const stored = world.etcd.get(etcdKey(info, info.namespaced ? 'default' : undefined, name));
    expect(stored, `stored at ${etcdKey(info, 'default', name)}`).toBeDefined();
    expect(stored!.metadata.namespace).toBe(info.namespaced ? 'default' : undefined);
  });

  // The Event table has no NAME column (printEvent); its row is checked below.
  it.each(KINDS.filter((k) => k.kind !== 'Event'))(
    '$apiVersion $kind: kubectl get by its short name (or plural) lists it',
    ({ apiVersion, kind }) => {
      const info = lookupResource(apiVersion, kind)!;
      const type = info.shortNames?.[0] ?? (info.group ? `${info.resource}.${info.group}` : info.resource);
      const lines = answerKubectl(`kubectl get ${type}`, world).output.split('\n');
      expect(lines[0]).toMatch(/^NAME\s/);
      expect(lines.slice(1).some((l) => l.startsWith(`${NAME(kind, apiVersion)} `))).toBe(true);
    },
  );

  it('a cluster-scoped object written with a namespace is created without one (rest.BeforeCreate)', () => {
    const r = simulate({ yaml: manifest('node.k8s.io/v1', 'RuntimeClass', 'gvisor', 'default'), untilMs: 5_000 });
    expect(r.output.map((o) => o.line)).toEqual(['runtimeclass.node.k8s.io/gvisor created']);
    const rc = worldAt(r, r.steps.length - 1).etcd.get('/registry/runtimeclasses/gvisor');
    expect(rc?.metadata.namespace).toBeUndefined();
  });

  it('a PodTemplate is validated as a Pod template (ValidatePodTemplate)', () => {
    const r = simulate({ yaml: 'apiVersion: v1\nkind: PodTemplate\nmetadata: {name: empty}\ntemplate: {}\n' });
    expect(r.output.map((o) => o.line)).toEqual([
      'The PodTemplate "empty" is invalid: template.spec.containers: Required value',
    ]);
  });

  it('kubectl get api-extensions lists the category (Categories() of those storages)', () => {
    const names = answerKubectl('kubectl get api-extensions', world)
      .output.split('\n')
      .filter((l) => /^[a-z0-9.]+\//.test(l))
      .map((l) => l.split(/\s+/)[0]);
    const admission = 'admissionregistration.k8s.io';
    const row = (kind: string, group: string) =>
      `${kind.toLowerCase()}.${group}/${NAME(kind, kind === 'APIService' || kind === 'CustomResourceDefinition' ? `${group}/v1` : `${admission}/v1`)}`;
    expect(names).toEqual([
      row('APIService', 'apiregistration.k8s.io'),
      row('MutatingWebhookConfiguration', admission),
      row('ValidatingAdmissionPolicy', admission),
      row('ValidatingAdmissionPolicyBinding', admission),
      row('ValidatingWebhookConfiguration', admission),
      row('CustomResourceDefinition', 'apiextensions.k8s.io'),
    ]);
  });

  it('a CustomResourceDefinition not named <plural>.<group> is invalid', () => {
    const crd = manifest('apiextensions.k8s.io/v1', 'CustomResourceDefinition', 'widgets');
    const r = simulate({ yaml: crd, untilMs: 5_000 });
    expect(r.output.map((o) => o.line)).toEqual([
      'The CustomResourceDefinition "widgets" is invalid: metadata.name: Invalid value: "widgets": must be spec.names.plural+"."+spec.group',
    ]);
  });

  it('kubectl get by short name prints the printers.go columns', () => {
    const get = (cmd: string) => answerKubectl(cmd, world).output.split('\n');
    expect(get('kubectl get csr')[0]!.split(/\s{2,}/)).toEqual([
      'NAME',
      'AGE',
      'SIGNERNAME',
      'REQUESTOR',
      'REQUESTEDDURATION',
      'CONDITION',
    ]);
    expect(get('kubectl get csr')[1]).toMatch(
      /kubernetes\.io\/kube-apiserver-client\s+kubernetes-admin\s+<none>\s+Pending$/,
    );
    expect(get('kubectl get vac')[1]).toMatch(/^volumeattributesclass-storagek8siov1\s+csi\.example\.com\s+\d+s$/);
    expect(get('kubectl get crd')[0]!.split(/\s{2,}/)).toEqual(['NAME', 'CREATED AT']);
    expect(get('kubectl get crds')[1]).toMatch(/^widgets\.example\.com\s+\d{4}-\d\d-\d\dT/);
    expect(get('kubectl get runtimeclasses')[1]).toMatch(/^runtimeclass-nodek8siov1\s+runc\s+\d+s$/);
    expect(get('kubectl get hpa')[0]!.split(/\s{2,}/)).toEqual([
      'NAME',
      'REFERENCE',
      'TARGETS',
      'MINPODS',
      'MAXPODS',
      'REPLICAS',
      'AGE',
    ]);
    expect(get('kubectl get csidrivers')[1]).toMatch(
      /^csidriver-storagek8siov1\s+false\s+false\s+false\s+<unset>\s+false\s+Persistent\s+\d+s$/,
    );
    expect(get('kubectl get podtemplates')[1]).toMatch(/^podtemplate-v1\s+nginx\s+nginx:1\.27\s+app=web$/);
    expect(get('kubectl get ipaddresses')[1]).toMatch(/^ipaddress-networkingk8siov1\s+services\/default\/web$/);
    expect(get('kubectl get apiservices')[1]).toMatch(/^apiservice-apiregistrationk8siov1\s+default\/api\s+Unknown\s+/);
  });

  it('autoscaling/v1 is stored as autoscaling/v2: targetCPUUtilizationPercentage becomes a cpu Utilization metric', () => {
    const hpa = world.etcd.get('/registry/horizontalpodautoscalers/default/horizontalpodautoscaler-autoscalingv1')!;
    expect(hpa.apiVersion).toBe('autoscaling/v2');
    expect(hpa.spec.metrics).toEqual([
      { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } },
    ]);
    expect(hpa.spec.targetCPUUtilizationPercentage).toBeUndefined();
  });

  it('kubectl get events lists an Event applied in events.k8s.io/v1 (printEvent: regarding as the object, note as the message)', () => {
    const rows = answerKubectl('kubectl get events.events.k8s.io', world).output.split('\n');
    expect(rows[0]!.split(/\s{2,}/)).toEqual(['LAST SEEN', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE']);
    expect(rows.some((r) => /\sNormal\s+Demo\s+pod\/web\s+something happened$/.test(r))).toBe(true);
  });

  it('events.k8s.io/v1 Events are the same stored Events, in core/v1 shape', () => {
    const ev = world.etcd.get('/registry/events/default/event-eventsk8siov1')!;
    expect(ev.apiVersion).toBe('v1');
    expect(ev.message).toBe('something happened');
    expect(ev.involvedObject).toEqual({ kind: 'Pod', name: 'web', namespace: 'default' });
  });

  it('narrates the kinds nothing acts on as stored only, each with why (src/i18n/storedOnlyNarration.test.ts)', () => {
    const notes = run.steps.filter((s) => s.verb === 'note' && s.label.endsWith(': stored only'));
    const byKind = new Map(notes.map((s) => [s.object?.kind, s]));
    expect(byKind.get('Ingress')!.narration!.key).toBe('apiserver.stored.noIngressController');
    expect(byKind.get('NetworkPolicy')!.narration!.key).toBe('apiserver.stored.noNetworkPolicy');
    // A CRD is acted on: the apiextensions controllers in kube-apiserver accept its names and establish it.
    expect(byKind.get('CustomResourceDefinition')).toBeUndefined();
    expect(run.steps.some((s) => s.narration?.key === 'apiserver.crdEstablished')).toBe(true);
    expect(byKind.get('PodTemplate')!.narration!.key).toBe('apiserver.stored.inert');
    expect(byKind.get('Ingress')!.summary).toContain('no ingress controller runs in this cluster');
  });
});

describe('every resource of the table is served as api-resources lists it', () => {
  it('has the scope, short names and categories of its REST storage', () => {
    const row = (resource: string, group = '') => {
      const r = RESOURCES.find((i) => i.resource === resource && i.group === group && !i.alternateVersion)!;
      return [r.shortNames?.join(',') ?? '', r.namespaced, r.categories?.join(',') ?? ''];
    };
    expect(row('componentstatuses')).toEqual(['cs', false, '']);
    expect(row('podtemplates')).toEqual(['', true, '']);
    expect(row('bindings')).toEqual(['', true, '']);
    expect(row('customresourcedefinitions', 'apiextensions.k8s.io')).toEqual(['crd,crds', false, 'api-extensions']);
    expect(row('apiservices', 'apiregistration.k8s.io')).toEqual(['', false, 'api-extensions']);
    expect(row('certificatesigningrequests', 'certificates.k8s.io')).toEqual(['csr', false, '']);
    expect(row('volumeattributesclasses', 'storage.k8s.io')).toEqual(['vac', false, '']);
    expect(row('csistoragecapacities', 'storage.k8s.io')).toEqual(['', true, '']);
    expect(row('localsubjectaccessreviews', 'authorization.k8s.io')).toEqual(['', true, '']);
    expect(row('selfsubjectreviews', 'authentication.k8s.io')).toEqual(['', false, '']);
    expect(row('resourceclaims', 'resource.k8s.io')).toEqual(['', true, '']);
    expect(row('resourceslices', 'resource.k8s.io')).toEqual(['', false, '']);
    expect(row('horizontalpodautoscalers', 'autoscaling')).toEqual(['hpa', true, 'all']);
    expect(row('ipaddresses', 'networking.k8s.io')).toEqual(['ip', false, '']);
    expect(row('servicecidrs', 'networking.k8s.io')).toEqual(['', false, '']);
  });

  it('serves no beta API (LeaseCandidate, MutatingAdmissionPolicy are off by default in v1.34)', () => {
    expect(RESOURCES.some((r) => r.kind === 'LeaseCandidate' || r.kind === 'MutatingAdmissionPolicy')).toBe(false);
    expect(RESOURCES.every((r) => r.version === 'v1' || r.version === 'v2')).toBe(true);
  });
});

describe('the reviews: answered in their status, never stored', () => {
  const review = (apiVersion: string, kind: string, spec: string) =>
    `apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata:\n  name: check\n${spec}\n`;
  const yaml = [
    review('authentication.k8s.io/v1', 'TokenReview', 'spec: {token: abc}'),
    review('authentication.k8s.io/v1', 'SelfSubjectReview', ''),
  ].join('---\n');
  const run = simulate({ yaml, untilMs: 5_000 });

  it('kubectl apply creates each (its GET finds no such route), and etcd holds none of them', () => {
    expect(run.output.map((o) => o.line)).toEqual([
      'tokenreview.authentication.k8s.io/check created',
      'selfsubjectreview.authentication.k8s.io/check created',
    ]);
    const world = worldAt(run, run.steps.length - 1);
    expect([...world.etcd.keys()].filter((k) => k.includes('review'))).toEqual([]);
    const answered = run.steps.filter((s) => s.narration?.key === 'apiserver.reviewAnswered');
    expect(answered.map((s) => s.object?.kind)).toEqual(['TokenReview', 'SelfSubjectReview']);
  });

  it('kubectl get of a review is not allowed', () => {
    const world = worldAt(run, run.steps.length - 1);
    expect(answerKubectl('kubectl get tokenreviews', world).output).toBe(
      'Error from server (MethodNotAllowed): the server does not allow this method on the requested resource',
    );
  });

  it('a TokenReview without a token: token is required (tokenreview/storage.go)', () => {
    const r = simulate({ yaml: review('authentication.k8s.io/v1', 'TokenReview', 'spec: {}'), untilMs: 5_000 });
    expect(r.output.map((o) => o.line)).toEqual([
      'Error from server (BadRequest): error when creating "manifest.yaml": token is required for TokenReview in authentication',
    ]);
  });

  const admin = { name: 'kubernetes-admin', groups: ['kubeadm:cluster-admins', 'system:authenticated'] };
  const jane = { name: 'jane', groups: ['system:authenticated'] };
  const rbac = [
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: { name: 'pod-reader', namespace: 'dev' },
      rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] }],
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: 'jane', namespace: 'dev' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'pod-reader' },
      subjects: [{ kind: 'User', name: 'jane' }],
    },
  ] as unknown as KObject[];
  const sar = (kind: string, spec: Record<string, unknown>, namespace?: string) =>
    ({
      apiVersion: 'authorization.k8s.io/v1',
      kind,
      metadata: namespace ? { namespace } : {},
      spec,
    }) as unknown as KObject;

  it('SubjectAccessReview and SelfSubjectAccessReview: the RBAC authorizer answers allowed', () => {
    const get = { verb: 'get', resource: 'pods', namespace: 'dev' };
    expect(
      answerReview(sar('SubjectAccessReview', { user: 'jane', resourceAttributes: get }), admin, undefined, rbac).object
        ?.status,
    ).toEqual({ allowed: true });
    expect(
      answerReview(
        sar('SubjectAccessReview', { user: 'jane', resourceAttributes: { ...get, verb: 'delete' } }),
        admin,
        undefined,
        rbac,
      ).object?.status,
    ).toEqual({ allowed: false });
    expect(
      answerReview(
        sar('SelfSubjectAccessReview', { resourceAttributes: { ...get, namespace: 'prod' } }),
        jane,
        undefined,
        rbac,
      ).object?.status,
    ).toEqual({ allowed: false });
  });

  it('LocalSubjectAccessReview: the review may only ask about its own namespace (localsubjectaccessreview/rest.go)', () => {
    const spec = { user: 'jane', resourceAttributes: { verb: 'get', resource: 'pods', namespace: 'dev' } };
    expect(answerReview(sar('LocalSubjectAccessReview', spec, 'dev'), admin, 'dev', rbac).object?.status).toEqual({
      allowed: true,
    });
    expect(answerReview(sar('LocalSubjectAccessReview', spec, 'prod'), admin, 'prod', rbac).error?.message).toBe(
      'spec.resourceAttributes.namespace must match namespace: prod',
    );
  });

  it('SelfSubjectRulesReview: the rules bound to the user in the namespace', () => {
    const status = answerReview(sar('SelfSubjectRulesReview', { namespace: 'dev' }), jane, undefined, rbac).object
      ?.status;
    expect(status).toEqual({
      resourceRules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] }],
      nonResourceRules: [],
      incomplete: false,
    });
  });
});

describe('the legacy bindings resource and componentstatuses', () => {
  it('a Binding applied by hand binds the Pod it is named after (BindingREST), and is not stored', () => {
    const yaml = `apiVersion: v1
kind: Pod
metadata: {name: manual}
spec:
  schedulerName: my-scheduler
  containers: [{name: c, image: nginx:1.27}]
---
apiVersion: v1
kind: Binding
metadata: {name: manual}
target: {apiVersion: v1, kind: Node, name: node-2}
`;
    const run = simulate({ yaml, untilMs: 30_000 });
    expect(run.output.map((o) => o.line)).toEqual(['pod/manual created', 'binding/manual created']);
    const world = worldAt(run, run.steps.length - 1);
    expect(world.etcd.get('/registry/pods/default/manual')!.spec.nodeName).toBe('node-2');
    expect([...world.etcd.keys()].some((k) => k.startsWith('/registry/bindings'))).toBe(false);
  });

  it("kubectl get cs reads the control plane's health, with the deprecation warning", () => {
    const run = simulate({ yaml: '', untilMs: 1_000 });
    const world = worldAt(run, run.steps.length - 1);
    expect(
      answerKubectl('kubectl get cs', world)
        .output.split('\n')
        .map((l) => l.trimEnd()),
    ).toEqual([
      'Warning: v1 ComponentStatus is deprecated in v1.19+',
      'NAME                 STATUS    MESSAGE   ERROR',
      'controller-manager   Healthy   ok',
      'etcd-0               Healthy   ok',
      'scheduler            Healthy   ok',
    ]);
  });
});
