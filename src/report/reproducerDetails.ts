import { codeBlock, codeSpan, escapeHtml, escapeMarkdown } from './escape.js';
import type { ReportReproducer } from './types.js';

/**
 * The reproducer, collapsed under its finding: the summary says whether it was checked (it failed on
 * head as the finding does) or why not, and where the base file it imports is (the comment shows
 * the test alone); the body is the test file to drop into `test/`.
 */
export function reproducerDetails(reproducer: ReportReproducer): string {
  const status = reproducer.verified
    ? `fails on this PR as reported${reproducer.runs.some((r) => r.revision === 'base' && r.outcome === 'passed') ? ', passes on the base' : ''}`
    : 'not verified';
  const base = reproducer.base ? `; imports ${reproducer.base.file} from the reproducers folder` : '';
  const lines = [`<details><summary>${escapeHtml(`Foundry reproducer ${reproducer.file} (${status}${base})`)}</summary>`, ''];
  if (!reproducer.verified && reproducer.reason) lines.push(escapeMarkdown(`Not verified: ${reproducer.reason}`), '');
  const beside = reproducer.base
    ? ` beside ${codeSpan(`test/${reproducer.base.file}`)} (from the reproducers folder: the Action's artifact, or ${codeSpan('--reproducers DIR')})`
    : '';
  lines.push(
    `Save as ${codeSpan(`test/${reproducer.file}`)}${beside} and run ${codeSpan(`forge test --match-path test/${reproducer.file}`)}.`,
    '',
    codeBlock(reproducer.source, 'solidity'),
    '',
    '</details>',
  );
  return lines.join('\n');
}
