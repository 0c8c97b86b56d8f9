/**
 * Byte offset → 1-based line for one source. solc's source ranges count UTF-8 bytes, so line starts
 * are computed on the encoded text, not on JavaScript string indices.
 */
export class LineIndex {
  private readonly starts: number[];

  constructor(content: string) {
    const bytes = Buffer.from(content, 'utf8');
    this.starts = [0];
    for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x0a) this.starts.push(i + 1);
  }

  get lineCount(): number {
    return this.starts.length;
  }

  lineOf(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }
}

/** A solc `src` attribute `start:length:file`. */
export interface SourceRange {
  start: number;
  length: number;
  file: number;
}

export function parseSrc(src: string): SourceRange {
  const [start, length, file] = src.split(':').map(Number);
  return { start, length, file };
}
