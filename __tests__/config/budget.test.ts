import { parseBudget } from '../../src/config/budget.js';
import { ConfigurationError } from '../../src/errors.js';

describe('parseBudget', () => {
  it.each([
    ['90s', { kind: 'seconds', seconds: 90 }],
    ['2m', { kind: 'seconds', seconds: 120 }],
    ['1h', { kind: 'seconds', seconds: 3600 }],
    ['120', { kind: 'seconds', seconds: 120 }],
    ['1.5m', { kind: 'seconds', seconds: 90 }],
    ['50000x', { kind: 'executions', executions: 50000 }],
    [' 10X ', { kind: 'executions', executions: 10 }],
  ])('reads %s', (text, budget) => {
    expect(parseBudget(text)).toEqual(budget);
  });

  it.each(['', 'fast', '0s', '-5s', '1.5x', '10 minutes', '5d'])('rejects %j with the accepted forms', (text) => {
    expect(() => parseBudget(text)).toThrow(ConfigurationError);
    expect(() => parseBudget(text)).toThrow(/90s|greater than zero|whole number/);
  });
});
