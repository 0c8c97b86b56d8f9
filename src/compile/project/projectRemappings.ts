import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { isConfigurationError } from '../../errors.js';
import { parseRemapping, parseRemappingLines, type Remapping } from '../remappings.js';
import { unitName } from '../sourceFiles.js';
import { detectRemappings } from './detectRemappings.js';
import { parseFoundryConfig, type Environment } from './foundryToml.js';
import { defaultLibs, defaultSrc } from './layout.js';

/** Where remappings come from, strongest first (forge's order). */
export interface RemappingSources {
  /** FOUNDRY_REMAPPINGS. */
  environment: Remapping[];
  /** The root's remappings.txt. */
  file: Remapping[];
  /** foundry.toml `remappings`. */
  config: Remapping[];
  /** Found in the library folders (their packages' own configs and forge's detection); undefined when auto-detection is off. */
  detected?: Remapping[];
  /** The project's src, test and script folders: no library may remap them. */
  projectFolders: string[];
}

// A detected alias this broad would shadow the project's own folders.
const UNSAFE_ALIASES = new Set(['lib/', 'src/', 'contracts/']);

const withSlash = (text: string): string => (text.endsWith('/') || text.endsWith('.sol') ? text : `${text}/`);

/** As forge hands remappings to solc: prefix and target end in `/` unless they name a .sol file. */
export function normaliseRemapping(remapping: Remapping): Remapping {
  return { context: remapping.context, prefix: withSlash(remapping.prefix), target: withSlash(remapping.target) };
}

const sameKey = (a: Remapping, b: Remapping): boolean => a.context === b.context && a.prefix === b.prefix;

/** forge's choice among detected remappings of one prefix: the shortest target, then one ending in `src/`, then by name. */
function closer(a: Remapping, b: Remapping): boolean {
  const score = (r: Remapping): [number, number, string] => [r.target.split('/').length, r.target.endsWith('src/') ? 0 : 1, r.target];
  const [sa, sb] = [score(a), score(b)];
  return sa[0] !== sb[0] ? sa[0] < sb[0] : sa[1] !== sb[1] ? sa[1] < sb[1] : sa[2] < sb[2];
}

/**
 * The remappings forge computes: explicit ones (environment, then remappings.txt, then foundry.toml; the
 * first of a context and prefix wins), then one detected remapping per prefix, unless an explicit one
 * covers that prefix (`forge-std/` also covers `forge-std/src/`), it remaps a project folder, or it is
 * an alias as broad as `src/`.
 */
export function mergeRemappings(sources: RemappingSources): Remapping[] {
  const result: Remapping[] = [];
  for (const remapping of [...sources.environment, ...sources.file, ...sources.config].map(normaliseRemapping)) {
    if (!result.some((r) => sameKey(r, remapping))) result.push(remapping);
  }
  const chosen: Remapping[] = [];
  for (const candidate of (sources.detected ?? []).map(normaliseRemapping)) {
    const index = chosen.findIndex((r) => sameKey(r, candidate));
    if (index < 0) chosen.push(candidate);
    else if (closer(candidate, chosen[index])) chosen[index] = candidate;
  }
  chosen.sort((a, b) => (a.context + a.prefix < b.context + b.prefix ? -1 : 1));
  const projectFolders = sources.projectFolders.map((f) => withSlash(f).toLowerCase());
  for (const candidate of chosen) {
    const covered = result.some((r) => r.context === candidate.context && candidate.prefix.startsWith(withSlash(r.prefix)));
    const projectFolder = projectFolders.includes(candidate.prefix.toLowerCase());
    if (!covered && !projectFolder && !UNSAFE_ALIASES.has(candidate.prefix)) result.push(candidate);
  }
  return result;
}

/** A package whose foundry.toml names a source folder forge's detection would not guess. */
interface PackageEntry {
  packageUnit: string;
  remapping: Remapping;
}

/** A package's remapping, written relative to the package, made relative to the project root. */
function rebase(remapping: Remapping, packageUnit: string): Remapping {
  // normalize keeps a trailing slash, which marks a prefix boundary.
  const join = (p: string): string => (path.posix.isAbsolute(p) ? p : path.posix.normalize(`${packageUnit}/${p}`));
  return { context: remapping.context === '' ? '' : join(remapping.context), prefix: remapping.prefix, target: join(remapping.target) };
}

interface PackageConfig {
  src: string;
  libs: string[];
  /** Its foundry.toml `remappings` and remappings.txt, as written (relative to the package). */
  remappings: Remapping[];
}

/** A library package's own configuration, or undefined when its foundry.toml cannot be read (forge skips it too). */
function readPackage(directory: string, unit: string, env: Environment): PackageConfig | undefined {
  try {
    const { values } = parseFoundryConfig(readFileSync(path.join(directory, 'foundry.toml'), 'utf8'), `${unit}/foundry.toml`, env);
    const txt = path.join(directory, 'remappings.txt');
    return {
      src: values.src ?? defaultSrc(directory),
      libs: values.libs ?? defaultLibs(directory),
      remappings: [
        ...(values.remappings ?? []).map((r) => parseRemapping(r, `${unit}/foundry.toml`)),
        ...(existsSync(txt) ? parseRemappingLines(readFileSync(txt, 'utf8'), `${unit}/remappings.txt`) : []),
      ],
    };
  } catch (error) {
    if (isConfigurationError(error)) return undefined;
    throw error;
  }
}

/**
 * Remappings the packages (folders with a foundry.toml) in the library folders declare, rebased onto
 * the package, recursively through their own library folders; plus `<package>/=<package>/<src>/` for a
 * package whose foundry.toml names a source folder forge's detection would not guess (not `src` or
 * `contracts`). Newer forge also adds that entry when a standard source folder is missing; forge 1.7
 * does not, and neither does Lookout.
 */
function packageRemappings(root: string, libs: readonly string[], env: Environment): { declared: Remapping[]; entries: PackageEntry[] } {
  const declared: Remapping[] = [];
  const entries: PackageEntry[] = [];
  const seen = new Set<string>([realpathSync(root)]);
  const pending = libs.map((lib) => path.resolve(root, lib));
  for (let folder = pending.shift(); folder !== undefined; folder = pending.shift()) {
    let children: string[];
    try {
      children = readdirSync(folder)
        .sort()
        .map((name) => path.join(folder, name));
    } catch {
      continue; // a configured library folder that does not exist
    }
    for (const directory of children.filter((d) => existsSync(path.join(d, 'foundry.toml')))) {
      const real = realpathSync(directory);
      if (seen.has(real)) continue;
      seen.add(real);
      const unit = unitName(root, directory);
      const config = readPackage(directory, unit, env);
      if (config === undefined) continue;
      declared.push(...config.remappings.map((r) => rebase(r, unit)));
      if (!['src', 'contracts', 'lib'].includes(config.src) && existsSync(path.join(directory, config.src))) {
        const remapping = { context: '', prefix: `${path.basename(directory)}/`, target: `${path.posix.normalize(`${unit}/${config.src}`)}/` };
        entries.push({ packageUnit: unit, remapping });
      }
      pending.push(...config.libs.map((lib) => path.resolve(directory, lib)));
    }
  }
  return { declared, entries };
}

/** Detected remappings in every library folder; a package entry replaces forge's guess for that package. */
function libraryRemappings(root: string, libs: readonly string[], env: Environment): Remapping[] {
  const { declared, entries } = packageRemappings(root, libs, env);
  const detected = libs
    .filter((lib) => path.basename(lib) !== 'node_modules')
    .flatMap((lib) => detectRemappings(root, lib))
    .filter((r) => !entries.some((e) => e.remapping.prefix === r.prefix && r.target.startsWith(`${e.packageUnit}/`)));
  return [...declared, ...entries.map((e) => e.remapping), ...detected];
}

export interface ProjectRemappingOptions {
  root: string;
  libs: readonly string[];
  src: string;
  test: string;
  script: string;
  /** foundry.toml `remappings`. */
  config: readonly string[];
  configFile: string;
  autoDetect: boolean;
  env: Environment;
}

/** The remappings forge would use for the project at `options.root`. */
export function readProjectRemappings(options: ProjectRemappingOptions): Remapping[] {
  const { root, env } = options;
  const txt = path.join(root, 'remappings.txt');
  return mergeRemappings({
    environment: parseRemappingLines(env.FOUNDRY_REMAPPINGS ?? env.DAPP_REMAPPINGS ?? '', 'the FOUNDRY_REMAPPINGS environment variable'),
    file: existsSync(txt) ? parseRemappingLines(readFileSync(txt, 'utf8'), 'remappings.txt') : [],
    config: options.config.map((r) => parseRemapping(r, `${options.configFile} "remappings"`)),
    detected: options.autoDetect ? libraryRemappings(root, options.libs, env) : undefined,
    projectFolders: [options.src, options.test, options.script],
  });
}
