/**
 * `lapwing map diff A B [--json]`: the semantic diff of two maps, each `ID@draft`, `ID@live`,
 * `ID@N` (the registry) or a file path. Exit code 0 when they mean the same, 1 when they differ,
 * 2 on error (a bad spec, a missing map or version, an unreadable file, a side that is no map, a
 * registry that cannot be opened).
 *
 * `lapwing map update ID FILE`: the file becomes the map's draft (diagnostics printed; a draft
 * with errors is stored but cannot be published); an unreadable file is refused.
 *
 * Both take the registry from `--data` or `--store` (see `registry-store.ts`).
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { RegistryStore, VersionSelector } from '../../server';
import type { CliContext } from '../io';
import { formatDiffReport } from './map-diff-text';
import {
  DATA_FLAG,
  openRegistry,
  RegistryUnavailableError,
  STORE_FLAG,
  withRegistry,
  type OpenRegistry,
  type RegistryOptions,
} from './registry-store';

const DIFF_ERROR = 2;
const REGISTRY_SPEC = /^([^@\s/\\]+)@(draft|live|[1-9]\d*)$/i;

type Side =
  | { readonly kind: 'registry'; readonly mapId: string; readonly selector: VersionSelector; readonly spec: string }
  | { readonly kind: 'file'; readonly path: string };

/** `ID@draft|live|N` is a registry side; anything else a file path. */
function parseSide(spec: string): Side {
  const match = REGISTRY_SPEC.exec(spec.trim());
  if (!match) return { kind: 'file', path: spec };
  const [, id, which] = match as unknown as [string, string, string];
  const lower = which.toLowerCase();
  const selector: VersionSelector =
    lower === 'draft' ? { kind: 'draft' } : lower === 'live' ? { kind: 'default' } : { kind: 'number', number: Number(lower) };
  return { kind: 'registry', mapId: id.toLowerCase(), selector, spec: spec.trim() };
}

class SideError extends Error {}

async function readSide(side: Side, registry: () => Promise<RegistryStore>): Promise<{ label: string; text: string }> {
  if (side.kind === 'file') {
    try {
      return { label: side.path, text: await readFile(side.path, 'utf8') };
    } catch (error) {
      const looksLikeSpec = side.path.includes('@');
      const hint = looksLikeSpec ? ' (a registry side is ID@draft, ID@live or ID@N)' : '';
      throw new SideError(`${side.path}: cannot read: ${error instanceof Error ? error.message : String(error)}${hint}`);
    }
  }
  const maps = await registry();
  const resolved = await maps.resolve(side.mapId, side.selector);
  if (!resolved.ok) throw new SideError(`${side.spec}: ${resolved.error.message}`);
  const text = await maps.source(resolved.value.sourceId);
  if (text === undefined) throw new SideError(`${side.spec}: the stored source is missing`);
  const status = resolved.value.status === 'Draft' ? 'draft' : resolved.value.status.replace('Version', 'version ');
  return { label: `${resolved.value.mapName} ${side.selector.kind === 'default' ? `live (${status})` : status}`, text };
}

/** The registry, opened on first use; one that cannot be opened is a diff error. */
async function registrySide(options: RegistryOptions): Promise<OpenRegistry> {
  try {
    return await openRegistry(options);
  } catch (error) {
    if (error instanceof RegistryUnavailableError) throw new SideError(`lapwing: ${error.message}`);
    throw error;
  }
}

export function registerMapDiff(map: Command, context: CliContext): void {
  map
    .command('diff')
    .description('compare two maps by meaning (exit code 0: the same, 1: they differ, 2: error)')
    .argument('<a>', 'ID@draft, ID@live, ID@N or a map file')
    .argument('<b>', 'ID@draft, ID@live, ID@N or a map file')
    .option('--json', 'print the report as JSON')
    .option(...DATA_FLAG)
    .option(...STORE_FLAG)
    .action(async (a: string, b: string, options: RegistryOptions & { json?: boolean }) => {
      let opened: OpenRegistry | undefined;
      const registry = async () => (opened ??= await registrySide(options)).registry;
      try {
        const before = await readSide(parseSide(a), registry);
        const after = await readSide(parseSide(b), registry);
        const { loadMap, diffMaps } = await import('../../engine');
        const loadedBefore = loadMap(before.text, { fileName: before.label });
        const loadedAfter = loadMap(after.text, { fileName: after.label });
        for (const [side, loaded] of [
          [before, loadedBefore],
          [after, loadedAfter],
        ] as const) {
          if (!loaded.map)
            throw new SideError(
              `${side.label}: not a map: ${loaded.diagnostics.find((diagnostic) => diagnostic.severity === 'error')?.message ?? 'it does not load'}`,
            );
        }
        const report = diffMaps(loadedBefore, loadedAfter);
        context.io.out(
          options.json ? `${JSON.stringify(report, null, 2)}\n` : formatDiffReport(report, { before: before.label, after: after.label }),
        );
        context.exitCode = report.same ? 0 : 1;
      } catch (error) {
        if (!(error instanceof SideError)) throw error;
        context.io.err(`${error.message}\n`);
        context.exitCode = DIFF_ERROR;
      } finally {
        await opened?.close();
      }
    });

  map
    .command('update')
    .description("replace a map's draft with a file (its diagnostics are printed; a draft with errors cannot be published)")
    .argument('<id>', 'map ID')
    .argument('<file>', 'map file (.rbl, .rblang, .xml)')
    .option(...DATA_FLAG)
    .option(...STORE_FLAG)
    .action(async (id: string, file: string, options: RegistryOptions) => {
      let source: string;
      try {
        source = await readFile(file, 'utf8');
      } catch (error) {
        context.io.err(`${file}: cannot read: ${error instanceof Error ? error.message : String(error)}; the draft is unchanged\n`);
        context.exitCode = 1;
        return;
      }
      const { loadMap } = await import('../../engine');
      await withRegistry(
        context,
        options,
        async (registry) => {
          const mapId = id.toLowerCase();
          if (!(await registry.getMap(mapId))) {
            context.io.err(`No map with ID ${id}.\n`);
            context.exitCode = 1;
            return;
          }
          const diagnostics = loadMap(source, { fileName: file }).diagnostics.filter((diagnostic) => diagnostic.severity !== 'info');
          for (const diagnostic of diagnostics)
            context.io.err(`${file}:${diagnostic.line}:${diagnostic.column}: ${diagnostic.severity}: ${diagnostic.message}\n`);
          const updated = await registry.updateDraft(mapId, source);
          if (!updated.ok) {
            context.io.err(`${updated.error.message}\n`);
            context.exitCode = 1;
            return;
          }
          const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
          const warnings = diagnostics.length - errors;
          if (errors > 0)
            context.io.err(
              `${file}: the draft was saved with ${errors} error${errors === 1 ? '' : 's'}; it cannot be published until they are fixed\n`,
            );
          context.io.out(
            `${JSON.stringify({ id: mapId, draft: { state: errors > 0 ? 'errors' : warnings > 0 ? 'warnings' : 'ok', errors, warnings } }, null, 2)}\n`,
          );
        },
        'the draft is unchanged',
      );
    });
}
