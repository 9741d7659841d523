/**
 * Admission plugins that change or veto what Podyssey's users create, in the real order
 * (pkg/kubeapiserver/options/plugins.go): NamespaceLifecycle → LimitRanger → ServiceAccount → Priority →
 * DefaultTolerationSeconds → DefaultStorageClass → MutatingAdmissionWebhook, then the validating ones: LimitRanger →
 * PodSecurity → Priority → ValidatingAdmissionPolicy (→ ResourceQuota, resourceQuota.ts).
 */
import type { ClusterSpec } from '../../api';
import type { Rng } from '../../kernel/Rng';
import { generateName } from '../../objects/names';
import type { StatusError } from '../../messages';
import type { KObject } from '../../types';
import { admitDefaultTolerationSeconds } from './admission/defaultTolerationSeconds';
import { limitRangerMutatePod, limitRangerValidate, limitRangesIn } from './admission/limitRanger';
import { admitPodPriority, validatePriorityClass } from './admission/priority';
import { admitPodSecurity, namespaceLabelsError } from './admission/podSecurity';

interface AdmissionContext {
  store: { get(key: string): KObject | undefined; list(prefix: string): KObject[] };
  rng: Rng;
  cluster: ClusterSpec;
  /**
   * The name admission errors give the object: its name, or its generateName while the registry has not generated
   * one (mutating admission runs before BeforeCreate). Defaults to the object's name.
   */
  requestName?: string;
  /** Where validating plugins put the response's warnings (PodSecurity's `would violate …`). */
  warnings?: string[];
  /** The stored object an update replaces. */
  existing?: KObject;
}

interface MutationResult {
  object: KObject;
  plugins: string[];
  changes: string[];
  error?: StatusError;
}

const KUBE_API_ACCESS_MOUNT = '/var/run/secrets/kubernetes.io/serviceaccount';

/** Mutating admission for a create; the input has already been defaulted and is not shared. */
export function mutate(obj: KObject, ctx: AdmissionContext): MutationResult {
  const plugins: string[] = [];
  const changes: string[] = [];
  if (obj.kind === 'Pod') {
    const spec = obj.spec;
    // LimitRanger (plugin/pkg/admission/limitranger): the namespace's LimitRanges' default requests and limits.
    const limitRanges = limitRangesIn(ctx.store, obj.metadata.namespace);
    if (limitRanges.length) {
      plugins.push('LimitRanger');
      changes.push(...limitRangerMutatePod(obj, limitRanges));
    }
    // ServiceAccount (plugin/pkg/admission/serviceaccount/admission.go)
    plugins.push('ServiceAccount');
    if (!spec.serviceAccountName) {
      spec.serviceAccountName = 'default';
      changes.push('spec.serviceAccountName: default');
    }
    spec.serviceAccount = spec.serviceAccountName;
    const ns = obj.metadata.namespace;
    const sa = ctx.store.get(`/registry/serviceaccounts/${ns}/${spec.serviceAccountName}`);
    if (!sa) {
      return {
        object: obj,
        plugins,
        changes,
        error: {
          code: 403,
          reason: 'Forbidden',
          message: `pods "${obj.metadata.name || obj.metadata.generateName}" is forbidden: error looking up service account ${ns}/${spec.serviceAccountName}: serviceaccount "${spec.serviceAccountName}" not found`,
        },
      };
    }
    const automount = spec.automountServiceAccountToken ?? sa.automountServiceAccountToken ?? true;
    if (automount && !(spec.volumes ?? []).some((v: any) => String(v.name).startsWith('kube-api-access-'))) {
      const volName = generateName(ctx.rng, 'kube-api-access-');
      spec.volumes = [
        ...(spec.volumes ?? []),
        {
          name: volName,
          projected: {
            defaultMode: 420,
            sources: [
              { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
              { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
              {
                downwardAPI: {
                  items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }],
                },
              },
            ],
          },
        },
      ];
      for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
        c.volumeMounts = [
          ...(c.volumeMounts ?? []),
          { name: volName, readOnly: true, mountPath: KUBE_API_ACCESS_MOUNT },
        ];
      }
      changes.push(`volume ${volName} (projected service account token) mounted at ${KUBE_API_ACCESS_MOUNT}`);
    }
    // Priority (plugin/pkg/admission/priority): the priority and preemption policy come from the PriorityClass.
    plugins.push('Priority');
    const hadPriority = spec.priority !== undefined;
    const priority = admitPodPriority(obj, ctx.requestName ?? obj.metadata.name, ctx.store);
    if (priority.error) return { object: obj, plugins, changes, error: priority.error };
    if (!hadPriority) changes.push(...priority.changes);
    plugins.push('DefaultTolerationSeconds');
    changes.push(...admitDefaultTolerationSeconds(obj));
    const sidecar = ctx.cluster.admission?.injectSidecar;
    if (sidecar && !(spec.containers ?? []).some((c: any) => c.name === sidecar.name)) {
      plugins.push('MutatingAdmissionWebhook');
      spec.containers = [
        ...(spec.containers ?? []),
        {
          name: sidecar.name,
          image: sidecar.image,
          ...(sidecar.command ? { command: sidecar.command } : {}),
          imagePullPolicy:
            sidecar.image.endsWith(':latest') || !sidecar.image.includes(':') ? 'Always' : 'IfNotPresent',
          resources: {},
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
        },
      ];
      changes.push(`webhook injected sidecar container ${sidecar.name} (${sidecar.image})`);
    }
  }
  if (obj.kind === 'PersistentVolumeClaim') {
    plugins.push('DefaultStorageClass');
    if (obj.spec.storageClassName === undefined) {
      const def = ctx.store
        .list('/registry/storageclasses/')
        .find((sc) => sc.metadata.annotations?.['storageclass.kubernetes.io/is-default-class'] === 'true');
      if (def) {
        obj.spec.storageClassName = def.metadata.name;
        changes.push(`spec.storageClassName: ${def.metadata.name} (the default StorageClass)`);
      }
    }
  }
  return { object: obj, plugins, changes };
}

/**
 * ValidatingAdmissionPolicy: the scenario policy `deny-latest-tag` rejects images tagged `latest` or untagged.
 * Message format from the Kubernetes docs ("ValidatingAdmissionPolicy 'x' with binding 'y' denied request: …").
 */
interface AdmissionDenial {
  /** The plugin that refused the request. */
  plugin: string;
  error: StatusError;
}

/**
 * The validating admission plugins that can refuse a create or update, in their order (ResourceQuota, the last one,
 * is resourceQuota.ts: it also charges the quota).
 */
export function validateAdmission(
  obj: KObject,
  resource: string,
  ctx: AdmissionContext,
  op: 'create' | 'update' = 'create',
): AdmissionDenial | undefined {
  // LimitRanger's Validate: min, max and ratios; Pods on create only (their resources cannot change).
  if ((obj.kind === 'Pod' && op === 'create') || obj.kind === 'PersistentVolumeClaim') {
    const error = limitRangerValidate(obj, limitRangesIn(ctx.store, obj.metadata.namespace));
    if (error) return { plugin: 'LimitRanger', error };
  }
  // PodSecurity (k8s.io/pod-security-admission): after LimitRanger in the plugin order, before Priority.
  const podSecurity = admitPodSecurity(obj, op, obj.metadata.name, ctx.store, ctx.existing);
  if (podSecurity.error) return { plugin: 'PodSecurity', error: podSecurity.error };
  if (podSecurity.warnings.length) ctx.warnings?.push(...podSecurity.warnings);
  if (obj.kind === 'Namespace') {
    const error = namespaceLabelsError(obj, ctx.existing);
    if (error) return { plugin: 'PodSecurity', error };
  }
  // Priority's Validate: at most one global-default PriorityClass.
  if (obj.kind === 'PriorityClass') {
    const error = validatePriorityClass(obj, op, ctx.store);
    if (error) return { plugin: 'Priority', error };
  }
  const error = validatingAdmissionPolicy(obj, resource, ctx);
  return error ? { plugin: 'ValidatingAdmissionPolicy', error } : undefined;
}

function validatingAdmissionPolicy(obj: KObject, resource: string, ctx: AdmissionContext): StatusError | undefined {
  if (!ctx.cluster.admission?.denyLatestTag) return undefined;
  const podSpec = obj.kind === 'Pod' ? obj.spec : obj.spec?.template?.spec;
  if (!podSpec?.containers) return undefined;
  const bad = [...(podSpec.initContainers ?? []), ...podSpec.containers].find((c: any) => {
    const img = String(c.image ?? '');
    const last = img.split('/').pop() ?? '';
    return !img.includes('@') && (!last.includes(':') || last.endsWith(':latest'));
  });
  if (!bad) return undefined;
  const msg =
    "ValidatingAdmissionPolicy 'deny-latest-tag' with binding 'deny-latest-tag-binding' denied request: " +
    "failed expression: object.spec.template.spec.containers.all(c, !c.image.endsWith(':latest') && c.image.contains(':'))";
  return {
    code: 422,
    reason: 'Invalid',
    message: `${resource} "${obj.metadata.name}" is invalid: : ${msg}`,
    details: {
      kind: resource,
      name: obj.metadata.name,
      causes: [{ type: 'Invalid value', field: '', detail: msg, raw: true } as never],
    },
  };
}
