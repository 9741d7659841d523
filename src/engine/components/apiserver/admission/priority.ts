/**
 * The Priority admission plugin (plugin/pkg/admission/priority/admission.go, v1.34).
 *
 * Admit (mutating), Pod create: resolves `spec.priority` and `spec.preemptionPolicy` from the PriorityClass the Pod
 * names, or from the global-default class (the one with the lowest value if a race left several), or 0 /
 * PreemptLowerPriority when there is none. A Pod that names a class that does not exist, or sets a priority or
 * preemption policy that differs from what the class computes, is refused with 403 Forbidden.
 * Validate (validating), PriorityClass create/update: only one class may be the global default.
 * The value range and the reserved `system-` prefix are API validation (pkg/apis/scheduling/validation), not here.
 */
import type { StatusError } from '../../../messages';
import type { KObject } from '../../../types';
import { admissionForbidden } from './forbidden';

/** scheduling.DefaultPriorityWhenNoDefaultClassExists. */
const DEFAULT_PRIORITY = 0;

interface PriorityStore {
  get(key: string): KObject | undefined;
  list(prefix: string): KObject[];
}

/** getDefaultPriorityClass: the globalDefault class with the lowest value, or undefined. */
function defaultPriorityClass(store: PriorityStore): KObject | undefined {
  let found: KObject | undefined;
  for (const pc of store.list('/registry/priorityclasses/'))
    if (pc.globalDefault === true && (found === undefined || found.value > pc.value)) found = pc;
  return found;
}

interface PriorityResult {
  changes: string[];
  error?: StatusError;
}

/**
 * admitPod for a create. `requestName` is what admission.NewForbidden names the Pod with: its name, or its
 * generateName while the registry has not generated one yet (mutating admission runs before BeforeCreate).
 */
export function admitPodPriority(pod: KObject, requestName: string, store: PriorityStore): PriorityResult {
  const spec = pod.spec;
  const changes: string[] = [];
  let priority: number;
  let policy: string | undefined;
  let className: string = spec.priorityClassName ?? '';
  if (className === '') {
    const dpc = defaultPriorityClass(store);
    className = dpc?.metadata.name ?? '';
    priority = dpc ? dpc.value : DEFAULT_PRIORITY;
    policy = dpc ? dpc.preemptionPolicy : 'PreemptLowerPriority';
    if (className) {
      spec.priorityClassName = className;
      changes.push(`spec.priorityClassName: ${className} (the global default)`);
    }
  } else {
    const pc = store.get(`/registry/priorityclasses/${className}`);
    if (!pc)
      return {
        changes,
        error: admissionForbidden('pods', requestName, `no PriorityClass with name ${className} was found`),
      };
    priority = pc.value;
    policy = pc.preemptionPolicy;
  }
  if (typeof spec.priority === 'number' && spec.priority !== priority)
    return {
      changes,
      error: admissionForbidden(
        'pods',
        requestName,
        `the integer value of priority (${spec.priority}) must not be provided in pod spec; priority admission controller computed ${priority} from the given PriorityClass name`,
      ),
    };
  spec.priority = priority;
  changes.push(`spec.priority: ${priority}`);
  if (policy !== undefined) {
    if (spec.preemptionPolicy !== undefined && spec.preemptionPolicy !== policy)
      return {
        changes,
        error: admissionForbidden(
          'pods',
          requestName,
          `the string value of PreemptionPolicy (${spec.preemptionPolicy}) must not be provided in pod spec; priority admission controller computed ${policy} from the given PriorityClass name`,
        ),
      };
    spec.preemptionPolicy = policy;
  }
  return { changes };
}

/** validatePriorityClass: a second global default is refused, on create and when another class is marked. */
export function validatePriorityClass(
  pc: KObject,
  op: 'create' | 'update',
  store: PriorityStore,
): StatusError | undefined {
  if (pc.globalDefault !== true) return undefined;
  const dpc = defaultPriorityClass(store);
  if (!dpc) return undefined;
  if (op === 'create' || dpc.metadata.name !== pc.metadata.name)
    return admissionForbidden(
      'priorityclasses.scheduling.k8s.io',
      pc.metadata.name,
      `PriorityClass ${dpc.metadata.name} is already marked as default. Only one default can exist`,
    );
  return undefined;
}
