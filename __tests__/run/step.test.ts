import { Interruption } from '../../src/errors.js';
import { memoryLogger } from '../../src/logger.js';
import { isolated } from '../../src/run/step.js';

describe('isolated', () => {
  it('keeps what a failing step says for the report and lets the run go on', async () => {
    const logger = memoryLogger();
    const failures: string[] = [];
    const value = await isolated(logger, failures, "Comparing Pair's behaviour with the base", async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'name')");
    });
    expect(value).toBeUndefined();
    expect(failures).toEqual(["Comparing Pair's behaviour with the base failed: Cannot read properties of undefined (reading 'name')"]);
    expect(logger.lines.join('\n')).toContain("Comparing Pair's behaviour with the base failed");
    await expect(isolated(logger, failures, 'Checking reproducers', async () => 7)).resolves.toBe(7);
    expect(failures).toHaveLength(1);
  });

  it('does not swallow an interruption: the run still stops', async () => {
    await expect(
      isolated(memoryLogger(), [], 'Checking reproducers', async () => {
        throw new Interruption('SIGTERM');
      }),
    ).rejects.toBeInstanceOf(Interruption);
  });
});
