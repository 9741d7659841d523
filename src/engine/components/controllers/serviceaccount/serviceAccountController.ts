/**
 * ServiceAccount controller and root-CA publisher (pkg/controller/serviceaccount, pkg/controller/certificates/
 * rootcacertpublisher): every new namespace gets a `default` ServiceAccount and the `kube-root-ca.crt` ConfigMap,
 * which the ServiceAccount admission plugin and the projected token volume need before pods can run there.
 */
import type { Controller } from '../Controller';

const NAME = 'serviceaccount';

export const serviceAccountController: Controller = {
  name: NAME,
  watches: ['Namespace', 'ServiceAccount', { kind: 'ConfigMap', part: 'root-ca-cert-publisher' }],
  keysFor(ev) {
    return ev.object.kind === 'Namespace' && ev.type === 'ADDED' ? [ev.object.metadata.name] : [];
  },
  reconcile(ns, kcm, sim) {
    const namespace = kcm.get('Namespace', undefined, ns);
    if (!namespace || namespace.metadata.deletionTimestamp !== undefined) return;
    if (!kcm.get('ServiceAccount', ns, 'default'))
      kcm.request(
        sim,
        NAME,
        {
          verb: 'create',
          resourceKind: 'ServiceAccount',
          namespace: ns,
          body: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace: ns } },
        },
        { key: ns, action: 'create-sa' },
        {
          summary: `ServiceAccount controller: namespace ${ns} is new; create its "default" ServiceAccount`,
          narration: { key: 'serviceaccount.create', params: { ns } },
        },
      );
    if (!kcm.get('ConfigMap', ns, 'kube-root-ca.crt'))
      kcm.request(
        sim,
        'root-ca-cert-publisher',
        {
          verb: 'create',
          resourceKind: 'ConfigMap',
          namespace: ns,
          body: {
            apiVersion: 'v1',
            kind: 'ConfigMap',
            metadata: { name: 'kube-root-ca.crt', namespace: ns },
            data: { 'ca.crt': '-----BEGIN CERTIFICATE-----\n(cluster CA)\n-----END CERTIFICATE-----\n' },
          },
        },
        { key: ns, action: 'create-ca' },
        {
          summary: `root-ca-cert-publisher: publish the cluster CA as ConfigMap kube-root-ca.crt in ${ns}`,
          narration: { key: 'serviceaccount.rootCA', params: { ns } },
        },
      );
  },
};
