import { describe, expect, it } from 'vitest';
import type { Question } from '../../api/wire';
import { buildAnswers, buildGroupAnswers, canSkip, describeQuestion, emptyDraft } from './question-form';

function question(overrides: Partial<Question> = {}): Question {
  return {
    subject: 'Ada',
    relationship: 'lives in',
    dataType: 'string',
    type: 'Second Form Object',
    plural: false,
    allowCF: true,
    allowUnknown: false,
    canAdd: false,
    prompt: 'Where does Ada live?',
    knownAnswers: [],
    concepts: [
      { conceptType: 'country', name: 'France', type: 'string', value: 'France' },
      { conceptType: 'country', name: 'Spain', type: 'string', value: 'Spain' },
    ],
    ...overrides,
  };
}

describe('describeQuestion', () => {
  it('offers the concepts as a closed choice when canAdd is false', () => {
    const shape = describeQuestion(question());
    expect(shape.control).toBe('choice');
    expect(shape.options.map((option) => option.value)).toEqual(['France', 'Spain']);
    expect(shape.allowFreeEntry).toBe(false);
    expect(shape.multiple).toBe(false);
    expect(shape.showCertainty).toBe(true);
    expect(shape.canSkip).toBe(false);
  });

  it('allows free entry where canAdd, several values where plural', () => {
    const shape = describeQuestion(question({ canAdd: true, plural: true }));
    expect(shape.allowFreeEntry).toBe(true);
    expect(shape.multiple).toBe(true);
  });

  it('uses yes/no for first form and for truth values', () => {
    expect(describeQuestion(question({ type: 'First Form', object: 'France' })).control).toBe('yes-no');
    expect(describeQuestion(question({ dataType: 'truth', concepts: [] })).control).toBe('yes-no');
  });

  it('disables invalid responses and values already known', () => {
    const shape = describeQuestion(
      question({
        concepts: [
          { conceptType: 'country', name: 'France', type: 'string', value: 'France', invalidResponse: true },
          { conceptType: 'country', name: 'Spain', type: 'string', value: 'Spain' },
          { conceptType: 'country', name: 'Italy', type: 'string', value: 'Italy' },
        ],
        knownAnswers: [{ subject: 'Ada', relationship: { name: 'lives in' }, object: 'Spain', cf: 80 }],
      }),
    );
    expect(shape.options.map((option) => option.disabled)).toEqual([true, true, false]);
    expect(shape.options[1].known).toBe(80);
  });

  it('lets number and date questions be typed, with concepts as suggestions', () => {
    expect(describeQuestion(question({ dataType: 'number' })).control).toBe('number');
    expect(describeQuestion(question({ dataType: 'date' })).allowFreeEntry).toBe(true);
  });
});

describe('canSkip', () => {
  it('is true with allowUnknown or with known answers, false otherwise', () => {
    expect(canSkip(question())).toBe(false);
    expect(canSkip(question({ allowUnknown: true }))).toBe(true);
    expect(canSkip(question({ knownAnswers: [{ subject: 'Ada', relationship: { name: 'lives in' }, object: 'Spain', cf: 100 }] }))).toBe(
      true,
    );
  });
});

describe('buildAnswers', () => {
  it('answers a second-form-object question with the chosen value and certainty', () => {
    const result = buildAnswers(question(), { ...emptyDraft(), selected: ['France'], certainty: 80 });
    expect(result).toEqual({ ok: true, answers: [{ subject: 'Ada', relationship: 'lives in', object: 'France', certainty: 80 }] });
  });

  it('sends certainty 100 when allowCF is false', () => {
    const result = buildAnswers(question({ allowCF: false }), { ...emptyDraft(), selected: ['France'], certainty: 40 });
    expect(result.ok && result.answers[0].certainty).toBe(100);
  });

  it('answers a plural question with one answer per value, free entries included', () => {
    const result = buildAnswers(question({ plural: true, canAdd: true, relationship: 'speaks' }), {
      ...emptyDraft(),
      selected: ['France', 'Basque'],
      entry: 'Catalan',
    });
    expect(result.ok && result.answers.map((answer) => answer.object)).toEqual(['France', 'Basque', 'Catalan']);
  });

  it('refuses a value outside the concepts when canAdd is false', () => {
    const result = buildAnswers(question(), { ...emptyDraft(), entry: 'Mars' });
    expect(result.ok).toBe(false);
  });

  it('answers first form with yes/no and the whole triple', () => {
    const result = buildAnswers(question({ type: 'First Form', object: 'France' }), { ...emptyDraft(), yesNo: 'no' });
    expect(result).toEqual({
      ok: true,
      answers: [{ subject: 'Ada', relationship: 'lives in', object: 'France', answer: 'no', certainty: 100 }],
    });
  });

  it('answers a second-form-subject question with the subject typed', () => {
    const result = buildAnswers(
      question({ type: 'Second Form Subject', subject: undefined, object: 'French', relationship: 'speaks', canAdd: true, concepts: [] }),
      { ...emptyDraft(), entry: 'Bob' },
    );
    expect(result).toEqual({ ok: true, answers: [{ subject: 'Bob', relationship: 'speaks', object: 'French', certainty: 100 }] });
  });

  it('sends numbers as numbers and checks them', () => {
    const ok = buildAnswers(question({ dataType: 'number', relationship: 'age', concepts: [] }), { ...emptyDraft(), entry: '42' });
    expect(ok.ok && ok.answers[0].object).toBe(42);
    expect(buildAnswers(question({ dataType: 'number', concepts: [] }), { ...emptyDraft(), entry: 'forty' }).ok).toBe(false);
  });

  it('skips with unanswered and without certainty, only when allowed', () => {
    expect(buildAnswers(question(), { ...emptyDraft(), skip: true }).ok).toBe(false);
    const skipped = buildAnswers(question({ allowUnknown: true }), { ...emptyDraft(), skip: true });
    expect(skipped).toEqual({ ok: true, answers: [{ relationship: 'lives in', unanswered: true, subject: 'Ada' }] });
  });

  it('asks for an answer when nothing is chosen', () => {
    expect(buildAnswers(question(), emptyDraft()).ok).toBe(false);
  });
});

describe('buildGroupAnswers', () => {
  it('answers every question of a group in one batch', () => {
    const group = [question(), question({ relationship: 'speaks', prompt: 'What does Ada speak?', plural: true, allowUnknown: true })];
    const result = buildGroupAnswers(group, [
      { ...emptyDraft(), selected: ['Spain'] },
      { ...emptyDraft(), skip: true },
    ]);
    expect(result).toEqual({
      ok: true,
      answers: [
        { subject: 'Ada', relationship: 'lives in', object: 'Spain', certainty: 100 },
        { subject: 'Ada', relationship: 'speaks', unanswered: true },
      ],
    });
  });

  it('names the question whose answer is missing', () => {
    const group = [question(), question({ prompt: 'And where else?' })];
    const result = buildGroupAnswers(group, [{ ...emptyDraft(), selected: ['Spain'] }, emptyDraft()]);
    expect(result.ok === false && result.message).toContain('And where else?');
  });
});
