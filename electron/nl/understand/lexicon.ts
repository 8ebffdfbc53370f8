/** Function words the reader treats specially: question words, lead-ins, pronouns, fillers. */

export const WH_WORDS = new Set(['who', 'whom', 'what', 'which', 'where', 'when', 'whose', 'how']);

/** Words standing for "some subject we are asking about" ("Does anyone live in France?"). */
export const UNKNOWN_SUBJECTS = new Set(['anyone', 'anybody', 'someone', 'somebody', 'everyone', 'everybody', 'who', 'whom']);

export const FIRST_PERSON = new Set(['i', 'me', 'my', 'myself', 'mine']);
export const THIRD_PERSON = new Set(['he', 'she', 'they', 'him', 'her', 'them', 'it', 'its', 'his', 'hers', 'their', 'theirs']);

/** Pronouns that open a clause as its subject ("…and *it* hums loudly"): words after one say something. */
export const SUBJECT_PRONOUNS = new Set(['i', 'we', 'you', 'he', 'she', 'it', 'they']);

/** The articles; a name may open with one ("the Loft") or be read past it. */
export const ARTICLES = new Set(['the', 'a', 'an']);

/** The finite forms of "be" a clause turns on: "is", "are", "was", "were". */
export const FINITE_BE = new Set(['is', 'are', 'was', 'were']);

/** Every form of "be" but "am": the finite ones, the infinitive and the participles. */
export const BE_FORMS = new Set([...FINITE_BE, 'be', 'been', 'being']);

/** The forms of "be" and "'s", which is "is" (or "has", whose verb is a participle too). */
export const BE_OR_S = new Set([...BE_FORMS, "'s"]);

/** Possessive determiners: "her exam", "their practices". */
export const POSSESSIVE_DETERMINERS = new Set(['his', 'her', 'their', 'its', 'my', 'our', 'your']);

export const NEGATIONS = new Set(['not', 'never', 'no']);

/** Words that join clauses: "Tom lives in France *and* was born in England". */
export const CONJUNCTIONS = new Set(['and', 'but', ',', 'also', 'while', 'whereas', 'plus', 'then', '&']);

/** Separators between values of a list: "French, Spanish and Italian". */
export const LIST_SEPARATORS = new Set([',', 'and', '&', '/', 'or', 'plus', 'also', 'as', 'well']);

/**
 * "I'd be grateful if you could (tell me…)", "It would be great if you could…": a polite condition
 * around a request to the reader (general English formulas; the request after it is read as usual).
 */
const POLITE_CONDITIONS: readonly string[] = ['i would be', 'i would be very', 'it would be', 'it would be very', 'i would be really']
  .flatMap((opening) =>
    ['grateful', 'glad', 'happy', 'thankful', 'obliged', 'great', 'helpful', 'lovely', 'nice', 'good', 'brilliant', 'wonderful'].map(
      (adjective) => `${opening} ${adjective}`,
    ),
  )
  .concat(['i would appreciate it', 'i would really appreciate it', 'i would love it'])
  .flatMap((condition) => ['could', 'would', 'can'].map((modal) => `${condition} if you ${modal}`));

/** Openings dropped before reading; those marked `true` make the sentence a question. */
export const LEAD_INS: readonly (readonly [phrase: string, question: boolean])[] = [
  ['can you please tell me', true],
  ['could you please tell me', true],
  ['can you tell me', true],
  ['could you tell me', true],
  ['would you tell me', true],
  ['please tell me', true],
  ['can you remind me of', true],
  ['could you remind me of', true],
  ['please remind me of', true],
  ['remind me of', true],
  ['can you remind me', true],
  ['could you remind me', true],
  ['please remind me', true],
  ['remind me', true],
  ['tell me', true],
  ['do you know', true],
  ['i want to know', true],
  ['i would like to know', true],
  ['i wonder', true],
  ['i was wondering', true],
  ['find out', true],
  ['let me know', true],
  ['can you check', true],
  ['please check', true],
  ['check', true],
  ['show me', true],
  ['give me', true],
  ['list', true],
  ['whether', true],
  ['if', true],
  ...POLITE_CONDITIONS.map((phrase) => [phrase, true] as const),
  ['please', false],
  // Greetings, with the "there" and time of day people add ("Hi there, which boat…").
  ['hi there', false],
  ['hello there', false],
  ['hey there', false],
  ['good morning', false],
  ['good afternoon', false],
  ['good evening', false],
  ['hi', false],
  ['hello', false],
  ['hey', false],
  ['okay', false],
  ['ok', false],
  ['so', false],
  ['well', false],
  ['now', false],
  ['and', false],
  ['also', false],
  ['but', false],
  ['then', false],
  ['that', false],
  ['um', false],
  ['er', false],
  ['actually', false],
  ['oh', false],
];

/** Words after the object that add nothing: "Does Ada speak French *now*?" */
export const TRAILING_FILLERS: readonly string[] = [
  'please',
  'by now',
  'now',
  'currently',
  'at the moment',
  'right now',
  'too',
  'as well',
  'also',
  'then',
  'thanks',
  'thank you',
  'many thanks',
  'thanks a lot',
  'thank you very much',
  'cheers',
  // Polite conditions closing a request ("…, if that's ok?").
  'if that is ok',
  'if that is okay',
  'if that is alright',
  'if that is all right',
  'if that is fine',
  'if you can',
  'if you could',
  'if possible',
  'if you do not mind',
  'if you would not mind',
  'at all',
  'anymore',
  'any more',
  'still',
  'yet',
  'already',
];

/** Whole prompts that only greet or thank: no error beyond "nothing to do". */
export const SMALL_TALK = new Set([
  'hello',
  'hi',
  'hey',
  'thanks',
  'thank you',
  'many thanks',
  'thanks a lot',
  'thanks so much',
  'thank you very much',
  'thank you so much',
  'ok',
  'okay',
  'cheers',
  'good morning',
  'good afternoon',
  'good evening',
  'hi there',
  'hello there',
  'bye',
]);

/** Ways of saying "I don't know" or "skip this". */
export const SKIP_PHRASES: readonly string[] = [
  'i do not know',
  'do not know',
  'i dunno',
  'dunno',
  'idk',
  'no idea',
  'i have no idea',
  'not sure',
  'i am not sure',
  'no clue',
  'skip',
  'skip it',
  'skip this',
  'skip this one',
  'skip this question',
  'pass',
  'unknown',
  'not known',
  'can not say',
  'cannot say',
  'i can not say',
  'rather not say',
  'i would rather not say',
  'prefer not to say',
  'i prefer not to say',
  'n/a',
  'na',
  'next',
  'no answer',
  'i do not remember',
  'not certain',
  'i am not certain',
  'who knows',
  'beats me',
];

/** "None" for a plural question: nothing applies. */
export const NONE_PHRASES: readonly string[] = ['none', 'none of them', 'nothing', 'no one', 'nobody', 'neither', 'none at all', 'not any'];
