import { describe, it, expect } from 'vitest';
import {
  goJsonString,
  marshalYaml,
  prepareForOutput,
  toJson,
  toJsonList,
  toYaml,
  toYamlList,
  yamlKeyLess,
} from './yamlOutput';
import * as T from './testObjects';

describe('toYaml (kubectl -o yaml via sigs.k8s.io/yaml → go-yaml v2)', () => {
  it('renders a Deployment with sorted keys, quoted timestamps/resourceVersion/"True", indentless lists', () => {
    const d = T.deployment();
    (d.metadata as any).managedFields = [{ manager: 'kubectl' }];
    d.status.conditions[0].lastTransitionTime = 4000;
    d.status.conditions[0].lastUpdateTime = 4000;
    expect(toYaml(d)).toBe(`apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    deployment.kubernetes.io/revision: "1"
  creationTimestamp: "2026-01-15T09:00:00Z"
  generation: 1
  labels:
    app: web
  name: web
  namespace: default
  resourceVersion: "1040"
  uid: d-uid
spec:
  progressDeadlineSeconds: 600
  replicas: 3
  revisionHistoryLimit: 10
  selector:
    matchLabels:
      app: web
  strategy:
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 25%
    type: RollingUpdate
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - image: nginx:1.27-alpine
        imagePullPolicy: IfNotPresent
        name: nginx
        ports:
        - containerPort: 80
          protocol: TCP
        resources:
          requests:
            cpu: 100m
      restartPolicy: Always
status:
  availableReplicas: 3
  conditions:
  - lastTransitionTime: "2026-01-15T09:00:04Z"
    lastUpdateTime: "2026-01-15T09:00:04Z"
    message: Deployment has minimum availability.
    reason: MinimumReplicasAvailable
    status: "True"
    type: Available
  - message: ReplicaSet "web-7d9c8b6f5d" has successfully progressed.
    reason: NewReplicaSetAvailable
    status: "True"
    type: Progressing
  observedGeneration: 1
  readyReplicas: 3
  replicas: 3
  updatedReplicas: 3`);
  });

  it('quotes strings YAML 1.1 would read as other types, single-quotes indicator strings', () => {
    expect(
      marshalYaml({
        a: 'true',
        b: '80',
        c: '',
        d: 'yes',
        e: '1.5',
        f: '0x1F',
        g: 'hello: world',
        h: '- x',
        i: '*x',
        j: '1:20',
        k: "it's",
        l: '2026-01-15',
        m: 'y',
        n: '~',
        o: 'a #b',
        p: 'a#b',
        q: 'off',
        r: '.5',
        s: '.git',
      }),
    ).toBe(`a: "true"
b: "80"
c: ""
d: "yes"
e: "1.5"
f: "0x1F"
g: 'hello: world'
h: '- x'
i: '*x'
j: "1:20"
k: it's
l: "2026-01-15"
m: "y"
"n": "~"
o: 'a #b'
p: a#b
q: "off"
r: ".5"
s: .git`);
  });

  it('uses literal blocks for multi-line strings and double quotes for tabs', () => {
    expect(marshalYaml({ a: 'x\ny\n', b: 'x\ny', c: 'a\tb', d: 'a\n\n', e: ' lead\nx' })).toBe(
      'a: |\n  x\n  y\nb: |-\n  x\n  y\nc: "a\\tb"\nd: |+\n  a\n\ne: |2-\n   lead\n  x',
    );
  });

  it('folds long plain and quoted scalars after column 80, two spaces deeper', () => {
    const msg =
      '0/1 nodes are available: 1 node(s) had untolerated taint {node.kubernetes.io/not-ready: }. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.';
    expect(marshalYaml({ status: { conditions: [{ message: msg, type: 'PodScheduled' }] } })).toBe(`status:
  conditions:
  - message: '0/1 nodes are available: 1 node(s) had untolerated taint {node.kubernetes.io/not-ready:
      }. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.'
    type: PodScheduled`);
    const plain = `${'word '.repeat(20)}end`;
    expect(marshalYaml({ k: plain })).toBe(`k: ${'word '.repeat(15)}word\n  word word word word end`);
  });

  it('prints empty maps and lists in flow style, nulls, numbers and nested lists', () => {
    expect(marshalYaml({ a: {}, b: [], c: null, d: 0.5, e: -3, f: [[1, 2], [3]], g: [{}, 'x'] })).toBe(
      'a: {}\nb: []\nc: null\nd: 0.5\ne: -3\nf:\n- - 1\n  - 2\n- - 3\ng:\n- {}\n- x',
    );
  });

  it('sorts keys like go-yaml v2 (digit runs numerically, non-letters before letters)', () => {
    expect(
      Object.keys({ a10: 1, a9: 1, 'a-b': 1, aB: 1, ab: 1, A: 1 }).sort((x, y) => (yamlKeyLess(x, y) ? -1 : 1)),
    ).toEqual(['A', 'a-b', 'a9', 'a10', 'aB', 'ab']);
  });

  it('renders MicroTime fields with microseconds and drops managedFields', () => {
    const lease = {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: {
        name: 'node-1',
        namespace: 'kube-node-lease',
        creationTimestamp: 0,
        resourceVersion: 12,
        managedFields: [{}],
      },
      spec: { holderIdentity: 'node-1', leaseDurationSeconds: 40, renewTime: 10_250 },
    };
    expect(prepareForOutput(lease)).toEqual({
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: {
        name: 'node-1',
        namespace: 'kube-node-lease',
        creationTimestamp: '2026-01-15T09:00:00Z',
        resourceVersion: '12',
      },
      spec: { holderIdentity: 'node-1', leaseDurationSeconds: 40, renewTime: '2026-01-15T09:00:10.250000Z' },
    });
  });

  it('wraps lists in a List object', () => {
    expect(toYamlList([])).toBe('apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: ""');
  });
});

describe('toJson (json.MarshalIndent with 4 spaces)', () => {
  it('sorts keys, indents by four spaces and escapes HTML characters like Go', () => {
    const obj = {
      kind: 'ConfigMap',
      apiVersion: 'v1',
      metadata: { name: 'x', creationTimestamp: 0 },
      data: { html: '<b>&</b>', e: {} as object },
      list: [],
    };
    expect(toJson(obj)).toBe(`{
    "apiVersion": "v1",
    "data": {
        "e": {},
        "html": "\\u003cb\\u003e\\u0026\\u003c/b\\u003e"
    },
    "kind": "ConfigMap",
    "list": [],
    "metadata": {
        "creationTimestamp": "2026-01-15T09:00:00Z",
        "name": "x"
    }
}`);
    expect(goJsonString('a\n"\u0001\u2028')).toBe('"a\\n\\"\\u0001\\u2028"');
    expect(toJsonList([])).toBe(
      '{\n    "apiVersion": "v1",\n    "items": [],\n    "kind": "List",\n    "metadata": {\n        "resourceVersion": ""\n    }\n}',
    );
  });
});
