import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { nodeMenuItems, type NodeActions } from '../../src/map/nodeMenu';
import { TreeIndex } from '../../src/model/tree';
import { sampleTree, unit } from '../support/fixtures';

function recorder() {
  const calls: string[] = [];
  const act: NodeActions = {
    branchFrom: (id) => calls.push(`branch ${id}`),
    setScope: (ids, scope) => calls.push(`scope ${ids.join(',')} ${scope}`),
    setMainline: (edge, id) => calls.push(`mainline ${edge} ${id}`),
    delete: (id) => calls.push(`delete ${id}`),
    renameBranch: (id) => calls.push(`rename ${id}`),
    returnFromBranch: (id) => calls.push(`return ${id}`),
  };
  return { calls, act };
}

test("the menu offers the issue's actions in order and each runs on the clicked unit", () => {
  const { units, branches } = sampleTree();
  const { calls, act } = recorder();
  const items = nodeMenuItems('x2', new TreeIndex(units, branches), act);
  assert.deepEqual(items.map((i) => i.label), ['Branch from Here', 'Include', 'Exclude', 'Revert', 'Set Mainline Start', 'Set Mainline End', 'Delete…', 'Rename Branch…', 'Return from Branch…']);
  items.forEach((i) => i.run());
  assert.deepEqual(calls, ['branch x2', 'scope x2 included', 'scope x2 excluded', 'scope x2 toggle', 'mainline startId x2', 'mainline endId x2', 'delete x2', 'rename x2', 'return x2']);
});

test('Rename Branch and Return from Branch are only offered inside a branch; scope actions not on placeholders', () => {
  const { units, branches } = sampleTree();
  const tree = new TreeIndex([...units.filter((u) => u.id !== 'c'), unit('c', 'b', { kind: 'placeholder', content: '' })], branches);
  const { act } = recorder();
  const disabled = (id: string) => nodeMenuItems(id, tree, act).filter((i) => i.disabled).map((i) => i.label);
  assert.deepEqual(disabled('b'), ['Rename Branch…', 'Return from Branch…']);
  assert.deepEqual(disabled('x1'), []);
  assert.deepEqual(disabled('c'), ['Include', 'Exclude', 'Revert', 'Rename Branch…', 'Return from Branch…']);
});
