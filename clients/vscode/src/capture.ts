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

export function captureParams(sel: SelectionInput): AppendParams {
  if (sel.text.length === 0) throw new Error('Select some code to capture first.');
  return {
    projectId: sel.projectId,
    parentId: sel.parentId,
    role: 'user',
    kind: 'code',
    content: sel.text,
    source: {
      uri: sel.uri,
      range: { start: { line: sel.start.line, character: sel.start.character }, end: { line: sel.end.line, character: sel.end.character } },
      languageId: sel.languageId,
      memo: sel.memo,
    },
  };
}
