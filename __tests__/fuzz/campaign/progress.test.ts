import { progressReporter } from '../../../src/fuzz/campaign/progress.js';
import type { CampaignEvent } from '../../../src/fuzz/campaign/loop.js';
import type { TxResult } from '../../../src/evm/types.js';
import type { CampaignFinding } from '../../../src/fuzz/findings/replay.js';
import { memoryLogger } from '../../../src/logger.js';

describe('progressReporter', () => {
  it('logs a line every five seconds of campaign time, counting transactions, inputs and findings', () => {
    const logger = memoryLogger();
    let now = 0;
    const report = progressReporter('Vault', logger, () => now);
    const transaction: CampaignEvent = { kind: 'transaction', result: {} as TxResult, sequenceIndex: 1, elapsedMs: 0 };
    report({ kind: 'input-added', pathId: 'p', corpusSize: 3, sequence: [] });
    for (let i = 0; i < 512; i++) {
      now += 10; // 512 transactions take 5.12 s
      report(transaction);
    }
    expect(logger.lines).toEqual(['Vault: 512 transactions (100/s), 3 inputs kept, 0 finding(s)']);
    for (let i = 0; i < 256; i++) report(transaction); // no time passes: no new line
    expect(logger.lines).toHaveLength(1);
  });

  it('counts the transactions worker threads report in batches', () => {
    const logger = memoryLogger();
    let now = 0;
    const report = progressReporter('Vault', logger, () => now);
    now = 2000;
    report({ kind: 'transactions', count: 1500, elapsedMs: 2000 });
    expect(logger.lines).toEqual([]);
    now = 6000;
    report({ kind: 'transactions', count: 1500, elapsedMs: 6000 });
    expect(logger.lines).toEqual(['Vault: 3,000 transactions (500/s), 0 inputs kept, 0 finding(s)']);
  });

  it('logs a finding when it is found, and counts it in the next progress line', () => {
    const logger = memoryLogger();
    let now = 0;
    const report = progressReporter('Vault', logger, () => now);
    const finding = { failure: { message: 'Panic 0x11: arithmetic underflow or overflow' } } as CampaignFinding;
    report({ kind: 'finding', finding, shape: '0:0x1234' });
    expect(logger.lines).toEqual(['Vault: found: Panic 0x11: arithmetic underflow or overflow']);
    now = 5000;
    report({ kind: 'transactions', count: 10, elapsedMs: 5000 });
    expect(logger.lines[1]).toBe('Vault: 10 transactions (2/s), 0 inputs kept, 1 finding(s)');
  });
});
