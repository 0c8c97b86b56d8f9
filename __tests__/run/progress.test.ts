import { PassThrough } from 'node:stream';
import { progressLine, progressReporter, type CampaignProgress } from '../../src/run/progress.js';
import type { CampaignEvent } from '../../src/fuzz/campaign/loop.js';
import type { TxResult } from '../../src/evm/types.js';
import type { CampaignFinding } from '../../src/fuzz/findings/replay.js';
import { consoleLogger, memoryLogger } from '../../src/logger.js';

const VAULT = { name: 'Vault', budget: { kind: 'executions', executions: 2048 }, targets: 4, targetNoun: 'changed lines' } as const;

describe('progressLine', () => {
  const progress: CampaignProgress = { ...VAULT, elapsedMs: 5000, transactions: 512, reached: 3, findings: 1, inputsKept: 3 };

  it('says transactions done of a transaction budget, %, rate, ETA, lines reached and findings', () => {
    // 1,536 transactions left at 102.4/s: 15 s.
    expect(progressLine(progress)).toBe('Vault: 512 of 2,048 transactions (25%, 102/s, ETA 15 s), 3 of 4 changed lines reached, 1 finding, 3 inputs kept');
  });

  it('says time spent of a time budget, and the time left', () => {
    const timed = { ...progress, budget: { kind: 'seconds', seconds: 120 } as const, elapsedMs: 78_000, transactions: 47_360, findings: 2 };
    expect(progressLine(timed)).toBe(
      'Vault: 47,360 transactions in 1 min 18 s of 2 min (65%, 607/s, ETA 42 s), 3 of 4 changed lines reached, 2 findings, 3 inputs kept',
    );
  });

  it('draws a bar on a live terminal, and leaves out reach for a campaign without targets', () => {
    expect(progressLine({ ...progress, targets: 0, reached: 0 }, { bar: true })).toBe(
      'Vault: [█████░░░░░░░░░░░░░░░] 512 of 2,048 transactions (25%, 102/s, ETA 15 s), 1 finding, 3 inputs kept',
    );
  });

  it('gives no ETA before a transaction has run', () => {
    expect(progressLine({ ...progress, elapsedMs: 0, transactions: 0 })).toContain('(0%, 0/s)');
  });
});

describe('progressReporter', () => {
  const transaction: CampaignEvent = { kind: 'transaction', result: {} as TxResult, sequenceIndex: 1, elapsedMs: 0, transactions: 1 };

  it('logs a line every five seconds of campaign time, counting transactions, reach, inputs and findings', () => {
    const logger = memoryLogger();
    let now = 0;
    const report = progressReporter(VAULT, logger, () => now);
    report({ kind: 'input-added', pathId: 'p', corpusSize: 3, sequence: [] });
    report({ kind: 'target-reached', target: 2, first: {} as never });
    report({ kind: 'target-reached', target: 2, first: {} as never });
    for (let i = 0; i < 512; i++) {
      now += 10; // 512 transactions take 5.12 s
      report(transaction);
    }
    expect(logger.lines).toEqual(['Vault: 512 of 2,048 transactions (25%, 100/s, ETA 15 s), 1 of 4 changed lines reached, 0 findings, 3 inputs kept']);
    for (let i = 0; i < 256; i++) report(transaction); // no time passes: no new line
    expect(logger.lines).toHaveLength(1);
  });

  it('counts the transactions worker threads report in batches', () => {
    const logger = memoryLogger();
    let now = 0;
    const report = progressReporter({ ...VAULT, budget: { kind: 'seconds', seconds: 60 } }, logger, () => now);
    now = 2000;
    report({ kind: 'transactions', count: 1500, elapsedMs: 2000 });
    expect(logger.lines).toEqual([]);
    now = 6000;
    report({ kind: 'transactions', count: 1500, elapsedMs: 6000 });
    expect(logger.lines).toEqual([
      'Vault: 3,000 transactions in 6.0 s of 1 min (10%, 500/s, ETA 54 s), 0 of 4 changed lines reached, 0 findings, 0 inputs kept',
    ]);
  });

  it('logs a finding when it is found, and counts it in the next progress line', () => {
    const logger = memoryLogger();
    let now = 0;
    const report = progressReporter(VAULT, logger, () => now);
    const finding = { failure: { message: 'Panic 0x11: arithmetic underflow or overflow' } } as CampaignFinding;
    report({ kind: 'finding', finding, shape: '0:0x1234' });
    expect(logger.lines).toEqual(['Vault: found: Panic 0x11: arithmetic underflow or overflow']);
    now = 5000;
    report({ kind: 'transactions', count: 10, elapsedMs: 5000 });
    expect(logger.lines[1]).toBe('Vault: 10 of 2,048 transactions (0%, 2/s, ETA 16 min 59 s), 0 of 4 changed lines reached, 1 finding, 0 inputs kept');
  });

  it('on a terminal, redraws one line in place twice a second, which the next log line replaces', () => {
    const stream = Object.assign(new PassThrough(), { isTTY: true });
    const logger = consoleLogger({ stream, env: {} });
    let now = 0;
    const report = progressReporter(VAULT, logger, () => now);
    now = 600;
    report({ kind: 'transactions', count: 100, elapsedMs: 600 });
    now = 1200;
    report({ kind: 'transactions', count: 100, elapsedMs: 1200 });
    logger.info('Vault: 200 transactions, 0 finding(s)');
    const clear = '\r\u001b[K';
    expect(String(stream.read())).toBe(
      `${clear}Vault: [█░░░░░░░░░░░░░░░░░░░] 100 of 2,048 transactions (4%, 167/s, ETA 12 s), 0 of 4 changed lines reached, 0 findings, 0 inputs kept` +
        `${clear}Vault: [██░░░░░░░░░░░░░░░░░░] 200 of 2,048 transactions (9%, 167/s, ETA 11 s), 0 of 4 changed lines reached, 0 findings, 0 inputs kept` +
        `${clear}Vault: 200 transactions, 0 finding(s)\n`,
    );
  });

  it('in CI, writes plain lines even on a terminal', () => {
    const stream = Object.assign(new PassThrough(), { isTTY: true });
    expect(consoleLogger({ stream, env: { GITHUB_ACTIONS: 'true' } }).live).toBe(false);
    expect(consoleLogger({ stream, env: {} }).live).toBe(true);
    expect(consoleLogger({ stream: new PassThrough(), env: {} }).live).toBe(false);
  });
});
