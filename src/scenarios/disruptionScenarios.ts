/** Voluntary disruptions: `kubectl drain` going through the eviction API, held back by a PodDisruptionBudget. */
import type { Scenario } from './Scenario';
import { deployment } from './manifests';

/** A PodDisruptionBudget that asks for every replica of `web` (kubernetes.io's "Specifying a Disruption Budget"). */
const WEB_PDB_MIN_AVAILABLE_2 = `apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: web-pdb
spec:
  minAvailable: 2
  selector:
    matchLabels:
      app: web
`;

export const disruptionScenarios: Scenario[] = [
  {
    id: 'drain-blocked-by-pdb',
    family: 'workloads',
    title: 'kubectl drain blocked by a PodDisruptionBudget',
    lesson:
      'Drain cordons node-1, then asks the eviction API for its web Pod. The PodDisruptionBudget needs 2 healthy Pods and has 2, so every eviction gets 429 TooManyRequests; kubectl retries every 5 s until its --timeout, and the node is never drained.',
    input: {
      yaml: `${deployment({ replicas: 2 })}---\n${WEB_PDB_MIN_AVAILABLE_2}`,
      actions: [
        { atMs: 15_000, action: { type: 'drain', node: 'node-1', ignoreDaemonSets: true, timeoutSeconds: 30 } },
      ],
    },
  },
];
