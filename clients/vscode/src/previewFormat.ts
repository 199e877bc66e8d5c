// Preview Context as a Markdown document: exactly what grove/scope/preview says the model
// will receive, so the user can inspect scope before sending (DESIGN §2.4).

/** One memory in the prompt, and why (Contexty's context-augmented turns, PROTOCOL.md "Memory in turns"). */
export interface MemoryBlock {
  readonly memoletId: string;
  readonly title: string;
  readonly kind: string;
  readonly why: string;
  readonly rank: number | null;
  readonly contexty: { readonly total: number } | null;
  readonly stale: boolean;
  readonly tokens: number;
}

export interface PreviewResult {
  readonly system: string;
  readonly messages: readonly { readonly role: string; readonly content: string; readonly unitIds: readonly string[] }[];
  readonly tokens: number;
  readonly excluded: readonly string[];
  readonly included: readonly string[];
  readonly truncated: readonly string[];
  readonly memory?: readonly MemoryBlock[];
}

// A table cell: pipes and line breaks would end the cell or the row.
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
}

function memoryTable(blocks: readonly MemoryBlock[]): string[] {
  const rows = blocks.map((b) => {
    const why = b.why === 'retrieved' && b.rank !== null ? `retrieved #${b.rank}` : b.why;
    const score = b.contexty ? b.contexty.total.toFixed(2) : '';
    return `| ${why} | ${b.kind} | ${cell(b.title)} \`${b.memoletId}\` | ${score} | ${b.tokens} | ${b.stale ? 'stale' : ''} |`;
  });
  return ['## Memory', '', '| Why | Kind | Memory | Contexty | Tokens | |', '|---|---|---|---|---|---|', ...rows, ''];
}

function fence(text: string): string {
  // A fence longer than any backtick run inside keeps the content verbatim.
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((m) => m.length));
  const f = '`'.repeat(longest + 1);
  return `${f}\n${text}\n${f}`;
}

export function previewMarkdown(title: string, p: PreviewResult): string {
  const out: string[] = [`# Context preview: ${title}`, '', `About ${p.tokens} tokens, ${p.messages.length} message${p.messages.length === 1 ? '' : 's'}.`, ''];
  if (p.memory?.length) out.push(...memoryTable(p.memory));
  if (p.system) out.push('## System', '', fence(p.system), '');
  p.messages.forEach((m, i) => out.push(`## ${i + 1}. ${m.role}`, '', fence(m.content), ''));
  if (p.excluded.length) out.push(`Excluded on this path: ${p.excluded.length} unit(s).`);
  if (p.included.length) out.push(`Included from other paths: ${p.included.length} unit(s).`);
  if (p.truncated.length) out.push(`Dropped by the token budget: ${p.truncated.length} unit(s).`);
  return out.join('\n') + '\n';
}
