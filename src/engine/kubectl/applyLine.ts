/**
 * One-line kubectl outputs for apply/create/delete and the error texts kubectl prints for apiserver and
 * connection errors.
 * - Success lines: cli-runtime printers/name.go NamePrinter (`<kind>[.<group>]/<name> <operation>`);
 *   delete uses the quoted form from kubectl/pkg/cmd/delete (`deployment.apps "web" deleted`).
 * - Errors: kubectl/pkg/cmd/util/helpers.go StandardErrorMessage / checkErr (see facts-events §4b–§4d),
 *   resource.AddSourceToErr (`error when creating "x.yaml": `) and apply.go's
 *   `error when retrieving current configuration of:` wrapper.
 */
import type { FieldError } from '../types';
import { KUBECONFIG_SERVER } from '../cluster/kubeconfigUser';
import { kindPrefix, resourceForKind } from './resourceInfo';

export type ApplyOperation =
  'created' | 'configured' | 'unchanged' | 'serverside-applied' | 'scaled' | 'restarted' | string;

/** `deployment.apps/web created`, `service/web created` (core group: no suffix). */
export function applyLine(kind: string, group: string | undefined, name: string, op: ApplyOperation): string {
  return `${resourceName(kind, group, name)} ${op}`;
}

/** `-o name` form: `deployment.apps/web`. */
export function resourceName(kind: string, group: string | undefined, name: string): string {
  return `${kindPrefix(kind, group ?? resourceForKind(kind).group)}/${name}`;
}

/**
 * `kubectl delete` (kubectl v1.34 pkg/cmd/delete/delete.go PrintObj): lower-case kind, quoted name, and for a
 * namespaced object the namespace it was deleted from: `pod "p" deleted from default namespace`,
 * `namespace "shop" deleted`.
 */
export function deletedLine(kind: string, group: string | undefined, name: string, namespace?: string): string {
  const where = namespace ? ` from ${namespace} namespace` : '';
  return `${kindPrefix(kind, group ?? resourceForKind(kind).group)} "${name}" deleted${where}`;
}

/** `deployments.apps`, `pods`: the GroupResource string used in apiserver error messages. */
export function qualifiedResource(kind: string, group?: string): string {
  const info = resourceForKind(kind);
  const g = group ?? info.group;
  return g ? `${info.resource}.${g}` : info.resource;
}

/** StandardErrorMessage for a Status error with a reason: `Error from server (Forbidden): …`. */
export function errorFromServer(reason: string | undefined, message: string): string {
  return reason ? `Error from server (${reason}): ${message}` : `Error from server: ${message}`;
}

/** Reason Unauthorized is special-cased by kubectl. */
export function unauthorizedError(message = 'Unauthorized'): string {
  return `error: You must be logged in to the server (${message})`;
}

/** A refused TCP connection to the apiserver (kind clusters listen on https://127.0.0.1:<port>). */
export function connectionRefused(hostPort = KUBECONFIG_SERVER): string {
  return `The connection to the server ${hostPort} was refused - did you specify the right host or port?`;
}

/** resource.AddSourceToErr for create/update: prefixes the Status message (not used for 422 Invalid). */
export function errorWhenCreating(file: string, message: string): string {
  return `error when creating "${file}": ${message}`;
}

/**
 * Client-side apply GETs the live object first; a failure there is wrapped with the object's Info:
 * `error when retrieving current configuration of:\nResource: "apps/v1, Resource=deployments", …`.
 */
export function errorWhenRetrieving(
  obj: { apiVersion: string; kind: string; name: string; namespace?: string },
  file: string,
  message: string,
): string {
  const info = resourceForKind(obj.kind, obj.apiVersion);
  const gv = obj.apiVersion;
  return (
    'error when retrieving current configuration of:\n' +
    `Resource: "${gv}, Resource=${info.resource}", GroupVersionKind: "${gv}, Kind=${obj.kind}"\n` +
    `Name: "${obj.name}", Namespace: "${obj.namespace ?? ''}"\n` +
    `from server for: "${file}": ${message}`
  );
}

/** NewForbidden message for RBAC denials (k8s.io/apiserver responsewriters.ForbiddenStatusError). */
export function forbiddenMessage(a: {
  user: string;
  verb: string;
  kind: string;
  group?: string;
  name?: string;
  namespace?: string;
  reason?: string;
}): string {
  const info = resourceForKind(a.kind);
  const group = a.group ?? info.group;
  const gr = qualifiedResource(a.kind, group);
  const head = a.name ? `${gr} "${a.name}" is forbidden: ` : `${gr} is forbidden: `;
  const scope = info.namespaced && a.namespace ? ` in the namespace "${a.namespace}"` : ' at the cluster scope';
  const tail = a.reason ? `: ${a.reason}` : '';
  return `${head}User "${a.user}" cannot ${a.verb} resource "${info.resource}" in API group "${group}"${scope}${tail}`;
}

/** `deployments.apps "web" not found` (NewNotFound). */
export function notFoundMessage(kind: string, name: string, group?: string): string {
  return `${qualifiedResource(kind, group)} "${name}" not found`;
}

/** `deployments.apps "web" already exists` (NewAlreadyExists). */
export function alreadyExistsMessage(kind: string, name: string, group?: string): string {
  return `${qualifiedResource(kind, group)} "${name}" already exists`;
}

/** field.Error.Error(): `<field>: <type>[: <value>][: <detail>]`. */
export function formatFieldError(e: FieldError): string {
  let body: string = e.type;
  const valueless =
    e.type === 'Required value' || e.type === 'Forbidden' || e.type === 'Too long' || e.type === 'Internal error';
  if (!valueless && e.value !== undefined) body += `: ${e.value}`;
  if (e.detail) body += `: ${e.detail}`;
  return `${e.field}: ${body}`;
}

/**
 * What kubectl prints for a 422 Invalid: rebuilt from the Status details, one cause inline, several as a
 * bullet list after a line ending in ": " (kubectl checkErr + MultilineError). Not prefixed with the file name.
 */
export function invalidError(kind: string, name: string, errors: FieldError[]): string {
  const seen = new Set<string>();
  const causes: string[] = [];
  for (const e of errors) {
    const s = formatFieldError(e);
    if (!seen.has(s)) {
      seen.add(s);
      causes.push(s);
    }
  }
  const prefix = `The ${kind} "${name}" is invalid: `;
  if (causes.length === 1) return prefix + causes[0];
  return `${prefix}\n${causes.map((c) => `* ${c}`).join('\n')}`;
}
