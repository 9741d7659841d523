/**
 * ServiceAccount controller and root-CA publisher (pkg/controller/serviceaccount, pkg/controller/certificates/
 * rootcacertpublisher): every new namespace gets a `default` ServiceAccount and the `kube-root-ca.crt` ConfigMap,
 * which the ServiceAccount admission plugin and the projected token volume need before pods can run there.
 */
import { defineController } from '../../../client/defineController';

export const serviceAccountController = defineController<Record<string, never>>({
  name: 'serviceaccount',
  eventSource: 'service-account-controller',
  watches: ['Namespace', 'ServiceAccount', { kind: 'ConfigMap', part: 'root-ca-cert-publisher' }],
  initialState: () => ({}),
  keysFor(ev) {
    return ev.object.kind === 'Namespace' && ev.type === 'ADDED' ? [ev.object.metadata.name] : [];
  },
  reconcile(ctx) {
    const ns = ctx.key;
    const namespace = ctx.kcm.get('Namespace', undefined, ns);
    if (!namespace || namespace.metadata.deletionTimestamp !== undefined) return;
    if (!ctx.kcm.get('ServiceAccount', ns, 'default'))
      ctx.request(
        {
          verb: 'create',
          resourceKind: 'ServiceAccount',
          namespace: ns,
          body: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace: ns } },
        },
        { action: 'create-sa' },
        {
          summary: `ServiceAccount controller: namespace ${ns} is new; create its "default" ServiceAccount`,
          narration: { key: 'serviceaccount.create', params: { ns } },
        },
      );
    if (!ctx.kcm.get('ConfigMap', ns, 'kube-root-ca.crt'))
      ctx.request(
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
        { action: 'create-ca' },
        {
          summary: `root-ca-cert-publisher: publish the cluster CA as ConfigMap kube-root-ca.crt in ${ns}`,
          narration: { key: 'serviceaccount.rootCA', params: { ns } },
          part: 'root-ca-cert-publisher',
        },
      );
  },
  // A failed create is retried with back-off (the harness's default), as syncNamespace's error return is.
});
