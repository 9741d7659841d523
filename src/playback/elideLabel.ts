/**
 * A message label short enough for the diagram's chip (about 34 monospace characters), cut in the middle rather
 * than at its end: a request keeps its verb, the start of its path and the resource and name at its end
 * (`GET /apis/apps/…/deployments/web`), which an end cut (`GET /apis/apps/v1/namespaces/defa…`) loses.
 */
export function elideLabel(text: string, max = 34): string {
  if (text.length <= max) return text;
  const m = /^(\S+ )(\/\S*)(.*)$/.exec(text);
  if (m && !m[3]) {
    const [, verb, path] = m;
    const parts = path!.split('/');
    // Drop whole segments from the middle while the path is too long, keeping the first two and the last two.
    for (let keepTail = 2; keepTail >= 1; keepTail--) {
      for (let keepHead = 3; keepHead >= 1; keepHead--) {
        if (parts.length <= keepHead + keepTail) continue;
        const cut = `${verb}${parts.slice(0, keepHead).join('/')}/…/${parts.slice(-keepTail).join('/')}`;
        if (cut.length <= max) return cut;
      }
    }
  }
  const head = Math.ceil((max - 1) / 2);
  return `${text.slice(0, head)}…${text.slice(text.length - (max - 1 - head))}`;
}
