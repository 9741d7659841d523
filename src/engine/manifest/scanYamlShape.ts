/**
 * A linear pre-scan of one YAML document's raw text, so that pathological input is refused before the YAML
 * library sees it: its CST parser slows down badly with depth (`[[[[…` two million times) and takes seconds for
 * hundreds of thousands of nodes, and its composer recurses.
 * - depth: indentation levels, `- ` / `? ` indicators and open flow brackets — an upper bound for real manifests,
 *   close to exact for hostile input (parseManifest then checks the exact depth on the CST);
 * - nodes: structural lines plus flow separators, a cheap stand-in for the number of YAML nodes.
 */

interface YamlShape {
  /** Offset where the estimated depth first exceeds the limit. */
  tooDeepAt?: number;
  /** Estimated number of nodes (entries and items). */
  nodes: number;
}

/** Runs in O(text.length). Stops at the first place the depth exceeds `limit`. */
export function scanYamlShape(text: string, limit: number): YamlShape {
  let nodes = 0;
  let flow = 0;
  let quote: '' | "'" | '"' = '';
  const indents: number[] = [];
  let blockScalarParent = -1;
  let blockDepth = 0;
  let lineStart = 0;
  while (lineStart < text.length) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl === -1 ? text.length : nl;
    let pos = lineStart;
    let prev = '\n'; // previous non-space character on this line; '\n' = nothing yet
    let indent = -1;
    if (quote === '' && flow === 0) {
      while (pos < lineEnd && text[pos] === ' ') pos++;
      indent = pos - lineStart;
      const blank = /^[ \t\r]*$/.test(text.slice(pos, lineEnd));
      if (blank || (blockScalarParent >= 0 && indent > blockScalarParent)) {
        lineStart = lineEnd + 1;
        continue;
      }
      blockScalarParent = -1;
      if (text[pos] === '#') {
        lineStart = lineEnd + 1;
        continue;
      }
      while (indents.length > 0 && indents[indents.length - 1]! > indent) indents.pop();
      if (indents.length === 0 || indents[indents.length - 1]! < indent) indents.push(indent);
      nodes++;
      blockDepth = indents.length;
      if (blockDepth > limit) return { tooDeepAt: pos, nodes };
      // Compact nested entries on one line: `- - - x`, `? - x`.
      while (
        pos < lineEnd &&
        (text[pos] === '-' || text[pos] === '?') &&
        (pos + 1 >= lineEnd || /[ \t\r]/.test(text[pos + 1]!))
      ) {
        blockDepth++;
        pos++;
        while (pos < lineEnd && (text[pos] === ' ' || text[pos] === '\t')) pos++;
        prev = '-';
        if (blockDepth > limit) return { tooDeepAt: pos, nodes };
      }
    }
    let contentEnd = lineEnd;
    for (let i = pos; i < lineEnd; i++) {
      const c = text[i]!;
      if (quote === '"') {
        if (c === '\\') i++;
        else if (c === '"') quote = '';
        continue;
      }
      if (quote === "'") {
        if (c === "'") {
          if (text[i + 1] === "'") i++;
          else quote = '';
        }
        continue;
      }
      const before = i === lineStart ? '\n' : text[i - 1]!;
      const afterSpace = before === ' ' || before === '\t' || before === '\n' || '[{,'.includes(before);
      if (c === '#' && (before === ' ' || before === '\t' || before === '\n')) {
        contentEnd = i;
        break;
      }
      if ((c === '"' || c === "'") && (afterSpace || before === ':')) {
        quote = c;
      } else if (c === '[' || c === '{') {
        // In block context a bracket only opens a flow collection where a value starts (`key: [`, `- {`, line
        // start); inside `echo [x` it is plain text. Inside a flow collection every bracket counts.
        if (flow > 0 || (afterSpace && (prev === ':' || prev === '-' || prev === '?' || prev === '\n'))) {
          flow++;
          if (blockDepth + flow > limit) return { tooDeepAt: i, nodes };
        }
      } else if ((c === ']' || c === '}') && flow > 0) {
        flow--;
      } else if (c === ',' && flow > 0) {
        nodes++;
      }
      if (c !== ' ' && c !== '\t' && c !== '\r') prev = c;
    }
    if (quote === '' && flow === 0 && indent >= 0) {
      // `key: |`, `- >-`, `args: |2`: the following, more indented lines are text.
      if (endsWithBlockScalarHeader(text, pos, contentEnd)) blockScalarParent = indent;
    }
    lineStart = lineEnd + 1;
  }
  return { nodes };
}

/** `…: |`, `- >-`, `|2+` at the end of a line (checked backwards, without a regex). */
function endsWithBlockScalarHeader(text: string, start: number, end: number): boolean {
  let i = end - 1;
  while (i >= start && /[ \t\r]/.test(text[i]!)) i--;
  while (i >= start && /[0-9+-]/.test(text[i]!)) i--;
  if (i < start || (text[i] !== '|' && text[i] !== '>')) return false;
  return i === start || /[ \t:-]/.test(text[i - 1]!);
}
