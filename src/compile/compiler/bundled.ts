import solcPackage from 'solc/package.json' with { type: 'json' };
import type { SolcJs } from './soljson.js';

/** The solc-js that ships inside Lookout (the `solc` dependency); no download ever needed. */
export const BUNDLED_VERSION: string = solcPackage.version;

let loaded: Promise<SolcJs> | undefined;

export function loadBundled(): Promise<SolcJs> {
  // soljson reads the CommonJS `__dirname`, which an ESM bundle (dist/) does not define.
  (globalThis as { __dirname?: string }).__dirname ??= import.meta.dirname ?? '.';
  loaded ??= import('solc').then((module) => module.default as SolcJs);
  return loaded;
}
