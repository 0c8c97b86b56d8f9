import { spawn } from 'node:child_process';
import { ConfigurationError } from '../../errors.js';
import type { CompilerSource, SolcCompiler } from './types.js';
import { isRelease } from './version.js';

interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(binary: string, args: readonly string[], stdin: string): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    // A compiler that dies before reading all its input closes the pipe; its exit status tells why.
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => reject(new ConfigurationError(`Cannot run the solc binary ${binary}: ${error.message}`)));
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') }));
    child.stdin.end(stdin);
  });
}

function failure(binary: string, args: readonly string[], result: ProcessResult, what: string): ConfigurationError {
  const said = (result.stderr || result.stdout).trim().slice(-2000);
  return new ConfigurationError(
    `The solc binary ${binary} (${[binary, ...args].join(' ')}) ${what}${said ? `:\n${said}` : ''}\n` +
      'Reinstall it, or remove it so Lookout obtains another copy.',
  );
}

/**
 * A native solc: asks it `--version` (which also proves it runs on this machine and is the version
 * its path claims), then runs one `--standard-json` process per compilation.
 */
export async function nativeCompiler(binary: string, version: string, source: CompilerSource): Promise<SolcCompiler> {
  const probe = await run(binary, ['--version'], '');
  const longVersion = /Version: (\S+)/.exec(probe.stdout)?.[1];
  if (probe.code !== 0 || !longVersion) throw failure(binary, ['--version'], probe, 'does not say its version');
  if (!isRelease(longVersion, version)) {
    throw new ConfigurationError(`The solc binary ${binary} is ${longVersion}, not ${version}; remove it or reinstall ${version}.`);
  }
  return {
    version,
    longVersion,
    source,
    async compile(input: object): Promise<unknown> {
      const args = ['--standard-json'];
      const result = await run(binary, args, JSON.stringify(input));
      if (result.code !== 0) throw failure(binary, args, result, `exited with status ${result.code}`);
      try {
        return JSON.parse(result.stdout) as unknown;
      } catch {
        throw failure(binary, args, result, 'printed output that is not standard JSON');
      }
    },
  };
}
