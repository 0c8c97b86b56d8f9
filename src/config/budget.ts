import { ConfigurationError } from '../errors.js';

/** How long a campaign may run: wall-clock seconds, or a count of executed transactions (deterministic). */
export type Budget = { kind: 'seconds'; seconds: number } | { kind: 'executions'; executions: number };

const FORMS = '`90s`, `2m`, `1h` (time) or `50000x` (transactions)';

/** Parses `90s`, `2m`, `1h` or `50000x`. A bare number is refused: seconds and transactions differ a thousandfold. */
export function parseBudget(text: string): Budget {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(s|m|h|x)?\s*$/i.exec(text);
  if (!match) throw new ConfigurationError(`Invalid budget '${text}': use ${FORMS}.`);
  if (match[2] === undefined) {
    throw new ConfigurationError(`Budget '${text.trim()}' has no unit: write \`${match[1]}s\` for seconds or \`${match[1]}000x\` for transactions.`);
  }
  const amount = Number(match[1]);
  const unit = match[2].toLowerCase();
  if (amount <= 0) throw new ConfigurationError(`Invalid budget '${text}': it must be greater than zero.`);
  if (unit === 'x') {
    if (!Number.isInteger(amount)) throw new ConfigurationError(`Invalid budget '${text}': an execution count must be a whole number.`);
    // Counts above 2^53 are not exact as numbers, and no run gets near them.
    if (amount > Number.MAX_SAFE_INTEGER)
      throw new ConfigurationError(`Invalid budget '${text}': at most ${Number.MAX_SAFE_INTEGER}x (2^53 − 1 transactions).`);
    return { kind: 'executions', executions: amount };
  }
  const seconds = amount * (unit === 'h' ? 3600 : unit === 'm' ? 60 : 1);
  return { kind: 'seconds', seconds };
}

export function formatBudget(budget: Budget): string {
  return budget.kind === 'seconds' ? `${budget.seconds}s` : `${budget.executions} transactions`;
}
