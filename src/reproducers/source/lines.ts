import { printable } from '../../logger.js';
import type { ReportCall } from '../../report/index.js';

/** The reproducer's test function. */
export const TEST_FUNCTION = 'test_reproduce';

/** Blocks and seconds that pass before the call, as the campaign let them pass. */
export function delays(call: ReportCall): string[] {
  return [
    ...(call.timeDelay > 0 ? [`vm.warp(block.timestamp + ${call.timeDelay});`] : []),
    ...(call.blockDelay > 0 ? [`vm.roll(block.number + ${call.blockDelay});`] : []),
  ];
}

export function indent(level: number, lines: readonly string[]): string[] {
  return lines.map((line) => (line === '' ? line : `${'    '.repeat(level)}${line}`));
}

/** Free text as one line of a comment, printable (a revert string must not hide code behind a bidi override). */
export function oneLine(text: string): string {
  return printable(text.replace(/\s+/g, ' '));
}
