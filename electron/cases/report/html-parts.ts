/** Pieces of the HTML report: escaping, badges, evidence trees and diffs. Pure string building. */
import type { EvidenceRecord } from '../../common/decision-api';
import type { CaseComparison } from '../core';
import type { EvidenceDiff } from '../core';
import type { HistogramBucket } from '../core';
import { childFactIds, isRelationshipCondition } from '../core';
import type { Observation } from '../core';
import type { CaseRun } from '../replay/runner';

export function html(text: string | number | boolean | null | undefined): string {
  return String(text ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function badge(kind: string, text = kind): string {
  return `<span class="badge ${html(kind)}">${html(text)}</span>`;
}

const triple = (subject: unknown, relationship: string, object: unknown) =>
  `${html(String(subject))} · <b>${html(relationship)}</b> · ${html(String(object))}`;

function conditionRows(record: EvidenceRecord): string {
  const conditions = record.rule?.conditions ?? [];
  if (conditions.length === 0) return '';
  const rows = conditions.map((condition) => {
    if (isRelationshipCondition(condition)) {
      const met = condition.wasMet === false || condition.factID.includes(':XX') ? ' class="unmet"' : '';
      return `<li${met}>${condition.alt ? html(condition.alt) : triple(condition.subject, condition.relationship, condition.object)} <span class="num">${html(condition.certainty)}% · impact ${html(condition.impact)}</span></li>`;
    }
    return `<li${condition.wasMet ? '' : ' class="unmet"'}><code>${html(condition.expression.text)}</code> <span class="num">impact ${html(condition.impact)}</span></li>`;
  });
  return `<ol class="conditions">${rows.join('')}</ol>`;
}

/** A result's evidence as nested lists, each fact once (deeper repeats are marked). */
function evidenceTree(evidence: Observation['evidence'], factID: string, seen: Set<string> = new Set(), depth = 0): string {
  const record = evidence[factID];
  if (!record) return `<li class="missing">${html(factID)}: not fetched</li>`;
  if (seen.has(factID) || depth > 30)
    return `<li>${triple(record.fact.subject.value, record.fact.relationship.type, record.fact.object.value)} <i>(shown above)</i></li>`;
  seen.add(factID);
  const rule = record.rule ? ` rule <b>${html(record.rule.name ?? 'unnamed')}</b> (max ${html(record.rule.ruleMaxCertainty)}%)` : '';
  const children = childFactIds(record).map((child) => evidenceTree(evidence, child, seen, depth + 1));
  return `<li>${badge(record.source)} ${triple(record.fact.subject.value, record.fact.relationship.type, record.fact.object.value)} <span class="num">${html(record.fact.certainty)}%</span>${rule}${conditionRows(record)}${children.length > 0 ? `<ul>${children.join('')}</ul>` : ''}</li>`;
}

export function caseBody(caseRun: CaseRun): string {
  const { observation, verdict } = caseRun;
  const checks = verdict.checks
    .map(
      (check) => `<li class="${check.passed ? 'ok' : 'bad'}">${check.passed ? '✓' : '✗'} [${html(check.area)}] ${html(check.message)}</li>`,
    )
    .join('');
  const questions = observation.questions
    .map((question) => `<li>${html(question.prompt || question.relationship)} <span class="num">${html(question.form)}</span></li>`)
    .join('');
  const results = observation.results
    .map(
      (result) =>
        `<tr><td>${triple(result.subject, result.relationship, result.object)}</td><td class="num">${html(result.certainty)}%</td></tr>`,
    )
    .join('');
  const trees = observation.results.map((result) => `<ul class="tree">${evidenceTree(observation.evidence, result.factID)}</ul>`).join('');
  const problems = observation.evidenceProblems.map((problem) => `<li class="bad">${html(problem)}</li>`).join('');
  return [
    `<p class="meta">${html(observation.target.label)} · ${html(observation.target.baseUrl)} · map ${html(observation.target.mapId)}${observation.kmVersionId ? ` · version ${html(observation.kmVersionId)}` : ''} · ${html(Math.round(observation.timing.totalMs))} ms</p>`,
    `<h4>Checks</h4><ul class="checks">${checks}</ul>`,
    caseRun.nondeterminism && caseRun.nondeterminism.length > 0
      ? `<p class="bad">Nondeterministic: ${html(caseRun.nondeterminism.join('; '))}</p>`
      : '',
    `<h4>Questions asked</h4>${questions ? `<ol>${questions}</ol>` : '<p>none</p>'}`,
    `<h4>Results</h4>${results ? `<table>${results}</table>` : '<p>none</p>'}`,
    trees ? `<h4>Evidence</h4>${trees}` : '',
    problems ? `<ul>${problems}</ul>` : '',
  ].join('\n');
}

function evidenceDiffList(diff: EvidenceDiff): string {
  const nodes = diff.nodes
    .filter((node) => node.status !== 'same' || node.key === diff.root)
    .map((node) => {
      const before = node.before
        ? `${node.before.certainty}% ${node.before.source}${node.before.rule ? ` (${node.before.rule}, max ${node.before.ruleMaxCertainty}%)` : ''}`
        : '—';
      const after = node.after
        ? `${node.after.certainty}% ${node.after.source}${node.after.rule ? ` (${node.after.rule}, max ${node.after.ruleMaxCertainty}%)` : ''}`
        : '—';
      const conditions = node.conditions
        .filter((condition) => condition.status !== 'same')
        .map(
          (condition) =>
            `<li class="${condition.status}">${badge(condition.status)} ${html(condition.label)} <span class="num">${condition.before ? `${condition.before.certainty}% / impact ${condition.before.impact}` : '—'} → ${condition.after ? `${condition.after.certainty}% / impact ${condition.after.impact}` : '—'}</span></li>`,
        )
        .join('');
      return `<li class="${node.status}">${badge(node.status)} ${html(node.label)} <span class="num">${html(before)} → ${html(after)}</span>${conditions ? `<ul>${conditions}</ul>` : ''}</li>`;
    });
  return `<div class="diff"><p>${badge(diff.status)} ${html(diff.result)}</p><ul>${nodes.join('')}</ul></div>`;
}

export function comparisonBody(comparison: CaseComparison): string {
  const rows = [
    ...comparison.results.changed.map(
      (change) =>
        `<tr class="changed"><td>${html(change.key)}</td><td class="num">${change.before.certainty}%</td><td class="num">${change.after.certainty}%</td><td class="num">${change.delta > 0 ? '+' : ''}${Math.round(change.delta * 100) / 100}</td></tr>`,
    ),
    ...comparison.results.added.map(
      (result) =>
        `<tr class="added"><td>${triple(result.subject, result.relationship, result.object)}</td><td class="num">—</td><td class="num">${result.certainty}%</td><td>new</td></tr>`,
    ),
    ...comparison.results.removed.map(
      (result) =>
        `<tr class="removed"><td>${triple(result.subject, result.relationship, result.object)}</td><td class="num">${result.certainty}%</td><td class="num">—</td><td>gone</td></tr>`,
    ),
  ];
  const questions = comparison.questions;
  const questionLines = [
    ...questions.onlyBefore.map(
      (question) => `<li class="removed">only on ${html(comparison.before.label)}: ${html(question.prompt || question.relationship)}</li>`,
    ),
    ...questions.onlyAfter.map(
      (question) => `<li class="added">only on ${html(comparison.after.label)}: ${html(question.prompt || question.relationship)}</li>`,
    ),
    questions.reordered
      ? `<li class="changed">same questions in another order (first difference at question ${(questions.firstDifference?.index ?? 0) + 1})</li>`
      : '',
  ].join('');
  return [
    `<h4>${html(comparison.before.label)} → ${html(comparison.after.label)}: ${badge(comparison.change)}</h4>`,
    rows.length > 0
      ? `<table><tr><th>Result</th><th>${html(comparison.before.label)}</th><th>${html(comparison.after.label)}</th><th>Δ</th></tr>${rows.join('')}</table>`
      : '<p>Same results.</p>',
    questionLines ? `<ul>${questionLines}</ul>` : '<p>Same questions.</p>',
    comparison.evidence.length > 0 ? `<h4>Evidence that moved</h4>${comparison.evidence.map(evidenceDiffList).join('')}` : '',
  ].join('\n');
}

export function histogram(buckets: readonly HistogramBucket[]): string {
  const max = Math.max(1, ...buckets.map((bucket) => bucket.count));
  const rows = buckets.map(
    (bucket) =>
      `<tr><td class="num">${html(bucket.label)}</td><td><span class="bar" style="width:${Math.round((bucket.count / max) * 300)}px"></span> ${bucket.count}</td></tr>`,
  );
  return `<table class="histogram">${rows.join('')}</table>`;
}
