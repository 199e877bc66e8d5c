import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { isHostToWebview } from '../../src/channel/messages';
import { refineParams, type RefineEntry } from '../../src/panels/refine';

const entry = (id: string, patch: Partial<RefineEntry> = {}): RefineEntry => ({ id, title: id, cited: false, retrieved: true, added: false, mark: 'keep', picked: false, ...patch });

test('refine params: marks become remove/highlight/obscure lists, added ones add, groups pass with weights', () => {
  const params = refineParams({
    unitId: 'u_6',
    entries: [entry('m_1', { mark: 'remove' }), entry('m_2', { mark: 'highlight' }), entry('m_3'), entry('m_4', { added: true }), entry('m_5', { mark: 'obscure', added: true })],
    groups: [{ a: 'm_2', b: 'm_3', weight: 0.7 }],
    found: [],
  });
  assert.deepEqual(params, { unitId: 'u_6', remove: ['m_1'], highlight: ['m_2'], add: ['m_4'], obscure: ['m_5'], group: [{ a: 'm_2', b: 'm_3', weight: 0.7 }] });
  assert.deepEqual(refineParams({ unitId: 'u_1', entries: [entry('m_1')], groups: [], found: [] }), { unitId: 'u_1' }, 'keeping everything changes nothing');
});

test('a host may open only the known side panels', () => {
  assert.ok(isHostToWebview({ type: 'showPanel', panel: 'capsules' }));
  assert.ok(isHostToWebview({ type: 'showPanel', panel: 'memory' }));
  assert.ok(!isHostToWebview({ type: 'showPanel', panel: 'anything' }));
});

test('map labels are cut to the width with an ellipsis, never squeezed', async () => {
  const { fitText } = await import('../../src/map/fitText');
  const measure = (s: string) => s.length * 7; // a monospace font, 7 px a character
  assert.equal(fitText('short', 100, measure), 'short');
  const cut = fitText('How should the HTTP client retry failed requests?', 140, measure);
  assert.ok(cut.endsWith('…') && measure(cut) <= 140, cut);
  assert.equal(cut, 'How should the HTTP…');
  assert.equal(fitText('anything', 3, measure), '…');
});
