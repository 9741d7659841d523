/**
 * The kubectl panel's default view: what `kubectl get deploy,rs,pods -o wide` prints as of this step. A module of its
 * own so that the store can name it without pulling kubectl's printers (kubectlCommand.ts) into the start-up chunk.
 */
export const DEFAULT_KUBECTL_COMMAND = 'kubectl get deploy,rs,pods -o wide';
