/** Echidna's and Medusa's corpus files as Lookout reads them into saved inputs (issue 33 item 3): the formats of their own writers. */
import type { AbiFunction } from 'viem';
import { echidnaInput, medusaInput } from '../../../src/fuzz/index.js';

const SENDER = '0x0000000000000000000000000000000000010000';

describe('echidnaInput', () => {
  it('reads calls with their ABI values, Haskell-shown bytes and strings, and moves a NoCall wait onto the next call', () => {
    const corpus = [
      {
        call: { tag: 'NoCall' },
        src: '0x10000',
        dst: '0x00a329c0648769a73afac7f9381e08fb43dbea72',
        value: '0x0',
        gas: 12500000,
        gasprice: '0x0',
        delay: ['0x3c', '0x2'],
      },
      {
        call: {
          tag: 'SolCall',
          contents: [
            'tag',
            [
              { tag: 'AbiUInt', contents: [256, '1000'] },
              { tag: 'AbiString', contents: '"ab\\NUL\\195\\169\\SO\\&H"' },
              { tag: 'AbiBytesDynamic', contents: '"\\DEL\\t"' },
              { tag: 'AbiAddress', contents: '20000' },
              { tag: 'AbiArrayDynamic', contents: [{ tag: 'AbiBoolType' }, [{ tag: 'AbiBool', contents: true }]] },
            ],
          ],
        },
        src: '0x10000',
        dst: '0x00a329c0648769a73afac7f9381e08fb43dbea72',
        value: '0x5',
        gas: 12500000,
        gasprice: '0x0',
        delay: ['0x1', '0x1'],
      },
    ];
    expect(echidnaInput(corpus, 'CryticTester')).toEqual([
      {
        sender: SENDER,
        to: 'CryticTester',
        function: 'tag(uint256,string,bytes,address,bool[])',
        args: ['1000', `ab\u0000\u00e9\u000eH`, '0x7f09', '0x0000000000000000000000000000000000020000', [true]],
        value: '5',
        timeDelay: 61,
        blockDelay: 3,
      },
    ]);
  });

  it('reads the keys of Echidna before 2.1 (a leading underscore), and nothing that is not a call sequence', () => {
    const old = [{ _call: { tag: 'SolCall', contents: ['poke', []] }, _src: '0x10000', _dst: '0x1', _value: '0', _delay: ['0', '0'] }];
    expect(echidnaInput(old, 'Harness')).toEqual([{ sender: SENDER, to: 'Harness', function: 'poke()', args: [], value: '0', timeDelay: 0, blockDelay: 0 }]);
    expect(echidnaInput({ not: 'a list' }, 'Harness')).toBeUndefined();
    expect(echidnaInput([{ call: { tag: 'SolCallData', contents: '0x' }, src: '0x10000', value: '0', delay: ['0', '0'] }], 'Harness')).toBeUndefined();
  });
});

describe('medusaInput', () => {
  const fn = (name: string, inputs: AbiFunction['inputs']): AbiFunction => ({ type: 'function', name, inputs, outputs: [], stateMutability: 'nonpayable' });
  const harness = {
    name: 'CryticTester',
    functions: [
      fn('pool_deposit', [{ name: 'amount', type: 'uint8' }]),
      fn('settle', [
        {
          name: 'order',
          type: 'tuple',
          components: [
            { name: 'maker', type: 'address' },
            { name: 'sizes', type: 'uint16[]' },
          ],
        },
      ]),
      fn('twice', []),
      fn('twice', [{ name: 'x', type: 'uint256' }]),
    ],
  };
  const call = (methodName: string, inputValues: unknown[], extra: object = {}) => ({
    call: { from: '0x0000000000000000000000000000000000010000', to: '0x1', value: '0x0', data: '0x', dataAbiValues: { methodName, inputValues }, ...extra },
    blockNumberDelay: 2,
    blockTimestampDelay: 30,
  });

  it('resolves methods by name in the harness ABI, lists a struct’s fields in order and writes small integers as decimal strings', () => {
    const input = medusaInput(
      [call('pool_deposit', [7]), call('settle', [{ sizes: [1, 2], maker: '0x0000000000000000000000000000000000020000' }], { value: '0x10' })],
      harness,
    );
    expect(input).toEqual([
      { sender: SENDER, to: 'CryticTester', function: 'pool_deposit(uint8)', args: ['7'], value: '0', blockDelay: 2, timeDelay: 30 },
      {
        sender: SENDER,
        to: 'CryticTester',
        function: 'settle((address,uint16[]))',
        args: [['0x0000000000000000000000000000000000020000', ['1', '2']]],
        value: '16',
        blockDelay: 2,
        timeDelay: 30,
      },
    ]);
  });

  it('keeps only the name of a method gone or now overloaded (the restore check drops it), and reads no raw calldata', () => {
    expect(medusaInput([call('twice', [5]), call('pool_liquidate', ['0x0000000000000000000000000000000000020000'])], harness)!.map((c) => c.function)).toEqual([
      'twice()',
      'pool_liquidate()',
    ]);
    const raw = {
      call: { from: '0x0000000000000000000000000000000000010000', to: '0x1', value: '0x0', data: '0x1234' },
      blockNumberDelay: 0,
      blockTimestampDelay: 0,
    };
    expect(medusaInput([raw], harness)).toBeUndefined();
  });
});
