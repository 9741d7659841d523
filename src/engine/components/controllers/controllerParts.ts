/**
 * The parts of kube-controller-manager the diagram draws, in the registry's order (registry.ts `controllerParts()`
 * derives the same list from the controllers themselves; registry.test.ts keeps the two equal). A list of names of
 * its own so that the page's start-up bundle, which draws the diagram, does not carry every controller's code.
 */
export const CONTROLLER_PARTS: readonly string[] = [
  'deployment',
  'replicaset',
  'job',
  'cronjob',
  'ttl-after-finished',
  'statefulset',
  'endpointslice',
  'endpoint',
  'node-lifecycle',
  'taint-eviction',
  'persistentvolume-binder',
  'garbagecollector',
  'serviceaccount',
  'root-ca-cert-publisher',
  'namespace',
  'daemonset',
  'replicationcontroller',
  'resourcequota',
  'disruption',
  'horizontal-pod-autoscaler',
];
