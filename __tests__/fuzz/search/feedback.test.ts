import { Dictionary } from '../../../src/fuzz/inputs/dictionary.js';
import { toTx } from '../../../src/fuzz/campaign/sequenceRunner.js';
import { harvestFeedback } from '../../../src/fuzz/inputs/feedback.js';
import { deploy } from '../harveyHarness.js';

describe('harvestFeedback on the real EVM (Fig2StateBug)', () => {
  it('keeps the values a transaction stored, its comparison operands and its return data', async () => {
    const { executor, call } = await deploy('Fig2StateBug');
    executor.reset();
    await executor.run(toTx(call('SetY', [0x5eed5n])));
    const dictionary = new Dictionary();
    // CopyY stores y into x: no argument, comparison or return value shows it, only the SSTORE.
    const copy = call('CopyY');
    harvestFeedback(dictionary, await executor.run(toTx(copy)), copy);
    expect(dictionary.has(0x5eed5n)).toBe(true);
    // Bar compares x (now y) with 42 and returns 0.
    const bar = call('Bar');
    harvestFeedback(dictionary, await executor.run(toTx(bar)), bar);
    expect(dictionary.has(42n)).toBe(true);
  });

  it('stored values are feedback: rolled back with the sequence that wrote them', async () => {
    const { executor, call } = await deploy('Fig2StateBug');
    executor.reset();
    await executor.run(toTx(call('SetY', [-0x7777n])));
    const dictionary = new Dictionary();
    const mark = dictionary.mark();
    const copy = call('CopyY');
    harvestFeedback(dictionary, await executor.run(toTx(copy)), copy);
    expect(dictionary.has(-0x7777n)).toBe(true);
    dictionary.rollback(mark);
    expect(dictionary.has(-0x7777n)).toBe(false);
  });

  it('leaves out the call’s own arguments echoed back: the generator drew them already', async () => {
    const { executor, call } = await deploy('Fig2StateBug');
    executor.reset();
    const dictionary = new Dictionary();
    // SetY stores its argument: the stored word is the argument itself.
    const set = call('SetY', [0x5eed5n]);
    harvestFeedback(dictionary, await executor.run(toTx(set)), set);
    expect(dictionary.has(0x5eed5n)).toBe(false);
    // CopyY computes nothing new either, but its stored word is no argument of its own: kept.
    const copy = call('CopyY');
    harvestFeedback(dictionary, await executor.run(toTx(copy)), copy);
    expect(dictionary.has(0x5eed5n)).toBe(true);
  });
});
