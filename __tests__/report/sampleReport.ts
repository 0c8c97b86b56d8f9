import type { Report, ReportFinding, ReportTarget } from '../../src/report/types.js';

/** Report fixtures for the renderer tests: small, hand-written, every field meaningful. */
export function target(file: string, line: number, status: ReportTarget['status'], extra: Partial<ReportTarget> = {}): ReportTarget {
  const reached = status === 'reached';
  return {
    file,
    line,
    contract: 'Auction',
    contractFile: 'src/Auction.sol',
    pcs: status === 'no-code' ? [] : [100 + line],
    status,
    reason: null,
    firstReachedMs: reached ? line * 10 : null,
    firstReachedSequence: reached ? line : null,
    ...extra,
  };
}

export function finding(extra: Partial<ReportFinding> = {}): ReportFinding {
  return {
    kind: 'panic',
    panicCode: '0x32',
    contract: 'Auction',
    contractFile: 'src/Auction.sol',
    file: 'src/Auction.sol',
    line: 38,
    function: 'settle(uint256)',
    message: 'index out of bounds',
    introduced: true,
    foundMs: 2210,
    sequence: [
      { sender: '0x1000000000000000000000000000000000000001', function: 'bid()', args: [], value: '1000', calldata: '0x1998aeef' },
      { sender: '0x1000000000000000000000000000000000000002', function: 'settle(uint256)', args: ['7'], value: '0', calldata: '0x8df82800' },
    ],
    ...extra,
  };
}

export function report(extra: Partial<Report> = {}): Report {
  return {
    schemaVersion: 1,
    tool: { name: 'lookout', version: '0.1.0' },
    seed: 1,
    budget: { seconds: 120, executions: null },
    stats: { elapsedMs: 4000, sequences: 900, transactions: 2700, transactionsPerSecond: 675, analysisMs: 120 },
    targets: [
      target('src/Auction.sol', 12, 'reached'),
      target('src/Auction.sol', 13, 'reached'),
      target('src/Auction.sol', 14, 'reached'),
      target('src/Auction.sol', 15, 'reached'),
      target('src/Auction.sol', 20, 'reached'),
      target('src/Auction.sol', 30, 'unreached'),
      target('src/Auction.sol', 31, 'unreached'),
      target('src/Auction.sol', 40, 'unreachable'),
      target('src/Auction.sol', 41, 'no-code'),
      target('src/lib/Math.sol', 5, 'unreached', { contract: 'Auction' }),
      target('src/lib/Math.sol', 5, 'reached', { contract: 'Market', firstReachedMs: 3000 }),
    ],
    findings: [
      finding({ introduced: false, foundMs: 100, kind: 'assertion', panicCode: '0x01', line: 20, function: 'check()', message: 'assert failed' }),
      finding(),
    ],
    ...extra,
  };
}
