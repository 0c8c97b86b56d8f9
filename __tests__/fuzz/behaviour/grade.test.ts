import { gradeDivergence } from '../../../src/fuzz/behaviour/grade.js';
import type { TxObservation } from '../../../src/fuzz/behaviour/observation.js';

const seen = (fields: Partial<TxObservation> = {}): TxObservation => ({ returns: '', events: [], ether: [], tokens: [], ...fields });
const side = (observation: TxObservation, acted = false) => ({ observation, acted });

describe('gradeDivergence', () => {
  const refused = seen({ failure: 'reverts with OwnableUnauthorizedAccount(alice)' });
  const accepted = seen({ events: ['Registry.OwnershipTransferred(deployer, alice)'] });

  it('permits: a refusal by an authorization check, now a call that acts, whoever makes it', () => {
    expect(gradeDivergence(side(refused), side(accepted, true), true)).toBe('permits');
    expect(gradeDivergence(side(seen({ failure: 'reverts with Error("Points: must have minter role")' })), side(accepted, true), true)).toBe('permits');
    expect(gradeDivergence(side(seen({ failure: 'reverts with EnforcedPause()' })), side(accepted, true), true)).toBe('permits');
  });

  it('permits: any refusal, now a call that acts, made by someone other than the deployer', () => {
    expect(gradeDivergence(side(seen({ failure: 'reverts with Panic 0x11' })), side(accepted, true), false)).toBe('permits');
  });

  it('not permits when the call that now succeeds writes nothing and moves nothing', () => {
    expect(gradeDivergence(side(refused), side(seen({ returns: 'returns 1' })), false)).toBe('returns');
  });

  it('value: the deployer past a limit that is no authorization, moving ether; or the same calls paying out otherwise', () => {
    const paid = seen({ ether: ['deployer +1 ether', 'Vault −1 ether'] });
    expect(gradeDivergence(side(seen({ failure: 'reverts with Error("cap reached")' })), side(paid, true), true)).toBe('value');
    // Events differ first, but the amounts moved differ too.
    expect(gradeDivergence(side(seen({ events: ['Released(0)'] })), side(seen({ events: ['Released(5)'], ether: ['deployer +5 wei'] }), true), true)).toBe(
      'value',
    );
    const token = (after: bigint) => ({ key: 'Token.balanceOf(alice)', before: 10n, after, decimals: null });
    expect(gradeDivergence(side(seen({ tokens: [token(15n)] })), side(seen({ tokens: [token(18n)] })), true)).toBe('value');
  });

  it('refuses, returns and events for the rest', () => {
    expect(gradeDivergence(side(accepted, true), side(refused), false)).toBe('refuses');
    expect(gradeDivergence(side(refused), side(seen({ failure: 'reverts with Error("other")' })), false)).toBe('returns');
    expect(gradeDivergence(side(seen({ returns: 'returns 2537' })), side(seen({ returns: 'returns 2573' })), true)).toBe('returns');
    expect(gradeDivergence(side(seen({ events: ['A()'] })), side(seen({ events: ['B()'] })), true)).toBe('events');
  });
});
