/**
 * The apiserver's body decoding with `fieldValidation=Strict` (kubectl ≥ 1.25 sends it by default), reproduced
 * against the bundled JSON schema (src/schemas/k8s.schema.json).
 *
 * Real pipeline (apimachinery runtime/serializer/json + sigs.k8s.io/json, a fork of encoding/json):
 * - kubectl sends JSON whose object keys are sorted (json.Marshal of an unstructured map), so fields are met in
 *   sorted order, depth first;
 * - a JSON type mismatch is recorded and decoding goes on; only the FIRST one is returned, as
 *   `json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32`
 *   (Struct = the Go struct holding the field, Field = the dotted JSON path without list indexes or map keys);
 * - types with their own UnmarshalJSON (resource.Quantity, intstr.IntOrString, metav1.Time) stop decoding at their
 *   error, which then wins over a recorded type mismatch;
 * - unknown fields are only reported when the body decoded: `strict decoding error: unknown field "spec.replica"`.
 */
import { tryParseQuantity } from '../objects/quantity';

interface StrictDecodeResult {
  /** Full JSON paths of fields the schema does not define, in the order the apiserver reports them. */
  unknown: string[];
  /** The decode error the apiserver returns (at most one: Go's decoder keeps the first). */
  typeErrors: string[];
}

interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  format?: string;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  items?: SchemaNode;
  const?: unknown;
}

interface RootSchema {
  allOf?: Array<{
    if?: { properties?: { kind?: { const?: string }; apiVersion?: { const?: string } } };
    then?: SchemaNode;
  }>;
  definitions?: Record<string, SchemaNode>;
}

/** Definitions that live in k8s.io/api/autoscaling/v2 (Go prints their package as `v2`); everything else is `v1`. */
const AUTOSCALING_V2 = new Set([
  'HorizontalPodAutoscaler',
  'HorizontalPodAutoscalerSpec',
  'HorizontalPodAutoscalerBehavior',
  'HPAScalingRules',
  'HPAScalingPolicy',
  'MetricSpec',
  'MetricTarget',
  'MetricIdentifier',
  'ContainerResourceMetricSource',
  'ExternalMetricSource',
  'ObjectMetricSource',
  'PodsMetricSource',
  'ResourceMetricSource',
  'CrossVersionObjectReference',
]);

/**
 * Go named types that the JSON schema flattens to plain strings/maps, keyed `Definition.property`. Only affects the
 * `of type ...` part of an error; the common mistakes (a number where a string goes) are covered.
 */
const GO_NAMED: Record<string, string> = {
  'PodSpec.restartPolicy': 'v1.RestartPolicy',
  'PodSpec.dnsPolicy': 'v1.DNSPolicy',
  'PodSpec.preemptionPolicy': 'v1.PreemptionPolicy',
  'PodSpec.overhead': 'v1.ResourceList',
  'Container.imagePullPolicy': 'v1.PullPolicy',
  'Container.terminationMessagePolicy': 'v1.TerminationMessagePolicy',
  'Container.restartPolicy': 'v1.ContainerRestartPolicy',
  'EphemeralContainer.imagePullPolicy': 'v1.PullPolicy',
  'ContainerPort.protocol': 'v1.Protocol',
  'ServicePort.protocol': 'v1.Protocol',
  'EndpointPort.protocol': 'v1.Protocol',
  'NetworkPolicyPort.protocol': 'v1.Protocol',
  'ServiceSpec.type': 'v1.ServiceType',
  'ServiceSpec.sessionAffinity': 'v1.ServiceAffinity',
  'ServiceSpec.externalTrafficPolicy': 'v1.ServiceExternalTrafficPolicy',
  'ServiceSpec.internalTrafficPolicy': 'v1.ServiceInternalTrafficPolicy',
  'ServiceSpec.ipFamilyPolicy': 'v1.IPFamilyPolicy',
  'ServiceSpec.ipFamilies': 'v1.IPFamily',
  'DeploymentStrategy.type': 'v1.DeploymentStrategyType',
  'StatefulSetSpec.podManagementPolicy': 'v1.PodManagementPolicyType',
  'StatefulSetUpdateStrategy.type': 'v1.StatefulSetUpdateStrategyType',
  'DaemonSetUpdateStrategy.type': 'v1.DaemonSetUpdateStrategyType',
  'Toleration.operator': 'v1.TolerationOperator',
  'Toleration.effect': 'v1.TaintEffect',
  'Taint.effect': 'v1.TaintEffect',
  'PersistentVolumeClaimSpec.accessModes': 'v1.PersistentVolumeAccessMode',
  'PersistentVolumeClaimSpec.volumeMode': 'v1.PersistentVolumeMode',
  'PersistentVolumeSpec.accessModes': 'v1.PersistentVolumeAccessMode',
  'PersistentVolumeSpec.volumeMode': 'v1.PersistentVolumeMode',
  'PersistentVolumeSpec.persistentVolumeReclaimPolicy': 'v1.PersistentVolumeReclaimPolicy',
  'PersistentVolumeSpec.capacity': 'v1.ResourceList',
  'ResourceRequirements.limits': 'v1.ResourceList',
  'ResourceRequirements.requests': 'v1.ResourceList',
  'VolumeResourceRequirements.limits': 'v1.ResourceList',
  'VolumeResourceRequirements.requests': 'v1.ResourceList',
  'Secret.type': 'v1.SecretType',
  'HTTPGetAction.scheme': 'v1.URIScheme',
  'HostPathVolumeSource.type': 'v1.HostPathType',
  'EmptyDirVolumeSource.medium': 'v1.StorageMedium',
  'PodSecurityContext.fsGroupChangePolicy': 'v1.PodFSGroupChangePolicy',
  'TopologySpreadConstraint.whenUnsatisfiable': 'v1.UnsatisfiableConstraintAction',
  'NodeSelectorRequirement.operator': 'v1.NodeSelectorOperator',
  'LabelSelectorRequirement.operator': 'v1.LabelSelectorOperator',
  'ContainerResizePolicy.resourceName': 'v1.ResourceName',
  'ContainerResizePolicy.restartPolicy': 'v1.ResourceResizeRestartPolicy',
  'Capabilities.add': 'v1.Capability',
  'Capabilities.drop': 'v1.Capability',
  'CronJobSpec.concurrencyPolicy': 'v1.ConcurrencyPolicy',
  'JobSpec.completionMode': 'v1.CompletionMode',
  'JobSpec.podReplacementPolicy': 'v1.PodReplacementPolicy',
  'StorageClass.reclaimPolicy': 'v1.PersistentVolumeReclaimPolicy',
  'StorageClass.volumeBindingMode': 'v1.VolumeBindingMode',
  'HTTPIngressPath.pathType': 'v1.PathType',
  'NetworkPolicySpec.policyTypes': 'v1.PolicyType',
  'PodDisruptionBudgetSpec.unhealthyPodEvictionPolicy': 'v1.UnhealthyPodEvictionPolicyType',
  'MetricSpec.type': 'v2.MetricSourceType',
  'MetricTarget.type': 'v2.MetricTargetType',
  'HPAScalingRules.selectPolicy': 'v2.ScalingPolicySelect',
  'HPAScalingPolicy.type': 'v2.HPAScalingPolicyType',
  'ObjectMeta.uid': 'types.UID',
  'OwnerReference.uid': 'types.UID',
};

const INT_RANGE: Record<string, [number, number]> = {
  int32: [-(2 ** 31), 2 ** 31 - 1],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/** Decodes `obj` strictly against the kind's definition in `schema`. Unknown kinds decode cleanly (routing rejects them). */
export function strictDecode(obj: unknown, schema: unknown): StrictDecodeResult {
  const root = schema as RootSchema;
  const result: StrictDecodeResult = { unknown: [], typeErrors: [] };
  if (!isObject(obj)) return result;
  const defName = kindDefinition(root, obj.kind, obj.apiVersion);
  if (!defName) return result;
  const decoder = new Decoder(root.definitions ?? {});
  decoder.struct(obj, defName, '', '');
  result.unknown = decoder.unknown;
  const err = decoder.aborted ?? decoder.saved;
  if (err) result.typeErrors = [err];
  return result;
}

/** The `<detail>` part of the 400 response, or undefined when the body decodes cleanly. */
export function decodeErrorDetail(result: StrictDecodeResult): string | undefined {
  if (result.typeErrors.length > 0) return result.typeErrors[0];
  if (result.unknown.length > 0)
    return `strict decoding error: ${result.unknown.map((f) => `unknown field "${f}"`).join(', ')}`;
  return undefined;
}

/**
 * The BadRequest message (apiserver endpoints/handlers transformDecodeError):
 * `Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.replica"`.
 */
export function formatBadRequest(kind: string, version: string, detailMsg: string): string {
  return `${kind} in version ${JSON.stringify(version)} cannot be handled as a ${kind}: ${detailMsg}`;
}

/** Name of the schema definition for a kind/apiVersion pair, from the root `allOf` routing. */
export function kindDefinition(schema: unknown, kind: unknown, apiVersion: unknown): string | undefined {
  for (const branch of (schema as RootSchema).allOf ?? []) {
    const props = branch.if?.properties;
    const ref = branch.then?.$ref;
    if (!ref || props?.kind?.const !== kind || props?.apiVersion?.const !== apiVersion) continue;
    return refName(ref);
  }
  return undefined;
}

class Decoder {
  readonly unknown: string[] = [];
  saved: string | undefined;
  aborted: string | undefined;

  constructor(private readonly defs: Record<string, SchemaNode>) {}

  /** Decodes an object into the struct `defName`; `jsonPath` has indexes, `goPath` is what Go's errors print. */
  struct(value: Record<string, unknown>, defName: string, jsonPath: string, goPath: string): void {
    const def = this.defs[defName];
    const props = def?.properties ?? {};
    for (const key of Object.keys(value).sort(goStringOrder)) {
      if (this.aborted) return;
      const child = value[key];
      const prop = Object.prototype.hasOwnProperty.call(props, key) ? props[key] : undefined;
      const childJson = jsonPath ? `${jsonPath}.${key}` : key;
      if (!prop) {
        this.unknown.push(childJson);
        continue;
      }
      const childGo = goPath ? `${goPath}.${key}` : key;
      this.value(child, prop, { struct: defName, prop: key, jsonPath: childJson, goPath: childGo });
    }
  }

  private value(value: unknown, schema: SchemaNode, at: FieldContext, elem = false): void {
    if (value === null || value === undefined || this.aborted) return; // JSON null leaves the Go zero value
    if (schema.$ref) {
      const name = refName(schema.$ref);
      if (name === 'Quantity') return this.quantity(value);
      if (name === 'Time' || name === 'MicroTime') return this.time(value);
      if (name === 'FieldsV1') return; // FieldsV1.UnmarshalJSON keeps any raw JSON
      const def = this.defs[name];
      if (!def) return;
      if (def.properties || def.additionalProperties === false) {
        if (!isObject(value)) return this.mismatch(value, at, `${goPackage(name)}.${name}`);
        return this.struct(value, name, at.jsonPath, at.goPath);
      }
      return this.value(value, def, at, elem);
    }
    if (schema.format === 'int-or-string') return this.intOrString(value);
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case 'array': {
        if (!Array.isArray(value)) return this.mismatch(value, at, this.goType(schema, at));
        const items = schema.items ?? {};
        value.forEach((item, i) => this.value(item, items, { ...at, jsonPath: `${at.jsonPath}[${i}]` }, true));
        return;
      }
      case 'object': {
        const additional = schema.additionalProperties;
        if (typeof additional !== 'object') return; // status, free-form objects: anything goes
        if (!isObject(value)) return this.mismatch(value, at, this.goType(schema, at));
        for (const key of Object.keys(value).sort(goStringOrder)) {
          if (additional.format === 'byte') this.bytes(value[key], at);
          else this.value(value[key], additional, { ...at, jsonPath: `${at.jsonPath}.${key}` }, true);
        }
        return;
      }
      case 'string':
        if (typeof value !== 'string')
          this.mismatch(value, at, elem ? this.elemType(schema, at) : this.goType(schema, at));
        return;
      case 'boolean':
        if (typeof value !== 'boolean') this.mismatch(value, at, 'bool');
        return;
      case 'integer': {
        const width = schema.format === 'int64' ? 'int64' : 'int32';
        if (typeof value !== 'number') return this.mismatch(value, at, width);
        const [min, max] = INT_RANGE[width]!;
        if (!Number.isInteger(value) || value < min || value > max)
          this.mismatch(value, at, width, `number ${goNumberText(value)}`);
        return;
      }
      case 'number':
        if (typeof value !== 'number') this.mismatch(value, at, 'float64');
        return;
      default:
        return;
    }
  }

  /** resource.Quantity.UnmarshalJSON: strings and numbers are parsed; anything else fails to parse. */
  private quantity(value: unknown): void {
    const parsed = tryParseQuantity(
      typeof value === 'string' || typeof value === 'number' ? value : JSON.stringify(value),
    );
    if ('error' in parsed) this.aborted = parsed.error;
  }

  /** intstr.IntOrString.UnmarshalJSON: a string, or a fresh json.Unmarshal into int32 (no struct context). */
  private intOrString(value: unknown): void {
    if (typeof value === 'string') return;
    if (typeof value === 'number') {
      if (Number.isInteger(value) && value >= INT_RANGE.int32![0] && value <= INT_RANGE.int32![1]) return;
      this.aborted = `json: cannot unmarshal number ${goNumberText(value)} into Go value of type int32`;
      return;
    }
    this.aborted = `json: cannot unmarshal ${jsonKind(value)} into Go value of type int32`;
  }

  /** metav1.Time.UnmarshalJSON: a string in RFC 3339. */
  private time(value: unknown): void {
    if (typeof value !== 'string') {
      this.aborted = `json: cannot unmarshal ${jsonKind(value)} into Go value of type string`;
      return;
    }
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value)) {
      this.aborted = `parsing time ${JSON.stringify(value)} as "2006-01-02T15:04:05Z07:00": cannot parse ${JSON.stringify(value)} as "2006"`;
    }
  }

  /** []byte fields (Secret.data): base64 strings; a bad one is a recorded error, decoding goes on. */
  private bytes(value: unknown, at: FieldContext): void {
    if (value === null || value === undefined) return;
    if (typeof value !== 'string') return this.mismatch(value, at, '[]uint8');
    const offset = base64ErrorOffset(value);
    if (offset !== undefined) this.saved ??= `illegal base64 data at input byte ${offset}`;
  }

  private mismatch(value: unknown, at: FieldContext, goType: string, what = jsonKind(value)): void {
    this.saved ??= `json: cannot unmarshal ${what} into Go struct field ${at.struct}.${at.goPath} of type ${goType}`;
  }

  /** Go type of a field as encoding/json prints it (reflect.Type.String()). */
  private goType(schema: SchemaNode, at: FieldContext): string {
    const named = GO_NAMED[`${at.struct}.${at.prop}`];
    if (schema.$ref) {
      const name = refName(schema.$ref);
      if (name === 'Quantity') return 'resource.Quantity';
      if (name === 'Time' || name === 'MicroTime') return `v1.${name}`;
      return `${goPackage(name)}.${name}`;
    }
    if (schema.format === 'int-or-string') return 'intstr.IntOrString';
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case 'array':
        return `[]${named ?? this.goType(schema.items ?? {}, { ...at, prop: '' })}`;
      case 'object': {
        if (named) return named;
        const additional = schema.additionalProperties;
        if (typeof additional === 'object') {
          return `map[string]${additional.format === 'byte' ? '[]uint8' : this.goType(additional, { ...at, prop: '' })}`;
        }
        return 'map[string]interface {}';
      }
      case 'string':
        return named ?? 'string';
      case 'boolean':
        return 'bool';
      case 'integer':
        return schema.format === 'int64' ? 'int64' : 'int32';
      default:
        return 'interface {}';
    }
  }

  /** The element type reported when one item of a list or map is wrong (`ports: ["80"]` → v1.ContainerPort). */
  private elemType(schema: SchemaNode, at: FieldContext): string {
    return GO_NAMED[`${at.struct}.${at.prop}`] ?? this.goType(schema, { ...at, prop: '' });
  }
}

interface FieldContext {
  /** Definition (Go struct) that holds the field. */
  struct: string;
  prop: string;
  jsonPath: string;
  goPath: string;
}

function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1);
}

function goPackage(defName: string): string {
  return AUTOSCALING_V2.has(defName) ? 'v2' : 'v1';
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** UnmarshalTypeError.Value: the JSON kind of the offending value. */
function jsonKind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  switch (typeof v) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'bool';
    default:
      return 'object';
  }
}

/** The number as json.Marshal wrote it (float64: plain decimal below 1e21). */
function goNumberText(n: number): string {
  return Math.abs(n) >= 1e21 || (n !== 0 && Math.abs(n) < 1e-6)
    ? n.toExponential().replace(/e([+-])(\d)$/, 'e$10$2')
    : String(n);
}

/** Go sorts map keys by bytes; for the ASCII keys of manifests that is UTF-16 order. */
function goStringOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * base64.StdEncoding.Decode's CorruptInputError offset (encoding/base64 decodeQuantum), in bytes of the UTF-8
 * input; undefined when the string decodes. CR and LF are skipped, as Go does.
 */
export function base64ErrorOffset(s: string): number | undefined {
  const src = utf8Bytes(s);
  let si = 0;
  while (si < src.length) {
    let j = 0;
    for (; j < 4; j++) {
      if (si === src.length) {
        if (j === 0) return undefined;
        return si - j; // padding is required (StdEncoding), so a short final quantum is corrupt
      }
      const c = src[si]!;
      si++;
      if (c < 128 && B64.includes(String.fromCharCode(c))) continue;
      if (c === 0x0a || c === 0x0d) {
        j--;
        continue;
      }
      if (c !== 0x3d /* = */) return si - 1;
      // Padding reached.
      if (j === 0 || j === 1) return si - 1;
      if (j === 2) {
        while (si < src.length && (src[si] === 0x0a || src[si] === 0x0d)) si++;
        if (si === src.length) return src.length;
        if (src[si] !== 0x3d) return si - 1;
        si++;
      }
      while (si < src.length && (src[si] === 0x0a || src[si] === 0x0d)) si++;
      if (si < src.length) return si; // trailing garbage after padding
      return undefined;
    }
  }
  return undefined;
}

function utf8Bytes(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return out;
}
