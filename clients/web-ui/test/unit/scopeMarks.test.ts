import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { effectiveIds, markUnits } from '../../src/model/scopeMarks';
import type { ScopePreview } from '../../src/model/types';
import type { Unit } from '../../src/model/types';
import { unit } from '../support/fixtures';

const byId = (units: Unit[]) => new Map(units.map((u) => [u.id, u]));

const preview: ScopePreview = {
  system: '',
  messages: [
    { role: 'user', content: 'a b', unitIds: ['a', 'b'] },
    { role: 'assistant', content: 'c', unitIds: ['c'] },
    { role: 'user', content: 'new prompt', unitIds: [] },
  ],
  tokens: 10,
  excluded: ['x'],
  included: [],
  truncated: ['t'],
};

test('effective ids are the union of the preview messages', () => {
  assert.deepEqual([...effectiveIds(preview)].sort(), ['a', 'b', 'c']);
});

test('marks follow the core preview, flags follow the unit', () => {
  const marks = markUnits(byId([unit('a', null), unit('x', 'a', { scope: 'excluded' }), unit('t', 'a'), unit('o', 'a', { scope: 'included' })]), preview);
  assert.deepEqual(marks.get('a'), { mark: 'in', flag: 'auto' });
  assert.deepEqual(marks.get('x'), { mark: 'out', flag: 'excluded' });
  assert.deepEqual(marks.get('t'), { mark: 'truncated', flag: 'auto' });
  assert.deepEqual(marks.get('o'), { mark: 'out', flag: 'included' });
  assert.equal(marks.get('nowhere'), undefined, 'a unit the tree does not hold has no mark');
});

test('without a preview nothing is marked in scope', () => {
  const marks = markUnits(byId([unit('a', null)]), null);
  assert.equal(marks.get('a')!.mark, 'out');
});

test('marks are worked out per unit asked for, never by walking the tree', () => {
  const units = byId([unit('a', null), unit('t', 'a')]);
  const walk = () => {
    throw new Error('the whole tree was walked');
  };
  for (const name of ['values', 'keys', 'entries', 'forEach', Symbol.iterator] as const) Object.defineProperty(units, name, { value: walk });
  const marks = markUnits(units, preview);
  assert.deepEqual(marks.get('t'), { mark: 'truncated', flag: 'auto' });
});
