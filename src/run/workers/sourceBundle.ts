import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

type Esbuild = typeof import('esbuild');

/** A script for worker threads to start from, and its removal once they have loaded it. */
export interface WorkerScript {
  url: URL;
  remove(): Promise<void>;
}

let bundled: Promise<string> | undefined;

/**
 * Run from source (tests, benchmarks), worker threads start from `entry` bundled by esbuild (tsx's own
 * transpiler, a devDependency like tsx), bundled once per process and written for each campaign into
 * a temporary folder of its own. A thread loads the bundle in half a second; behind tsx's loader it
 * took five, every thread, each module resolved through the loader's own thread.
 */
export async function sourceBundle(entry: URL): Promise<WorkerScript> {
  bundled ??= bundle(entry);
  const code = await bundled;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lookout-worker-'));
  const file = path.join(dir, 'worker.mjs');
  await writeFile(file, code);
  return { url: pathToFileURL(file), remove: () => rm(dir, { recursive: true, force: true }) };
}

async function bundle(entry: URL): Promise<string> {
  // Resolved at run time: the shipped bundle (dist/) never comes here and must not carry esbuild.
  const esbuild = (await import(pathToFileURL(createRequire(import.meta.url).resolve('esbuild')).href)) as Esbuild;
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(entry)],
    write: false,
    outfile: 'worker.mjs',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    // CommonJS dependencies inlined into an ES module still call require.
    banner: { js: "import { createRequire as lookoutRequire } from 'node:module'; const require = lookoutRequire(import.meta.url);" },
  });
  return result.outputFiles[0].text;
}
