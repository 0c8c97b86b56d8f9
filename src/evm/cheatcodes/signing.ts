import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes, type Hex } from 'viem';
import { CheatcodeError, type CheatcodeDefinition } from './types.js';

function secretKey(key: unknown): Uint8Array {
  const value = key as bigint;
  if (value === 0n || value >= secp256k1.Point.CURVE().n) throw new CheatcodeError('private key must be in the range 1 .. secp256k1n - 1');
  return hexToBytes(`0x${value.toString(16).padStart(64, '0')}`);
}

/** The Ethereum address of a private key: the last 20 bytes of keccak256 of the uncompressed public key. */
export function addressOf(key: bigint): Hex {
  const publicKey = secp256k1.getPublicKey(secretKey(key), false);
  return bytesToHex(keccak_256(publicKey.subarray(1)).subarray(12));
}

/** RFC 6979 deterministic, low-s signature of a 32-byte digest (no hashing), v = 27 + recovery id. */
export function signDigest(key: bigint, digest: Hex): { v: number; r: Hex; s: Hex } {
  const bytes = secp256k1.sign(hexToBytes(digest), secretKey(key), { prehash: false, format: 'recovered' });
  const signature = secp256k1.Signature.fromBytes(bytes, 'recovered');
  const hex = (n: bigint): Hex => `0x${n.toString(16).padStart(64, '0')}`;
  return { v: 27 + (signature.recovery ?? 0), r: hex(signature.r), s: hex(signature.s) };
}

export const signingCheatcodes: readonly CheatcodeDefinition[] = [
  { signature: 'function addr(uint256 privateKey) returns (address keyAddr)', run: ([key]) => [addressOf(key as bigint)] },
  {
    signature: 'function sign(uint256 privateKey, bytes32 digest) returns (uint8 v, bytes32 r, bytes32 s)',
    run: ([key, digest]) => {
      const { v, r, s } = signDigest(key as bigint, digest as Hex);
      return [v, r, s];
    },
  },
];
