/**
 * kubectl describe's PrefixWriter (k8s.io/kubectl/pkg/describe/describe.go): each `write(level, text)` is
 * prefixed with two spaces per level; the accumulated tab-separated text goes through Go's tabwriter
 * (minwidth 0, padding 2) in `tabbedString`.
 */
import { DESCRIBE_TABWRITER, tabwrite } from './tabwriter';

export const LEVEL_0 = 0;
export const LEVEL_1 = 1;
export const LEVEL_2 = 2;
export const LEVEL_3 = 3;

export class PrefixWriter {
  private parts: string[] = [];

  write(level: number, text: string): void {
    this.parts.push('  '.repeat(level) + text);
  }

  /** fmt.Sprintln of one value: the text and a newline. */
  writeLine(text: string): void {
    this.parts.push(`${text}\n`);
  }

  /** The raw, unaligned text. */
  raw(): string {
    return this.parts.join('');
  }

  /** tabbedString: the aligned output, without its final newline. */
  render(): string {
    return tabwrite(this.raw(), DESCRIBE_TABWRITER).replace(/\n$/, '');
  }
}
