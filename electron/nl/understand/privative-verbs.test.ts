/**
 * A verb of undoing, refusing, avoiding or losing (WordNet) never stands for a relationship when a
 * question is read by its concepts: "Which order did Cafe Lune cancel?" is not the order it placed.
 * Probes on the dev maps, each of which read such a question as a relationship before this guard.
 */
import { describe, expect, it } from 'vitest';
import { corpusMap } from '../test-support/corpus';
import { readerOfMap } from '../test-support/reader';
import { isPrivativeVerb } from '../text/wordnet';

const PROBES: Record<string, readonly string[]> = {
  bakery: ['Which order did Cafe Lune cancel?', 'Which customer did Order 41 turn down?', 'What did Cafe Lune avoid?'],
  'vet-clinic': ['Who left Rex?', 'Which pet refused Ward?', 'Who skipped Rex?', 'What did Rex ignore?'],
  'music-school': ['Which tutor did Leo Marsh avoid?', 'Which tutor postponed Leo Marsh?', 'Who sacked Leo Marsh?', 'Who fired Leo Marsh?'],
  festival: ['Which performer rejected Main Stage?', 'Which performer did Main Stage miss?', 'Which stage did Move Indoors give up?'],
  triage: ['Which ticket lost Critical?', 'Which plan did INC-101 cancel?'],
};

describe('a verb of undoing, refusing, avoiding or losing', () => {
  for (const [map, prompts] of Object.entries(PROBES))
    it(`${map}: is left unread or asked, never read as a relationship`, () => {
      const read = readerOfMap(corpusMap(map));
      for (const prompt of prompts) expect(read(prompt), prompt).not.toMatchObject({ kind: 'query' });
    });

  it('is never a typo of a word of the map ("leave" for "leases")', () => {
    const read = readerOfMap(corpusMap('stables'));
    for (const prompt of ['Which horse did Amara leave?', 'Who leaves Comet?'])
      expect(read(prompt), prompt).not.toMatchObject({ kind: 'query' });
    expect(read('Which horse does Amara lease?')).toMatchObject({ kind: 'query', query: { relationship: 'leases', subject: 'Amara' } });
  });

  it('after a name opening with its own article is never part of a new name ("Lanterns cancel")', () => {
    const read = readerOfMap(corpusMap('festival'));
    for (const prompt of [
      'Which stage did The Lanterns cancel?',
      'Which genre did The Lanterns lose?',
      'Which tier did The Lanterns skip?',
    ])
      expect(read(prompt), prompt).not.toMatchObject({ kind: 'query' });
    expect(read('Which stage did The Lanterns play on?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'plays on', subject: 'The Lanterns' },
    });
  });

  it('is told from verbs that may name a relationship (WordNet senses)', () => {
    for (const verb of ['cancel', 'reject', 'refuse', 'avoid', 'lose', 'miss', 'skip', 'ignore', 'leave', 'quit', 'fire', 'give_up'])
      expect(isPrivativeVerb(verb), verb).toBe(true);
    for (const verb of ['teach', 'run', 'take', 'look', 'handle', 'own', 'book', 'reserve', 'drop', 'visit', 'service'])
      expect(isPrivativeVerb(verb), verb).toBe(false);
  });
});
