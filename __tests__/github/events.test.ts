import { readFileSync } from 'node:fs';

/** The event fixtures the Action's tests feed through GITHUB_EVENT_PATH keep the fields it reads. */
const load = (name: string) => JSON.parse(readFileSync(new URL(`../../__fixtures__/events/${name}`, import.meta.url), 'utf8'));

describe('event fixtures', () => {
  it.each(['pull_request.json', 'pull_request_target.json', 'pull_request_fork.json'])('%s describes a PR', (name) => {
    const event = load(name);
    expect(event.number).toBe(event.pull_request.number);
    for (const side of ['base', 'head']) {
      expect(event.pull_request[side].sha).toMatch(/^[0-9a-f]{40}$/);
      expect(event.pull_request[side].ref).toEqual(expect.any(String));
      expect(event.pull_request[side].repo.full_name).toEqual(expect.any(String));
    }
    expect(event.repository).toMatchObject({ name: 'auction', full_name: 'acme/auction', owner: { login: 'acme' } });
  });

  it('the fork PR comes from another repository; the others do not', () => {
    const fork = (name: string) => load(name).pull_request.head.repo.full_name !== load(name).repository.full_name;
    expect([fork('pull_request.json'), fork('pull_request_target.json'), fork('pull_request_fork.json')]).toEqual([false, false, true]);
  });

  it('workflow_dispatch carries a base input and no pull request', () => {
    const event = load('workflow_dispatch.json');
    expect(event.inputs.base).toBe('main');
    expect(event.pull_request).toBeUndefined();
  });
});
