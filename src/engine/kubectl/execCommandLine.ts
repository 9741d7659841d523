/** `kubectl exec`'s request and its command line, light enough for the page bundle (playback/actionLabel.ts). */

export interface ExecRequest {
  namespace: string;
  pod: string;
  container?: string;
  command: string[];
}

/** The command line as `kubectl exec` was typed (words with spaces or quotes quoted again). */
export function execCommandLine(req: ExecRequest): string {
  const q = (w: string) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);
  return `kubectl exec ${req.pod}${req.namespace !== 'default' ? ` -n ${req.namespace}` : ''}${req.container ? ` -c ${req.container}` : ''} -- ${req.command.map(q).join(' ')}`;
}
