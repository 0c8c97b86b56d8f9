import type { HarnessSetup } from '../fuzz/index.js';
import type { Report } from '../report/index.js';

type Legend = NonNullable<Report['senders']>;

/**
 * The report's names for the accounts the findings' calls come from: Lookout's own (`deployer`,
 * `alice`, `bob`) when a campaign ran on its own deployment, then each Echidna/Medusa harness's
 * deployer (`deployer`) and senders as the config files list them (`sender1`, `sender2`, …), each
 * account named once. Otherwise Echidna's sender 0x10000, also Lookout's default deployer, would read
 * as `deployer` in the calls of a harness it merely sends to.
 */
export function accountLegend(own: Legend, ownFuzzed: boolean, harnesses: readonly HarnessSetup[]): Legend {
  const legend: Legend = ownFuzzed || harnesses.length === 0 ? [...own] : [];
  const add = (address: string, wanted: (n: number) => string) => {
    if (legend.some((a) => a.address.toLowerCase() === address.toLowerCase())) return;
    let n = 1;
    while (legend.some((a) => a.name === wanted(n))) n++;
    legend.push({ name: wanted(n), address });
  };
  for (const harness of harnesses) {
    add(harness.deployer, (n) => (n === 1 ? 'deployer' : `deployer${n}`));
    for (const sender of harness.senders) add(sender, (n) => `sender${n}`);
  }
  return legend;
}
