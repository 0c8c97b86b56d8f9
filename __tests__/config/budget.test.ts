import { parseBudget } from '../../src/config/budget.js';
import { parseWorkers } from '../../src/config/workers.js';
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

describe('bounds', () => {
  it('takes at most 2^53 − 1 transactions, the most a number counts exactly', () => {
    expect(parseBudget('9007199254740991x')).toEqual({ kind: 'executions', executions: Number.MAX_SAFE_INTEGER });
    expect(() => parseBudget('99999999999999999999999x')).toThrow(/at most 9007199254740991x/);
  });

  it('takes four worker threads per core at most, saying why', () => {
    expect(parseWorkers('8', 2)).toBe(8);
    expect(() => parseWorkers('9', 2)).toThrow('9 worker threads is more than 8 (4 per core on this 2-core machine): each runs an EVM with its own memory');
    expect(() => parseWorkers('0', 2)).toThrow(/not a number of worker threads/);
  });
});
