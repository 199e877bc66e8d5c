import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { isUnitOnlyChange } from '../../src/model/changes';

test('scope and edit operations refresh only the changed units', () => {
  for (const op of ['setScope', 'unit/setScope', 'edit', 'unit/edit']) assert.ok(isUnitOnlyChange(op), op);
});

test('structural operations and history reload the project', () => {
  for (const op of ['append', 'unit/append', 'delete', 'mainline/set', 'branch/update', 'undo', 'redo', 'scope/reset', 'undo/setScope']) assert.ok(!isUnitOnlyChange(op), op);
});
