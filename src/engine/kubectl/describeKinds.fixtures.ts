/** Objects as the simulated apiserver stores them (defaulted, ms timestamps), for the describer tests. */
import type { KEvent, KObject } from '../types';
import * as T from './testObjects';

const UID = 'c9948307-e56d-4b5d-8302-ae2d7b7da67c';
const jobLabels = {
  'batch.kubernetes.io/controller-uid': UID,
  'batch.kubernetes.io/job-name': 'pi',
  'controller-uid': UID,
  'job-name': 'pi',
};

/** The docs' pi Job once it completed (started at 2 s, done at 67 s). */
export function piJob(): KObject {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: 'pi', namespace: 'default', uid: UID, creationTimestamp: 2_000, labels: jobLabels },
    spec: {
      parallelism: 1,
      completions: 1,
      completionMode: 'NonIndexed',
      suspend: false,
      backoffLimit: 4,
      manualSelector: false,
      podReplacementPolicy: 'TerminatingOrFailed',
      selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': UID } },
      template: {
        metadata: { labels: jobLabels },
        spec: {
          containers: [
            {
              name: 'pi',
              image: 'perl:5.34.0',
              command: ['perl', '-Mbignum=bpi', '-wle', 'print bpi(2000)'],
              resources: {},
              terminationMessagePath: '/dev/termination-log',
              terminationMessagePolicy: 'File',
              imagePullPolicy: 'IfNotPresent',
            },
          ],
          restartPolicy: 'Never',
        },
      },
    },
    status: {
      startTime: 2_000,
      completionTime: 67_400,
      succeeded: 1,
      ready: 0,
      terminating: 0,
      conditions: [{ type: 'Complete', status: 'True' }],
    },
  } as KObject;
}

export const piEvents: KEvent[] = [
  T.event({
    reason: 'SuccessfulCreate',
    message: 'Created pod: pi-xf9p4',
    source: 'job-controller',
    firstTimestamp: 2_000,
    lastTimestamp: 2_000,
    involvedObject: { apiVersion: 'batch/v1', kind: 'Job', name: 'pi', namespace: 'default', uid: UID },
  }),
  T.event({
    reason: 'Completed',
    message: 'Job completed',
    source: 'job-controller',
    firstTimestamp: 67_000,
    lastTimestamp: 67_000,
    involvedObject: { apiVersion: 'batch/v1', kind: 'Job', name: 'pi', namespace: 'default', uid: UID },
  }),
];

/** The docs' hello CronJob, defaulted, after its first schedule at 60 s. */
export function helloCronJob(): KObject {
  return {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name: 'hello', namespace: 'default', uid: 'cj-uid', creationTimestamp: 0 },
    spec: {
      schedule: '* * * * *',
      concurrencyPolicy: 'Allow',
      suspend: false,
      successfulJobsHistoryLimit: 3,
      failedJobsHistoryLimit: 1,
      jobTemplate: {
        metadata: {},
        spec: {
          template: {
            metadata: {},
            spec: {
              containers: [
                {
                  name: 'hello',
                  image: 'busybox:1.28',
                  imagePullPolicy: 'IfNotPresent',
                  command: ['/bin/sh', '-c', 'date; echo Hello from the Kubernetes cluster'],
                },
              ],
              restartPolicy: 'OnFailure',
            },
          },
        },
      },
    },
    status: { lastScheduleTime: 60_000, active: [{ kind: 'Job', name: 'hello-29474520', namespace: 'default' }] },
  } as KObject;
}

export const helloEvents: KEvent[] = [
  T.event({
    reason: 'SuccessfulCreate',
    message: 'Created job hello-29474520',
    source: 'cronjob-controller',
    firstTimestamp: 60_000,
    lastTimestamp: 60_000,
    involvedObject: { apiVersion: 'batch/v1', kind: 'CronJob', name: 'hello', namespace: 'default', uid: 'cj-uid' },
  }),
];

/** www-web-0: the claim of the docs' web StatefulSet, bound by kind's local-path provisioner. */
export function wwwClaim(): KObject {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: {
      name: 'www-web-0',
      namespace: 'default',
      uid: 'pvc-uid',
      creationTimestamp: 1_000,
      labels: { app: 'nginx' },
      annotations: {
        'pv.kubernetes.io/bind-completed': 'yes',
        'pv.kubernetes.io/bound-by-controller': 'yes',
        'volume.beta.kubernetes.io/storage-provisioner': 'rancher.io/local-path',
        'volume.kubernetes.io/selected-node': 'kind-worker',
        'volume.kubernetes.io/storage-provisioner': 'rancher.io/local-path',
      },
      finalizers: ['kubernetes.io/pvc-protection'],
    },
    spec: {
      accessModes: ['ReadWriteOnce'],
      resources: { requests: { storage: '1Gi' } },
      storageClassName: 'standard',
      volumeMode: 'Filesystem',
      volumeName: 'pvc-0b8ae1d5-2f47-4a3e-9d3c-4d2f5b6a7c8e',
    },
    status: { phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: '1Gi' } },
  } as KObject;
}

export function claimingPods(): KObject[] {
  const withClaim = (name: string, claim: string, ns = 'default'): KObject => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: ns, uid: `${name}-uid` },
    spec: { volumes: [{ name: 'www', persistentVolumeClaim: { claimName: claim } }] },
  });
  return [withClaim('web-0', 'www-web-0'), withClaim('web-1', 'www-web-1'), withClaim('other', 'www-web-0', 'prod')];
}

/** The PersistentVolume local-path creates for that claim: a hostPath pinned to the node. */
export function localPathVolume(): KObject {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: {
      name: 'pvc-0b8ae1d5-2f47-4a3e-9d3c-4d2f5b6a7c8e',
      uid: 'pv-uid',
      creationTimestamp: 3_000,
      annotations: {
        'local.path.provisioner/selected-node': 'kind-worker',
        'pv.kubernetes.io/provisioned-by': 'rancher.io/local-path',
      },
      finalizers: ['kubernetes.io/pv-protection'],
    },
    spec: {
      accessModes: ['ReadWriteOnce'],
      capacity: { storage: '1Gi' },
      claimRef: { kind: 'PersistentVolumeClaim', namespace: 'default', name: 'www-web-0', uid: 'pvc-uid' },
      hostPath: {
        path: '/var/local-path-provisioner/pvc-0b8ae1d5-2f47-4a3e-9d3c-4d2f5b6a7c8e_default_www-web-0',
        type: 'DirectoryOrCreate',
      },
      nodeAffinity: {
        required: {
          nodeSelectorTerms: [
            { matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['kind-worker'] }] },
          ],
        },
      },
      persistentVolumeReclaimPolicy: 'Delete',
      storageClassName: 'standard',
      volumeMode: 'Filesystem',
    },
    status: { phase: 'Bound' },
  } as KObject;
}

/** kind's default StorageClass. */
export function standardClass(): KObject {
  return {
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: {
      name: 'standard',
      uid: 'sc-uid',
      annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' },
      creationTimestamp: -60_000,
    },
    provisioner: 'rancher.io/local-path',
    reclaimPolicy: 'Delete',
    volumeBindingMode: 'WaitForFirstConsumer',
  } as KObject;
}
