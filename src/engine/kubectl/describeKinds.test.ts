/**
 * Exact `kubectl describe` texts for the kinds added with the workload controllers, each checked line by line against
 * staging/src/k8s.io/kubectl/pkg/describe/describe.go (v1.34): describeJob, describeCronJob + describeJobTemplate,
 * describePersistentVolumeClaim + printPersistentVolumeClaim + printPodsMultiline, describePersistentVolume +
 * printVolumeNodeAffinity + printHostPathVolumeSource, describeStorageClass, ConfigMapDescriber, describeSecret,
 * describeServiceAccount, and genericDescriber + printUnstructuredContent + smartLabelFor. Fixtures are the
 * Kubernetes docs' manifests (pi Job, hello CronJob, web StatefulSet's claim) as the apiserver stores them.
 */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../types';
import { describeCronJob, describeJob } from './describeBatch';
import { describeConfigMap, describeSecret, describeServiceAccount } from './describeConfig';
import { camelCaseSplit, describeGeneric, smartLabelFor } from './describeGeneric';
import { describeObject } from './describeObject';
import { describePersistentVolume, describePersistentVolumeClaim, describeStorageClass } from './describeStorage';
import * as F from './describeKinds.fixtures';

const now = 90_000;

const JOB = `Name:             pi
Namespace:        default
Selector:         batch.kubernetes.io/controller-uid=c9948307-e56d-4b5d-8302-ae2d7b7da67c
Labels:           batch.kubernetes.io/controller-uid=c9948307-e56d-4b5d-8302-ae2d7b7da67c
                  batch.kubernetes.io/job-name=pi
                  controller-uid=c9948307-e56d-4b5d-8302-ae2d7b7da67c
                  job-name=pi
Annotations:      <none>
Parallelism:      1
Completions:      1
Completion Mode:  NonIndexed
Suspend:          false
Backoff Limit:    4
Start Time:       Thu, 15 Jan 2026 09:00:02 +0000
Completed At:     Thu, 15 Jan 2026 09:01:07 +0000
Duration:         65s
Pods Statuses:    0 Active (0 Ready) / 1 Succeeded / 0 Failed
Pod Template:
  Labels:  batch.kubernetes.io/controller-uid=c9948307-e56d-4b5d-8302-ae2d7b7da67c
           batch.kubernetes.io/job-name=pi
           controller-uid=c9948307-e56d-4b5d-8302-ae2d7b7da67c
           job-name=pi
  Containers:
   pi:
    Image:      perl:5.34.0
    Port:       <none>
    Host Port:  <none>
    Command:
      perl
      -Mbignum=bpi
      -wle
      print bpi(2000)
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Events:
  Type    Reason            Age   From            Message
  ----    ------            ----  ----            -------
  Normal  SuccessfulCreate  88s   job-controller  Created pod: pi-xf9p4
  Normal  Completed         23s   job-controller  Job completed`;

const CRONJOB = `Name:                          hello
Namespace:                     default
Labels:                        <none>
Annotations:                   <none>
Schedule:                      * * * * *
Concurrency Policy:            Allow
Suspend:                       False
Successful Job History Limit:  3
Failed Job History Limit:      1
Starting Deadline Seconds:     <unset>
Selector:                      <unset>
Parallelism:                   <unset>
Completions:                   <unset>
Pod Template:
  Labels:  <none>
  Containers:
   hello:
    Image:      busybox:1.28
    Port:       <none>
    Host Port:  <none>
    Command:
      /bin/sh
      -c
      date; echo Hello from the Kubernetes cluster
    Environment:     <none>
    Mounts:          <none>
  Volumes:           <none>
  Node-Selectors:    <none>
  Tolerations:       <none>
Last Schedule Time:  Thu, 15 Jan 2026 09:01:00 +0000
Active Jobs:         hello-29474520
Events:
  Type    Reason            Age   From                Message
  ----    ------            ----  ----                -------
  Normal  SuccessfulCreate  30s   cronjob-controller  Created job hello-29474520`;

const PVC = `Name:          www-web-0
Namespace:     default
StorageClass:  standard
Status:        Bound
Volume:        pvc-0b8ae1d5-2f47-4a3e-9d3c-4d2f5b6a7c8e
Labels:        app=nginx
Annotations:   pv.kubernetes.io/bind-completed: yes
               pv.kubernetes.io/bound-by-controller: yes
               volume.beta.kubernetes.io/storage-provisioner: rancher.io/local-path
               volume.kubernetes.io/selected-node: kind-worker
               volume.kubernetes.io/storage-provisioner: rancher.io/local-path
Finalizers:    [kubernetes.io/pvc-protection]
Capacity:      1Gi
Access Modes:  RWO
VolumeMode:    Filesystem
Used By:       web-0
Events:        <none>`;

const PV = `Name:              pvc-0b8ae1d5-2f47-4a3e-9d3c-4d2f5b6a7c8e
Labels:            <none>
Annotations:       local.path.provisioner/selected-node: kind-worker
                   pv.kubernetes.io/provisioned-by: rancher.io/local-path
Finalizers:        [kubernetes.io/pv-protection]
StorageClass:      standard
Status:            Bound
Claim:             default/www-web-0
Reclaim Policy:    Delete
Access Modes:      RWO
VolumeMode:        Filesystem
Capacity:          1Gi
Node Affinity:     
  Required Terms:  
    Term 0:        kubernetes.io/hostname in [kind-worker]
Message:           
Source:
    Type:          HostPath (bare host directory volume)
    Path:          /var/local-path-provisioner/pvc-0b8ae1d5-2f47-4a3e-9d3c-4d2f5b6a7c8e_default_www-web-0
    HostPathType:  DirectoryOrCreate
Events:            <none>`;

const STORAGECLASS = `Name:                  standard
IsDefaultClass:        Yes
Annotations:           storageclass.kubernetes.io/is-default-class=true
Provisioner:           rancher.io/local-path
Parameters:            <none>
AllowVolumeExpansion:  <unset>
MountOptions:          <none>
ReclaimPolicy:         Delete
VolumeBindingMode:     WaitForFirstConsumer
Events:                <none>`;

const CONFIGMAP = `Name:         game
Namespace:    default
Labels:       <none>
Annotations:  <none>

Data
====
lives:
----
3

ui.properties:
----
color.good=purple
how.nice.to.look=fairlyNice


BinaryData
====

Events:  <none>`;

const SECRET = `Name:         creds
Namespace:    default
Labels:       <none>
Annotations:  <none>

Type:  Opaque

Data
====
password:  12 bytes
username:  5 bytes`;

const SERVICEACCOUNT = `Name:                build-robot
Namespace:           default
Labels:              <none>
Annotations:         <none>
Image pull secrets:  regcred
                     gone (not found)
Mountable secrets:   <none>
Tokens:              build-robot-secret
Events:              <none>`;

const CONTROLLERREVISION = `Name:         web-7d8f9c
Namespace:    default
Labels:       app=nginx
              controller-revision-hash=web-7d8f9c
Annotations:  <none>
API Version:  apps/v1
Data:
  Spec:
    Template:
      $patch:  replace
Kind:          ControllerRevision
Metadata:
  Creation Timestamp:  2026-01-15T09:00:01Z
  Owner References:
    API Version:           apps/v1
    Block Owner Deletion:  true
    Controller:            true
    Kind:                  StatefulSet
    Name:                  web
    UID:                   ss-uid
  Resource Version:        812
  UID:                     cr-uid
Revision:                  1
Events:                    <none>`;

describe('kubectl describe, batch kinds (describe.go describeJob / describeCronJob)', () => {
  it('describes the docs pi Job once complete: Duration from the whole-second times, status counters', () => {
    expect(describeJob(F.piJob(), { now, events: F.piEvents })).toBe(JOB);
  });

  it('describes the docs hello CronJob: the job template with <unset> fields, Active Jobs, no Time Zone line', () => {
    expect(describeCronJob(F.helloCronJob(), { now, events: F.helloEvents })).toBe(CRONJOB);
  });

  it('prints Pods Statuses without (N Ready) when status.ready is unset, and Indexed completion lines', () => {
    const job = F.piJob();
    delete job.status.ready;
    job.spec.completionMode = 'Indexed';
    job.status.completedIndexes = '0-2,4';
    const text = describeJob(job, { now, events: [] });
    expect(text).toMatch(/\nPods Statuses: +0 Active \/ 1 Succeeded \/ 0 Failed\n/);
    expect(text).toMatch(/\nCompleted Indexes: +0-2,4\n/);
  });
});

describe('kubectl describe, storage kinds (describe.go describePersistentVolume(Claim) / describeStorageClass)', () => {
  it("describes a bound claim: the volume's capacity and modes, Used By = pods in its namespace naming it", () => {
    expect(describePersistentVolumeClaim(F.wwwClaim(), { now, events: [], pods: F.claimingPods() })).toBe(PVC);
  });

  it('leaves Capacity and Access Modes blank while the claim is unbound', () => {
    const pvc = F.wwwClaim();
    delete pvc.spec.volumeName;
    pvc.status = { phase: 'Pending' };
    const text = describePersistentVolumeClaim(pvc, { now, events: [], pods: [] });
    expect(text).toContain('Status:        Pending\nVolume:        \n');
    expect(text).toContain('Capacity:      \nAccess Modes:  \nVolumeMode:    Filesystem\nUsed By:       <none>\n');
  });

  it("describes local-path's hostPath volume with its node affinity and Source section", () => {
    expect(describePersistentVolume(F.localPathVolume(), { now, events: [] })).toBe(PV);
  });

  it("describes kind's standard StorageClass (annotations as one FormatLabels line)", () => {
    expect(describeStorageClass(F.standardClass(), { now, events: [] })).toBe(STORAGECLASS);
  });
});

describe('kubectl describe, configuration kinds', () => {
  it('describes a ConfigMap: Data blocks sorted by key, an empty BinaryData section, events', () => {
    const cm = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'game', namespace: 'default' },
      data: { 'ui.properties': 'color.good=purple\nhow.nice.to.look=fairlyNice', lives: '3' },
    } as KObject;
    expect(describeConfigMap(cm, { now, events: [] })).toBe(CONFIGMAP);
  });

  it('describes a Secret by decoded byte counts, never its values, and without events', () => {
    const secret = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'creds', namespace: 'default' },
      type: 'Opaque',
      data: { username: 'YWRtaW4=', password: 'MWYyZDFlMmU2N2Rm' },
    } as KObject;
    expect(describeSecret(secret)).toBe(SECRET);
  });

  it('describes a ServiceAccount: pull secrets (missing ones marked), Mountable secrets, its token Secrets', () => {
    const sa = {
      apiVersion: 'v1',
      kind: 'ServiceAccount',
      metadata: { name: 'build-robot', namespace: 'default', uid: 'sa-uid' },
      imagePullSecrets: [{ name: 'regcred' }, { name: 'gone' }],
    } as KObject;
    const secrets = [
      {
        apiVersion: 'v1',
        kind: 'Secret',
        type: 'kubernetes.io/service-account-token',
        metadata: {
          name: 'build-robot-secret',
          namespace: 'default',
          annotations: {
            'kubernetes.io/service-account.name': 'build-robot',
            'kubernetes.io/service-account.uid': 'sa-uid',
          },
        },
      },
      {
        apiVersion: 'v1',
        kind: 'Secret',
        type: 'kubernetes.io/dockerconfigjson',
        metadata: { name: 'regcred', namespace: 'default' },
      },
    ] as KObject[];
    expect(describeServiceAccount(sa, { now, events: [], secrets })).toBe(SERVICEACCOUNT);
  });
});

describe("kubectl's generic describer (kinds without a describer of their own)", () => {
  it('walks a ControllerRevision as its JSON wire form with smart labels', () => {
    const cr = {
      apiVersion: 'apps/v1',
      kind: 'ControllerRevision',
      metadata: {
        name: 'web-7d8f9c',
        namespace: 'default',
        uid: 'cr-uid',
        resourceVersion: 812,
        creationTimestamp: 1000,
        labels: { app: 'nginx', 'controller-revision-hash': 'web-7d8f9c' },
        ownerReferences: [
          {
            apiVersion: 'apps/v1',
            kind: 'StatefulSet',
            name: 'web',
            uid: 'ss-uid',
            controller: true,
            blockOwnerDeletion: true,
          },
        ],
      },
      revision: 1,
      data: { spec: { template: { $patch: 'replace' } } },
    } as unknown as KObject;
    expect(describeGeneric(cr, { now, events: [] })).toBe(CONTROLLERREVISION);
    expect(describeObject(cr, { now, events: [], objects: [cr] })).toBe(CONTROLLERREVISION);
  });

  it('labels fields as fatih/camelcase + smartLabelFor do', () => {
    expect(camelCaseSplit('PDFLoader')).toEqual(['PDF', 'Loader']);
    expect(smartLabelFor('apiVersion')).toBe('API Version');
    expect(smartLabelFor('creationTimestamp')).toBe('Creation Timestamp');
    expect(smartLabelFor('uid')).toBe('UID');
    expect(smartLabelFor('app.kubernetes.io/name')).toBe('app.kubernetes.io/name');
  });

  it('leaves kinds kubectl describes with a dedicated describer not reproduced here to the caller', () => {
    const ing = { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name: 'web' } } as KObject;
    expect(describeObject(ing, { now, events: [], objects: [] })).toBeUndefined();
  });
});
