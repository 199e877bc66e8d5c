import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { effectiveIds, markUnits } from '../../src/model/scopeMarks';
import type { ScopePreview } from '../../src/model/types';
import { unit } from '../support/fixtures';

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
  const marks = markUnits([unit('a', null), unit('x', 'a', { scope: 'excluded' }), unit('t', 'a'), unit('o', 'a', { scope: 'included' })], preview);
  assert.deepEqual(marks.get('a'), { mark: 'in', flag: 'auto' });
  assert.deepEqual(marks.get('x'), { mark: 'out', flag: 'excluded' });
  assert.deepEqual(marks.get('t'), { mark: 'truncated', flag: 'auto' });
  assert.deepEqual(marks.get('o'), { mark: 'out', flag: 'included' });
});

test('without a preview nothing is marked in scope', () => {
  const marks = markUnits([unit('a', null)], null);
  assert.equal(marks.get('a')!.mark, 'out');
});
