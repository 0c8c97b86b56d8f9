import type { Report, ReportFinding, ReportTarget } from '../../src/report/types.js';

/** Report fixtures for the renderer tests: small, hand-written, every field meaningful. */
export const DEPLOYER = '0x0000000000000000000000000000000000010000';
export const ALICE = '0x0000000000000000000000000000000000020000';
export const BOB = '0x0000000000000000000000000000000000030000';
export const AUCTION = '0x7a2c1f0cd0a4a2e2d8e5d0f9f7c3b6a1e4d2c9b8';

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
    firstReachedTransactions: reached ? line * 7 : null,
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
    foundTransactions: 812,
    sequence: [
      { sender: ALICE, contract: 'Auction', function: 'bid()', args: [], value: '1500000000000000000', calldata: '0x1998aeef', blockDelay: 0, timeDelay: 0 },
      {
        sender: BOB,
        contract: 'Auction',
        function: 'settle(uint256)',
        args: ['115792089237316195423570985008687907853269984665640564039457584007913129639931'],
        value: '0',
        calldata: '0x8df82800',
        blockDelay: 1,
        timeDelay: 3600,
      },
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
    stats: { elapsedMs: 4000, sequences: 900, transactions: 23587, transactionsPerSecond: 5897, analysisMs: 120 },
    senders: [
      { name: 'deployer', address: DEPLOYER },
      { name: 'alice', address: ALICE },
      { name: 'bob', address: BOB },
    ],
    deployments: [
      {
        contract: 'Auction',
        file: 'src/Auction.sol',
        address: AUCTION,
        from: 'synthesised',
        args: [],
        value: '0',
        deployer: 'deployer',
        skipped: null,
        source: 'synthesised',
      },
    ],
    base: 'compared',
    interrupted: false,
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
