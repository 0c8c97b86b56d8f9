import { chooseEvmVersion, type EvmVersion } from '../../../src/compile/project/evmVersion.js';
import { standardJsonSettings } from '../../../src/compile/project/standardJson.js';
import type { ProjectSettings } from '../../../src/compile/project/types.js';
import { parseRemapping } from '../../../src/compile/remappings.js';

const project = (overrides: Partial<ProjectSettings> = {}): ProjectSettings => ({
  root: '/project',
  profile: 'default',
  src: 'src',
  test: 'test',
  script: 'script',
  libs: ['lib'],
  remappings: [],
  autoDetectSolc: true,
  ffi: false,
  optimizer: { enabled: false, runs: 200 },
  viaIR: false,
  libraries: [],
  bytecodeHash: 'ipfs',
  cborMetadata: true,
  invariant: { failOnRevert: false },
  warnings: [],
  ...overrides,
});

describe('chooseEvmVersion', () => {
  it.each<[EvmVersion | undefined, string, EvmVersion | undefined, boolean]>([
    // forge's default (osaka) capped at what each compiler knows, then at the executor's prague, silently
    [undefined, '0.8.17', 'london', false],
    [undefined, '0.8.20', 'shanghai', false],
    [undefined, '0.8.24', 'cancun', false],
    [undefined, '0.8.27', 'prague', false],
    [undefined, '0.8.30', 'prague', false],
    [undefined, '0.7.6', 'istanbul', false],
    [undefined, '0.5.3', 'constantinople', false],
    [undefined, '0.4.20', undefined, false],
    // an explicit request
    ['paris', '0.8.17', 'london', false],
    ['byzantium', '0.8.17', 'byzantium', false],
    ['shanghai', '0.8.30', 'shanghai', false],
    ['petersburg', '0.5.0', 'constantinople', false],
    ['osaka', '0.8.30', 'prague', true],
    ['osaka', '0.8.24', 'cancun', false],
  ])('%s on solc %s → %s', (requested, version, expected, noted) => {
    const choice = chooseEvmVersion(requested, version);
    expect(choice.evmVersion).toBe(expected);
    expect(choice.note !== undefined).toBe(noted);
  });

  it('says why it clamps', () => {
    expect(chooseEvmVersion('osaka', '0.8.31').note).toBe('evm_version "osaka" is later than the prague EVM Lookout executes; compiling for prague instead.');
  });
});

describe('standardJsonSettings', () => {
  it('passes forge defaults', () => {
    expect(standardJsonSettings(project(), '0.8.30')).toEqual({
      settings: {
        optimizer: { enabled: false, runs: 200 },
        evmVersion: 'prague',
        remappings: [],
        metadata: { useLiteralContent: false, bytecodeHash: 'ipfs', appendCBOR: true },
      },
      notes: [],
    });
  });

  it('passes the profile: optimizer, viaIR, evm version, libraries (remapped like imports), remappings, metadata', () => {
    const settings = project({
      optimizer: { enabled: true, runs: 10000 },
      viaIR: true,
      evmVersion: 'paris',
      remappings: [parseRemapping('@lib/=lib/mylib/src/', 'test'), parseRemapping('src/a:x/=y/', 'test')],
      libraries: [
        { file: 'src/Math.sol', name: 'Math', address: '0x00000000000000000000000000000000000000aa' },
        { file: 'src/Math.sol', name: 'Trig', address: '0x00000000000000000000000000000000000000bb' },
        { file: '@lib/Util.sol', name: 'Util', address: '0x00000000000000000000000000000000000000cc' },
      ],
      bytecodeHash: 'none',
      cborMetadata: false,
    });
    expect(standardJsonSettings(settings, '0.8.17')).toEqual({
      settings: {
        optimizer: { enabled: true, runs: 10000 },
        viaIR: true,
        evmVersion: 'london',
        libraries: {
          'src/Math.sol': { Math: '0x00000000000000000000000000000000000000aa', Trig: '0x00000000000000000000000000000000000000bb' },
          'lib/mylib/src/Util.sol': { Util: '0x00000000000000000000000000000000000000cc' },
        },
        remappings: ['@lib/=lib/mylib/src/', 'src/a:x/=y/'],
        metadata: { useLiteralContent: false, bytecodeHash: 'none' },
      },
      notes: ['cbor_metadata = false needs solc 0.8.18 or later; solc 0.8.17 appends the metadata.'],
    });
  });

  it.each([
    ['0.7.4', undefined, { useLiteralContent: false, bytecodeHash: 'ipfs' }, 1],
    ['0.7.5', true, { useLiteralContent: false, bytecodeHash: 'ipfs' }, 0],
    ['0.5.17', undefined, { useLiteralContent: false }, 1],
    ['0.8.18', true, { useLiteralContent: false, bytecodeHash: 'ipfs', appendCBOR: true }, 0],
  ])('leaves out what solc %s does not know', (version, viaIR, metadata, notes) => {
    const result = standardJsonSettings(project({ viaIR: true }), version);
    expect(result.settings.viaIR).toBe(viaIR);
    expect(result.settings.metadata).toEqual(metadata);
    expect(result.notes).toHaveLength(notes);
  });

  it('notes an explicit evm version later than the executor', () => {
    const result = standardJsonSettings(project({ evmVersion: 'osaka' }), '0.8.30');
    expect(result.settings.evmVersion).toBe('prague');
    expect(result.notes).toEqual([expect.stringContaining('evm_version "osaka" is later than the prague EVM')]);
  });
});
