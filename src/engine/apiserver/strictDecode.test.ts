import { describe, expect, it } from 'vitest';
import schema from '../../schemas/k8s.schema.json';
import { base64ErrorOffset, decodeErrorDetail, formatBadRequest, kindDefinition, strictDecode } from './strictDecode';

const deployment = (spec: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web' },
  spec,
  ...extra,
});

const podTemplate = (container: Record<string, unknown>): Record<string, unknown> => ({
  metadata: { labels: { app: 'web' } },
  spec: { containers: [{ name: 'nginx', image: 'nginx:1.27', ...container }] },
});

const decode = (obj: unknown): { unknown: string[]; typeErrors: string[] } => strictDecode(obj, schema);

describe('strictDecode: unknown fields', () => {
  it('accepts a clean deployment, including null values and status: {}', () => {
    const obj = deployment(
      {
        replicas: 3,
        selector: { matchLabels: { app: 'web' } },
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: 1 } },
        template: podTemplate({ resources: { limits: { cpu: 1, memory: '128Mi' } }, ports: [{ containerPort: 80 }] }),
      },
      { status: {}, metadata: { name: 'web', creationTimestamp: null, labels: { app: 'web' } } },
    );
    expect(decode(obj)).toEqual({ unknown: [], typeErrors: [] });
  });

  it('reports unknown fields with full paths, in the apiserver order (sorted keys, depth first)', () => {
    const obj = deployment({
      template: podTemplate({ imagePolicy: 'Always' }),
      replica: 3,
      selector: { matchLabels: { app: 'web' } },
    });
    const res = decode(obj);
    expect(res.unknown).toEqual(['spec.replica', 'spec.template.spec.containers[0].imagePolicy']);
    expect(res.typeErrors).toEqual([]);
    expect(formatBadRequest('Deployment', 'v1', decodeErrorDetail(res)!)).toBe(
      'Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.replica", unknown field "spec.template.spec.containers[0].imagePolicy"',
    );
  });

  it('single unknown field text (apimachinery strict field validation)', () => {
    const res = decode(deployment({ replica: 3 }));
    expect(formatBadRequest('Deployment', 'v1', decodeErrorDetail(res)!)).toBe(
      'Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.replica"',
    );
  });

  it('checks metadata (ObjectMeta) and the top level', () => {
    const res = decode({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', label: { a: 'b' } },
      spec: { containers: [] },
      specs: {},
    });
    expect(res.unknown).toEqual(['metadata.label', 'specs']);
  });

  it('is case-sensitive like sigs.k8s.io/json', () => {
    expect(decode(deployment({ Replicas: 1 })).unknown).toEqual(['spec.Replicas']);
  });

  it('accepts fields added between v1.30 and v1.34', () => {
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p' },
      spec: {
        resources: { limits: { cpu: '1' } },
        containers: [{ name: 'c', image: 'i', lifecycle: { stopSignal: 'SIGTERM' } }],
        volumes: [{ name: 'v', image: { reference: 'busybox', pullPolicy: 'IfNotPresent' } }],
      },
    };
    expect(decode(pod)).toEqual({ unknown: [], typeErrors: [] });
  });

  it('knows every supported kind and ignores unknown kinds', () => {
    expect(kindDefinition(schema, 'Deployment', 'apps/v1')).toBe('Deployment');
    expect(kindDefinition(schema, 'HorizontalPodAutoscaler', 'autoscaling/v2')).toBe('HorizontalPodAutoscaler');
    expect(kindDefinition(schema, 'Deployment', 'apps/v1beta1')).toBeUndefined();
    expect(decode({ apiVersion: 'example.com/v1', kind: 'Widget', spec: { anything: 1 } })).toEqual({
      unknown: [],
      typeErrors: [],
    });
  });
});

describe('strictDecode: JSON type errors (the first one wins)', () => {
  it('string into int32 (apimachinery strict field validation)', () => {
    const res = decode(deployment({ replicas: '3' }));
    expect(res.typeErrors).toEqual([
      'json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32',
    ]);
    expect(formatBadRequest('Deployment', 'v1', decodeErrorDetail(res)!)).toBe(
      'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32',
    );
  });

  it('a type error hides unknown fields (decoding failed first)', () => {
    const res = decode(deployment({ replica: 1, replicas: '3' }));
    expect(decodeErrorDetail(res)).toBe(
      'json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32',
    );
  });

  it('number into a string list item (real transcript: Pod args)', () => {
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p' },
      spec: { containers: [{ name: 'c', image: 'i', args: ['sleep', 1200] }] },
    };
    expect(decode(pod).typeErrors).toEqual([
      'json: cannot unmarshal number into Go struct field Container.spec.containers.args of type string',
    ]);
  });

  it('number into env value (real transcript)', () => {
    const res = decode(deployment({ template: podTemplate({ env: [{ name: 'PORT', value: 8080 }] }) }));
    expect(res.typeErrors).toEqual([
      'json: cannot unmarshal number into Go struct field EnvVar.spec.template.spec.containers.env.value of type string',
    ]);
  });

  it('bool (YAML yes) into env value', () => {
    const res = decode(deployment({ template: podTemplate({ env: [{ name: 'DEBUG', value: true }] }) }));
    expect(res.typeErrors[0]).toBe(
      'json: cannot unmarshal bool into Go struct field EnvVar.spec.template.spec.containers.env.value of type string',
    );
  });

  it('object where a list goes (real transcript: missing dash before containerPort)', () => {
    const res = decode(deployment({ template: podTemplate({ ports: { containerPort: 80 } }) }));
    expect(res.typeErrors).toEqual([
      'json: cannot unmarshal object into Go struct field Container.spec.template.spec.containers.ports of type []v1.ContainerPort',
    ]);
  });

  it('string where a list item struct goes (real transcript)', () => {
    const res = decode(deployment({ template: podTemplate({ ports: ['80'] }) }));
    expect(res.typeErrors).toEqual([
      'json: cannot unmarshal string into Go struct field Container.spec.template.spec.containers.ports of type v1.ContainerPort',
    ]);
  });

  it('array where a struct goes (real transcript: livenessProbe)', () => {
    const res = decode(deployment({ template: podTemplate({ livenessProbe: [{ httpGet: { path: '/' } }] }) }));
    expect(res.typeErrors).toEqual([
      'json: cannot unmarshal array into Go struct field Container.spec.template.spec.containers.livenessProbe of type v1.Probe',
    ]);
  });

  it('number into a ConfigMap data value (real transcript)', () => {
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { port: 5432 } };
    expect(decode(cm).typeErrors).toEqual([
      'json: cannot unmarshal number into Go struct field ConfigMap.data of type string',
    ]);
  });

  it('labels that are not a map', () => {
    const res = decode(deployment({}, { metadata: { name: 'web', labels: 'app=web' } }));
    expect(res.typeErrors).toEqual([
      'json: cannot unmarshal string into Go struct field ObjectMeta.metadata.labels of type map[string]string',
    ]);
  });

  it('fractional and overflowing int32', () => {
    expect(decode(deployment({ replicas: 1.5 })).typeErrors).toEqual([
      'json: cannot unmarshal number 1.5 into Go struct field DeploymentSpec.spec.replicas of type int32',
    ]);
    expect(decode(deployment({ replicas: 3_000_000_000 })).typeErrors).toEqual([
      'json: cannot unmarshal number 3000000000 into Go struct field DeploymentSpec.spec.replicas of type int32',
    ]);
  });

  it('int64 fields and named string types', () => {
    const res = decode(
      deployment({ template: { spec: { terminationGracePeriodSeconds: 'x', restartPolicy: 1, containers: [] } } }),
    );
    // Keys are visited in sorted order: restartPolicy before terminationGracePeriodSeconds.
    expect(res.typeErrors).toEqual([
      'json: cannot unmarshal number into Go struct field PodSpec.spec.template.spec.restartPolicy of type v1.RestartPolicy',
    ]);
    expect(decode(deployment({ template: { spec: { terminationGracePeriodSeconds: 'x' } } })).typeErrors[0]).toContain(
      'PodSpec.spec.template.spec.terminationGracePeriodSeconds of type int64',
    );
  });

  it('wrong type for a whole struct', () => {
    expect(decode(deployment('x' as unknown as Record<string, unknown>)).typeErrors).toEqual([
      'json: cannot unmarshal string into Go struct field Deployment.spec of type v1.DeploymentSpec',
    ]);
  });

  it('names autoscaling/v2 types with their package', () => {
    const hpa = {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'h' },
      spec: { scaleTargetRef: 'web' },
    };
    expect(decode(hpa).typeErrors).toEqual([
      'json: cannot unmarshal string into Go struct field HorizontalPodAutoscalerSpec.spec.scaleTargetRef of type v2.CrossVersionObjectReference',
    ]);
  });
});

describe('strictDecode: custom unmarshalers', () => {
  it('a bad quantity is the ParseQuantity error, and wins over a recorded type error', () => {
    const res = decode(deployment({ replicas: '3', template: podTemplate({ resources: { limits: { cpu: 'one' } } }) }));
    expect(res.typeErrors).toEqual([
      "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
    ]);
    expect(formatBadRequest('Deployment', 'v1', res.typeErrors[0]!)).toBe(
      'Deployment in version "v1" cannot be handled as a Deployment: quantities must match the regular expression \'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$\'',
    );
  });

  it('quantity suffix errors and non-scalar quantities', () => {
    expect(
      decode(deployment({ template: podTemplate({ resources: { requests: { memory: '100mi' } } }) })).typeErrors,
    ).toEqual(["unable to parse quantity's suffix"]);
    expect(
      decode(deployment({ template: podTemplate({ resources: { requests: { memory: true } } }) })).typeErrors[0],
    ).toMatch(/^quantities must match/);
    expect(
      decode(deployment({ template: podTemplate({ resources: { requests: { memory: 128 } } }) })).typeErrors,
    ).toEqual([]);
  });

  it('IntOrString: a string or an int32, errors carry no struct context', () => {
    expect(decode(deployment({ strategy: { rollingUpdate: { maxSurge: true } } })).typeErrors).toEqual([
      'json: cannot unmarshal bool into Go value of type int32',
    ]);
    expect(decode(deployment({ strategy: { rollingUpdate: { maxSurge: 1.5 } } })).typeErrors).toEqual([
      'json: cannot unmarshal number 1.5 into Go value of type int32',
    ]);
    const svc = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 's' },
      spec: { ports: [{ port: 80, targetPort: 'http' }] },
    };
    expect(decode(svc)).toEqual({ unknown: [], typeErrors: [] });
  });

  it('metav1.Time', () => {
    expect(
      decode(deployment({}, { metadata: { name: 'w', creationTimestamp: '2024-01-01T00:00:00Z' } })).typeErrors,
    ).toEqual([]);
    expect(decode(deployment({}, { metadata: { name: 'w', creationTimestamp: 5 } })).typeErrors).toEqual([
      'json: cannot unmarshal number into Go value of type string',
    ]);
  });

  it('Secret data must be base64 (real transcript text)', () => {
    const secret = (data: Record<string, unknown>): unknown => ({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's' },
      data,
    });
    expect(decode(secret({ password: 'cGFzc3dvcmQ=' })).typeErrors).toEqual([]);
    expect(decode(secret({ password: 'hello' })).typeErrors).toEqual(['illegal base64 data at input byte 4']);
    expect(decode(secret({ password: 'my password' })).typeErrors).toEqual(['illegal base64 data at input byte 2']);
    // Real transcript: `user: admin` and `pass: My-pass-123` → byte 2, because "pass" sorts first.
    expect(decode(secret({ user: 'admin', pass: 'My-pass-123' })).typeErrors).toEqual([
      'illegal base64 data at input byte 2',
    ]);
    expect(decode(secret({ n: 5 })).typeErrors).toEqual([
      'json: cannot unmarshal number into Go struct field Secret.data of type []uint8',
    ]);
    expect(
      decode({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, stringData: { password: 'hello' } })
        .typeErrors,
    ).toEqual([]);
  });
});

describe('base64ErrorOffset (encoding/base64 CorruptInputError)', () => {
  it.each([
    ['', undefined],
    ['YQ==', undefined],
    ['YWI=', undefined],
    ['YWJj', undefined],
    ['YWJj\nZGVm', undefined],
    ['a', 0],
    ['ab', 0],
    ['abc', 0],
    ['hello', 4],
    ['YQ=', 3],
    ['Y===', 1],
    ['YQ==YQ==', 4],
    ['YW!j', 2],
    ['YWJjZA', 4],
  ])('%j → %s', (input, want) => {
    expect(base64ErrorOffset(input)).toBe(want);
  });
});
