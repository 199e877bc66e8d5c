// Capture Selection: an editor selection becomes a `code` unit (DESIGN §4). VS Code positions
// are already 0-based lines and UTF-16 characters, which is the wire's convention, so they pass
// through unchanged. Pure, so it is unit-tested without an editor.

export interface SelectionInput {
  readonly projectId: string;
  readonly parentId: string | null;
  readonly uri: string;
  readonly languageId: string;
  readonly start: { readonly line: number; readonly character: number };
  readonly end: { readonly line: number; readonly character: number };
  readonly text: string;
  readonly memo: string;
}

export interface AppendParams {
  readonly projectId: string;
  readonly parentId: string | null;
  readonly role: 'user';
  readonly kind: 'code';
  readonly content: string;
  readonly source: {
    readonly uri: string;
    readonly range: { readonly start: { line: number; character: number }; readonly end: { line: number; character: number } };
    readonly languageId: string;
    readonly memo: string;
  };
}

type SourceInput = Pick<SelectionInput, 'uri' | 'languageId' | 'start' | 'end' | 'text' | 'memo'>;

/** The wire source of a selection (refuses an empty one). */
function sourceOf(sel: SourceInput): AppendParams['source'] {
  if (sel.text.length === 0) throw new Error('Select some code to capture first.');
  return {
    uri: sel.uri,
    range: { start: { line: sel.start.line, character: sel.start.character }, end: { line: sel.end.line, character: sel.end.character } },
    languageId: sel.languageId,
    memo: sel.memo,
  };
}

export function captureParams(sel: SelectionInput): AppendParams {
  return { projectId: sel.projectId, parentId: sel.parentId, role: 'user', kind: 'code', content: sel.text, source: sourceOf(sel) };
}

type Pos = { readonly line: number; readonly character: number };

/** What Capture Selection to Board sends: grove/board/capture (DESIGN.md §11.2). The core fills
 *  git commit, branch and dirty, analyses, places and evolves; the editor supplies what only it
 *  knows: the workspace folder, the range, the language, the enclosing symbol and the memo. */
export interface BoardCaptureInput {
  readonly workspaceUri: string;
  readonly uri: string;
  readonly languageId: string;
  readonly start: Pos;
  readonly end: Pos;
  readonly text: string;
  readonly memo: string;
  readonly symbol: string | null;
}

export function boardCaptureParams(sel: BoardCaptureInput) {
  return { workspaceUri: sel.workspaceUri, content: sel.text, source: { ...sourceOf(sel), ...(sel.symbol ? { symbol: sel.symbol } : {}) } };
}

/** A document symbol as vscode.executeDocumentSymbolProvider answers it (DocumentSymbol shape). */
export interface SymbolNode {
  readonly name: string;
  readonly range: { readonly start: Pos; readonly end: Pos };
  readonly children?: readonly SymbolNode[];
}

const before = (a: Pos, b: Pos) => a.line < b.line || (a.line === b.line && a.character <= b.character);

/** The innermost symbol containing the selection's start, as a dotted path (`Retry.run`); null
 *  when none does (or the language has no symbol provider). */
export function enclosingSymbol(symbols: readonly SymbolNode[] | undefined, at: Pos): string | null {
  const path: string[] = [];
  let level = symbols ?? [];
  for (;;) {
    const hit = level.find((s) => s.range && before(s.range.start, at) && before(at, s.range.end));
    if (!hit) break;
    path.push(hit.name);
    level = hit.children ?? [];
  }
  return path.length ? path.join('.') : null;
}
