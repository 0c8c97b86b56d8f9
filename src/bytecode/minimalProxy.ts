import { bytesToHex } from 'viem';

/** EIP-1167's runtime code around the implementation's address (OpenZeppelin's `Clones`, Solady's `LibClone`). */
const PREFIX = '363d3d373d3d3d363d73';
const SUFFIX = '5af43d82803e903d91602b57fd5bf3';

/** The implementation an EIP-1167 minimal proxy delegates every call to, or undefined for other code. */
export function minimalProxyTarget(code: Uint8Array): `0x${string}` | undefined {
  const hex = bytesToHex(code).slice(2);
  if (hex.length !== PREFIX.length + 40 + SUFFIX.length || !hex.startsWith(PREFIX) || !hex.endsWith(SUFFIX)) return undefined;
  return `0x${hex.slice(PREFIX.length, PREFIX.length + 40)}`;
}
