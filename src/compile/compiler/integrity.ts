import { createHash } from 'node:crypto';
import { ConfigurationError } from '../../errors.js';

/** A download whose bytes are not the ones its publisher listed. Never cached, never run. */
export class IntegrityError extends ConfigurationError {
  constructor(what: string, detail: string) {
    super(`Rejected ${what}: ${detail}. Nothing was cached; the mirror or registry serves a corrupt or altered file.`);
    this.name = 'IntegrityError';
  }
}

/** Checks bytes against a release list's `sha256` (hex, with or without `0x`). */
export function verifySha256(bytes: Uint8Array, expected: string, what: string): void {
  const want = expected.toLowerCase().replace(/^0x/, '');
  const actual = createHash('sha256').update(bytes).digest('hex');
  if (actual !== want) throw new IntegrityError(what, `its sha256 is ${actual}, the release list says ${want}`);
}

// Strongest first, as npm's ssri picks.
const SRI_ALGORITHMS = ['sha512', 'sha384', 'sha256', 'sha1'] as const;

/** Checks bytes against a Subresource Integrity string such as npm's `dist.integrity` (`sha512-<base64>`). */
export function verifyIntegrity(bytes: Uint8Array, integrity: string, what: string): void {
  const hashes = integrity
    .trim()
    .split(/\s+/)
    .map((entry) => {
      const dash = entry.indexOf('-');
      return { algorithm: entry.slice(0, dash), digest: entry.slice(dash + 1).replace(/\?.*$/, '') };
    });
  const algorithm = SRI_ALGORITHMS.find((a) => hashes.some((h) => h.algorithm === a));
  if (!algorithm) throw new IntegrityError(what, `its integrity "${integrity}" names no hash Lookout can check`);
  const actual = createHash(algorithm).update(bytes).digest('base64');
  const expected = hashes.filter((h) => h.algorithm === algorithm).map((h) => h.digest);
  if (!expected.includes(actual)) {
    throw new IntegrityError(what, `its ${algorithm} is ${actual}, the registry says ${expected.join(' or ')}`);
  }
}
