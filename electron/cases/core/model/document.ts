/**
 * Case files: reading (JSON with places in errors, upgrades, schema) and writing (stable JSON).
 *
 * A file holds one case (`{ formatVersion, name, ... }`) or a bundle of them
 * (`{ formatVersion, cases: [...] }`, what "export all" writes).
 */
import { parseJsonText } from './json-text';
import { CaseErrorCodes, fail, ok, problemFromZod, type CaseProblem, type CaseResult } from './problems';
import { CASE_FORMAT_VERSION, TestCaseSchema, type TestCase, type TestCaseInput } from './schema';
import { stableStringify } from './serialize';
import { checkFormatVersion, upgradeDocument, UPGRADES, type RawDocument, type UpgradeStep } from './upgrade';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether parsed JSON looks like a Lapwing case document (as opposed to a format to import). */
export function isCaseDocument(json: unknown): boolean {
  return isRecord(json) && 'formatVersion' in json && (Array.isArray(json.cases) || 'query' in json || 'name' in json);
}

function withFile(problem: CaseProblem, file: string | undefined): CaseProblem {
  return file === undefined ? problem : { ...problem, file };
}

function parseOne(
  raw: unknown,
  text: string,
  prefix: (string | number)[],
  upgrades: ReadonlyMap<number, UpgradeStep>,
): CaseResult<TestCase> {
  if (!isRecord(raw))
    return fail({
      code: CaseErrorCodes.invalid,
      message: 'a case must be a JSON object',
      path: prefix.length === 0 ? '$' : `$.cases[${prefix[1]}]`,
    });
  const upgraded = upgradeDocument(raw, upgrades);
  if (!upgraded.ok) return upgraded;
  const parsed = TestCaseSchema.safeParse(upgraded.value);
  return parsed.success ? ok(parsed.data) : fail(problemFromZod(parsed.error, text, prefix));
}

/** Validates already-parsed JSON of one case (e.g. from the app's editor). */
export function parseCase(json: unknown, upgrades: ReadonlyMap<number, UpgradeStep> = UPGRADES): CaseResult<TestCase> {
  return parseOne(json, JSON.stringify(json ?? null, null, 2), [], upgrades);
}

/** Reads a case file's text: one case or a bundle. Errors name the file, JSON path, line and column. */
export function readCaseDocument(
  text: string,
  options: { file?: string; upgrades?: ReadonlyMap<number, UpgradeStep> } = {},
): CaseResult<TestCase[]> {
  const upgrades = options.upgrades ?? UPGRADES;
  const json = parseJsonText(text);
  if (!json.ok) {
    return fail(
      withFile(
        { code: CaseErrorCodes.notJson, message: `not valid JSON: ${json.message}`, line: json.place.line, column: json.place.column },
        options.file,
      ),
    );
  }
  const value = json.value;
  if (!isCaseDocument(value)) {
    return fail(
      withFile(
        {
          code: CaseErrorCodes.unknownFormat,
          message: 'not a Lapwing case file (no formatVersion); import Studio or .rbtest.json files instead',
          path: '$',
        },
        options.file,
      ),
    );
  }
  const document = value as RawDocument;
  if (Array.isArray(document.cases)) {
    // Only the bundle's version is checked here; each case is upgraded on its own below.
    const bundleVersion = checkFormatVersion(document.formatVersion);
    if (!bundleVersion.ok) return fail(withFile(bundleVersion.error, options.file));
    const cases: TestCase[] = [];
    for (const [index, raw] of document.cases.entries()) {
      // Cases inside a bundle inherit its format version unless they state their own.
      const item = isRecord(raw) && raw.formatVersion === undefined ? { ...raw, formatVersion: document.formatVersion } : raw;
      const parsed = parseOne(item, text, ['cases', index], upgrades);
      if (!parsed.ok) return fail(withFile(parsed.error, options.file));
      cases.push(parsed.value);
    }
    return ok(cases);
  }
  const parsed = parseOne(document, text, [], upgrades);
  return parsed.ok ? ok([parsed.value]) : fail(withFile(parsed.error, options.file));
}

/** The canonical form of a case: validated, defaults filled in. Throws on an invalid case (a bug in the caller). */
export function normaliseCase(input: TestCaseInput): TestCase {
  return TestCaseSchema.parse(input);
}

/** One case as stable, sorted JSON (what goes in git). */
export function writeCaseDocument(testCase: TestCaseInput): string {
  return stableStringify(normaliseCase(testCase));
}

/** Several cases in one bundle file, in the given order. */
export function writeCaseBundle(cases: readonly TestCaseInput[]): string {
  return stableStringify({
    formatVersion: CASE_FORMAT_VERSION,
    cases: cases.map((testCase) => {
      const { formatVersion: _formatVersion, ...rest } = normaliseCase(testCase);
      return rest;
    }),
  });
}
