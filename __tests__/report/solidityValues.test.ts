import {
  addressText,
  bytesText,
  etherText,
  fixedBytesText,
  instanceName,
  integerText,
  signatureParameters,
  stringText,
  valueText,
} from '../../src/report/solidityValues.js';

const MAX256 = 2n ** 256n - 1n;

describe('integerText', () => {
  it.each([
    [7n, 'uint256', '7'],
    [999_999n, 'uint256', '999999'],
    [MAX256, 'uint256', 'type(uint256).max'],
    [MAX256 - 4n, 'uint256', 'type(uint256).max - 4'],
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
