import { describe, expect, it } from 'vitest';
import type { FieldError, KObject } from '../types';
import { applyDefaults } from './defaults';
import { fieldErrorText, formatInvalid, invalidStatusMessage, renderValue, validateObject } from './validate';

const texts = (errs: FieldError[]): string[] => errs.map(fieldErrorText);

const deployment = (mutate: (d: KObject) => void = () => {}): KObject => {
  const d: KObject = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { containers: [{ name: 'nginx', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }] },
      },
    },
  };
  mutate(d);
  return applyDefaults(d);
};

/** The text kubectl prints for a deployment with these errors. */
const kubectl = (obj: KObject, existing?: KObject): string =>
  formatInvalid(obj.kind, obj.metadata.name, validateObject(obj, { existing }));

describe('validateObject: a valid manifest', () => {
  it.each([
    ['Deployment', deployment()],
    [
      'Pod',
      applyDefaults({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'p', namespace: 'default' },
        spec: { containers: [{ name: 'c', image: 'busybox', command: ['sleep', '3600'] }] },
      }),
    ],
    [
      'Service',
      applyDefaults({
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name: 'web', namespace: 'default' },
        spec: { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 8080 }] },
      }),
    ],
    ['Namespace', applyDefaults({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'dev' } })],
    [
      'ConfigMap',
      {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'c', namespace: 'default' },
        data: { 'app.properties': 'x=1' },
      } as KObject,
    ],
  ])('%s passes', (_, obj) => {
    expect(validateObject(obj)).toEqual([]);
  });
});

describe('validateObject: kubectl pkg/cmd/util/helpers.go checkErr texts, exactly as kubectl prints them', () => {
  it('selector/labels mismatch (v1.34 JSON rendering)', () => {
    const d = deployment((d) => (d.spec.selector = { matchLabels: { app: 'api' } }));
    expect(kubectl(d)).toBe(
      'The Deployment "web" is invalid: spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`',
    );
  });

  it('selector missing gives both errors, on separate lines with the trailing space', () => {
    const d = deployment((d) => delete d.spec.selector);
    expect(kubectl(d)).toBe(
      'The Deployment "web" is invalid: \n' +
        '* spec.selector: Required value\n' +
        '* spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`',
    );
  });

  it('empty selector', () => {
    const d = deployment((d) => (d.spec.selector = {}));
    expect(kubectl(d)).toBe(
      'The Deployment "web" is invalid: spec.selector: Invalid value: {}: empty selector is invalid for deployment',
    );
  });

  it('bad name (DNS-1123 subdomain)', () => {
    const d = deployment((d) => (d.metadata.name = 'My_App'));
    expect(kubectl(d)).toBe(
      "The Deployment \"My_App\" is invalid: metadata.name: Invalid value: \"My_App\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    );
  });

  it('Service names are DNS-1035 labels (double space before "or")', () => {
    const svc = applyDefaults({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: '1web', namespace: 'default' },
      spec: { ports: [{ port: 80 }] },
    });
    expect(kubectl(svc)).toBe(
      "The Service \"1web\" is invalid: metadata.name: Invalid value: \"1web\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
    );
  });

  it('container names are DNS-1123 labels', () => {
    const d = deployment((d) => (d.spec.template.spec.containers[0].name = 'Nginx'));
    expect(texts(validateObject(d))).toEqual([
      "spec.template.spec.containers[0].name: Invalid value: \"Nginx\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
    ]);
  });

  it('a too-long container name, and one with dots', () => {
    const long = deployment((d) => (d.spec.template.spec.containers[0].name = 'a'.repeat(64)));
    expect(texts(validateObject(long))).toEqual([
      `spec.template.spec.containers[0].name: Invalid value: "${'a'.repeat(64)}": must be no more than 63 characters`,
    ]);
    const dots = deployment((d) => (d.spec.template.spec.containers[0].name = 'web.app'));
    expect(texts(validateObject(dots))).toEqual([
      'spec.template.spec.containers[0].name: Invalid value: "web.app": must not contain dots',
    ]);
  });

  it('missing name', () => {
    const d = deployment((d) => (d.metadata.name = ''));
    expect(texts(validateObject(d))).toEqual(['metadata.name: Required value: name or generateName is required']);
  });

  it('bad strategy type (the whole internal struct is the value)', () => {
    const d = deployment((d) => (d.spec.strategy = { type: 'Foo' }));
    expect(texts(validateObject(d))).toEqual([
      'spec.strategy: Unsupported value: {"Type":"Foo","RollingUpdate":null}: supported values: "Recreate", "RollingUpdate"',
    ]);
  });

  it('restartPolicy Never in a Deployment template', () => {
    const d = deployment((d) => (d.spec.template.spec.restartPolicy = 'Never'));
    expect(kubectl(d)).toBe(
      'The Deployment "web" is invalid: spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"',
    );
  });

  it('missing container image', () => {
    const d = deployment((d) => delete d.spec.template.spec.containers[0].image);
    expect(kubectl(d)).toBe('The Deployment "web" is invalid: spec.template.spec.containers[0].image: Required value');
  });

  it('bad containerPort', () => {
    const d = deployment((d) => (d.spec.template.spec.containers[0].ports[0].containerPort = 70000));
    expect(kubectl(d)).toBe(
      'The Deployment "web" is invalid: spec.template.spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive',
    );
  });

  it('selector changed on apply (immutable)', () => {
    const old = deployment();
    const next = deployment((d) => {
      d.spec.selector = { matchLabels: { app: 'v2' } };
      d.spec.template.metadata.labels = { app: 'v2' };
    });
    expect(kubectl(next, old)).toBe(
      'The Deployment "web" is invalid: spec.selector: Invalid value: {"matchLabels":{"app":"v2"}}: field is immutable',
    );
    expect(
      validateObject(
        deployment((d) => (d.spec.replicas = 5)),
        { existing: old },
      ),
    ).toEqual([]);
  });

  it('the raw API message aggregates in brackets (errors.NewInvalid)', () => {
    const d = deployment((d) => delete d.spec.selector);
    expect(invalidStatusMessage('Deployment.apps', 'web', validateObject(d))).toBe(
      'Deployment.apps "web" is invalid: [spec.selector: Required value, spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`]',
    );
  });
});

describe('validateObject: workloads', () => {
  it('containers Required', () => {
    const d = deployment((d) => (d.spec.template.spec.containers = []));
    expect(texts(validateObject(d))).toEqual(['spec.template.spec.containers: Required value']);
  });

  it('duplicate container names', () => {
    const d = deployment((d) => d.spec.template.spec.containers.push({ name: 'nginx', image: 'busybox' }));
    expect(texts(validateObject(d))).toEqual(['spec.template.spec.containers[1].name: Duplicate value: "nginx"']);
  });

  it('negative replicas', () => {
    expect(texts(validateObject(deployment((d) => (d.spec.replicas = -1))))).toEqual([
      'spec.replicas: Invalid value: -1: must be greater than or equal to 0',
    ]);
  });

  it('maxSurge and maxUnavailable', () => {
    const zero = deployment((d) => (d.spec.strategy = { rollingUpdate: { maxSurge: 0, maxUnavailable: 0 } }));
    expect(texts(validateObject(zero))).toEqual([
      'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0',
    ]);
    const big = deployment((d) => (d.spec.strategy = { rollingUpdate: { maxUnavailable: '120%' } }));
    expect(texts(validateObject(big))).toEqual([
      'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: "120%": must not be greater than 100%',
    ]);
    const bad = deployment((d) => (d.spec.strategy = { rollingUpdate: { maxSurge: 'lots' } }));
    expect(texts(validateObject(bad))).toEqual([
      "spec.strategy.rollingUpdate.maxSurge: Invalid value: \"lots\": a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
    ]);
  });

  it('label key and value validity (reported on the map path, template labels on <template>.labels)', () => {
    const d = deployment((d) => {
      d.metadata.labels = { 'bad key!': 'ok', team: 'a b' };
    });
    expect(texts(validateObject(d))).toEqual([
      "metadata.labels: Invalid value: \"bad key!\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
      "metadata.labels: Invalid value: \"a b\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
    ]);
    const t = deployment((d) => {
      d.spec.selector = { matchLabels: { app: 'web' } };
      d.spec.template.metadata.labels = { app: 'web', v: '-x' };
    });
    expect(texts(validateObject(t))[0]).toMatch(/^spec\.template\.labels: Invalid value: "-x": a valid label must be/);
  });

  it('an invalid selector value is reported twice and skips the template match', () => {
    const d = deployment((d) => (d.spec.selector = { matchLabels: { app: 'a b' } }));
    expect(texts(validateObject(d))).toEqual([
      expect.stringMatching(/^spec\.selector\.matchLabels: Invalid value: "a b": a valid label/),
      'spec.selector: Invalid value: {"matchLabels":{"app":"a b"}}: invalid label selector',
    ]);
  });

  it('matchExpressions', () => {
    const ok = deployment(
      (d) => (d.spec.selector = { matchExpressions: [{ key: 'app', operator: 'In', values: ['web', 'api'] }] }),
    );
    expect(validateObject(ok)).toEqual([]);
    const bad = deployment((d) => (d.spec.selector = { matchExpressions: [{ key: 'app', operator: 'In' }] }));
    expect(texts(validateObject(bad))[0]).toBe(
      "spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
    );
  });

  it('ReplicaSet reuses the deployment wording', () => {
    const rs = applyDefaults({ ...deployment(), kind: 'ReplicaSet', spec: { ...deployment().spec, selector: {} } });
    expect(texts(validateObject(rs))).toEqual([
      'spec.selector: Invalid value: {}: empty selector is invalid for deployment',
    ]);
  });

  it('resources: requests above limits (Quantity.String in the value and the detail)', () => {
    const d = deployment(
      (d) => (d.spec.template.spec.containers[0].resources = { requests: { cpu: '600m' }, limits: { cpu: 0.5 } }),
    );
    expect(texts(validateObject(d))).toEqual([
      'spec.template.spec.containers[0].resources.requests: Invalid value: "600m": must be less than or equal to cpu limit of 500m',
    ]);
  });

  it('resources: unknown resource name and negative quantity', () => {
    const d = deployment(
      (d) => (d.spec.template.spec.containers[0].resources = { limits: { cpus: '1' }, requests: { memory: '-1Mi' } }),
    );
    expect(texts(validateObject(d))).toEqual([
      'spec.template.spec.containers[0].resources.limits[cpus]: Invalid value: "cpus": must be a standard resource type or fully qualified',
      'spec.template.spec.containers[0].resources.limits[cpus]: Invalid value: "cpus": must be a standard resource for containers',
      'spec.template.spec.containers[0].resources.requests[memory]: Invalid value: "-1Mi": must be greater than or equal to 0',
    ]);
  });

  it('volume mounts must name a volume', () => {
    const d = deployment(
      (d) => (d.spec.template.spec.containers[0].volumeMounts = [{ name: 'data', mountPath: '/data' }]),
    );
    expect(texts(validateObject(d))).toEqual([
      'spec.template.spec.containers[0].volumeMounts[0].name: Not found: "data"',
    ]);
  });

  it('env names and valueFrom', () => {
    const d = deployment(
      (d) =>
        (d.spec.template.spec.containers[0].env = [
          { name: 'A=B', value: 'x' },
          { name: 'K', valueFrom: { secretKeyRef: { name: 'db' } } },
        ]),
    );
    expect(texts(validateObject(d))).toEqual([
      'spec.template.spec.containers[0].env[0].name: Invalid value: "A=B": a valid environment variable name must consist only of printable ASCII characters other than \'=\'',
      'spec.template.spec.containers[0].env[1].valueFrom.secretKeyRef.key: Required value',
    ]);
  });

  it('probes', () => {
    const d = deployment((d) => {
      d.spec.template.spec.containers[0].livenessProbe = { successThreshold: 2 };
      d.spec.template.spec.containers[0].readinessProbe = { httpGet: { port: 'web-http-port-too-long' } };
    });
    expect(texts(validateObject(d))).toEqual([
      'spec.template.spec.containers[0].livenessProbe: Required value: must specify a handler type',
      'spec.template.spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1',
      'spec.template.spec.containers[0].readinessProbe.httpGet.port: Invalid value: "web-http-port-too-long": must be no more than 15 characters',
    ]);
  });

  it('tolerations', () => {
    const d = deployment(
      (d) =>
        (d.spec.template.spec.tolerations = [
          { key: 'k', operator: 'Exists', value: 'v', effect: 'NoSchedule' },
          { key: 'k', effect: 'Sometimes' },
        ]),
    );
    expect(texts(validateObject(d))).toEqual([
      'spec.template.spec.tolerations[0].operator: Invalid value: {"Key":"k","Operator":"Exists","Value":"v","Effect":"NoSchedule","TolerationSeconds":null}: value must be empty when `operator` is \'Exists\'',
      'spec.template.spec.tolerations[1].effect: Unsupported value: "Sometimes": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
    ]);
  });

  it('Pod-only checks: image whitespace', () => {
    const pod = applyDefaults({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', namespace: 'default' },
      spec: { containers: [{ name: 'c', image: 'nginx ' }] },
    });
    expect(texts(validateObject(pod))).toEqual([
      'spec.containers[0].image: Invalid value: "nginx ": must not have leading or trailing whitespace',
    ]);
  });

  it('StatefulSet: DNS-label name, empty selector, template spec not validated', () => {
    const sts = applyDefaults({
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 'db.main', namespace: 'default' },
      spec: { selector: {}, template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'c' }] } } },
    });
    expect(texts(validateObject(sts))).toEqual([
      'metadata.name: Invalid value: "db.main": must not contain dots',
      'spec.selector: Invalid value: {}: empty selector is invalid for statefulset',
    ]);
    const old = applyDefaults({
      ...sts,
      metadata: { name: 'db', namespace: 'default' },
      spec: { ...sts.spec, selector: { matchLabels: { app: 'db' } }, serviceName: 'a' },
    });
    const next = { ...old, spec: { ...old.spec, serviceName: 'b' } };
    expect(texts(validateObject(next, { existing: old }))).toEqual([
      "spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
    ]);
  });

  it('DaemonSet without a selector only reports the mismatch', () => {
    const ds = applyDefaults({
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'd', namespace: 'default' },
      spec: { template: deployment().spec.template },
    });
    expect(texts(validateObject(ds))).toEqual([
      'spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`',
    ]);
  });

  // A template given as `{}` is still defaulted (PodTemplateSpec.Spec is a struct): only the real Required errors.
  it('an empty ReplicationController template gets the PodSpec defaults before validation', () => {
    const rc = applyDefaults({
      apiVersion: 'v1',
      kind: 'ReplicationController',
      metadata: { name: 'r', namespace: 'default' },
      spec: { template: {} },
    });
    expect(kubectl(rc)).toBe(
      'The ReplicationController "r" is invalid: \n* spec.selector: Required value\n* spec.template.spec.containers: Required value',
    );
  });

  // pkg/apis/batch/validation validateJobSpec: omitted is defaulted to Always, so both read as Required.
  it('Job restartPolicy: Required when omitted or Always, Unsupported otherwise', () => {
    const job = (rp?: string): KObject =>
      applyDefaults({
        apiVersion: 'batch/v1',
        kind: 'Job',
        metadata: { name: 'pi', namespace: 'default' },
        spec: {
          template: { spec: { containers: [{ name: 'pi', image: 'perl' }], ...(rp ? { restartPolicy: rp } : {}) } },
        },
      });
    expect(kubectl(job())).toBe(
      'The Job "pi" is invalid: spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"',
    );
    expect(kubectl(job('Always'))).toBe(
      'The Job "pi" is invalid: spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"',
    );
    expect(validateObject(job('Never'))).toEqual([]);
  });

  it('CronJob: jobTemplate path, schedule, name length', () => {
    const cj = applyDefaults({
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: { name: 'c'.repeat(53), namespace: 'default' },
      spec: {
        schedule: '*/5 * * *',
        jobTemplate: {
          spec: { template: { spec: { containers: [{ name: 'c', image: 'busybox' }], restartPolicy: 'Always' } } },
        },
      },
    });
    expect(texts(validateObject(cj))).toEqual([
      `metadata.name: Invalid value: "${'c'.repeat(53)}": must be no more than 52 characters`,
      'spec.schedule: Invalid value: "*/5 * * *": expected exactly 5 fields, found 4: [*/5 * * *]',
      'spec.jobTemplate.spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"',
    ]);
  });
});

describe('validateObject: Services', () => {
  const svc = (spec: Record<string, unknown>, name = 'web'): KObject =>
    applyDefaults({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default' }, spec });

  it('ports required', () => {
    expect(texts(validateObject(svc({ selector: { app: 'web' } })))).toEqual(['spec.ports: Required value']);
  });

  it('port and targetPort ranges', () => {
    expect(texts(validateObject(svc({ ports: [{ port: 0, targetPort: 70000 }] })))).toEqual([
      'spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive',
      'spec.ports[0].targetPort: Invalid value: 70000: must be between 1 and 65535, inclusive',
    ]);
  });

  it('unsupported type', () => {
    expect(texts(validateObject(svc({ type: 'Nodeport', ports: [{ port: 80 }] })))).toEqual([
      'spec.type: Unsupported value: "Nodeport": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"',
    ]);
  });

  it('nodePort outside the range is reported alone (allocator before validation)', () => {
    const s = svc({ type: 'NodePort', ports: [{ port: 80, nodePort: 80 }], selector: { app: 'bad value!' } });
    expect(kubectl(s)).toBe(
      'The Service "web" is invalid: spec.ports[0].nodePort: Invalid value: 80: provided port is not in the valid range. The range of valid ports is 30000-32767',
    );
    expect(validateObject(svc({ type: 'NodePort', ports: [{ port: 80, nodePort: 30080 }] }))).toEqual([]);
  });

  it('nodePort on a ClusterIP service, selector label values, named ports', () => {
    expect(
      texts(validateObject(svc({ ports: [{ port: 80, nodePort: 30080 }, { port: 81 }], selector: { app: 'a b' } }))),
    ).toEqual([
      'spec.ports[0].name: Required value',
      'spec.ports[1].name: Required value',
      expect.stringMatching(/^spec\.selector: Invalid value: "a b": a valid label must be/),
      "spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'",
    ]);
  });

  it('duplicate ports', () => {
    expect(
      texts(
        validateObject(
          svc({
            ports: [
              { name: 'a', port: 80 },
              { name: 'b', port: 80 },
            ],
          }),
        ),
      ),
    ).toEqual([
      'spec.ports[1]: Duplicate value: {"Name":"","Protocol":"TCP","AppProtocol":null,"Port":80,"TargetPort":0,"NodePort":0}',
    ]);
  });
});

describe('validateObject: other kinds', () => {
  it('Namespace names are DNS-1123 labels', () => {
    const ns = applyDefaults({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'Dev' } });
    expect(texts(validateObject(ns))).toEqual([
      "metadata.name: Invalid value: \"Dev\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
    ]);
  });

  it('ConfigMap and Secret keys, TLS secrets', () => {
    const cm = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'c', namespace: 'default' },
      data: { 'bad key': 'x' },
    } as KObject;
    expect(texts(validateObject(cm))).toEqual([
      "data[bad key]: Invalid value: \"bad key\": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
    ]);
    const tls = applyDefaults({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's', namespace: 'default' },
      type: 'kubernetes.io/tls',
      data: { 'tls.crt': 'YQ==' },
    });
    expect(texts(validateObject(tls))).toEqual(['data[tls.key]: Required value']);
  });

  it('PersistentVolumeClaim', () => {
    const pvc = applyDefaults({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'c', namespace: 'default' },
      spec: {},
    });
    expect(texts(validateObject(pvc))).toEqual([
      'spec.accessModes: Required value: at least 1 access mode is required',
      'spec.resources[storage]: Required value',
    ]);
  });

  it('RBAC names only need to be path segments', () => {
    const role = {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: 'system:Reader' },
    } as KObject;
    expect(validateObject(role)).toEqual([]);
    expect(texts(validateObject({ ...role, metadata: { name: 'a/b' } }))).toEqual([
      'metadata.name: Invalid value: "a/b": may not contain \'/\'',
    ]);
  });

  it('HPA replicas', () => {
    const hpa = applyDefaults({
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'h', namespace: 'default' },
      spec: { scaleTargetRef: { kind: 'Deployment', name: 'web' }, minReplicas: 3, maxReplicas: 2 },
    });
    expect(texts(validateObject(hpa))).toEqual([
      'spec.maxReplicas: Invalid value: 2: must be greater than or equal to `minReplicas`',
    ]);
  });

  it('generateName without name is fine; a bad generateName is reported', () => {
    const pod = applyDefaults({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { generateName: 'web-', namespace: 'default' },
      spec: { containers: [{ name: 'c', image: 'i:1' }] },
    } as unknown as KObject);
    expect(validateObject(pod)).toEqual([]);
    pod.metadata.generateName = 'Web-';
    expect(texts(validateObject(pod))[0]).toMatch(
      /^metadata\.generateName: Invalid value: "Web-": a lowercase RFC 1123 subdomain/,
    );
  });
});

describe('formatting helpers', () => {
  it('renderValue (v1.34)', () => {
    expect(renderValue('x')).toBe('"x"');
    expect(renderValue(70000)).toBe('70000');
    expect(renderValue(true)).toBe('true');
    expect(renderValue(null)).toBe('null');
    expect(renderValue({ b: '2', a: '1' })).toBe('{"a":"1","b":"2"}');
    expect(renderValue('tab\there')).toBe('"tab\\there"');
  });

  it('formatInvalid drops duplicate causes', () => {
    const e: FieldError = { type: 'Required value', field: 'spec.x' };
    expect(formatInvalid('Pod', 'p', [e, e])).toBe('The Pod "p" is invalid: spec.x: Required value');
  });
});

describe('validateObject: scope from the one resource table (objects/resources.ts)', () => {
  // A cluster-scoped kind without validation rules of its own was once checked as namespaced:
  // `The IngressClass "nginx" is invalid: metadata.namespace: Required value`.
  it.each([
    ['networking.k8s.io/v1', 'IngressClass'],
    ['scheduling.k8s.io/v1', 'PriorityClass'],
    ['admissionregistration.k8s.io/v1', 'ValidatingWebhookConfiguration'],
  ])('%s %s needs no namespace', (apiVersion, kind) => {
    expect(validateObject({ apiVersion, kind, metadata: { name: 'x' } } as KObject)).toEqual([]);
  });

  it('a namespaced kind still needs one', () => {
    const errs = validateObject({ apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'x' } } as KObject);
    expect(errs.map((e) => e.field)).toEqual(['metadata.namespace']);
  });
});
