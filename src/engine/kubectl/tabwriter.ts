/**
 * Go `text/tabwriter` semantics, as kubectl uses them.
 *
 * Why a faithful port instead of "pad every column to its widest cell": describe output mixes lines with
 * different numbers of cells, and Go aligns a column only across a *contiguous block* of lines that all have a
 * cell in that column (a line without a tab ends every block). That is why `kubectl describe pod` aligns
 * `IPs:`'s child `IP:` with `Controlled By:` but not with `Name:`. The algorithm below is `(*Writer).format`
 * and `writeLines` from Go's src/text/tabwriter/tabwriter.go (flags = 0, padchar ' ').
 *
 * Settings used by kubectl:
 * - `kubectl get` tables: k8s.io/cli-runtime/pkg/printers/tabwriter.go GetNewTabWriter — minwidth 6,
 *   tabwidth 4, padding 3 (so a column is its widest cell + 3, but never narrower than 6).
 * - `kubectl describe`: k8s.io/kubectl/pkg/describe/describe.go tabbedString — minwidth 0, tabwidth 8, padding 2.
 */

export interface TabwriterOptions {
  minwidth: number;
  padding: number;
}

export const TABLE_TABWRITER: TabwriterOptions = { minwidth: 6, padding: 3 };
export const DESCRIBE_TABWRITER: TabwriterOptions = { minwidth: 0, padding: 2 };

/** Go counts cell width in runes (utf8.RuneCount), not display columns. */
function runeLength(s: string): number {
  return Array.from(s).length;
}

/**
 * Align tab-separated text the way Go's tabwriter does. Cells are terminated by '\t'; the text after the last
 * tab of a line is not part of any column and is never padded. Input and output keep their newlines.
 */
export function tabwrite(text: string, opts: TabwriterOptions): string {
  const rawLines = text.split('\n');
  // A trailing '\n' leaves an empty, unterminated last line with no cells (Go's buffer after Flush).
  const lines: string[][] = rawLines.map((l, i) => (i === rawLines.length - 1 && l === '' ? [] : l.split('\t')));
  const out: string[] = [];
  const widths: number[] = [];

  const writeLines = (line0: number, line1: number): void => {
    for (let i = line0; i < line1; i++) {
      const line = lines[i];
      let s = '';
      for (let j = 0; j < line.length; j++) {
        const cell = line[j];
        s += cell;
        if (j < widths.length) s += ' '.repeat(Math.max(0, widths[j] - runeLength(cell)));
      }
      out.push(s);
      if (i + 1 < lines.length) out.push('\n');
    }
  };

  const format = (line0: number, line1: number): void => {
    const column = widths.length;
    for (let t = line0; t < line1; t++) {
      if (column >= lines[t].length - 1) continue;
      // This line has a cell in `column`: print the lines before it, then size the block that starts here.
      writeLines(line0, t);
      line0 = t;
      let width = opts.minwidth;
      for (; t < line1; t++) {
        const line = lines[t];
        if (column >= line.length - 1) break;
        const w = runeLength(line[column]) + opts.padding;
        if (w > width) width = w;
      }
      widths.push(width);
      format(line0, t);
      widths.pop();
      line0 = t;
    }
    writeLines(line0, line1);
  };

  format(0, lines.length);
  return out.join('');
}

/** Render rows of cells as kubectl's table printer does (cells joined by '\t', one row per line). No final newline. */
export function formatTable(rows: string[][], opts: TabwriterOptions = TABLE_TABWRITER): string {
  if (rows.length === 0) return '';
  const text = rows.map((r) => r.join('\t')).join('\n') + '\n';
  return tabwrite(text, opts).replace(/\n$/, '');
}
