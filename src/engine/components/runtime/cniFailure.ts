/**
 * What containerd reports when the node's CNI plugin cannot run (the `cni` component is stopped). kind's chain is
 * kindnet's conflist of `ptp` + `host-local`; libcni looks the plugin binary up in `/opt/cni/bin` before every
 * ADD/DEL, so a missing plugin fails there. Texts as the kubelet receives them over gRPC:
 * - libcni `AddNetworkList`/`DelNetworkList`: `plugin type="ptp" failed (add|delete): <err>` (the list's plugins
 *   carry no `name`, so pluginDescription prints only the type); `FindInPath`: `failed to find plugin "ptp" in
 *   path [/opt/cni/bin]`.
 * - containerd CRI `RunPodSandbox`: `failed to setup network for sandbox "<id>": …`; `StopPodSandbox`:
 *   `failed to destroy network for sandbox "<id>": …`.
 * - gRPC status of an untyped error: `rpc error: code = Unknown desc = …`.
 */
export const CNI_PLUGIN_TYPE = 'ptp';
export const CNI_BIN_DIR = '/opt/cni/bin';

export function cniPluginError(command: 'ADD' | 'DEL'): string {
  return `plugin type="${CNI_PLUGIN_TYPE}" failed (${command === 'ADD' ? 'add' : 'delete'}): failed to find plugin "${CNI_PLUGIN_TYPE}" in path [${CNI_BIN_DIR}]`;
}

/** The CRI error for RunPodSandbox (ADD) or StopPodSandbox (DEL) when the CNI plugin fails. */
export function sandboxNetworkError(command: 'ADD' | 'DEL', sandboxId: string): string {
  const what = command === 'ADD' ? 'setup' : 'destroy';
  return `rpc error: code = Unknown desc = failed to ${what} network for sandbox "${sandboxId}": ${cniPluginError(command)}`;
}
