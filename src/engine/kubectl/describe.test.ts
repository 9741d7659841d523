import { describe, it, expect } from 'vitest';
import type { KEvent } from '../types';
import {
  describeDeployment,
  describeNode,
  describePod,
  describeReplicaSet,
  describeService,
  splitReplicaSets,
} from './describe';
import { formatDescribeEvents } from './describeEvents';
import { describeObject } from './describeObject';
import { describeProbe } from './describeContainers';
import * as T from './testObjects';

const now = 45_000;

const podEvents: KEvent[] = [
  T.event({ reason: 'Started', message: 'Started container nginx', firstTimestamp: 30_000, lastTimestamp: 30_000 }),
  T.event({
    reason: 'Scheduled',
    source: 'default-scheduler',
    message: `Successfully assigned default/${T.POD_NAME} to node-2`,
    firstTimestamp: 25_000,
    lastTimestamp: 25_000,
  }),
  T.event({
    reason: 'Pulling',
    message: 'Pulling image "nginx:1.27-alpine"',
    firstTimestamp: 26_000,
    lastTimestamp: 26_000,
  }),
  T.event({
    reason: 'Pulled',
    message:
      'Successfully pulled image "nginx:1.27-alpine" in 3.9s (3.9s including waiting). Image size: 20506631 bytes.',
    firstTimestamp: 30_000,
    lastTimestamp: 30_000,
  }),
  T.event({ reason: 'Created', message: 'Created container: nginx', firstTimestamp: 30_000, lastTimestamp: 30_000 }),
];
// Chronological order for the kubelet events at the same second: Pulled, Created, Started.
podEvents.push(podEvents.shift()!);

const POD_DESCRIBE = `Name:             web-7d9c8b6f5d-x2x7k
Namespace:        default
Priority:         0
Service Account:  default
Node:             node-2/172.18.0.3
Start Time:       Thu, 15 Jan 2026 09:00:03 +0000
Labels:           app=web
                  pod-template-hash=7d9c8b6f5d
Annotations:      <none>
Status:           Running
IP:               10.244.2.5
IPs:
  IP:           10.244.2.5
Controlled By:  ReplicaSet/web-7d9c8b6f5d
Containers:
  nginx:
    Container ID:   containerd://4f1c2b3a
    Image:          nginx:1.27-alpine
    Image ID:       docker.io/library/nginx@sha256:65645c7b
    Port:           80/TCP
    Host Port:      0/TCP
    State:          Running
      Started:      Thu, 15 Jan 2026 09:00:07 +0000
    Ready:          True
    Restart Count:  0
    Requests:
      cpu:        100m
    Environment:  <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-x7k2p (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True 
  Initialized                 True 
  Ready                       True 
  ContainersReady             True 
  PodScheduled                True 
Volumes:
  kube-api-access-x7k2p:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    Optional:                false
    DownwardAPI:             true
QoS Class:                   Burstable
Node-Selectors:              <none>
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  20s   default-scheduler  Successfully assigned default/web-7d9c8b6f5d-x2x7k to node-2
  Normal  Pulling    19s   kubelet            Pulling image "nginx:1.27-alpine"
  Normal  Pulled     15s   kubelet            Successfully pulled image "nginx:1.27-alpine" in 3.9s (3.9s including waiting). Image size: 20506631 bytes.
  Normal  Created    15s   kubelet            Created container: nginx
  Normal  Started    15s   kubelet            Started container nginx`;

describe('describe pod', () => {
  it('renders the healthy reference pod exactly like kubectl v1.34', () => {
    expect(describePod(T.pod(), { now, events: podEvents })).toBe(POD_DESCRIBE);
  });

  it('keeps only the pod\'s own events and prints "Events: <none>" aligned with the last block', () => {
    const other = T.event({
      reason: 'Pulled',
      message: 'x',
      involvedObject: { apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'other' },
    });
    const out = describePod(T.pod(), { now, events: [other] });
    expect(
      out.endsWith(
        'Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s\n                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s\nEvents:                      <none>',
      ),
    ).toBe(true);
  });

  it('aggregates repeated events as "last (xN over first)"', () => {
    const e = T.event({
      type: 'Warning',
      reason: 'BackOff',
      message: `Back-off restarting failed container nginx in pod ${T.POD_NAME}_default(uid)`,
      firstTimestamp: 5_000,
      lastTimestamp: 35_000,
      count: 6,
    });
    expect(formatDescribeEvents([e], now)).toBe(
      'Events:\n' +
        '  Type     Reason   Age                From     Message\n' +
        '  ----     ------   ----               ----     -------\n' +
        `  Warning  BackOff  10s (x6 over 40s)  kubelet  Back-off restarting failed container nginx in pod ${T.POD_NAME}_default(uid)`,
    );
  });

  it('shows Waiting / Terminated states, Last State, probes, env, limits and an unscheduled node', () => {
    const p = T.pod({
      status: {
        phase: 'Running',
        podIP: '10.244.2.5',
        podIPs: [{ ip: '10.244.2.5' }],
        hostIP: '172.18.0.3',
        startTime: 3000,
        containerStatuses: [
          {
            name: 'nginx',
            containerID: 'containerd://abc',
            imageID: 'docker.io/library/nginx@sha256:1',
            ready: false,
            restartCount: 2,
            state: {
              waiting: { reason: 'CrashLoopBackOff', message: 'back-off 20s restarting failed container=nginx' },
            },
            lastState: { terminated: { exitCode: 1, reason: 'Error', startedAt: 20_000, finishedAt: 21_000 } },
          },
        ],
      },
    });
    const c = p.spec.containers[0];
    c.command = ['sh', '-c', 'exit 1'];
    c.resources = { limits: { cpu: '500m', memory: '128Mi' }, requests: { cpu: '0.1', memory: '64Mi' } };
    c.livenessProbe = {
      httpGet: { path: '/healthz', port: 8080, scheme: 'HTTP' },
      initialDelaySeconds: 3,
      timeoutSeconds: 1,
      periodSeconds: 3,
      successThreshold: 1,
      failureThreshold: 3,
    };
    c.readinessProbe = { exec: { command: ['cat', '/tmp/healthy'] }, periodSeconds: 5 };
    c.env = [
      { name: 'MODE', value: 'prod' },
      { name: 'POD_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } },
      { name: 'PASSWORD', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } },
    ];
    const out = describePod(p, { now, events: [] });
    expect(out).toContain(
      [
        'Containers:',
        '  nginx:',
        '    Container ID:  containerd://abc',
        '    Image:         nginx:1.27-alpine',
        '    Image ID:      docker.io/library/nginx@sha256:1',
        '    Port:          80/TCP',
        '    Host Port:     0/TCP',
        '    Command:',
        '      sh',
        '      -c',
        '      exit 1',
        '    State:          Waiting',
        '      Reason:       CrashLoopBackOff',
        '    Last State:     Terminated',
        '      Reason:       Error',
        '      Exit Code:    1',
        '      Started:      Thu, 15 Jan 2026 09:00:20 +0000',
        '      Finished:     Thu, 15 Jan 2026 09:00:21 +0000',
        '    Ready:          False',
        '    Restart Count:  2',
        '    Limits:',
        '      cpu:     500m',
        '      memory:  128Mi',
        '    Requests:',
        '      cpu:      100m',
        '      memory:   64Mi',
        '    Liveness:   http-get http://:8080/healthz delay=3s timeout=1s period=3s #success=1 #failure=3',
        '    Readiness:  exec [cat /tmp/healthy] delay=0s timeout=1s period=5s #success=1 #failure=3',
        '    Environment:',
        '      MODE:      prod',
        '      POD_NAME:  web-7d9c8b6f5d-x2x7k (v1:metadata.name)',
        "      PASSWORD:  <set to the key 'password' in secret 'db'>  Optional: false",
        '    Mounts:',
      ].join('\n'),
    );
    expect(out).not.toContain('Conditions:');
    expect(out).toContain('QoS Class:                   Burstable');
  });

  it('prints Node <none>, IPs <none>, BestEffort and Terminating (lasts …) for a deleted pending pod', () => {
    const p = T.pod({ status: { phase: 'Pending', qosClass: '' } });
    delete p.spec.nodeName;
    p.spec.containers[0].resources = {};
    p.metadata.deletionTimestamp = 75_000;
    p.metadata.deletionGracePeriodSeconds = 30;
    const out = describePod(p, { now, events: [] });
    expect(out).toContain('Node:                      <none>\n');
    expect(out).toContain(
      'Status:                    Terminating (lasts <invalid>)\nTermination Grace Period:  30s\nIP:                        \nIPs:                       <none>\nControlled By:             ReplicaSet/web-7d9c8b6f5d\n',
    );
    expect(out).toContain('QoS Class:                   BestEffort');
  });

  it('uses the node InternalIP when the pod status lacks hostIP', () => {
    const p = T.pod();
    delete p.status.hostIP;
    expect(describePod(p, { now, events: [], node: T.node('node-2', '172.18.0.9') })).toContain(
      'Node:             node-2/172.18.0.9\n',
    );
  });

  it('describes probes like DescribeProbe', () => {
    expect(describeProbe({ httpGet: { path: '/', port: 80 } })).toBe(
      'http-get http://:80/ delay=0s timeout=1s period=10s #success=1 #failure=3',
    );
    expect(describeProbe({ tcpSocket: { port: 8080 }, timeoutSeconds: 2 })).toBe(
      'tcp-socket :8080 delay=0s timeout=2s period=10s #success=1 #failure=3',
    );
    expect(describeProbe({ httpGet: { port: 'http', scheme: 'HTTPS' } })).toBe(
      'https://:http delay=0s timeout=1s period=10s #success=1 #failure=3'.replace(/^/, 'http-get '),
    );
  });
});

const DEPLOY_DESCRIBE = `Name:                   web
Namespace:              default
CreationTimestamp:      Thu, 15 Jan 2026 09:00:00 +0000
Labels:                 app=web
Annotations:            deployment.kubernetes.io/revision: 1
Selector:               app=web
Replicas:               3 desired | 3 updated | 3 total | 3 available | 0 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  25% max unavailable, 25% max surge
Pod Template:
  Labels:  app=web
  Containers:
   nginx:
    Image:      nginx:1.27-alpine
    Port:       80/TCP
    Host Port:  0/TCP
    Requests:
      cpu:         100m
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Conditions:
  Type           Status  Reason
  ----           ------  ------
  Available      True    MinimumReplicasAvailable
  Progressing    True    NewReplicaSetAvailable
OldReplicaSets:  <none>
NewReplicaSet:   web-7d9c8b6f5d (3/3 replicas created)
Events:
  Type    Reason             Age   From                   Message
  ----    ------             ----  ----                   -------
  Normal  ScalingReplicaSet  45s   deployment-controller  Scaled up replica set web-7d9c8b6f5d from 0 to 3`;

describe('describe deployment / replicaset', () => {
  const scaled = T.event({
    reason: 'ScalingReplicaSet',
    source: 'deployment-controller',
    message: `Scaled up replica set web-${T.HASH} from 0 to 3`,
    involvedObject: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web', uid: 'd-uid' },
  });

  it('renders the reference deployment exactly', () => {
    expect(describeDeployment(T.deployment(), { now, events: [scaled], replicaSets: [T.replicaSet()] })).toBe(
      DEPLOY_DESCRIBE,
    );
  });

  it('tells the new ReplicaSet from old ones by pod template', () => {
    const oldRS = T.replicaSet();
    oldRS.metadata.name = 'web-5d78f8c9b4';
    oldRS.spec.template.spec.containers[0].image = 'nginx:1.26';
    oldRS.spec.replicas = 0;
    oldRS.status.replicas = 0;
    const { newRS, oldRSs } = splitReplicaSets(T.deployment(), [oldRS, T.replicaSet()]);
    expect(newRS?.metadata.name).toBe('web-7d9c8b6f5d');
    expect(oldRSs.map((r) => r.metadata.name)).toEqual(['web-5d78f8c9b4']);
    const out = describeDeployment(T.deployment(), { now, events: [], replicaSets: [oldRS, T.replicaSet()] });
    expect(out).toContain(
      'OldReplicaSets:  web-5d78f8c9b4 (0/0 replicas created)\nNewReplicaSet:   web-7d9c8b6f5d (3/3 replicas created)\n',
    );
  });

  it('renders the ReplicaSet with pod counts and SuccessfulCreate events', () => {
    const created = T.event({
      reason: 'SuccessfulCreate',
      source: 'replicaset-controller',
      message: `Created pod: ${T.POD_NAME}`,
      involvedObject: {
        apiVersion: 'apps/v1',
        kind: 'ReplicaSet',
        namespace: 'default',
        name: `web-${T.HASH}`,
        uid: 'rs-uid',
      },
    });
    const pending = T.pod({ name: 'web-7d9c8b6f5d-abcde', status: { phase: 'Pending' } });
    expect(describeReplicaSet(T.replicaSet(), { now, events: [created], pods: [T.pod(), pending] }))
      .toBe(`Name:           web-7d9c8b6f5d
Namespace:      default
Selector:       app=web,pod-template-hash=7d9c8b6f5d
Labels:         app=web
                pod-template-hash=7d9c8b6f5d
Annotations:    deployment.kubernetes.io/desired-replicas: 3
                deployment.kubernetes.io/max-replicas: 4
                deployment.kubernetes.io/revision: 1
Controlled By:  Deployment/web
Replicas:       3 current / 3 desired
Pods Status:    1 Running / 1 Waiting / 0 Succeeded / 0 Failed
Pod Template:
  Labels:  app=web
           pod-template-hash=7d9c8b6f5d
  Containers:
   nginx:
    Image:      nginx:1.27-alpine
    Port:       80/TCP
    Host Port:  0/TCP
    Requests:
      cpu:         100m
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Events:
  Type    Reason            Age   From                   Message
  ----    ------            ----  ----                   -------
  Normal  SuccessfulCreate  45s   replicaset-controller  Created pod: web-7d9c8b6f5d-x2x7k`);
  });
});

describe('describe service', () => {
  it('renders ports, ready endpoints and policies', () => {
    expect(describeService(T.service(), { now, events: [], endpointSlices: [T.endpointSlice()] }))
      .toBe(`Name:                     web
Namespace:                default
Labels:                   <none>
Annotations:              <none>
Selector:                 app=web
Type:                     ClusterIP
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.96.123.45
IPs:                      10.96.123.45
Port:                     <unset>  80/TCP
TargetPort:               80/TCP
Endpoints:                10.244.1.5:80,10.244.2.7:80,10.244.3.4:80
Session Affinity:         None
Internal Traffic Policy:  Cluster
Events:                   <none>`);
  });

  it('prints <none> without slices, nothing when no endpoint is ready, and NodePort lines', () => {
    const svc = T.service();
    svc.spec.type = 'NodePort';
    svc.spec.externalTrafficPolicy = 'Cluster';
    svc.spec.ports = [{ name: 'http', port: 80, targetPort: 'web', nodePort: 30080, protocol: 'TCP' }];
    const out = describeService(svc, { now, events: [], endpointSlices: [] });
    expect(out).toContain(
      'Port:                     http  80/TCP\nTargetPort:               web/TCP\nNodePort:                 http  30080/TCP\nEndpoints:                <none>\n',
    );
    expect(out).toContain('External Traffic Policy:  Cluster\n');
    const notReady = T.endpointSlice(['10.244.1.5']);
    notReady.endpoints[0].conditions.ready = false;
    const out2 = describeService(T.service(), { now, events: [], endpointSlices: [notReady] });
    expect(out2).toContain('Endpoints:                \n');
  });
});

describe('describe node', () => {
  const lease = {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: { name: 'node-2', namespace: 'kube-node-lease' },
    spec: { holderIdentity: 'node-2', acquireTime: -5 * 86_400_000, renewTime: 40_000, leaseDurationSeconds: 40 },
  };

  it('renders the node with lease, conditions, resources and non-terminated pods', () => {
    const n = T.node();
    n.metadata.labels!['node-role.kubernetes.io/control-plane'] = '';
    n.spec.taints = [
      { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' },
      { key: 'dedicated', value: 'gpu', effect: 'NoExecute' },
    ];
    const ready = T.event({
      reason: 'NodeReady',
      message: 'Node node-2 status is now: NodeReady',
      involvedObject: { apiVersion: 'v1', kind: 'Node', name: 'node-2' },
      namespace: 'default',
      firstTimestamp: -5 * 86_400_000 + 20_000,
      lastTimestamp: -5 * 86_400_000 + 20_000,
    });
    const memPod = T.pod({ name: 'api-0' });
    memPod.metadata.namespace = 'prod';
    memPod.spec.containers[0].resources = { requests: { cpu: '250m', memory: '256Mi' }, limits: { memory: '512Mi' } };
    const done = T.pod({ name: 'job-1', status: { phase: 'Succeeded' } });
    const elsewhere = T.pod({ name: 'other', node: 'node-1' });
    expect(describeNode(n, { now, events: [ready], pods: [T.pod(), memPod, done, elsewhere], lease }))
      .toBe(`Name:               node-2
Roles:              control-plane
Labels:             beta.kubernetes.io/arch=amd64
                    beta.kubernetes.io/os=linux
                    kubernetes.io/arch=amd64
                    kubernetes.io/hostname=node-2
                    kubernetes.io/os=linux
                    node-role.kubernetes.io/control-plane=
Annotations:        node.alpha.kubernetes.io/ttl: 0
                    volumes.kubernetes.io/controller-managed-attach-detach: true
CreationTimestamp:  Sat, 10 Jan 2026 09:00:00 +0000
Taints:             dedicated=gpu:NoExecute
                    node-role.kubernetes.io/control-plane:NoSchedule
Unschedulable:      false
Lease:
  HolderIdentity:  node-2
  AcquireTime:     Sat, 10 Jan 2026 09:00:00 +0000
  RenewTime:       Thu, 15 Jan 2026 09:00:40 +0000
Conditions:
  Type             Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message
  ----             ------  -----------------                 ------------------                ------                       -------
  MemoryPressure   False   Thu, 15 Jan 2026 09:00:40 +0000   Sat, 10 Jan 2026 09:00:00 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory available
  Ready            True    Thu, 15 Jan 2026 09:00:40 +0000   Sat, 10 Jan 2026 09:00:20 +0000   KubeletReady                 kubelet is posting ready status
Addresses:
  InternalIP:  172.18.0.3
  Hostname:    node-2
Capacity:
  cpu:                2
  ephemeral-storage:  102626232Ki
  memory:             4Gi
  pods:               110
Allocatable:
  cpu:                2
  ephemeral-storage:  102626232Ki
  memory:             4Gi
  pods:               110
System Info:
  Machine ID:                 m1
  System UUID:                s1
  Boot ID:                    b1
  Kernel Version:             6.8.0-60-generic
  OS Image:                   Debian GNU/Linux 12 (bookworm)
  Operating System:           linux
  Architecture:               amd64
  Container Runtime Version:  containerd://2.1.3
  Kubelet Version:            v1.34.1
  Kube-Proxy Version:         
PodCIDR:                      10.244.2.0/24
PodCIDRs:                     10.244.2.0/24
ProviderID:                   kind://docker/kind/node-2
Non-terminated Pods:          (2 in total)
  Namespace                   Name                    CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age
  ---------                   ----                    ------------  ----------  ---------------  -------------  ---
  default                     web-7d9c8b6f5d-x2x7k    100m (5%)     0 (0%)      0 (0%)           0 (0%)         45s
  prod                        api-0                   250m (12%)    0 (0%)      256Mi (6%)       512Mi (12%)    45s
Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource           Requests    Limits
  --------           --------    ------
  cpu                350m (17%)  0 (0%)
  memory             256Mi (6%)  512Mi (12%)
  ephemeral-storage  0 (0%)      0 (0%)
Events:
  Type    Reason     Age   From     Message
  ----    ------     ----  ----     -------
  Normal  NodeReady  5d    kubelet  Node node-2 status is now: NodeReady`);
  });

  it('reports a missing lease the way kubectl does', () => {
    expect(describeNode(T.node(), { now, events: [] })).toContain(
      'Unschedulable:      false\nLease:              Failed to get lease: leases.coordination.k8s.io "node-2" not found\n',
    );
  });
});

describe('describeObject', () => {
  it('dispatches by kind with related objects from the world', () => {
    const objects = [T.deployment(), T.replicaSet(), T.pod(), T.service(), T.endpointSlice(), T.node()];
    expect(describeObject(T.deployment(), { now, events: [], objects })).toContain(
      'NewReplicaSet:   web-7d9c8b6f5d (3/3 replicas created)',
    );
    expect(describeObject(T.replicaSet(), { now, events: [], objects })).toContain('Pods Status:    1 Running');
    expect(describeObject(T.service(), { now, events: [], objects })).toContain(
      'Endpoints:                10.244.1.5:80',
    );
    expect(describeObject(T.node(), { now, events: [], objects })).toContain(
      'Non-terminated Pods:          (1 in total)',
    );
    expect(
      describeObject({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } }, { now, events: [], objects }),
    ).toMatch(/^Name: +x\n/);
    // A kind kubectl describes with a dedicated describer that is not reproduced: no made-up layout.
    expect(
      describeObject(
        { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'x' } },
        { now, events: [], objects },
      ),
    ).toBeUndefined();
  });

  it('describe pdb: budget, selector and the disruption controller’s status (describePodDisruptionBudgetV1)', () => {
    const pdb = {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'web-pdb', namespace: 'default' },
      spec: { minAvailable: 2, selector: { matchLabels: { app: 'web' } } },
      status: { disruptionsAllowed: 0, currentHealthy: 2, desiredHealthy: 2, expectedPods: 2 },
    };
    expect(describeObject(pdb, { now: 0, events: [], objects: [] })).toBe(
      [
        'Name:           web-pdb',
        'Namespace:      default',
        'Min available:  2',
        'Selector:       app=web',
        'Status:',
        '    Allowed disruptions:  0',
        '    Current:              2',
        '    Desired:              2',
        '    Total:                2',
        'Events:                   <none>',
      ].join('\n'),
    );
  });
});
