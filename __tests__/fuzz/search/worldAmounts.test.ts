/**
 * The amounts read off the funded world (issue 12): a token's ether and each holder's balance, which
 * the dictionary draws so that "one more than my balance" and "everything it holds" come up.
 */
import path from 'node:path';
import { compileProject } from '../../../src/compile/compile.js';
import { emptyProjectConfig } from '../../../src/config/projectConfig.js';
import { FUNDED_WEI } from '../../../src/deploy/funding.js';
import { deployProject } from '../../../src/run/worlds.js';
import { deployedEther, openingAmounts } from '../../../src/fuzz/inputs/worldAmounts.js';
import { REPO_ROOT } from '../../helpers/repoRoot.js';

it("reads each contract's ether and each holder's token balance from the funded start", async () => {
  const project = await compileProject({ root: path.join(REPO_ROOT, '__fixtures__/oracles'), paths: ['WrappedEther.sol'] });
  const world = await deployProject(
    project,
    project.contracts.filter((c) => c.name === 'WrappedEther'),
    emptyProjectConfig(),
    1,
  );
  const { executor } = world;
  const abis = executor.deployments.map((_, i) => world.deployed.find((d) => d.index === i)?.contract.abi);
  const token = world.deployed.find((d) => d.contract.name === 'WrappedEther')!;
  // alice and bob deposited FUNDED_WEI each; the deployer and the contracts hold none. `totalSupply` is 2 × FUNDED_WEI too.
  const amounts = await openingAmounts(executor, abis);
  expect(new Set(amounts)).toEqual(new Set([0n, FUNDED_WEI, 2n * FUNDED_WEI]));
  expect(amounts.filter((a) => a === FUNDED_WEI)).toHaveLength(2);
  expect(deployedEther(executor)[token.index]).toBe(2n * FUNDED_WEI);
});
