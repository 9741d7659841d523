import { describe, it, expect } from 'vitest';
import type { KObject } from '../types';
import { printTable } from './printers';
import * as T from './testObjects';

const now = 45_000;
const obj = (
  apiVersion: string,
  kind: string,
  name: string,
  rest: Record<string, unknown> = {},
  ns: string | undefined = 'default',
): KObject => ({
  apiVersion,
  kind,
  metadata: { name, ...(ns ? { namespace: ns } : {}), creationTimestamp: 0 },
  ...rest,
});

describe('nodes', () => {
  const cp = T.node('control-plane', '172.18.0.2');
  cp.metadata.labels!['node-role.kubernetes.io/control-plane'] = '';
  const n1 = T.node('node-1', '172.18.0.4');

  it('STATUS, ROLES, AGE, VERSION', () => {
    expect(printTable('nodes', [n1, cp], { now })).toBe(
      'NAME            STATUS   ROLES           AGE   VERSION\n' +
        'control-plane   Ready    control-plane   5d    v1.34.1\n' +
        'node-1          Ready    <none>          5d    v1.34.1',
    );
  });

  it('NotReady for Ready=False or Unknown, Unknown without a Ready condition, SchedulingDisabled when cordoned', () => {
    const unknown = T.node('node-1');
    unknown.status.conditions[1].status = 'Unknown';
    unknown.spec.unschedulable = true;
    const none = T.node('node-3');
    none.status.conditions = [];
    expect(printTable('Node', [unknown, none], { now })).toBe(
      'NAME     STATUS                        ROLES    AGE   VERSION\n' +
        'node-1   NotReady,SchedulingDisabled   <none>   5d    v1.34.1\n' +
        'node-3   Unknown                       <none>   5d    v1.34.1',
    );
  });

  it('wide adds INTERNAL-IP, EXTERNAL-IP, OS-IMAGE, KERNEL-VERSION, CONTAINER-RUNTIME (defaults when nodeInfo is missing)', () => {
    const bare = T.node('node-2');
    delete bare.status.nodeInfo;
    expect(printTable('no', [bare], { now, wide: true })).toBe(
      'NAME     STATUS   ROLES    AGE   VERSION   INTERNAL-IP   EXTERNAL-IP   OS-IMAGE                         KERNEL-VERSION     CONTAINER-RUNTIME\n' +
        'node-2   Ready    <none>   5d    v1.34.1   172.18.0.3    <none>        Debian GNU/Linux 12 (bookworm)   6.8.0-60-generic   containerd://2.1.3',
    );
  });
});

describe('services', () => {
  it('NodePort shows port:nodePort, LoadBalancer <pending> then the ingress IP, headless None, selector in wide', () => {
    const np = T.service('np');
    np.spec.type = 'NodePort';
    np.spec.ports = [
      { port: 80, nodePort: 30080, protocol: 'TCP', targetPort: 80 },
      { port: 443, nodePort: 30443, protocol: 'TCP' },
    ];
    const lb = T.service('lb');
    lb.spec.type = 'LoadBalancer';
    const lb2 = T.service('lb2');
    lb2.spec.type = 'LoadBalancer';
    lb2.status = { loadBalancer: { ingress: [{ ip: '172.18.255.200' }] } };
    const headless = T.service('db');
    headless.spec.clusterIP = 'None';
    headless.spec.clusterIPs = ['None'];
    headless.spec.ports = [];
    expect(printTable('services', [np, lb, lb2, headless], { now, wide: true })).toBe(
      'NAME   TYPE           CLUSTER-IP     EXTERNAL-IP      PORT(S)                      AGE   SELECTOR\n' +
        'db     ClusterIP      None           <none>           <none>                       30s   app=web\n' +
        'lb     LoadBalancer   10.96.123.45   <pending>        80/TCP                       30s   app=web\n' +
        'lb2    LoadBalancer   10.96.123.45   172.18.255.200   80/TCP                       30s   app=web\n' +
        'np     NodePort       10.96.123.45   <none>           80:30080/TCP,443:30443/TCP   30s   app=web',
    );
  });
});

describe('endpoint slices and endpoints', () => {
  it('<unset> for an empty slice and "+ N more..." beyond three addresses', () => {
    const empty = T.endpointSlice([]);
    empty.metadata.name = 'web-aaaaa';
    const many = T.endpointSlice(['10.244.1.5', '10.244.2.7', '10.244.3.4', '10.244.1.6', '10.244.2.8']);
    expect(printTable('endpointslice', [empty, many], { now })).toBe(
      'NAME        ADDRESSTYPE   PORTS   ENDPOINTS                                      AGE\n' +
        'web-7xk2p   IPv4          80      10.244.1.5,10.244.2.7,10.244.3.4 + 2 more...   30s\n' +
        'web-aaaaa   IPv4          80      <unset>                                        30s',
    );
  });

  it('legacy Endpoints list ip:port', () => {
    const ep = obj('v1', 'Endpoints', 'web', {
      subsets: [
        {
          addresses: [{ ip: '10.244.1.5' }, { ip: '10.244.2.7' }, { ip: '10.244.3.4' }],
          ports: [{ port: 80, protocol: 'TCP' }],
        },
      ],
    });
    const none = obj('v1', 'Endpoints', 'x');
    expect(printTable('ep', [ep, none], { now })).toBe(
      'NAME   ENDPOINTS                                   AGE\n' +
        'web    10.244.1.5:80,10.244.2.7:80,10.244.3.4:80   45s\n' +
        'x      <none>                                      45s',
    );
  });
});

describe('config and identity kinds', () => {
  it('ConfigMap DATA counts data and binaryData; Secret TYPE DATA; ServiceAccount SECRETS', () => {
    const cm = obj('v1', 'ConfigMap', 'kube-root-ca.crt', { data: { 'ca.crt': 'x' } });
    const cm2 = obj('v1', 'ConfigMap', 'app', { data: { a: '1', b: '2' }, binaryData: { c: 'AA==' } });
    expect(printTable('cm', [cm, cm2], { now })).toBe(
      'NAME               DATA   AGE\napp                3      45s\nkube-root-ca.crt   1      45s',
    );
    const sec = obj('v1', 'Secret', 'db', { type: 'Opaque', data: { password: 'cA==' } });
    expect(printTable('secrets', [sec], { now })).toBe('NAME   TYPE     DATA   AGE\ndb     Opaque   1      45s');
    const sa = obj('v1', 'ServiceAccount', 'default');
    expect(printTable('sa', [sa], { now })).toBe('NAME      SECRETS   AGE\ndefault   0         45s');
  });

  it('Namespace and Lease', () => {
    const ns = obj('v1', 'Namespace', 'default', { status: { phase: 'Active' } }, undefined);
    expect(printTable('ns', [ns], { now })).toBe('NAME      STATUS   AGE\ndefault   Active   45s');
    const lease = obj(
      'coordination.k8s.io/v1',
      'Lease',
      'node-1',
      { spec: { holderIdentity: 'node-1' } },
      'kube-node-lease',
    );
    const empty = obj('coordination.k8s.io/v1', 'Lease', 'x', { spec: {} }, 'kube-node-lease');
    expect(printTable('leases', [lease, empty], { now })).toBe(
      'NAME     HOLDER   AGE\nnode-1   node-1   45s\nx                 45s',
    );
  });

  it('RoleBinding ROLE and wide subjects', () => {
    const rb = obj('rbac.authorization.k8s.io/v1', 'RoleBinding', 'read-pods', {
      roleRef: { kind: 'Role', name: 'pod-reader' },
      subjects: [
        { kind: 'User', name: 'jane' },
        { kind: 'ServiceAccount', name: 'ci', namespace: 'default' },
      ],
    });
    expect(printTable('rolebindings', [rb], { now, wide: true })).toBe(
      'NAME        ROLE              AGE   USERS   GROUPS   SERVICEACCOUNTS\nread-pods   Role/pod-reader   45s   jane             default/ci',
    );
  });
});

describe('storage kinds', () => {
  it('PersistentVolume with VOLUMEATTRIBUTESCLASS and wide VOLUMEMODE', () => {
    const pv = obj(
      'v1',
      'PersistentVolume',
      'pvc-1234',
      {
        spec: {
          capacity: { storage: '1Gi' },
          accessModes: ['ReadWriteOnce'],
          persistentVolumeReclaimPolicy: 'Delete',
          claimRef: { namespace: 'default', name: 'data' },
          storageClassName: 'standard',
          volumeMode: 'Filesystem',
        },
        status: { phase: 'Bound' },
      },
      undefined,
    );
    expect(printTable('pv', [pv], { now })).toBe(
      'NAME       CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM          STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE\n' +
        'pvc-1234   1Gi        RWO            Delete           Bound    default/data   standard       <unset>                          45s',
    );
    expect(printTable('pv', [pv], { now, wide: true }).split('\n')[0].endsWith('AGE   VOLUMEMODE')).toBe(true);
  });

  it('PersistentVolumeClaim: capacity and access modes only once bound', () => {
    const bound = obj('v1', 'PersistentVolumeClaim', 'data', {
      spec: {
        accessModes: ['ReadWriteOnce'],
        resources: { requests: { storage: '1Gi' } },
        storageClassName: 'standard',
        volumeName: 'pvc-1234',
      },
      status: { phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: '1Gi' } },
    });
    const pending = obj('v1', 'PersistentVolumeClaim', 'logs', {
      spec: {
        accessModes: ['ReadWriteMany', 'ReadOnlyMany'],
        resources: { requests: { storage: '5Gi' } },
        storageClassName: 'standard',
      },
      status: { phase: 'Pending' },
    });
    expect(printTable('pvc', [bound, pending], { now })).toBe(
      'NAME   STATUS    VOLUME     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE\n' +
        'data   Bound     pvc-1234   1Gi        RWO            standard       <unset>                 45s\n' +
        'logs   Pending                                        standard       <unset>                 45s',
    );
  });

  it('StorageClass marks the default class', () => {
    const sc = {
      apiVersion: 'storage.k8s.io/v1',
      kind: 'StorageClass',
      metadata: {
        name: 'standard',
        creationTimestamp: 0,
        annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' },
      },
      provisioner: 'rancher.io/local-path',
      reclaimPolicy: 'Delete',
      volumeBindingMode: 'WaitForFirstConsumer',
    };
    expect(printTable('sc', [sc], { now })).toBe(
      'NAME                 PROVISIONER             RECLAIMPOLICY   VOLUMEBINDINGMODE      ALLOWVOLUMEEXPANSION   AGE\n' +
        'standard (default)   rancher.io/local-path   Delete          WaitForFirstConsumer   false                  45s',
    );
  });
});

describe('other workloads', () => {
  const template = { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'c', image: 'busybox' }] } };

  it('StatefulSet READY and DaemonSet columns', () => {
    const sts = obj('apps/v1', 'StatefulSet', 'db', { spec: { replicas: 3, template }, status: { readyReplicas: 2 } });
    expect(printTable('sts', [sts], { now })).toBe('NAME   READY   AGE\ndb     2/3     45s');
    const ds = obj('apps/v1', 'DaemonSet', 'agent', {
      spec: { template: { ...template, spec: { ...template.spec, nodeSelector: { 'kubernetes.io/os': 'linux' } } } },
      status: {
        desiredNumberScheduled: 3,
        currentNumberScheduled: 3,
        numberReady: 3,
        updatedNumberScheduled: 3,
        numberAvailable: 3,
      },
    });
    expect(printTable('ds', [ds], { now })).toBe(
      'NAME    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR            AGE\n' +
        'agent   3         3         3       3            3           kubernetes.io/os=linux   45s',
    );
  });

  it('Job STATUS COMPLETIONS DURATION and CronJob columns', () => {
    const done = obj('batch/v1', 'Job', 'pi', {
      spec: { completions: 1, template },
      status: {
        succeeded: 1,
        startTime: 2000,
        completionTime: 14_500,
        conditions: [{ type: 'Complete', status: 'True' }],
      },
    });
    const running = obj('batch/v1', 'Job', 'work', {
      spec: { parallelism: 3, template },
      status: { startTime: 5000, active: 3 },
    });
    expect(printTable('jobs', [done, running], { now })).toBe(
      'NAME   STATUS     COMPLETIONS   DURATION   AGE\n' +
        'pi     Complete   1/1           12s        45s\n' +
        'work   Running    0/1 of 3      40s        45s',
    );
    const cj = obj('batch/v1', 'CronJob', 'hello', {
      spec: { schedule: '*/1 * * * *', suspend: false, jobTemplate: { spec: { template } } },
      status: { lastScheduleTime: 0, active: [{ name: 'hello-1' }] },
    });
    expect(printTable('cronjobs', [cj], { now })).toBe(
      'NAME    SCHEDULE      TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE\n' +
        'hello   */1 * * * *   <none>     False     1        45s             45s',
    );
  });

  it('Ingress, NetworkPolicy, HPA and PDB', () => {
    const ing = obj('networking.k8s.io/v1', 'Ingress', 'web', {
      spec: { ingressClassName: 'nginx', rules: [{ host: 'web.example.com' }], tls: [{ hosts: ['web.example.com'] }] },
      status: { loadBalancer: { ingress: [{ ip: '172.18.0.5' }] } },
    });
    expect(printTable('ing', [ing], { now })).toBe(
      'NAME   CLASS   HOSTS             ADDRESS      PORTS     AGE\nweb    nginx   web.example.com   172.18.0.5   80, 443   45s',
    );
    const np = obj('networking.k8s.io/v1', 'NetworkPolicy', 'deny', { spec: { podSelector: {} } });
    expect(printTable('netpol', [np], { now })).toBe('NAME   POD-SELECTOR   AGE\ndeny   <none>         45s');
    const hpa = obj('autoscaling/v2', 'HorizontalPodAutoscaler', 'web', {
      spec: {
        scaleTargetRef: { kind: 'Deployment', name: 'web' },
        minReplicas: 1,
        maxReplicas: 10,
        metrics: [
          { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } },
        ],
      },
      status: { currentReplicas: 3 },
    });
    expect(printTable('hpa', [hpa], { now })).toBe(
      'NAME   REFERENCE        TARGETS              MINPODS   MAXPODS   REPLICAS   AGE\nweb    Deployment/web   cpu: <unknown>/50%   1         10        3          45s',
    );
    const pdb = obj('policy/v1', 'PodDisruptionBudget', 'web', {
      spec: { minAvailable: 2 },
      status: { disruptionsAllowed: 1 },
    });
    expect(printTable('pdb', [pdb], { now })).toBe(
      'NAME   MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE\nweb    2               N/A               1                     45s',
    );
  });
});
