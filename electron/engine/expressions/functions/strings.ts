/**
 * String tests: includes, startsWith, endsWith. Case- and whitespace-sensitive, as documented.
 * Non-string arguments are rendered as in concatenation; a null subject contains nothing.
 */
import { truthValue, toText } from '../values';
import { fixedArity } from './scalar';
import type { ScalarDefinition } from './types';

function stringTest(name: string, test: (subject: string, part: string) => boolean): ScalarDefinition {
  return fixedArity(name, 2, (args) => {
    if (args[0].value === null || args[1].value === null) return truthValue(false);
    return truthValue(test(toText(args[0]), toText(args[1])));
  });
}

export const STRING_FUNCTIONS: readonly ScalarDefinition[] = [
  stringTest('includes', (s, part) => s.includes(part)),
  stringTest('startsWith', (s, part) => s.startsWith(part)),
  stringTest('endsWith', (s, part) => s.endsWith(part)),
];
