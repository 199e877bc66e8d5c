import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { fromWholeProject, projectBranches } from '../../src/projectBranches';

const project = { id: 'p1', title: 'Parser', revision: 3 };
const whole = {
  project,
  units: [
    { id: 'u1', parentId: null, role: 'user', kind: 'message', content: '\n  How do we parse the config?  \nDetails.' },
    { id: 'u2', parentId: 'u1', role: 'assistant', kind: 'message', content: 'With TOML.' },
    { id: 'u3', parentId: 'u1', role: 'user', kind: 'message', content: 'x'.repeat(300) },
  ],
  branches: [
    { headId: 'u1', anchorId: null, isMainline: true, status: 'open', unitIds: ['u1', 'u2'] },
    { headId: 'u3', anchorId: 'u1', isMainline: false, title: 'side', status: 'open', unitIds: ['u3'] },
  ],
};

test("a core without grove/project/branches is read whole and the same answer derived from it", async () => {
  const asked: string[] = [];
  const connection = {
    has: (m: string) => m !== 'grove/project/branches',
    request: async <T>(method: string): Promise<T> => (asked.push(method), whole as T),
  };
  const got = await projectBranches(connection as never, 'p1', 'u2');
  assert.deepEqual(asked, ['grove/project/get']);
  assert.deepEqual(got.project, project);
  assert.deepEqual(got.branches.map((b) => [b.headId, b.unitCount, b.tipId, b.head]), [['u1', 2, 'u2', 'How do we parse the config?'], ['u3', 1, 'u3', 'x'.repeat(100)]]);
  assert.equal(got.unitBranch, 'u1');
  assert.ok(!('unitIds' in got.branches[0]));
  assert.equal(fromWholeProject(whole, 'u3').unitBranch, 'u3');
  assert.ok(!('unitBranch' in fromWholeProject(whole)));
  assert.ok(!('unitBranch' in fromWholeProject(whole, 'gone')));
});

test('a core with grove/project/branches is asked for the branches alone, with the unit when one is given', async () => {
  const asked: [string, unknown][] = [];
  const answer = { project, branches: [] };
  const connection = {
    has: () => true,
    request: async <T>(method: string, params: unknown): Promise<T> => (asked.push([method, params]), answer as T),
  };
  assert.equal(await projectBranches(connection as never, 'p1'), answer);
  await projectBranches(connection as never, 'p1', 'u2');
  assert.deepEqual(asked, [['grove/project/branches', { projectId: 'p1' }], ['grove/project/branches', { projectId: 'p1', unitId: 'u2' }]]);
});
