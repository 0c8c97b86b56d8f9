import { parseBudget } from '../../src/config/budget.js';
import { ConfigurationError } from '../../src/errors.js';

describe('parseBudget', () => {
  it.each([
    ['90s', { kind: 'seconds', seconds: 90 }],
    ['2m', { kind: 'seconds', seconds: 120 }],
    ['1h', { kind: 'seconds', seconds: 3600 }],
    ['1.5m', { kind: 'seconds', seconds: 90 }],
    ['50000x', { kind: 'executions', executions: 50000 }],
    [' 10X ', { kind: 'executions', executions: 10 }],
  ])('reads %s', (text, budget) => {
    expect(parseBudget(text)).toEqual(budget);
  });

  it('refuses a number without a unit, suggesting seconds and transactions', () => {
    expect(() => parseBudget('20')).toThrow(ConfigurationError);
    expect(() => parseBudget('20')).toThrow("Budget '20' has no unit: write `20s` for seconds or `20000x` for transactions.");
  });

  it.each(['', 'fast', '0s', '-5s', '1.5x', '10 minutes', '5d'])('rejects %j with the accepted forms', (text) => {
    expect(() => parseBudget(text)).toThrow(ConfigurationError);
    expect(() => parseBudget(text)).toThrow(/90s|greater than zero|whole number/);
  });
});
