import {
  addressText,
  bytesText,
  count,
  customErrorText,
  duration,
  etherChangeText,
  etherText,
  fixedBytesText,
  instanceName,
  integerText,
  signatureParameters,
  stringText,
  tokenAmountText,
  truncated,
  valueText,
  waitText,
} from '../../src/abi/vocabulary.js';

const MAX256 = 2n ** 256n - 1n;

describe('integerText', () => {
  it.each([
    [7n, 'uint256', '7'],
    [999_999n, 'uint256', '999999'],
    [MAX256, 'uint256', 'type(uint256).max'],
    [MAX256 - 4n, 'uint256', 'type(uint256).max - 4'],
    [2n ** 255n, 'uint256', '2**255'],
    [2n ** 128n, 'uint256', '2**128'],
    [2n ** 64n - 1n, 'uint256', '2**64 - 1'],
    [2n ** 100n + 3n, 'uint256', '2**100 + 3'],
    [-(2n ** 255n), 'int256', 'type(int256).min'],
    [-(2n ** 255n) + 2n, 'int256', 'type(int256).min + 2'],
    [2n ** 127n - 1n, 'int128', 'type(int128).max'],
    [-(2n ** 100n), 'int256', '-(2**100)'],
    [5n * 10n ** 18n, 'uint256', '5e18'],
    [1_234_567_891n, 'uint256', '1_234_567_891'],
    [-1_234_567_891n, 'int64', '-1_234_567_891'],
  ])('%s as %s is %s', (value, type, text) => {
    expect(integerText(value, type)).toBe(text);
  });
});

describe('etherText', () => {
  it.each([
    [0n, '0'],
    // The unit by size: never 0.000000000000000001 ether (issue 30).
    [1n, '1 wei'],
    [10n ** 9n, '1 gwei'],
    [10n ** 9n - 1n, '999999999 wei'],
    [5n * 10n ** 17n, '0.5 ether'],
    [10n ** 18n, '1 ether'],
    [15n * 10n ** 17n, '1.5 ether'],
    [20n * 10n ** 9n, '20 gwei'],
    [3n, '3 wei'],
    [1000n, '1000 wei'],
    [1_234_567_890_123_456_789n, '1234567890123456789 wei'],
  ])('%s wei is %s', (wei, text) => {
    expect(etherText(wei)).toBe(text);
  });
});

describe('bytes, strings and addresses', () => {
  it('shortens bytes32 zero and small numbers, keeps other fixed bytes whole', () => {
    expect(fixedBytesText(`0x${'0'.repeat(64)}`, 'bytes32')).toBe('bytes32(0)');
    expect(fixedBytesText(`0x${'0'.repeat(62)}05`, 'bytes32')).toBe('bytes32(uint256(5))');
    expect(fixedBytesText('0x12345678', 'bytes4')).toBe('bytes4(0x12345678)');
    expect(bytesText('0x')).toBe('""');
    expect(bytesText('0x00FF')).toBe('hex"00ff"');
  });

  it('quotes strings as Solidity literals', () => {
    expect(stringText('a "b"\n')).toBe('"a \\"b\\"\\n"');
    expect(stringText('café')).toBe('unicode"café"');
    expect(stringText('a\udcf8')).toBe('string(bytes(hex"61f8"))');
  });

  it('names known accounts, writes zero as address(0) and others checksummed', () => {
    const names = new Map([['0x0000000000000000000000000000000000020000', 'alice']]);
    expect(addressText('0x0000000000000000000000000000000000020000', names)).toBe('alice');
    expect(addressText('0x0000000000000000000000000000000000000000', names)).toBe('address(0)');
    expect(addressText('0xd8da6bf26964af9d7eed9e03e53415d37aa96045', names)).toBe('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045');
  });
});

describe('valueText', () => {
  it('formats arguments by their ABI types, arrays and tuples included', () => {
    const params = signatureParameters('f(uint256,address[],(bytes32,int8),string,bool)')!;
    const names = new Map([['0x0000000000000000000000000000000000010000', 'deployer']]);
    const values = [MAX256.toString(), ['0x0000000000000000000000000000000000010000'], [`0x${'0'.repeat(64)}`, '-128'], 'hi', true];
    expect(params.map((p, i) => valueText(p, values[i], names))).toEqual(['type(uint256).max', '[deployer]', '(bytes32(0), -128)', '"hi"', 'true']);
  });

  it('returns undefined for a signature that does not parse', () => {
    expect(signatureParameters('not a signature(')).toBeUndefined();
  });
});

describe('instanceName', () => {
  it.each([
    ['Auction', 'auction'],
    ['ERC20Token', 'erc20Token'],
    ['WETH', 'weth'],
    ['MyToken', 'myToken'],
  ])('%s → %s', (name, instance) => {
    expect(instanceName(name)).toBe(instance);
  });
});

describe('etherChangeText', () => {
  it('signs a change in the unit its size asks for', () => {
    expect(etherChangeText(1n)).toBe('+1 wei');
    expect(etherChangeText(-(5n * 10n ** 17n))).toBe('−0.5 ether');
  });
});

describe('tokenAmountText', () => {
  it('writes whole tokens with digit grouping when the token has decimals', () => {
    expect(tokenAmountText(2000n * 10n ** 18n, 18)).toBe('2,000');
    expect(tokenAmountText(2000n * 10n ** 18n - 3n, 18)).toBe('1,999.999999999999999997');
    expect(tokenAmountText(5n * 10n ** 5n, 6)).toBe('0.5');
  });

  it('writes a token without decimals as an integer', () => {
    expect(tokenAmountText(2n ** 128n, null)).toBe('2**128');
    expect(tokenAmountText(7n, null)).toBe('7');
    expect(tokenAmountText(7n, 0)).toBe('7');
  });
});

describe('durations', () => {
  it.each([
    [1, '1 s'],
    [3600, '1 h'],
    [86_400, '1 day'],
    [90_061, '1 day 1 h 1 min 1 s'],
    [2 * 86_400 + 60, '2 days 1 min'],
  ])('a wait of %s s is %s, exactly', (seconds, text) => {
    expect(waitText(seconds)).toBe(text);
  });

  it('rounds a time the run took to two units', () => {
    expect(duration(400)).toBe('0.4 s');
    expect(duration(185_000)).toBe('3 min 5 s');
    expect(duration(86_400_000)).toBe('1 day');
    expect(duration(90_061_000)).toBe('1 day 1 h');
  });

  it('groups counts', () => {
    expect(count(23_587)).toBe('23,587');
  });
});

describe('truncated', () => {
  it('keeps both ends of a value too long for a narrow column', () => {
    const long = integerText(2n ** 250n + 12_345n, 'uint256');
    expect(long.length).toBeGreaterThan(70);
    const short = truncated(long, 24);
    expect(short).toHaveLength(24);
    expect(short).toMatch(/^\d[\d_]+…[\d_]+\d$/);
    expect(short.startsWith(long.slice(0, 10))).toBe(true);
    expect(short.endsWith(long.slice(-10))).toBe(true);
  });

  it('leaves what fits', () => {
    expect(truncated('type(uint256).max - 4', 24)).toBe('type(uint256).max - 4');
  });
});

describe('customErrorText', () => {
  it('names the arguments as the ABI names them, values in the vocabulary', () => {
    const inputs = [
      { name: 'sender', type: 'address' },
      { name: 'balance', type: 'uint256' },
      { name: 'needed', type: 'uint256' },
    ];
    const names = new Map([['0x0000000000000000000000000000000000040000', 'attacker']]);
    expect(customErrorText('ERC20InsufficientBalance', inputs, ['0x0000000000000000000000000000000000040000', 0n, 2n ** 128n], names)).toBe(
      'ERC20InsufficientBalance(sender: attacker, balance: 0, needed: 2**128)',
    );
  });

  it('is positional where the ABI leaves a name out, and reads a record as viem gives one', () => {
    expect(customErrorText('Fee', [{ name: '', type: 'uint256' }], [24n], new Map())).toBe('Fee(24)');
    expect(customErrorText('Late', [{ name: 'by', type: 'uint256' }], { by: 5n }, new Map())).toBe('Late(by: 5)');
  });
});
