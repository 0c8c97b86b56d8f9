import semver from 'semver';
import { pragmaRange } from '../../../src/compile/project/pragma.js';

const VERSIONS = ['0.4.26', '0.5.17', '0.6.12', '0.7.0', '0.7.5', '0.7.6', '0.8.0', '0.8.17', '0.8.20', '0.8.30', '0.9.0'];
const accepted = (range: string | undefined) => VERSIONS.filter((v) => range !== undefined && semver.satisfies(v, range));

describe('pragmaRange', () => {
  it.each<[string, string, string | undefined, string[]]>([
    ['caret', 'pragma solidity ^0.8.0;', '^0.8.0', ['0.8.0', '0.8.17', '0.8.20', '0.8.30']],
    ['a bounded range', 'pragma solidity >=0.8.0 <0.9.0;', '>=0.8.0 <0.9.0', ['0.8.0', '0.8.17', '0.8.20', '0.8.30']],
    ['an exact version with =', 'pragma solidity =0.7.6;', '=0.7.6', ['0.7.6']],
    ['a bare version', 'pragma solidity 0.8.17;', '0.8.17', ['0.8.17']],
    ['an old range', 'pragma solidity >=0.5.0 <0.8.0;', '>=0.5.0 <0.8.0', ['0.5.17', '0.6.12', '0.7.0', '0.7.5', '0.7.6']],
    ['alternatives', 'pragma solidity ^0.8.0 || ^0.7.0;', '^0.8.0 || ^0.7.0', ['0.7.0', '0.7.5', '0.7.6', '0.8.0', '0.8.17', '0.8.20', '0.8.30']],
    ['spaces after the operator', 'pragma solidity >= 0.8.0  < 0.8.21 ;', '>= 0.8.0 < 0.8.21', ['0.8.0', '0.8.17', '0.8.20']],
    ['no pragma', 'contract C {}', undefined, []],
  ])('%s', (_name, source, range, versions) => {
    expect(pragmaRange(source)).toBe(range);
    expect(accepted(pragmaRange(source))).toEqual(versions);
  });

  it('ANDs several pragma lines, distributing alternatives', () => {
    const range = pragmaRange('pragma solidity ^0.8.0 || ^0.7.0;\npragma solidity >=0.7.5;\npragma abicoder v2;\n');
    expect(accepted(range)).toEqual(['0.7.5', '0.7.6', '0.8.0', '0.8.17', '0.8.20', '0.8.30']);
    expect(accepted(pragmaRange('pragma solidity ^0.8.0;\npragma solidity <0.8.20;'))).toEqual(['0.8.0', '0.8.17']);
    expect(accepted(pragmaRange('pragma solidity ^0.7.0;\npragma solidity ^0.8.0;'))).toEqual([]);
  });

  it('ignores pragmas in comments and strings', () => {
    const source = [
      '// pragma solidity ^0.4.0;',
      '/* pragma solidity ^0.5.0; */',
      'pragma solidity ^0.8.0;',
      'string constant s = "pragma solidity ^0.6.0;";',
    ].join('\n');
    expect(pragmaRange(source)).toBe('^0.8.0');
  });

  it('returns an expression semver cannot read as is, so that no version satisfies it', () => {
    expect(pragmaRange('pragma solidity ^0.8.0;\npragma solidity >>0.8;')).toBe('>>0.8');
    expect(accepted(pragmaRange('pragma solidity >>0.8;'))).toEqual([]);
  });
});
