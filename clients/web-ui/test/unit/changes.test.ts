import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { isUnitOnlyChange } from '../../src/model/changes';
import { repoDir } from '../support/paths';

// PROTOCOL.md's op table is the contract: each op with whether it changes only units.
function documentedOps(): Map<string, boolean> {
  const doc = readFileSync(join(repoDir, 'lsp-server', 'PROTOCOL.md'), 'utf8');
  const table = doc.slice(doc.indexOf('<!-- ops:begin -->'), doc.indexOf('<!-- ops:end -->'));
  const ops = new Map<string, boolean>();
  for (const m of table.matchAll(/\| `([A-Za-z]+)` \|[^|]*\| (yes|no) \|/g)) ops.set(m[1], m[2] === 'yes');
  return ops;
}

test('units-only operations are exactly those PROTOCOL.md marks so', () => {
  const ops = documentedOps();
  assert.ok(ops.size >= 10, `PROTOCOL.md's op table has ${ops.size} rows`);
  for (const [op, unitsOnly] of ops) assert.equal(isUnitOnlyChange(op), unitsOnly, op);
});

test('an op the protocol does not name reloads the project', () => {
  for (const op of ['unit/edit', 'scope', 'undo/setScope', '']) assert.ok(!isUnitOnlyChange(op), op);
});
