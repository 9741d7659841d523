#!/usr/bin/env node
/**
 * Generates src/schemas/k8s.schema.json (draft-07) from the kubernetes-types .d.ts files for the kinds listed in
 * scripts/k8s-kinds.ts. The schema serves two consumers:
 *   - Monaco (monaco-yaml) in the browser: completion, hover and markers while the learner types;
 *   - the engine's strict decoder (src/engine/apiserver/strictDecode.ts): unknown fields and JSON type errors,
 *     worded as the real apiserver words them.
 * Run with `npm run gen:schema` (tsx scripts/gen-k8s-schema.mjs); the output is committed and byte-stable.
 * The root accepts every kind the simulated apiserver serves (src/engine/objects/resources.ts) in each apiVersion it
 * serves it in; only the kinds listed in k8s-kinds.ts also get a field-level definition.
 */
import { writeFileSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createGenerator } from 'ts-json-schema-generator';
import { RESOURCES, apiVersionOf as servedVersion } from '../src/engine/objects/resources.ts';

const OUT = 'src/schemas/k8s.schema.json';
const KINDS_FILE = 'scripts/k8s-kinds.ts';

const generator = createGenerator({
  path: KINDS_FILE,
  tsconfig: 'tsconfig.json',
  type: 'SupportedKinds',
  expose: 'all',
  topRef: false,
  jsDoc: 'extended',
  skipTypeCheck: true,
  additionalProperties: false,
});
const raw = generator.createSchema('SupportedKinds');
const defs = raw.definitions;
const kinds = Object.keys(raw.properties);

// ---------------------------------------------------------------------------------------------------------------
// 1. Go integer widths. kubernetes-types types every int32/int64 as `number`; the apiserver's JSON errors name the
//    Go type ("... of type int32"), and `replicas: 1.5` is rejected, so the schema says `integer` plus the width.
//    int64 fields (from k8s.io/api types.go); every other numeric field in these kinds is int32.
const INT64 = new Set([
  'ObjectMeta.deletionGracePeriodSeconds',
  'ObjectMeta.generation',
  'PodSpec.activeDeadlineSeconds',
  'PodSpec.terminationGracePeriodSeconds',
  'SleepAction.seconds',
  'Probe.terminationGracePeriodSeconds',
  'SecurityContext.runAsUser',
  'SecurityContext.runAsGroup',
  'PodSecurityContext.runAsUser',
  'PodSecurityContext.runAsGroup',
  'PodSecurityContext.fsGroup',
  'PodSecurityContext.supplementalGroups',
  'Toleration.tolerationSeconds',
  'ServiceAccountTokenProjection.expirationSeconds',
  'ContainerImage.sizeBytes',
  'JobSpec.activeDeadlineSeconds',
  'CronJobSpec.startingDeadlineSeconds',
  'PodCertificateProjection.maxExpirationSeconds',
]);
// []byte fields: JSON carries them as base64 strings (OpenAPI `format: byte`); a bad value is a decode error.
const BYTES = new Set(['Secret.data', 'ConfigMap.binaryData']);

// ---------------------------------------------------------------------------------------------------------------
// 2. Fields added to these kinds between v1.30 (kubernetes-types) and v1.34 (the simulated version). Strict decoding
//    must accept them, as a v1.34 apiserver does (gated alpha fields are accepted by the decoder and then dropped).
const str = (description) => ({ type: 'string', description });
const ADDED_FIELDS = {
  PodSpec: {
    resources: {
      $ref: '#/definitions/ResourceRequirements',
      description: 'Resources is the total amount of CPU and Memory resources required by all containers in the pod.',
    },
    hostnameOverride: str(
      'HostnameOverride specifies an explicit override for the pod hostname as perceived by the pod.',
    ),
  },
  Volume: {
    image: {
      $ref: '#/definitions/ImageVolumeSource',
      description:
        "image represents an OCI object (a container image or artifact) pulled and mounted on the kubelet's host machine.",
    },
  },
  Lifecycle: {
    stopSignal: str('StopSignal defines which signal will be sent to a container when it is being stopped.'),
  },
  Container: {
    restartPolicyRules: {
      type: 'array',
      items: { $ref: '#/definitions/ContainerRestartRule' },
      description:
        'Represents a list of rules to be checked to determine if the container should be restarted on exit.',
    },
  },
  EnvVarSource: {
    fileKeyRef: { $ref: '#/definitions/FileKeySelector', description: 'FileKeyRef selects a key of the env file.' },
  },
  PodSecurityContext: {
    seLinuxChangePolicy: str(
      "seLinuxChangePolicy defines how the container's SELinux label is applied to all volumes used by the Pod.",
    ),
    supplementalGroupsPolicy: str('Defines how supplemental groups of the first container processes are calculated.'),
  },
  ResourceClaim: { request: str('Request is the name chosen for a request in the referenced claim.') },
  PodResourceClaim: {
    resourceClaimName: str(
      'ResourceClaimName is the name of a ResourceClaim object in the same namespace as this pod.',
    ),
    resourceClaimTemplateName: str(
      'ResourceClaimTemplateName is the name of a ResourceClaimTemplate object in the same namespace as this pod.',
    ),
  },
  EndpointHints: {
    forNodes: {
      type: 'array',
      items: { $ref: '#/definitions/ForNode' },
      description:
        'forNodes indicates the node(s) this endpoint should be consumed by when using topology aware routing.',
    },
  },
  HPAScalingRules: {
    tolerance: {
      $ref: '#/definitions/Quantity',
      description:
        'tolerance is the tolerance on the ratio between the current and desired metric value under which no updates are made to the desired number of replicas.',
    },
  },
  LeaseSpec: {
    strategy: str('Strategy indicates the strategy for picking the leader for coordinated leader election.'),
    preferredHolder: str(
      'PreferredHolder signals to a lease holder that the lease has a more optimal holder and should be given up.',
    ),
  },
  VolumeProjection: {
    podCertificate: {
      $ref: '#/definitions/PodCertificateProjection',
      description:
        'Projects an auto-rotating credential bundle (private key and certificate chain) that the pod can use either as a TLS client or server.',
    },
  },
};
const ADDED_DEFS = {
  ImageVolumeSource: {
    type: 'object',
    properties: {
      pullPolicy: str('Policy for pulling OCI objects.'),
      reference: str('Required: Image or artifact reference to be used.'),
    },
    additionalProperties: false,
    description: 'ImageVolumeSource represents a image volume resource.',
  },
  ContainerRestartRule: {
    type: 'object',
    properties: {
      action: str('Specifies the action taken on a container exit if the requirements are satisfied.'),
      exitCodes: {
        $ref: '#/definitions/ContainerRestartRuleOnExitCodes',
        description: 'Represents the exit codes to check on container exits.',
      },
    },
    required: ['action'],
    additionalProperties: false,
    description: 'ContainerRestartRule describes how a container exit is handled.',
  },
  ContainerRestartRuleOnExitCodes: {
    type: 'object',
    properties: {
      operator: str('Represents the relationship between the container exit code(s) and the specified values.'),
      values: {
        type: 'array',
        items: { type: 'integer', format: 'int32' },
        description: 'Specifies the set of values to check for container exit codes.',
      },
    },
    required: ['operator'],
    additionalProperties: false,
    description:
      'ContainerRestartRuleOnExitCodes describes the condition for handling an exited container based on its exit codes.',
  },
  FileKeySelector: {
    type: 'object',
    properties: {
      key: str('The key within the env file.'),
      optional: { type: 'boolean', description: 'Specify whether the file or its key must be defined.' },
      path: str('The path within the volume from which to select the file.'),
      volumeName: str('The name of the volume mount containing the env file.'),
    },
    required: ['key', 'path', 'volumeName'],
    additionalProperties: false,
    description: 'FileKeySelector selects a key of the env file.',
  },
  ForNode: {
    type: 'object',
    properties: { name: str('name represents the name of the node.') },
    required: ['name'],
    additionalProperties: false,
    description: 'ForNode provides information about which nodes should consume this endpoint.',
  },
  PodCertificateProjection: {
    type: 'object',
    properties: {
      certificateChainPath: str('Write the certificate chain at this path in the projected volume.'),
      credentialBundlePath: str('Write the credential bundle at this path in the projected volume.'),
      keyPath: str('Write the key at this path in the projected volume.'),
      keyType: str('The type of keypair Kubelet will generate for the pod.'),
      maxExpirationSeconds: {
        type: 'number',
        description: 'maxExpirationSeconds is the maximum lifetime permitted for the certificate.',
      },
      signerName: str("Kubelet's generated CSRs will be addressed to this signer."),
    },
    required: ['keyType', 'signerName'],
    additionalProperties: false,
    description: 'PodCertificateProjection provides a private key and X.509 certificate in the pod filesystem.',
  },
};

for (const [name, def] of Object.entries(ADDED_DEFS)) {
  if (defs[name]) throw new Error(`definition ${name} already exists; drop it from ADDED_DEFS`);
  defs[name] = def;
}
for (const [defName, props] of Object.entries(ADDED_FIELDS)) {
  const def = defs[defName];
  if (!def) throw new Error(`no definition ${defName}`);
  for (const [prop, schema] of Object.entries(props)) {
    if (def.properties[prop]) throw new Error(`${defName}.${prop} already exists; drop it from ADDED_FIELDS`);
    def.properties[prop] = schema;
  }
  def.properties = Object.fromEntries(Object.entries(def.properties).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Post-processing.
const MAX_DESCRIPTION = 240;
function shortDescription(text) {
  let t = text
    .replace(/\s*More info:\s*\S+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  // First sentence: up to the first ". " followed by an upper-case letter, a quote or a digit, skipping
  // abbreviations such as "e.g. CPU".
  for (const m of t.matchAll(/[.!?]\s+(?=[A-Z0-9"'`*])/g)) {
    const head = t.slice(0, m.index + 1);
    if (/\b(e\.g|i\.e|vs|ex|approx)\.$/i.test(head)) continue;
    t = head;
    break;
  }
  if (t.length > MAX_DESCRIPTION) {
    const cut = t.slice(0, MAX_DESCRIPTION - 1);
    t = cut.slice(0, cut.lastIndexOf(' ')) + '…';
  }
  return t;
}

function isNumberType(t) {
  return t === 'number' || (Array.isArray(t) && t.includes('number'));
}

function fixSchema(schema, key) {
  if (!schema || typeof schema !== 'object') return;
  if (typeof schema.description === 'string') schema.description = shortDescription(schema.description);
  if (key) {
    if (BYTES.has(key) && schema.additionalProperties?.type === 'string') schema.additionalProperties.format = 'byte';
    const width = INT64.has(key) ? 'int64' : 'int32';
    if (schema.type === 'number') {
      schema.type = 'integer';
      schema.format = width;
    } else if (Array.isArray(schema.type) && isNumberType(schema.type) && schema.type.includes('string')) {
      // intstr.IntOrString (x-kubernetes-int-or-string in the real OpenAPI).
      schema.type = ['integer', 'string'];
      schema.format = 'int-or-string';
    } else if (schema.type === 'array' && schema.items?.type === 'number') {
      schema.items = { type: 'integer', format: width };
    }
  }
  for (const sub of ['items', 'additionalProperties'])
    if (schema[sub] && typeof schema[sub] === 'object') fixSchema(schema[sub]);
}

for (const [name, def] of Object.entries(defs)) {
  fixSchema(def);
  for (const [prop, schema] of Object.entries(def.properties ?? {})) fixSchema(schema, `${name}.${prop}`);
}

// Quantity: `cpu: 1` and `memory: 128Mi` are both valid in real clusters (resource.Quantity accepts JSON numbers).
defs.Quantity = {
  type: ['string', 'number'],
  description: 'A fixed-point number with an optional suffix, for example 500m, 0.5, 128Mi or 1G.',
};
// FieldsV1 (managedFields) is an opaque JSON trie, not a closed object.
defs.FieldsV1 = {
  type: 'object',
  description: 'FieldsV1 stores a set of fields in a data structure like a Trie, in JSON format.',
};

// status is written by controllers, never authored: drop its definition, but still accept `status: {}`, which
// `kubectl create --dry-run=client -o yaml` prints and the apiserver ignores on create.
for (const kind of kinds) {
  const def = defs[kind];
  if (def.properties.status) {
    def.properties.status = {
      type: 'object',
      description: 'Most recently observed status, written by the system; ignored on create.',
    };
  }
}

// Keep only definitions reachable from the kinds.
const reachable = new Set();
const queue = [...kinds];
while (queue.length) {
  const name = queue.pop();
  if (reachable.has(name)) continue;
  reachable.add(name);
  JSON.stringify(defs[name], (k, v) => {
    if (k === '$ref' && typeof v === 'string') queue.push(v.replace('#/definitions/', ''));
    return v;
  });
}
const definitions = Object.fromEntries(
  Object.keys(defs)
    .filter((n) => reachable.has(n))
    .sort()
    .map((n) => [n, defs[n]]),
);

// Root: pick the kind's definition by kind AND apiVersion (two groups may share a kind name), and separately flag a
// known kind with the wrong apiVersion so the editor says which apiVersions are served. Every kind the apiserver
// serves is known here, typed or not: a RuntimeClass or an autoscaling/v1 HPA is not flagged as an unknown value.
const apiVersionOf = (kind) => defs[kind].properties.apiVersion.const;
const served = new Map();
for (const r of RESOURCES) served.set(r.kind, [...(served.get(r.kind) ?? []), servedVersion(r)]);
for (const kind of kinds) if (!served.has(kind)) served.set(kind, [apiVersionOf(kind)]);
const allKinds = [...kinds, ...[...served.keys()].filter((k) => !kinds.includes(k)).sort()];
const builtinApiVersions = [...new Set([...served.values()].flat())].sort();
const schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $comment: 'Generated by scripts/gen-k8s-schema.mjs from kubernetes-types; do not edit by hand.',
  title: 'Kubernetes objects accepted by the Podyssey simulated apiserver (v1.34)',
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata'],
  properties: {
    apiVersion: {
      type: 'string',
      description: 'APIVersion defines the versioned schema of this representation of an object.',
    },
    // The served kinds for completion; any kind is valid in a group no built-in serves (a custom resource, served
    // once its CRD is Established, which the editor cannot know), while a built-in group's kind must be one of them
    // (allOf below), so `kind: RuntimeClas` is still flagged.
    kind: {
      type: 'string',
      anyOf: [{ enum: allKinds }, { type: 'string' }],
      description: 'Kind is a string value representing the REST resource this object represents.',
    },
  },
  allOf: [
    {
      if: { properties: { apiVersion: { enum: builtinApiVersions } }, required: ['apiVersion'] },
      then: { properties: { kind: { enum: allKinds } } },
    },
    ...kinds.map((kind) => ({
      if: {
        properties: { kind: { const: kind }, apiVersion: { const: apiVersionOf(kind) } },
        required: ['kind', 'apiVersion'],
      },
      then: { $ref: `#/definitions/${kind}` },
    })),
    ...allKinds.map((kind) => ({
      if: { properties: { kind: { const: kind } }, required: ['kind'] },
      then: { properties: { apiVersion: { enum: served.get(kind) } } },
    })),
  ],
  definitions,
};

const text = JSON.stringify(schema) + '\n';
let previous = '';
try {
  previous = readFileSync(OUT, 'utf8');
} catch {
  // first run
}
writeFileSync(OUT, text);
const kib = (n) => (n / 1024).toFixed(1) + ' KiB';
console.log(
  `${OUT}: ${allKinds.length} kinds (${kinds.length} typed), ${Object.keys(definitions).length} definitions, ${kib(text.length)} raw, ` +
    `${kib(gzipSync(text, { level: 9 }).length)} gzip${previous === text ? ' (unchanged)' : ''}`,
);
