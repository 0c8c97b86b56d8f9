/**
 * The file a run's reproducers share when the project has no forge-std: the cheatcodes they use, the
 * `ReproducerBase` they inherit and their helpers, written once beside them instead of 30 lines
 * opening every reproducer.
 */
export const REPRODUCER_BASE_FILE = 'LookoutBase.sol';

/** Free functions of the base a reproducer imports when it calls them (with forge-std it declares them itself). */
export const BASE_HELPERS = ['createdBy', 'rethrow'] as const;

/** The oldest compiler a reproducer builds with: free functions (the base's helpers) came in 0.7.1. */
export const OLDEST_REPRODUCER_SOLC = '0.7.1';

/**
 * The base's source. Its pragma spans every compiler a reproducer may pin (free functions came in
 * 0.7.1), as forge-std's files do: each run compiles it with the reproducer's own compiler.
 */
export function reproducerBaseSource(): string {
  return [
    '// SPDX-License-Identifier: UNLICENSED',
    `pragma solidity >=${OLDEST_REPRODUCER_SOLC} <0.9.0;`,
    '',
    "// Lookout's reproducers import this file: it stands in for forge-std, which the project does not have.",
    '',
    ...vmInterface('Vm'),
    '',
    "/// What a forge test needs without forge-std: forge's `IS_TEST` marker and `vm` at the cheatcode address.",
    'abstract contract ReproducerBase {',
    '    bool public IS_TEST = true;',
    `    ${cheatcodeHandle('Vm')}`,
    '}',
    '',
    ...helperSource('createdBy'),
    '',
    ...helperSource('rethrow'),
    '',
  ].join('\n');
}

/** The cheatcodes a reproducer uses, as an interface named `name`. */
export function vmInterface(name: string): string[] {
  return [
    `interface ${name} {`,
    '    function prank(address msgSender, address txOrigin) external;',
    '    function deal(address account, uint256 newBalance) external;',
    '    function etch(address target, bytes calldata newRuntimeBytecode) external;',
    '    function warp(uint256 newTimestamp) external;',
    '    function roll(uint256 newHeight) external;',
    '    function label(address account, string calldata newLabel) external;',
    '    function load(address target, bytes32 slot) external view returns (bytes32 data);',
    '    function store(address target, bytes32 slot, bytes32 value) external;',
    '    struct Log {',
    '        bytes32[] topics;',
    '        bytes data;',
    '        address emitter;',
    '    }',
    '    function recordLogs() external;',
    '    function getRecordedLogs() external returns (Log[] memory logs);',
    '}',
  ];
}

/** `vm`, at forge's cheatcode address. */
export function cheatcodeHandle(type: string): string {
  return `${type} internal constant vm = ${type}(address(uint160(uint256(keccak256("hevm cheat code")))));`;
}

/** A helper's declaration: the address a contract's `nonce`-th creation gets, and a low-level call's revert passed on. */
export function helperSource(helper: (typeof BASE_HELPERS)[number]): string[] {
  switch (helper) {
    case 'createdBy':
      return [
        '/// The address of the contract `creator` created with `nonce` (RLP of [creator, nonce], nonce < 128).',
        'function createdBy(address creator, uint8 nonce) pure returns (address) {',
        '    return address(uint160(uint256(keccak256(abi.encodePacked(bytes2(0xd694), creator, nonce == 0 ? bytes1(0x80) : bytes1(nonce))))));',
        '}',
      ];
    case 'rethrow':
      return [
        'function rethrow(bool success, bytes memory data) pure {',
        '    if (!success) {',
        '        assembly {',
        '            revert(add(data, 32), mload(data))',
        '        }',
        '    }',
        '}',
      ];
  }
}
