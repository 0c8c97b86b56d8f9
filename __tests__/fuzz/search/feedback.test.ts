import { Dictionary } from '../../../src/fuzz/inputs/dictionary.js';
import { toTx } from '../../../src/fuzz/execution/sequenceRunner.js';
import { harvestFeedback } from '../../../src/fuzz/search/feedback.js';
import { deploy } from '../harveyHarness.js';

describe('harvestFeedback on the real EVM (Fig2StateBug)', () => {
  it('keeps the values a transaction stored, its comparison operands and its return data', async () => {
    const { executor, call } = await deploy('Fig2StateBug');
    executor.reset();
    await executor.run(toTx(call('SetY', [0x5eed5n])));
    const dictionary = new Dictionary();
    // CopyY stores y into x: no argument, comparison or return value shows it, only the SSTORE.
    harvestFeedback(dictionary, await executor.run(toTx(call('CopyY'))));
    expect(dictionary.has(0x5eed5n)).toBe(true);
    // Bar compares x (now y) with 42 and returns 0.
    harvestFeedback(dictionary, await executor.run(toTx(call('Bar'))));
    expect(dictionary.has(42n)).toBe(true);
  });

  it('stored values are feedback: rolled back with the sequence that wrote them', async () => {
    const { executor, call } = await deploy('Fig2StateBug');
    executor.reset();
    await executor.run(toTx(call('SetY', [-0x7777n])));
    const dictionary = new Dictionary();
    const mark = dictionary.mark();
    harvestFeedback(dictionary, await executor.run(toTx(call('CopyY'))));
    expect(dictionary.has(-0x7777n)).toBe(true);
    dictionary.rollback(mark);
    expect(dictionary.has(-0x7777n)).toBe(false);
  });
});
