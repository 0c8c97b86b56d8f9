/** A reentrancy finding in the report's renderers: the attacker's calls read as what they forward. */
import { renderSarif } from '../../src/report/sarif.js';
import { renderText } from '../../src/report/text.js';
import { finding, report } from './sampleReport.js';

const reentrancy = finding({
  kind: 'reentrancy',
  panicCode: null,
  contract: 'ReentrantBank',
  function: 'withdraw()',
  message: 'ReentrantBank (0xb0) was re-entered through withdraw() by the attacker it called',
  sequence: [
    { sender: '0x01', contract: 'ReentrantBank', function: 'deposit()', args: [], value: '2', calldata: '0xd0e30db0', blockDelay: 0, timeDelay: 0 },
    {
      sender: '0x02',
      contract: 'ReentrantBank',
      function: 'deposit()',
      args: [],
      value: '1',
      calldata: '0x99be0448',
      blockDelay: 0,
      timeDelay: 0,
      attacker: { reenters: null },
    },
    {
      sender: '0x02',
      contract: 'ReentrantBank',
      function: 'withdraw(uint256)',
      args: ['1'],
      value: '0',
      calldata: '0x99be0448',
      blockDelay: 0,
      timeDelay: 0,
      attacker: { reenters: { function: 'withdraw(uint256)', args: ['1'] } },
    },
  ],
});

it('the text summary names the re-entered function and says which calls went through the attacker', () => {
  const text = renderText(report({ findings: [reentrancy] }));
  expect(text).toContain('[reentrancy] ReentrantBank.withdraw() at');
  expect(text).toContain('1. 0x01: reentrantBank.deposit{value: 2 wei}()\n');
  expect(text).toContain("2. 0x02: reentrantBank.deposit{value: 1 wei}() through Lookout's attacker, which does not re-enter");
  expect(text).toContain("3. 0x02: reentrantBank.withdraw(1) through Lookout's attacker, which re-enters with withdraw(1)");
});

it('SARIF has a rule for the kind', () => {
  const [run] = renderSarif(report({ findings: [reentrancy] })).runs;
  expect(run.tool.driver.rules!.map((r) => [r.id, r.name])).toEqual([['lookout/reentrancy', 'Reentrancy']]);
  // The message names the re-entered function itself, so the result names it only there.
  expect(run.results![0].message.text).toMatch(/^reentrancy: ReentrantBank \(0xb0\) was re-entered through withdraw\(\) /);
});
