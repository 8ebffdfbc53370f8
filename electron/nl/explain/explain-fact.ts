/**
 * `/nl/explain` without HTTP: the evidence chain of a fact in prose, in English offline, or through
 * the provider for other languages and free-form instructions. When the provider is missing or
 * fails, the reply says so and still carries the English explanation when one could be written.
 */
import type { TokenUsage } from '../interact/interact';
import { NO_TOKENS } from '../interact/interact';
import { chatCompletion, type FetchLike } from '../provider/client';
import type { ProviderConfig } from '../provider/config';
import { explanationMessages } from '../provider/prompts';
import { NL_ERROR_CODES, type UnderstandingError } from '../understand/errors';
import { evidenceTree, type EvidenceLookup } from './evidence-tree';
import { explainEvidence } from './explain';
import { EXPLANATION_STYLES, isOfflineLanguage, styleOf } from './styles';

interface ExplainRequest {
  readonly factID: string;
  readonly language: string;
  readonly instructions?: string;
  readonly lookup: EvidenceLookup;
  readonly provider?: ProviderConfig;
  readonly fetch?: FetchLike;
}

interface ExplainOutcome {
  readonly explanation?: string;
  readonly error?: UnderstandingError;
  readonly usage: TokenUsage;
}

const STYLE_LIST = EXPLANATION_STYLES.join(', ');

/** Explains a fact of a session. */
export async function explainFact(request: ExplainRequest): Promise<ExplainOutcome> {
  const tree = evidenceTree(request.factID, request.lookup);
  if (!tree) {
    return {
      error: {
        code: NL_ERROR_CODES.factNotFound,
        message: `Fact ${request.factID} is not in this session`,
        suggestedChatResponse: "I can't find that conclusion in this conversation.",
      },
      usage: NO_TOKENS,
    };
  }
  const style = styleOf(request.instructions);
  const english = explainEvidence(tree, style.ok ? style.style : 'detailed');
  const offlineLanguage = isOfflineLanguage(request.language);
  if (offlineLanguage && style.ok) return { explanation: english, usage: NO_TOKENS };

  const unavailable = (why: string): UnderstandingError =>
    offlineLanguage
      ? {
          code: NL_ERROR_CODES.instructionsUnavailable,
          message: `Free-form instructions ${why}; offline styles are: ${STYLE_LIST} (unrecognised: ${style.ok ? '' : style.unknownWords.join(' ')})`,
          suggestedChatResponse: `I can explain this ${STYLE_LIST.replace(/, (?=[^,]*$)/, ' or ')}; here is the detailed version.`,
        }
      : {
          code: NL_ERROR_CODES.languageUnavailable,
          message: `Explanations in '${request.language}' ${why}; offline, Lapwing explains in English (en)`,
          suggestedChatResponse: 'I can only explain in English here; here is the English version.',
        };
  if (!request.provider)
    return { explanation: english, error: unavailable('need a language-model provider, and none is configured'), usage: NO_TOKENS };
  const reply = await chatCompletion(
    request.provider,
    explanationMessages(english, request.language, request.instructions),
    request.fetch ? { fetch: request.fetch } : {},
  );
  if (!reply.ok || reply.content.trim() === '') {
    return {
      explanation: english,
      error: unavailable(`need the language-model provider, which failed (${reply.ok ? 'empty reply' : reply.message})`),
      usage: reply.ok ? reply.usage : NO_TOKENS,
    };
  }
  return { explanation: reply.content.trim(), usage: reply.usage };
}
