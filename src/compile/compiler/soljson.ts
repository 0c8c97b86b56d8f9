import { createRequire } from 'node:module';
import wrapper from 'solc/wrapper.js';
import type { CompilerSource, SolcCompiler } from './types.js';
import { isRelease } from './version.js';

/** The parts of a wrapped solc-js Lookout calls. */
export interface SolcJs {
  version(): string;
  compile(input: string): string;
}

// Loading a soljson takes ~0.5 s and ~100 MB, so each version is loaded once per process.
const loaded = new Map<string, SolcJs>();

/**
 * Loads an emscripten soljson file (cache, download, npm) and wraps it as the `solc` package does.
 * The path is a runtime value on purpose: the ncc bundle must leave this `require` to Node.
 */
export function loadSoljson(version: string, file: string): SolcJs {
  const known = loaded.get(version);
  if (known) return known;
  const requireFile = createRequire(import.meta.url);
  const solc = wrapper(requireFile(file)) as SolcJs;
  if (!isRelease(solc.version(), version)) throw new Error(`${file} is solc ${solc.version()}, not ${version}`);
  loaded.set(version, solc);
  return solc;
}

export function soljsonCompiler(solc: SolcJs, version: string, source: CompilerSource): SolcCompiler {
  const longVersion = solc.version();
  return {
    version,
    longVersion,
    source,
    async compile(input: object): Promise<unknown> {
      const output = solc.compile(JSON.stringify(input));
      try {
        return JSON.parse(output) as unknown;
      } catch {
        throw new Error(`solc-js ${longVersion} returned output that is not JSON: ${output.slice(0, 200)}`);
      }
    },
  };
}
