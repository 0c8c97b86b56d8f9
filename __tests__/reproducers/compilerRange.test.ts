import { compilerTooOld, reproducerPragma } from '../../src/reproducers/plan.js';
import { reproducerBaseSource } from '../../src/reproducers/source/base.js';

describe('the compiler a reproducer is built with', () => {
  it("takes the finding's file's own pragma when the build's compiler satisfies it, else the build's version", () => {
    expect(reproducerPragma('pragma solidity ^0.8.20;\ncontract A {}', '0.8.28')).toBe('^0.8.20');
    expect(reproducerPragma('pragma solidity ^0.8.20;\ncontract A {}', '0.8.17')).toBe('^0.8.17');
    expect(reproducerPragma(undefined, '0.8.28')).toBe('^0.8.28');
  });

  it('writes none for a contract only a compiler older than the base accepts (Uniswap v2 is =0.5.16), and says why', () => {
    const reason = compilerTooOld('UniswapV2Pair', '0.5.16');
    expect(reason).toBe(
      "UniswapV2Pair is built with solc 0.5.16, and Lookout's Foundry reproducers need 0.7.1 or later: the transactions in the report replay the finding",
    );
    expect(compilerTooOld('Pool', '0.6.12')).toBeDefined();
    // The base's pragma starts where the refusal ends.
    expect(reproducerBaseSource()).toContain('pragma solidity >=0.7.1 <0.9.0;');
    for (const version of ['0.7.1', '0.7.6', '0.8.17', '0.8.37']) expect(compilerTooOld('Pool', version)).toBeUndefined();
  });
});
