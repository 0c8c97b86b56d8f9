import type { LineHits } from '../targets/index.js';

/** One LCOV test: the line coverage of one revision's campaigns, named `head` (or `base`). */
export interface CoverageSection {
  test: string;
  /** Paths relative to the repository root. */
  lines: LineHits;
}

/**
 * An LCOV tracefile (geninfo's format, which genhtml, Codecov and editors' coverage gutters read), a
 * pure function of the coverage: per test and source file, a `DA` record for each line with
 * instructions (its hits: the transactions that ran it, 0 when none did), then `LH`/`LF`. Files and
 * lines come sorted, so the same coverage gives the same bytes. A path holding a line break cannot
 * be written in the format and is left out (a pull request could commit one to forge records).
 */
export function renderLcov(sections: readonly CoverageSection[]): string {
  const out: string[] = [];
  for (const { test, lines } of sections) {
    const files = [...lines.keys()].filter((file) => !/[\r\n]/.test(file)).sort();
    for (const file of files) {
      const counted = [...lines.get(file)!].sort(([a], [b]) => a - b);
      out.push(`TN:${test}`, `SF:${file}`);
      for (const [line, hits] of counted) out.push(`DA:${line},${hits}`);
      out.push(`LH:${counted.filter(([, hits]) => hits > 0).length}`, `LF:${counted.length}`, 'end_of_record');
    }
  }
  return out.map((line) => `${line}\n`).join('');
}
