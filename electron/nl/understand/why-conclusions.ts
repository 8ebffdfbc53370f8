/**
 * A why-question that says its conclusion in other words: "Why is Order 30 going in *the van*?" for
 * "needs the van". When the rest of the question does not read, the conclusion is the one truth
 * relationship of a thing the question names whose own nouns (its name without its verb, articles
 * and prepositions) are all said in it. Only for "why": the reply then shows the fact it explains,
 * so a paraphrase is never silently taken for a yes/no answer.
 */
import type { Relationship } from '../../engine';
import { AUXILIARIES, verbStart } from '../text/inflect';
import { words, type Token } from '../text/tokens';
import { PREPOSITIONS } from '../vocabulary/relationship-forms';
import type { Vocabulary } from '../vocabulary/types';
import { ARTICLES } from './lexicon';

/** The nouns of a name: its words without the opening verb or auxiliary, articles and prepositions ("van" of "needs the van"). */
function nounsOf(relationship: Relationship): string[] {
  const name = words(relationship.name);
  const rest = verbStart(name[0] ?? '').kind === 'other' ? name : name.slice(1);
  return rest.filter(
    (word) => !ARTICLES.has(word) && !PREPOSITIONS.has(word) && !AUXILIARIES.has(word) && verbStart(word).kind === 'other',
  );
}

/** The fact a why-question's paraphrased conclusion stands for, or undefined when none or several fit. */
export function paraphrasedConclusion(
  vocabulary: Vocabulary,
  tokens: readonly Token[],
): { readonly relationship: string; readonly subject: string } | undefined {
  const found: { relationship: string; subject: string }[] = [];
  for (const mention of vocabulary.instances.spot(tokens, 0, tokens.length)) {
    if (mention.distance !== 0) continue;
    const said = new Set(tokens.filter((_, index) => index < mention.from || index >= mention.to).map((token) => token.text));
    for (const { relationship } of vocabulary.relationships) {
      if (relationship.subject !== mention.entry.concept) continue;
      if (vocabulary.map.concepts.get(relationship.object)?.type !== 'truth') continue;
      const nouns = nounsOf(relationship);
      if (nouns.length > 0 && nouns.every((noun) => said.has(noun)))
        found.push({ relationship: relationship.name, subject: mention.entry.name });
    }
  }
  return found.length === 1 ? found[0] : undefined;
}
