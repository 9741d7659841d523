/**
 * How kubectl prints a failed request (k8s.io/kubectl/pkg/cmd/util/helpers.go checkErr + StandardErrorMessage,
 * AddSourceToErr). Invalid (422) is rebuilt from the status details and never carries the file prefix.
 */
import type { StatusError } from '../../messages';
import type { FieldError } from '../../types';
import { KUBECONFIG_SERVER } from '../../cluster/kubeconfigUser';
import { connectionRefused } from '../../kubectl/applyLine';

const KUBECTL_SERVER = KUBECONFIG_SERVER;

export function fieldErrorText(e: FieldError & { raw?: boolean }): string {
  if (e.raw) return `${e.field}: ${e.detail ?? ''}`;
  let body: string = e.type;
  if (e.value !== undefined) body += `: ${e.value}`;
  if (e.detail) body += `: ${e.detail}`;
  return `${e.field}: ${body}`;
}

/** `The Deployment "web" is invalid: …` (one cause inline, several as a `* ` list after a trailing-space line). */
function invalidText(kind: string, name: string, causes: FieldError[]): string {
  const prefix = `The ${kind} "${name}" is invalid: `;
  const msgs = [...new Set(causes.map(fieldErrorText))];
  if (msgs.length === 1) return prefix + msgs[0];
  return [prefix, ...msgs.map((m) => `* ${m}`)].join('\n');
}

type RequestAction = 'creating' | 'patching' | 'retrieving' | 'deleting';

/**
 * The line kubectl prints for an apply/create/delete error. `source` is the manifest file name.
 * `info` is the apply.go info.String() used in the "retrieving current configuration" wrapper.
 */
export function kubectlErrorText(
  err: StatusError,
  action: RequestAction,
  source: string | undefined,
  info?: { apiVersion: string; resource: string; kind: string; name: string; namespace?: string },
): string {
  if (err.code === 422 && err.details?.causes?.length) {
    return invalidText(err.details.kind ?? '', err.details.name ?? '', err.details.causes);
  }
  let message = err.message;
  if (source) {
    if (action === 'retrieving' && info) {
      const gv = info.apiVersion;
      const desc = `Resource: "${gv}, Resource=${info.resource}", GroupVersionKind: "${gv}, Kind=${info.kind}"\nName: "${info.name}", Namespace: "${info.namespace ?? ''}"`;
      message = `error when retrieving current configuration of:\n${desc}\nfrom server for: "${source}": ${message}`;
    } else {
      message = `error when ${action} "${source}": ${message}`;
    }
  }
  if (err.reason === 'Unauthorized') return `error: You must be logged in to the server (${message})`;
  if (!err.reason) return `Error from server: ${message}`;
  return `Error from server (${err.reason}): ${message}`;
}

/** What kubectl prints when nothing listens on the apiserver address. */
export function connectionRefusedText(forApply: boolean, source?: string): string {
  if (forApply) {
    return `error: error validating "${source}": error validating data: failed to download openapi: Get "https://${KUBECTL_SERVER}/openapi/v2?timeout=32s": dial tcp ${KUBECTL_SERVER}: connect: connection refused; if you choose to ignore these errors, turn validation off with --validate=false`;
  }
  return connectionRefused(KUBECTL_SERVER);
}
