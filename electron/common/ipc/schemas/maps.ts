/**
 * Maps: the Local registry's maps and the map loop (import, edit, check, publish, diff), plus one
 * map's source and vocabulary. Remote Decision API deployments cannot list maps; for them the
 * renderer lets the user type a map id (and `maps.diff` can fetch a remote map's file).
 *
 * The flow the Maps view drives (all on the Local environment):
 * - `maps.list` shows every map with its draft state (ok / N errors / N warnings), versions with
 *   dates and notes, the live one, and for a folder-backed map its file.
 * - `maps.changes` is polled (every second or two; it is one SQLite read): when its `generation`
 *   moves, re-read `maps.list` (and an open editor's `maps.get`); `events` say what happened to
 *   folder-backed maps (reloaded from disk, file deleted or renamed) in words to show.
 * - Import: `maps.import` with `preview: true` answers the diagnostics and saves nothing; the same
 *   call with `preview: false` saves the map. A map with errors is saved as a draft; sessions on it
 *   and `maps.publish` are refused with `maps/draft-has-errors` naming the errors.
 * - Folders: `maps.openFolder` makes every `.rbl`/`.xml` file of a folder a map whose draft follows
 *   the file (reloaded within a second of a save; remembered across restarts); `maps.folders`
 *   lists them; `maps.closeFolder` stops following (the maps and their versions stay).
 * - Edit: `maps.get` (draft) gives the text, diagnostics and rules with lines ("Show in map" opens
 *   the editor at a rule's `line`); `maps.saveDraft` stores the text (and writes the file of a
 *   folder-backed map) and answers the new diagnostics.
 * - Versions: `maps.publish` (with a note), `maps.makeLive`, `maps.revertDraft`, and per-version
 *   settings `maps.settings.get` / `maps.settings.set`.
 * - Diff: `maps.diff` compares any two sides (draft, version N, live, a file, pasted text, a
 *   remote environment's map) and answers the semantic report, both texts (for Monaco's diff
 *   editor) and the impact: saved cases whose coverage touches each changed entry, with ready
 *   `runTargets` for `cases.compare({ caseIds, before, after })` when both sides are Local versions.
 */
import { z } from 'zod';
import { MapDiagnosticSchema } from '../../decision-api';
import { MapDiffReportSchema } from '../../map-diff';
import { CaseRunTargetSchema } from './cases';
import { IdSchema, TimestampSchema, VersionPolicySchema } from './common';

/** The draft's check: `ok` (no errors, no warnings), `warnings` or `errors`, with counts. */
export const DraftStateSchema = z.object({
  state: z.enum(['ok', 'warnings', 'errors']),
  errors: z.number().int().min(0),
  warnings: z.number().int().min(0),
  /** The first few error diagnostics, for a tooltip or a refusal message. */
  firstErrors: z.array(MapDiagnosticSchema),
});
export type DraftState = z.infer<typeof DraftStateSchema>;

/**
 * The file a folder-backed draft follows. `missing`: the file was deleted or renamed away (the
 * draft and versions are kept; `message` says so); `unreadable`: it could not be read.
 */
export const MapFileSchema = z.object({
  folderId: z.string(),
  path: z.string(),
  status: z.enum(['ok', 'missing', 'unreadable']),
  message: z.string().optional(),
});
export type MapFile = z.infer<typeof MapFileSchema>;

export const MapVersionSchema = z.object({
  number: z.number().int().min(1),
  /** The version's id as `/start` reports it in `kmVersion.id`. */
  id: z.string(),
  createdAt: TimestampSchema,
  live: z.boolean(),
  /** What `maps.publish` was given ('' when none). */
  note: z.string().default(''),
});
export type MapVersion = z.infer<typeof MapVersionSchema>;

export const MapSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  /** Published versions, oldest first. */
  versions: z.array(MapVersionSchema),
  /** Whether a draft exists (it always does in the local registry). */
  hasDraft: z.boolean(),
  updatedAt: TimestampSchema.optional(),
  /** The draft's check (Local maps). */
  draft: DraftStateSchema.optional(),
  /** The live version's number, or null when starts use the draft (Local maps). */
  liveVersion: z.number().int().min(1).nullable().optional(),
  /** Present when the draft follows a file on disk (an open folder). */
  file: MapFileSchema.optional(),
});
export type MapSummary = z.infer<typeof MapSummarySchema>;

export const VocabularyRelationshipSchema = z.object({
  name: z.string(),
  subjectConcept: z.string(),
  objectConcept: z.string(),
  /** The object concept's data type: `string`, `number`, `date` or `truth`. */
  objectType: z.string(),
  plural: z.boolean(),
  allowCF: z.boolean(),
  allowUnknown: z.boolean(),
  canAddSubject: z.boolean(),
  canAddObject: z.boolean(),
  /** Whether rules infer it (a query target rather than an input). */
  inferred: z.boolean(),
  questions: z.object({
    firstForm: z.string().optional(),
    secondFormObject: z.string().optional(),
    secondFormSubject: z.string().optional(),
  }),
});
export type VocabularyRelationship = z.infer<typeof VocabularyRelationshipSchema>;

const VocabularyConceptSchema = z.object({
  name: z.string(),
  type: z.string(),
  instances: z.array(z.string()),
});

export const MapVocabularySchema = z.object({
  relationships: z.array(VocabularyRelationshipSchema),
  concepts: z.array(VocabularyConceptSchema),
});
export type MapVocabulary = z.infer<typeof MapVocabularySchema>;

/** A rule as the map graph draws it: the relationship it concludes and those its conditions use. */
export const MapRuleSchema = z.object({
  /** The rule's name, or `speaks #2` (relationship and position among its rules), as coverage names it. */
  id: z.string(),
  relationship: z.string(),
  conditions: z.array(z.string()),
  line: z.number().int(),
});
export type MapRule = z.infer<typeof MapRuleSchema>;

export const MapFolderSchema = z.object({
  id: z.string(),
  path: z.string(),
  /** `missing` when the folder itself is gone (it stays remembered until closed). */
  status: z.enum(['ok', 'missing']),
  message: z.string().optional(),
  /** The maps its files feed, by file name. */
  maps: z.array(z.object({ mapId: z.string(), fileName: z.string() })),
});
export type MapFolder = z.infer<typeof MapFolderSchema>;

/** Something that happened to a map outside the workbench's own calls, worded for a notice. */
export const MapEventSchema = z.object({
  /** Increasing; pass the last one seen as `maps.changes({ afterEvent })`. */
  seq: z.number().int().min(1),
  at: TimestampSchema,
  kind: z.enum(['reloaded', 'added', 'missing', 'renamed', 'unreadable', 'folder-missing']),
  mapId: z.string().optional(),
  path: z.string(),
  message: z.string(),
  /** For `reloaded` and `added`: the draft's check after the reload. */
  draft: DraftStateSchema.optional(),
});
export type MapEvent = z.infer<typeof MapEventSchema>;

/** A registry version: a number, or `draft`. */
export const VersionRefSchema = z.union([z.literal('draft'), z.number().int().min(1)]);
export type VersionRef = z.infer<typeof VersionRefSchema>;

export const VersionSettingsSchema = z.object({
  recordInteractions: z.boolean(),
  evidenceSecured: z.boolean(),
  interactionsSecured: z.boolean(),
});
export type VersionSettingsData = z.infer<typeof VersionSettingsSchema>;

/** One side of a diff. `file` is a path on the Node side's disk; `text` is content the renderer read (browser mode). */
export const MapDiffSideSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('draft'), mapId: IdSchema }),
  z.object({ kind: z.literal('live'), mapId: IdSchema }),
  z.object({ kind: z.literal('version'), mapId: IdSchema, version: z.number().int().min(1) }),
  z.object({ kind: z.literal('file'), path: z.string().trim().min(1, 'a file path is required') }),
  z.object({ kind: z.literal('text'), text: z.string().max(64 * 1024 * 1024), label: z.string().default('pasted map') }),
  /** `GET /analysis/file/{kmId}?version=N` on that environment, with its key. */
  z.object({ kind: z.literal('remote'), environmentId: IdSchema, kmId: IdSchema, version: z.number().int().min(1).optional() }),
]);
export type MapDiffSide = z.infer<typeof MapDiffSideSchema>;

/** One diff side as it was read: a label for headings, and the text for the side-by-side view. */
const MapDiffTextSchema = z.object({ label: z.string(), text: z.string() });

/** Saved cases whose coverage (their last run's) touches the changed entries. */
export const MapImpactSchema = z.object({
  cases: z.array(z.object({ id: z.string(), name: z.string(), suite: z.string().optional() })),
  /** Per report entry key (only entries some case touches). */
  byEntry: z.array(z.object({ key: z.string(), caseIds: z.array(z.string()) })),
  /** Every case touching any entry, once: what "Run these cases" runs. */
  caseIds: z.array(z.string()),
  /** Cases of this map without a run to read coverage from (their impact is unknown). */
  unassessed: z.number().int().min(0),
});
export type MapImpact = z.infer<typeof MapImpactSchema>;

/** The largest map text the workbench takes (an import, a draft, a file chosen in the native dialog). */
export const MAX_MAP_TEXT_BYTES = 64 * 1024 * 1024;
const TextSchema = z.string().max(MAX_MAP_TEXT_BYTES, 'a map is at most 64 MB');
const NoteSchema = z.string().trim().max(2000, 'a note is at most 2000 characters').default('');
const Local = { environmentId: IdSchema.default('local') };

export const mapsMethods = {
  /** The environment's maps (`listable: false` for remote deployments, which have no listing). */
  'maps.list': {
    input: z.object({ environmentId: IdSchema }),
    output: z.object({ listable: z.boolean(), maps: z.array(MapSummarySchema) }),
  },
  /**
   * A map's RBLang source, vocabulary and rules with their lines ("Show in map"). Local: any
   * version or the draft. Remote: fetched from `/analysis/file/{kmID}` (live or a version; a draft
   * is refused with `maps/not-listable`).
   */
  'maps.get': {
    input: z.object({
      environmentId: IdSchema,
      mapId: IdSchema,
      versionPolicy: VersionPolicySchema.default({ kind: 'draft' }),
    }),
    output: z.object({
      id: z.string(),
      name: z.string(),
      /** `Draft` or `Version<N>`, matching `km.versionStatus` (`Live` for a remote map's live version). */
      versionStatus: z.string(),
      rblang: z.string(),
      vocabulary: MapVocabularySchema,
      /** The map's rules in source order (empty when the map does not load). */
      rules: z.array(MapRuleSchema),
      diagnostics: z.array(MapDiagnosticSchema),
      /** The file a folder-backed draft follows. */
      file: MapFileSchema.optional(),
    }),
  },
  /**
   * Cheap poll for changes made elsewhere (the CLI, another process, a file saved in an editor):
   * `generation` is opaque; re-read lists when it differs from the last one seen.
   */
  'maps.changes': {
    input: z.object({ afterEvent: z.number().int().min(0).default(0) }),
    output: z.object({ generation: z.string(), lastEvent: z.number().int().min(0), events: z.array(MapEventSchema) }),
  },
  /** Checks a map file and, unless `preview`, adds it to the registry (a map with errors becomes a draft that cannot be published). */
  'maps.import': {
    input: z.object({
      ...Local,
      text: TextSchema,
      fileName: z.string().trim().min(1).max(500).default('map.rbl'),
      /** Defaults to the file name without its extension. */
      name: z.string().trim().min(1).max(200).optional(),
      description: z.string().trim().max(2000).optional(),
      preview: z.boolean().default(false),
    }),
    output: z.object({
      name: z.string(),
      diagnostics: z.array(MapDiagnosticSchema),
      draft: DraftStateSchema,
      /** Absent for a preview. */
      map: MapSummarySchema.optional(),
    }),
  },
  /** Replaces the draft (and writes the followed file of a folder-backed map). */
  'maps.saveDraft': {
    input: z.object({ ...Local, mapId: IdSchema, rblang: TextSchema }),
    output: z.object({ map: MapSummarySchema, diagnostics: z.array(MapDiagnosticSchema), wroteFile: z.string().optional() }),
  },
  /** The draft as the next version; `maps/draft-has-errors` (details: the errors) when it has errors. */
  'maps.publish': {
    input: z.object({ ...Local, mapId: IdSchema, note: NoteSchema, live: z.boolean().default(false) }),
    output: z.object({ map: MapSummarySchema, version: MapVersionSchema }),
  },
  /** Makes a version live, or none (`version: null`: starts use the draft). */
  'maps.makeLive': {
    input: z.object({ ...Local, mapId: IdSchema, version: z.number().int().min(1).nullable() }),
    output: z.object({ map: MapSummarySchema }),
  },
  /** The draft becomes version N's text (the file too, for a folder-backed map). */
  'maps.revertDraft': {
    input: z.object({ ...Local, mapId: IdSchema, version: z.number().int().min(1) }),
    output: z.object({ map: MapSummarySchema, diagnostics: z.array(MapDiagnosticSchema), wroteFile: z.string().optional() }),
  },
  'maps.settings.get': {
    input: z.object({ ...Local, mapId: IdSchema, version: VersionRefSchema }),
    output: VersionSettingsSchema,
  },
  'maps.settings.set': {
    input: z.object({ ...Local, mapId: IdSchema, version: VersionRefSchema, change: VersionSettingsSchema.partial() }),
    output: VersionSettingsSchema,
  },
  /**
   * The desktop app's native Open dialog, for Import map… (`file`: the chosen file is read and its
   * text returned for the import preview) and Open folder… (`folder`: the chosen path). In browser
   * mode it is `unavailable`: the renderer keeps its file input, drop zone and typed folder path.
   */
  'maps.choose': {
    input: z.object({ kind: z.enum(['file', 'folder']) }),
    output: z.discriminatedUnion('outcome', [
      z.object({ outcome: z.literal('unavailable') }),
      z.object({ outcome: z.literal('cancelled') }),
      z.object({ outcome: z.literal('file'), path: z.string(), fileName: z.string(), text: TextSchema }),
      z.object({ outcome: z.literal('folder'), path: z.string() }),
    ]),
  },
  /** Follows every map file of a folder (on the Node side's disk). Opening a folder twice answers the same one. */
  'maps.openFolder': {
    input: z.object({ path: z.string().trim().min(1, 'a folder path is required').max(4096) }),
    output: z.object({ folder: MapFolderSchema, events: z.array(MapEventSchema) }),
  },
  'maps.folders': {
    input: z.object({}),
    output: z.object({ folders: z.array(MapFolderSchema) }),
  },
  /** Stops following a folder; its maps and versions stay in the registry. */
  'maps.closeFolder': {
    input: z.object({ folderId: IdSchema }),
    output: z.object({ closed: z.boolean() }),
  },
  /** The semantic diff of two maps, both texts, and (unless `impact: false`) the cases it touches. */
  'maps.diff': {
    input: z.object({ before: MapDiffSideSchema, after: MapDiffSideSchema, impact: z.boolean().default(true) }),
    output: z.object({
      report: MapDiffReportSchema,
      before: MapDiffTextSchema,
      after: MapDiffTextSchema,
      impact: MapImpactSchema.optional(),
      /** When both sides are Local registry versions of a map: the `cases.compare` targets for "Run these cases". */
      runTargets: z.object({ before: CaseRunTargetSchema, after: CaseRunTargetSchema }).optional(),
    }),
  },
};
