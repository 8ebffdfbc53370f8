/**
 * The map registry from the command line (`--data` or `--store`: see `registry-store.ts`):
 * `map add FILE`, `map publish ID [--live] [--note TEXT]`, `map list`, `map settings ID [...]`.
 * Each prints JSON on stdout; problems go to stderr with exit code 1.
 */
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import type { MapRecord, VersionSettings } from '../../server';
import { DRAFT, type VersionKeys } from '../../server';
import type { CliContext } from '../io';
import { DATA_FLAG, STORE_FLAG, withRegistry, type RegistryOptions } from './registry-store';

type Switch = boolean;

function parseSwitch(value: string): Switch {
  const normal = value.trim().toLowerCase();
  if (normal === 'on') return true;
  if (normal === 'off') return false;
  throw new InvalidArgumentError('use on or off');
}

/** `draft`, `live` or a version number. */
type VersionChoice = 'draft' | 'live' | number;

function parseVersionChoice(value: string): VersionChoice {
  const normal = value.trim().toLowerCase();
  if (normal === 'draft' || normal === 'live') return normal;
  if (/^[1-9]\d*$/.test(normal)) return Number(normal);
  throw new InvalidArgumentError('use draft, live or a version number');
}

function iso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

function describeMap(map: MapRecord): unknown {
  return {
    id: map.id,
    name: map.name,
    description: map.description,
    created: iso(map.created),
    draftUpdated: iso(map.draftUpdated),
    liveVersion: map.liveVersion,
    versions: map.versions.map((version) => ({
      number: version.number,
      versionId: version.versionId,
      created: iso(version.created),
      live: version.number === map.liveVersion,
      note: version.note,
    })),
  };
}

function describeSettings(settings: VersionSettings, map: MapRecord): Record<string, unknown> {
  return {
    mapId: settings.mapId,
    version: settings.version === DRAFT ? 'draft' : settings.version,
    versionStatus: settings.version === DRAFT ? 'Draft' : `Version${settings.version}`,
    live: settings.version !== DRAFT && settings.version === map.liveVersion,
    recordInteractions: settings.recordInteractions,
    evidenceSecured: settings.evidenceSecured,
    interactionsSecured: settings.interactionsSecured,
  };
}

/** Keys as printed the one time they are shown (the registry keeps only their digests). */
function describeKeys(keys: VersionKeys | undefined): Record<string, unknown> {
  return keys ? { evidenceKey: keys.evidenceKey, interactionKey: keys.interactionKey } : {};
}

function printJson(context: CliContext, value: unknown): void {
  context.io.out(`${JSON.stringify(value, null, 2)}\n`);
}

function fail(context: CliContext, message: string): void {
  context.io.err(`${message}\n`);
  context.exitCode = 1;
}

interface AddOptions extends RegistryOptions {
  readonly name?: string;
  readonly description?: string;
}

interface SettingsOptions extends RegistryOptions {
  readonly version?: VersionChoice;
  readonly recordInteractions?: Switch;
  readonly secureEvidence?: Switch;
  readonly secureInteractions?: Switch;
  readonly newKeys?: boolean;
}

/** Adds `add`, `publish`, `list` and `settings` to the `map` command group. */
export function registerMapRegistry(map: Command, context: CliContext): void {
  map
    .command('add')
    .description('add a map to the registry as a new draft (refused when it has errors); prints its ID')
    .argument('<file>', 'map file (.rbl, .rblang, .xml)')
    .option('--name <name>', 'map name (default: the file name)')
    .option('--description <text>', 'map description')
    .option(...DATA_FLAG)
    .option(...STORE_FLAG)
    .action(async (file: string, options: AddOptions) => {
      let source: string;
      try {
        source = await readFile(file, 'utf8');
      } catch (error) {
        fail(context, `${file}: cannot read: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
      const [{ addLoadedMapTo }, engine] = await Promise.all([import('../../server'), import('../../engine')]);
      await withRegistry(context, options, async (registry) => {
        const name = options.name?.trim() || basename(file, extname(file));
        const added = await addLoadedMapTo(registry, engine.loadMap(source, { fileName: file }), {
          source,
          name,
          fileName: file,
          ...(options.description === undefined ? {} : { description: options.description }),
        });
        if (!added.ok) {
          for (const diagnostic of added.diagnostics)
            context.io.err(`${file}:${diagnostic.line}:${diagnostic.column}: ${diagnostic.severity}: ${diagnostic.message}\n`);
          fail(context, `${file}: not added (the map has errors)`);
          return;
        }
        printJson(context, {
          id: added.map.id,
          kmID: added.map.id,
          name: added.map.name,
          // The draft's keys, shown this once.
          draft: describeKeys(added.map.keys),
          warnings: added.warnings.map((warning) => `${file}:${warning.line}:${warning.column}: ${warning.message}`),
        });
      });
    });

  map
    .command('publish')
    .description("snapshot a map's draft as its next numbered version (refused while the draft has errors)")
    .argument('<id>', 'map ID')
    .option('--live', 'make the new version live (what /start uses by default)')
    .option('--note <text>', 'what changed, kept with the version')
    .option(
      '--keep-keys',
      "let the draft's evidence and interaction keys open the new version too (default: keys of its own, printed once)",
    )
    .option(...DATA_FLAG)
    .option(...STORE_FLAG)
    .action(async (id: string, options: RegistryOptions & { live?: boolean; keepKeys?: boolean; note?: string }) => {
      const engine = await import('../../engine');
      await withRegistry(context, options, async (registry) => {
        const mapId = id.toLowerCase();
        const draft = await registry.resolve(mapId, { kind: 'draft' });
        if (!draft.ok) return fail(context, draft.error.message);
        // A draft with errors (from `map update` or the workbench) is never published.
        const errors = engine
          .loadMap((await registry.source(draft.value.sourceId)) ?? '')
          .diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
        if (errors.length > 0) {
          for (const error of errors) context.io.err(`${mapId}@draft:${error.line}:${error.column}: error: ${error.message}\n`);
          return fail(context, `${id}: not published (the draft has ${errors.length} error${errors.length === 1 ? '' : 's'})`);
        }
        const published = await registry.publish(mapId, {
          live: options.live === true,
          keepKeys: options.keepKeys === true,
          note: options.note?.trim() ?? '',
        });
        if (!published.ok) return fail(context, published.error.message);
        const { number, versionId, created, note, keys } = published.value;
        printJson(context, {
          id: mapId,
          version: number,
          versionId,
          versionStatus: `Version${number}`,
          created: iso(created),
          live: options.live === true,
          note,
          ...(keys ? describeKeys(keys) : { keys: 'kept from the draft' }),
        });
      });
    });

  map
    .command('list')
    .description('list the maps of the registry with their versions')
    .option(...DATA_FLAG)
    .option(...STORE_FLAG)
    .action((options: RegistryOptions) =>
      withRegistry(context, options, async (registry) => printJson(context, (await registry.listMaps()).map(describeMap))),
    );

  map
    .command('settings')
    .description("show or change a map version's settings and keys (default: the version /start uses: live, else draft)")
    .argument('<id>', 'map ID')
    .option('--version <v>', 'draft, live or a version number', parseVersionChoice)
    .option('--record-interactions <on|off>', 'record the interaction log of sessions started from now on', parseSwitch)
    .option('--secure-evidence <on|off>', 'require the evidence key to read evidence', parseSwitch)
    .option('--secure-interactions <on|off>', 'require the interaction key to read interaction logs', parseSwitch)
    .option('--new-keys', 'replace the evidence and interaction keys with fresh ones, printed this once')
    .option(...DATA_FLAG)
    .option(...STORE_FLAG)
    .action((id: string, options: SettingsOptions) =>
      withRegistry(context, options, async (registry) => {
        const mapId = id.toLowerCase();
        const record = await registry.getMap(mapId);
        if (!record) return fail(context, `No map with ID ${id}.`);
        const choice = options.version ?? (record.liveVersion === null ? 'draft' : 'live');
        const version = choice === 'draft' ? DRAFT : choice === 'live' ? record.liveVersion : choice;
        if (version === null) return fail(context, `Map ${id} has no live version.`);
        const changed = await registry.updateSettings(mapId, version, {
          ...(options.recordInteractions === undefined ? {} : { recordInteractions: options.recordInteractions }),
          ...(options.secureEvidence === undefined ? {} : { evidenceSecured: options.secureEvidence }),
          ...(options.secureInteractions === undefined ? {} : { interactionsSecured: options.secureInteractions }),
          ...(options.newKeys ? { regenerateKeys: true } : {}),
        });
        if (!changed.ok) return fail(context, changed.error.message);
        // Keys are printed only when --new-keys made them: the registry keeps only digests.
        printJson(context, { ...describeSettings(changed.value, record), ...describeKeys(changed.value.keys) });
      }),
    );
}
