import type { CompiledContract, ContractId } from '../compile/index.js';
import { PROJECT_CONFIG_FILE, type ContractPin, type ContractRef, type ProjectConfig } from '../config/index.js';
import { ConfigurationError, errorMessage } from '../errors.js';
import { constructorOf, isDeployable, type ContractCatalog } from './catalog.js';
import { configuredValues, contractReferences } from './configuredArgs.js';

/** A project configuration checked against the build: every reference names one contract. */
export interface ResolvedConfig {
  file: string;
  /** Contracts to deploy before the wanted ones, in order. */
  deploy: readonly CompiledContract[];
  /** Never deployed, with the key that says so. */
  skip: ReadonlyMap<ContractId, string>;
  pins: ReadonlyMap<ContractId, ContractPin>;
  /** The contract a reference (`Name` or `path/File.sol:Name`) at `key` names. */
  contract(ref: string, key: string): CompiledContract;
}

const PLACEHOLDER = `0x${'0'.repeat(40)}` as const;

/**
 * Resolves every contract the configuration names and checks pinned arguments against the
 * constructors' types (references as placeholders), so a bad entry fails before anything deploys.
 */
export function resolveConfig(config: ProjectConfig, catalog: ContractCatalog): ResolvedConfig {
  const file = config.file ?? PROJECT_CONFIG_FILE;
  const fail = (key: string, problem: string): never => {
    throw new ConfigurationError(`${file}: \`${key}\` ${problem}`);
  };
  const contract = (ref: string, key: string): CompiledContract => {
    const found = catalog.named(ref);
    if (found.length === 0) return fail(key, `names ${ref}, which is not a contract of this build.`);
    if (found.length > 1) {
      return fail(key, `names ${ref}, declared in ${found.map((c) => c.file).join(' and ')}: write "${found[0].file}:${ref}" instead.`);
    }
    return found[0];
  };
  const deployable = (entry: ContractRef): CompiledContract => {
    const found = contract(entry.ref, entry.key);
    if (!isDeployable(found) && found.kind !== 'library')
      fail(entry.key, `names ${entry.ref}, which is ${found.kind === 'interface' ? 'an interface' : 'abstract'} and cannot be deployed.`);
    return found;
  };

  const skip = new Map<ContractId, string>(config.skip.map((entry) => [contract(entry.ref, entry.key).id, entry.key]));
  const deploy = config.deploy.map(deployable);
  for (const [i, entry] of deploy.entries()) {
    const skippedBy = skip.get(entry.id);
    if (skippedBy !== undefined) fail(config.deploy[i].key, `names ${config.deploy[i].ref}, which \`${skippedBy}\` skips: keep one of the two.`);
  }
  const pins = new Map<ContractId, ContractPin>();
  for (const pin of config.contracts) {
    const target = deployable(pin);
    const earlier = pins.get(target.id);
    if (earlier !== undefined) fail(pin.key, `configures ${target.file}:${target.name} again (also \`${earlier.key}\`): merge the two.`);
    pins.set(target.id, pin);
    if (pin.args === undefined) continue;
    for (const reference of contractReferences(pin.args)) deployable(reference);
    try {
      configuredValues(pin.args, constructorOf(target).params, { contract: () => PLACEHOLDER, sender: () => PLACEHOLDER }, { file, key: pin.key });
    } catch (error) {
      // abiType rejects a parameter type no literal can stand for (e.g. a function type).
      if (!(error instanceof ConfigurationError)) fail(`${pin.key}.args`, `cannot be given: ${errorMessage(error)}.`);
      throw error;
    }
  }
  return { file, deploy, skip, pins, contract };
}
