import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { isBoardCardNotice, kindLabel, previewText } from '../../src/board/boardProposals';

test("a suggestion notice is a board card of the view's workspace only with projectId null and the same (normalised) folder", () => {
  const card = { id: 's_1', kind: 'reorganize', projectId: null, workspaceUri: 'file:///home/ana/my%20app' };
  assert.ok(isBoardCardNotice({ projectId: null, workspaceUri: 'file:///home/ana/my app/', suggestion: card }, 'file:///home/ana/my%20app'));
  // The folder may be named only inside the suggestion.
  assert.ok(isBoardCardNotice({ projectId: null, suggestion: card }, 'file:///home/ana/my app'));
  assert.ok(!isBoardCardNotice({ projectId: null, workspaceUri: 'file:///home/ana/other', suggestion: card }, 'file:///home/ana/my app'));
  // A project's suggestion (branch, return...) is not the board's.
  assert.ok(!isBoardCardNotice({ projectId: 'p_1', suggestion: { id: 's_2', kind: 'branch' } }, 'file:///home/ana/my app'));
  assert.ok(!isBoardCardNotice({ projectId: null, suggestion: { id: 's_3', kind: 'evolve' } }, 'file:///home/ana/my app'));
  assert.ok(!isBoardCardNotice(null, 'file:///w'));
  assert.ok(!isBoardCardNotice({ projectId: null, workspaceUri: 7 }, 'file:///w'));
});

test('card kinds and preview counts read as words', () => {
  assert.equal(kindLabel('evolve'), 'Evolve');
  assert.equal(kindLabel('reorganize'), 'Reorganize');
  assert.equal(kindLabel('branch'), 'branch');
  assert.equal(previewText({ itemIds: ['m_1'], groupIds: [], linkIds: ['l_1', 'l_2'] }), 'Would change 1 memory, 0 groups, 2 links');
  assert.equal(previewText({ itemIds: ['m_1', 'm_2'], groupIds: ['g_1'], linkIds: [] }), 'Would change 2 memories, 1 group, 0 links');
});
