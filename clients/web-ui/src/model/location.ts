// How a file location reads in the board and the map: the file's name and 1-based lines.

import type { Range } from './types';

export function fileName(uri: string): string {
  const last = uri.split('/').pop() || uri;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** `name.ts:3` or `name.ts:3-7` (wire lines are 0-based; a range ending at the start of a line,
 *  as a selection of whole lines does, does not include that line). */
export function locationLabel(uri: string, range: Pick<Range, 'start' | 'end'>): string {
  const a = range.start.line + 1;
  const b = range.end.character === 0 && range.end.line > range.start.line ? range.end.line : range.end.line + 1;
  return `${fileName(uri)}:${a === b ? a : `${a}-${b}`}`;
}
