import { accountLegend } from '../../src/run/accountLegend.js';
import type { HarnessSetup } from '../../src/fuzz/index.js';

const own = [
  { name: 'deployer', address: '0x0000000000000000000000000000000000010000' },
  { name: 'alice', address: '0x0000000000000000000000000000000000020000' },
];
/** Echidna's defaults: 0x30000 deploys the harness and is a sender too. */
const echidna = {
  deployer: '0x0000000000000000000000000000000000030000',
  senders: ['0x0000000000000000000000000000000000010000', '0x0000000000000000000000000000000000020000', '0x0000000000000000000000000000000000030000'],
} as Pick<HarnessSetup, 'deployer' | 'senders'> as HarnessSetup;

describe('accountLegend', () => {
  it("names a harness's accounts for what they are when only harnesses ran: its deployer, then sender1, sender2", () => {
    expect(accountLegend(own, false, [echidna])).toEqual([
      { name: 'deployer', address: echidna.deployer },
      { name: 'sender1', address: echidna.senders[0] },
      { name: 'sender2', address: echidna.senders[1] },
    ]);
  });

  it("keeps Lookout's names where its own deployment was fuzzed, and names the harness's other accounts apart", () => {
    expect(accountLegend(own, true, [echidna])).toEqual([...own, { name: 'deployer2', address: echidna.deployer }]);
  });

  it("is Lookout's own legend when no harness ran", () => {
    expect(accountLegend(own, false, [])).toEqual(own);
  });
});
