/**
 * The chat panel: natural-language turns on a live session (`/nl/interact`, `/nl/explain` of the
 * session's environment), and whether a language-model provider will see what is typed.
 */
import { z } from 'zod';
import { ConsultationResponseSchema, NLExplainResponseSchema, NLInteractResponseSchema } from '../../decision-api';
import { IdSchema } from './common';
import { TranscriptSchema } from './transcript';

const SessionRef = z.object({ sessionId: IdSchema });

export const chatMethods = {
  /**
   * Whether a language-model provider receives what is typed in this session's chat (the map's
   * content and the user's text), with the sentence to show before the first message when it does.
   */
  'chat.status': {
    input: SessionRef,
    output: z.object({ usesProvider: z.boolean(), notice: z.string().optional() }),
  },
  /**
   * One prompt. NL error envelopes come back as values (a chat shows them); transport failures as
   * errors. `consultation` is the session as the Runner shows it after the turn: the response now
   * pending or concluded (null when the turn did not change it) and the transcript with the turn's steps.
   */
  'chat.interact': {
    input: SessionRef.extend({ prompt: z.string().trim().min(1, 'type a message').max(4000) }),
    output: NLInteractResponseSchema.extend({
      consultation: z.object({ response: ConsultationResponseSchema.nullable(), transcript: TranscriptSchema }).optional(),
    }),
  },
  /** Prose for a fact's evidence chain; `instructions` picks a style (docs/nl.md). */
  'chat.explain': {
    input: SessionRef.extend({
      factId: IdSchema,
      language: z.string().trim().min(1).default('en'),
      instructions: z.string().trim().max(500).optional(),
    }),
    output: NLExplainResponseSchema,
  },
};
