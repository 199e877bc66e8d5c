// Memolet references in message text. The core owns the syntax `@[Title](memolet:ID)` and
// resolves it when a message is sent; the UI only needs to find the `@prefix` being typed (for
// completion) and to split stored text into plain runs and references (to draw chips).

/** A piece of message text: plain text, a reference to a memolet, or an answer's citation of one. */
export type TextPart = { readonly text: string } | { readonly title: string; readonly memoletId: string; readonly raw: string; readonly citation?: true };

// Title: anything but brackets and newlines; ID as the core defines it ([A-Za-z0-9_-]{1,40}).
// Citations as answers write them: [citation:ID], [[citation: ID]], [citation:a, b]
// (lsp-server/protocol.json, memoletReference).
const MARK = /@\[([^\]\n]*)\]\(memolet:([A-Za-z0-9_-]{1,40})\)|\[\[?\s*citation\s*:\s*([A-Za-z0-9_,\s-]+)\]\]?/g;

export function splitReferences(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(MARK)) {
    const at = m.index ?? 0;
    if (at > last) parts.push({ text: text.slice(last, at) });
    if (m[3] === undefined) parts.push({ title: m[1], memoletId: m[2], raw: m[0] });
    else for (const id of m[3].split(/[\s,]+/).filter(Boolean)) parts.push({ title: '', memoletId: id, raw: m[0], citation: true });
    last = at + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The `@word` being typed right before the caret, or null when the caret is not in one. */
export interface Mention {
  /** Index of the `@`. */
  readonly start: number;
  /** What follows the `@` up to the caret (may be empty). */
  readonly prefix: string;
}

// A mention starts at the beginning of the text or after whitespace or an opening bracket, so
// e-mail addresses and decorators in pasted code (`foo@bar`, `x.@y`) do not open the list.
const MENTION = /(?:^|[\s([{"'])@([^\s@[\]()]{0,40})$/;

export function mentionAt(text: string, caret: number): Mention | null {
  const before = text.slice(0, caret);
  const m = MENTION.exec(before);
  if (!m) return null;
  return { start: caret - m[1].length - 1, prefix: m[1] };
}

/** The text after replacing the mention with `insertText` (plus a space), and the new caret. */
export function applyCompletion(text: string, mention: Mention, caret: number, insertText: string): { text: string; caret: number } {
  const after = text.slice(caret);
  const glue = after.startsWith(' ') ? '' : ' ';
  const inserted = insertText + glue;
  return { text: text.slice(0, mention.start) + inserted + after, caret: mention.start + inserted.length };
}

/** UTF-8 byte length of a string: memolet spans are UTF-8 byte offsets on the wire. */
export function utf8Length(s: string): number {
  return new TextEncoder().encode(s).length;
}
