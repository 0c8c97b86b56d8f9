import type { Address } from 'viem';
import { tokenView } from '../deploy/index.js';
import type { Executor } from '../evm/index.js';
import { isTokenShaped } from '../fuzz/index.js';
import type { ReproducerPlan, TokenView } from './source/types.js';

/**
 * The token views a behaviour change in token balances is checked on, as the behaviour diff reads
 * them (src/fuzz/behaviour/tokenReadings.ts): every token-shaped deployment's supply, and the
 * balances of and allowances between the senders and the deployments.
 */
export function tokenViews(plan: Pick<ReproducerPlan, 'senders' | 'deployments'>): TokenView[] {
  const contracts = plan.deployments.filter((d) => d.how.kind !== 'library');
  const holders = [...plan.senders.map((s) => s.address), ...contracts.map((d) => d.address)];
  return contracts
    .filter((d) => isTokenShaped(d.abi))
    .flatMap(({ address: token }): TokenView[] => [
      { token, fn: 'totalSupply', args: [] },
      ...holders.map((holder): TokenView => ({ token, fn: 'balanceOf', args: [holder] })),
      ...holders.flatMap((owner) =>
        holders.filter((spender) => spender !== owner).map((spender): TokenView => ({ token, fn: 'allowance', args: [owner, spender] })),
      ),
    ]);
}

/** Each view's value on the executor's current state; undefined when it reverts or the token is not deployed there. */
export async function readTokenViews(executor: Executor, views: readonly TokenView[]): Promise<(bigint | undefined)[]> {
  const indexOf = new Map(executor.deployments.map((d, i) => [d.address.toLowerCase(), i]));
  const values: (bigint | undefined)[] = [];
  for (const view of views) {
    const to = indexOf.get(view.token.toLowerCase());
    if (to === undefined) {
      values.push(undefined);
      continue;
    }
    values.push(await tokenView(executor, to, view.fn, view.args as Address[]));
  }
  return values;
}
