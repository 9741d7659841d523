/** The workload controllers beyond Deployment/ReplicaSet: a DaemonSet following a node's taints, a ReplicationController. */
import type { Scenario } from './Scenario';

/** A node agent on every node the DaemonSet may use (kubernetes.io's DaemonSet concept page, with a small image). */
export const NODE_AGENT_DAEMONSET = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: node-agent
  labels:
    app: node-agent
spec:
  selector:
    matchLabels:
      app: node-agent
  template:
    metadata:
      labels:
        app: node-agent
    spec:
      containers:
        - name: agent
          image: nginx:1.27-alpine
          resources:
            requests:
              cpu: 50m
`;

/** kubernetes.io's ReplicationController example (concepts/workloads/controllers/replicationcontroller). */
export const NGINX_REPLICATION_CONTROLLER = `apiVersion: v1
kind: ReplicationController
metadata:
  name: nginx
spec:
  replicas: 3
  selector:
    app: nginx
  template:
    metadata:
      name: nginx
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx
        ports:
        - containerPort: 80
`;

export const workloadScenarios: Scenario[] = [
  {
    id: 'daemonset-taint-untaint',
    family: 'workloads',
    title: 'A DaemonSet follows a node that is tainted and untainted',
    lesson:
      'The DaemonSet controller puts one Pod on each worker (the control-plane taint keeps it off that node) and the scheduler binds each to the node its affinity names. A NoExecute taint on node-2 evicts its Pod and no new one comes; when the taint goes, the controller creates a Pod there again.',
    input: {
      yaml: NODE_AGENT_DAEMONSET,
      actions: [
        {
          atMs: 20_000,
          action: { type: 'taint', node: 'node-2', key: 'maintenance', value: 'true', effect: 'NoExecute' },
        },
        { atMs: 40_000, action: { type: 'untaint', node: 'node-2', key: 'maintenance', effect: 'NoExecute' } },
      ],
      untilMs: 90_000,
    },
  },
  {
    id: 'replicationcontroller-nginx',
    family: 'workloads',
    title: 'A ReplicationController keeps three nginx Pods',
    lesson:
      'The older ReplicationController is run by the same code as the ReplicaSet controller: it counts the Pods it owns and creates the missing ones, recording its Events as replication-controller. Its selector is a plain label map, defaulted from the template’s labels when left out.',
    input: { yaml: NGINX_REPLICATION_CONTROLLER },
  },
];
