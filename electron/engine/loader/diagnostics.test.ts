import { describe, expect, it } from 'vitest';
import type { Severity } from '../model/types';
import { columnOf, loadInline } from './test-support/maps';

/**
 * Declarations the cases below may refer to. They come after each case's lines, so a case's first
 * line is line 3 of the file (and names still resolve: order does not matter).
 */
const PREAMBLE = [
  '<concept name="Person" type="string"/>',
  '<concept name="Country" type="string"/>',
  '<concept name="Team" type="string"/>',
  '<concept name="Age" type="number"/>',
  '<concept name="Born" type="date"/>',
  '<concept name="Flag" type="truth"/>',
  '<concinst name="Ann" type="Person"/>',
  '<concinst name="France" type="Country"/>',
  '<concinst name="Lyon" type="Team"/>',
  '<rel name="lives in" subject="Person" object="Country"/>',
  '<rel name="supports" subject="Person" object="Team"/>',
  '<rel name="has age" subject="Person" object="Age"/>',
  '<rel name="was born" subject="Person" object="Born"/>',
  '<rel name="is flagged" subject="Person" object="Flag"/>',
];

interface Case {
  /** What is wrong, in the test title. */
  readonly title: string;
  readonly lines: readonly string[];
  /** 0-based index into `lines` of the line the diagnostic must be on. */
  readonly on: number;
  /** Text the column must point at (default: the line's first non-blank character). */
  readonly at?: string;
  readonly severity: Severity;
  readonly code: string;
  /** A fragment of the message. */
  readonly says: string;
}

const RULE_START = '<relinst type="lives in" object="France">';

const CASES: Case[] = [
  // Structure
  {
    title: 'unknown element',
    lines: ['<concpet name="X" type="string"/>'],
    on: 0,
    severity: 'warning',
    code: 'structure/unknown-element',
    says: 'did you mean <concept>?',
  },
  {
    title: 'element in the wrong place',
    lines: ['<condition rel="lives in" subject="%S" object="France"/>'],
    on: 0,
    severity: 'error',
    code: 'structure/misplaced-element',
    says: '<condition> is not allowed inside <rbl:kb> (it belongs inside <relinst>)',
  },
  {
    title: 'unknown attribute',
    lines: ['<concept name="Pet" type="string" colour="brown"/>'],
    on: 0,
    at: 'colour',
    severity: 'warning',
    code: 'attribute/unknown',
    says: 'unknown attribute colour',
  },
  {
    title: 'stray text',
    lines: ['this does not belong here'],
    on: 0,
    severity: 'warning',
    code: 'structure/unexpected-text',
    says: '"this does not belong here" inside <rbl:kb>',
  },
  {
    title: 'repeated question form',
    lines: [
      '<rel name="r" subject="Person" object="Country">',
      '<firstForm>Is %S in %O?</firstForm>',
      '<firstForm>Again %S %O?</firstForm>',
      '</rel>',
    ],
    on: 2,
    severity: 'warning',
    code: 'structure/repeated-element',
    says: 'more than one <firstForm>',
  },
  {
    title: 'compound',
    lines: ['<compound subject="Ann" type="lives in" object="France"><relinst type="has age" object="3"/></compound>'],
    on: 0,
    severity: 'warning',
    code: 'compound/ignored',
    says: 'is ignored',
  },

  // Attribute values
  {
    title: 'missing required attribute',
    lines: ['<concept name="Car"/>'],
    on: 0,
    severity: 'error',
    code: 'attribute/missing',
    says: "concept 'Car' is missing the required attribute type",
  },
  {
    title: 'empty required attribute',
    lines: ['<concept name="" type="string"/>'],
    on: 0,
    at: 'name',
    severity: 'error',
    code: 'attribute/empty',
    says: 'empty name attribute',
  },
  {
    title: 'unknown concept type',
    lines: ['<concept name="Note" type="text"/>'],
    on: 0,
    at: 'type',
    severity: 'error',
    code: 'attribute/invalid-value',
    says: 'type="text" is not valid; use one of string, number, date, truth',
  },
  {
    title: 'legacy concept type',
    lines: ['<concept name="Old" type="boolean"/>'],
    on: 0,
    at: 'type',
    severity: 'warning',
    code: 'attribute/legacy-value',
    says: 'legacy spelling of "truth"',
  },
  {
    title: 'unknown concept behaviour',
    lines: ['<concept name="C" type="string" behaviour="exclusive"/>'],
    on: 0,
    at: 'behaviour',
    severity: 'error',
    code: 'attribute/invalid-value',
    says: 'mutually-exclusive, mutex, mx',
  },
  {
    title: 'unknown scope',
    lines: ['<concept name="C" type="string" scope="session"/>'],
    on: 0,
    at: 'scope',
    severity: 'error',
    code: 'attribute/invalid-value',
    says: 'scope="session"',
  },
  {
    title: 'bad boolean',
    lines: ['<rel name="r" subject="Person" object="Country" plural="yes"/>'],
    on: 0,
    at: 'plural',
    severity: 'error',
    code: 'attribute/invalid-value',
    says: 'plural="yes" must be true or false',
  },
  {
    title: 'bad askable',
    lines: ['<rel name="r" subject="Person" object="Country" askable="sometimes"/>'],
    on: 0,
    at: 'askable',
    severity: 'error',
    code: 'attribute/invalid-value',
    says: 'use one of all, none, secondFormObject, secondFormSubject',
  },
  {
    title: 'legacy askable',
    lines: ['<rel name="r" subject="Person" object="Country" askable="false"/>'],
    on: 0,
    at: 'askable',
    severity: 'warning',
    code: 'attribute/legacy-value',
    says: 'legacy spelling of "none"',
  },
  {
    title: 'enumerated value in another letter case',
    lines: ['<rel name="r" subject="Person" object="Country" askable="All"/>'],
    on: 0,
    at: 'askable',
    severity: 'warning',
    code: 'attribute/invalid-value',
    says: 'askable="All" should be written "all"',
  },
  {
    title: 'boolean in capitals',
    lines: ['<rel name="r" subject="Person" object="Country" plural="True"/>'],
    on: 0,
    at: 'plural',
    severity: 'warning',
    code: 'attribute/invalid-value',
    says: 'plural="True" should be written "true"',
  },
  {
    title: 'bad canAdd',
    lines: ['<rel name="r" subject="Person" object="Country" canAdd="both"/>'],
    on: 0,
    at: 'canAdd',
    severity: 'error',
    code: 'attribute/invalid-value',
    says: 'canAdd="both"',
  },
  {
    title: 'bad rule behaviour',
    lines: [
      '<relinst type="lives in" object="France" behaviour="bottom-up">',
      '<condition rel="supports" subject="%S" object="Lyon"/>',
      '</relinst>',
    ],
    on: 0,
    at: 'behaviour',
    severity: 'error',
    code: 'attribute/invalid-value',
    says: 'use one of top-down, top-down-strict',
  },
  {
    title: 'bad condition behaviour',
    lines: [RULE_START, '<condition rel="supports" subject="%S" object="Lyon" behaviour="maybe"/>', '</relinst>'],
    on: 1,
    at: 'behaviour',
    severity: 'error',
    code: 'attribute/invalid-value',
    says: 'use one of mandatory, optional',
  },
  {
    title: 'bad import version',
    lines: ['<import km="abc" versionNumber="latest"/>'],
    on: 0,
    at: 'versionNumber',
    severity: 'error',
    code: 'attribute/invalid-value',
    says: 'versionNumber must be a whole number',
  },

  // Names
  {
    title: 'duplicate concept',
    lines: ['<concept name="Pet" type="string"/>', '<concept name="Pet" type="number"/>'],
    on: 1,
    at: 'name',
    severity: 'error',
    code: 'name/duplicate-concept',
    says: "concept 'Pet' is declared twice (first on line 3)",
  },
  {
    title: 'duplicate relationship',
    lines: ['<rel name="likes" subject="Person" object="Country"/>', '<rel name="likes" subject="Person" object="Team"/>'],
    on: 1,
    at: 'name',
    severity: 'error',
    code: 'name/duplicate-relationship',
    says: "relationship 'likes' is declared twice (first on line 3)",
  },
  {
    title: 'duplicate instance',
    lines: ['<concinst name="Bo" type="Person"/>', '<concinst name="Bo" type="Person"/>'],
    on: 1,
    severity: 'warning',
    code: 'name/duplicate-instance',
    says: "instance 'Bo' of concept 'Person' is declared twice (first on line 3)",
  },
  {
    title: 'forbidden characters in a concept name',
    lines: ['<concept name="Bad\\Name" type="string"/>'],
    on: 0,
    at: 'name',
    severity: 'error',
    code: 'name/invalid-characters',
    says: 'quote, backslash or angle bracket',
  },
  {
    title: 'double quote in an instance name',
    lines: ['<concinst name="Say &quot;hi&quot;" type="Person"/>'],
    on: 0,
    at: 'name',
    severity: 'warning',
    code: 'name/invalid-characters',
    says: 'double quote or angle bracket',
  },
  {
    title: 'undeclared relationship subject concept',
    lines: ['<rel name="knows" subject="Persn" object="Person"/>'],
    on: 0,
    at: 'subject',
    severity: 'error',
    code: 'name/undeclared-concept',
    says: "relationship 'knows': subject concept 'Persn' is not declared (did you mean 'Person'?)",
  },
  {
    title: 'undeclared instance concept',
    lines: ['<concinst name="Marta" type="Perso"/>'],
    on: 0,
    at: 'type',
    severity: 'error',
    code: 'name/undeclared-concept',
    says: "instance 'Marta': concept 'Perso' is not declared (did you mean 'Person'?)",
  },
  {
    title: 'number concept as relationship subject',
    lines: ['<rel name="is over" subject="Age" object="Person"/>'],
    on: 0,
    at: 'subject',
    severity: 'error',
    code: 'concept/non-string-subject',
    says: "'Age' is a number concept; relationship subjects must be string concepts",
  },
  {
    title: 'instance of a number concept',
    lines: ['<concinst name="42" type="Age"/>'],
    on: 0,
    at: 'type',
    severity: 'error',
    code: 'concept/instance-of-non-string',
    says: 'only string concepts have instances',
  },
  {
    title: 'mutually exclusive number concept',
    lines: ['<concept name="N" type="number" behaviour="mx"/>'],
    on: 0,
    at: 'behaviour',
    severity: 'error',
    code: 'attribute/invalid-value',
    says: 'only string concepts can be mutually exclusive',
  },
  {
    title: 'mutually exclusive concept without two instances',
    lines: ['<concept name="Answer" type="string" behaviour="mutually-exclusive"/>', '<concinst name="Yes" type="Answer"/>'],
    on: 0,
    severity: 'warning',
    code: 'concept/mutually-exclusive-instances',
    says: 'exactly 2 instances (it has 1)',
  },

  // Facts
  {
    title: 'fact with an undeclared relationship',
    lines: ['<relinst type="lives at" subject="Ann" object="France"/>'],
    on: 0,
    at: 'type',
    severity: 'error',
    code: 'name/undeclared-relationship',
    says: "fact 'Ann lives at France': relationship 'lives at' is not declared (did you mean 'lives in'?)",
  },
  {
    title: 'fact object not a declared instance',
    lines: ['<relinst type="lives in" subject="Ann" object="Portugal"/>'],
    on: 0,
    at: 'object',
    severity: 'error',
    code: 'name/undeclared-instance',
    says: "'Portugal' is not a declared instance of concept 'Country'",
  },
  {
    title: 'fact object an instance of another concept',
    lines: ['<relinst type="lives in" subject="Ann" object="Lyon"/>'],
    on: 0,
    at: 'object',
    severity: 'error',
    code: 'name/undeclared-instance',
    says: "'Lyon' is an instance of 'Team', but the object of 'lives in' must be a 'Country'",
  },
  {
    title: 'fact subject not a declared instance',
    lines: ['<relinst type="lives in" subject="Bob" object="France"/>'],
    on: 0,
    at: 'subject',
    severity: 'warning',
    code: 'name/undeclared-instance',
    says: "'Bob' is not a declared instance of concept 'Person'",
  },
  {
    title: 'fact number object not a number',
    lines: ['<relinst type="has age" subject="Ann" object="abc"/>'],
    on: 0,
    at: 'object',
    severity: 'error',
    code: 'value/typed-literal',
    says: 'expects a number (got "abc")',
  },
  {
    title: 'fact number object beyond 15 digits',
    lines: ['<relinst type="has age" subject="Ann" object="1234567890123456"/>'],
    on: 0,
    at: 'object',
    severity: 'error',
    code: 'value/typed-literal',
    says: 'at most 15 significant digits',
  },
  {
    title: 'fact date object in words',
    lines: ['<relinst type="was born" subject="Ann" object="10 September 1990"/>'],
    on: 0,
    at: 'object',
    severity: 'error',
    code: 'value/typed-literal',
    says: 'expects a date written YYYY-MM-DD',
  },
  {
    title: 'fact truth object in capitals',
    lines: ['<relinst type="is flagged" subject="Ann" object="TRUE"/>'],
    on: 0,
    at: 'object',
    severity: 'error',
    code: 'value/typed-literal',
    says: 'expects true or false, in lower case (got "TRUE")',
  },
  {
    title: 'fact without an object',
    lines: ['<relinst type="lives in" subject="Ann"/>'],
    on: 0,
    severity: 'error',
    code: 'fact/missing-end',
    says: "fact for 'lives in' needs an object",
  },
  {
    title: 'fact with an empty object',
    lines: ['<relinst type="lives in" subject="Ann" object=""/>'],
    on: 0,
    at: 'object=',
    severity: 'error',
    code: 'attribute/empty',
    says: 'empty object attribute',
  },
  {
    title: 'duplicate fact',
    lines: ['<relinst type="lives in" subject="Ann" object="France"/>', '<relinst type="lives in" subject="Ann" object="France"/>'],
    on: 1,
    severity: 'warning',
    code: 'fact/duplicate',
    says: "fact 'Ann lives in France' is stated twice (first on line 3)",
  },
  {
    title: 'certainty above 100',
    lines: ['<relinst type="lives in" subject="Ann" object="France" cf="150"/>'],
    on: 0,
    at: 'cf',
    severity: 'error',
    code: 'value/certainty',
    says: 'cf must be a whole number from 0 to 100 (got "150")',
  },
  {
    title: 'certainty not a number',
    lines: ['<relinst type="lives in" subject="Ann" object="France" cf="high"/>'],
    on: 0,
    at: 'cf',
    severity: 'error',
    code: 'value/certainty',
    says: '(got "high")',
  },
  {
    title: 'fractional certainty',
    lines: ['<relinst type="lives in" subject="Ann" object="France" cf="50.5"/>'],
    on: 0,
    at: 'cf',
    severity: 'warning',
    code: 'value/certainty',
    says: 'should be a whole number',
  },
  {
    title: 'relinst without conditions using variables',
    lines: ['<relinst type="lives in" subject="%S" object="France"/>'],
    on: 0,
    severity: 'error',
    code: 'rule/no-conditions',
    says: 'a rule needs at least one condition',
  },

  // Rules
  {
    title: 'custom variable in a rule header',
    lines: [
      '<relinst type="lives in" subject="%X" object="France">',
      '<condition rel="supports" subject="%X" object="Lyon"/>',
      '</relinst>',
    ],
    on: 0,
    at: 'subject',
    severity: 'error',
    code: 'rule/header-variable',
    says: "rule 1 for 'lives in': the rule's subject must be a literal or %S",
  },
  {
    title: 'minimum rule certainty above cf',
    lines: [
      '<relinst type="lives in" object="France" cf="60" minimum-rule-certainty="90">',
      '<condition rel="supports" subject="%S" object="Lyon"/>',
      '</relinst>',
    ],
    on: 0,
    at: 'minimum-rule-certainty',
    severity: 'error',
    code: 'rule/minimum-above-certainty',
    says: "minimum-rule-certainty (90) must not exceed the rule's cf (60)",
  },
  {
    title: 'minimum rule certainty of 0',
    lines: [
      '<relinst type="lives in" object="France" minimumRuleCertainty="0">',
      '<condition rel="supports" subject="%S" object="Lyon"/>',
      '</relinst>',
    ],
    on: 0,
    at: 'minimumRuleCertainty',
    severity: 'error',
    code: 'value/certainty',
    says: 'from 1 to 100',
  },
  {
    title: 'cf below the default minimum',
    lines: ['<relinst type="lives in" object="France" cf="10">', '<condition rel="supports" subject="%S" object="Lyon"/>', '</relinst>'],
    on: 0,
    at: 'cf',
    severity: 'warning',
    code: 'rule/minimum-above-certainty',
    says: 'below the default minimum rule certainty (20)',
  },
  {
    title: 'negative weight',
    lines: [RULE_START, '<condition rel="supports" subject="%S" object="Lyon" weight="-10"/>', '</relinst>'],
    on: 1,
    at: 'weight',
    severity: 'error',
    code: 'value/weight',
    says: 'condition 1 of rule 1 for \'lives in\': weight must be a whole number of at least 0 (got "-10")',
  },
  {
    title: 'every weight zero',
    lines: [
      RULE_START,
      '<condition rel="supports" subject="%S" object="Lyon" weight="0"/>',
      '<condition rel="has age" subject="%S" object="30" salience="0"/>',
      '</relinst>',
    ],
    on: 0,
    severity: 'error',
    code: 'rule/zero-weights',
    says: 'every condition has weight 0',
  },
  {
    title: 'condition with both shapes',
    lines: [RULE_START, '<condition rel="has age" subject="%S" object="%AGE" expression="%AGE gt 18"/>', '</relinst>'],
    on: 1,
    at: 'expression',
    severity: 'error',
    code: 'condition/shape',
    says: 'either a relationship condition (rel, subject, object) or an expression, not both',
  },
  {
    title: 'condition with neither shape',
    lines: [RULE_START, '<condition weight="10"/>', '</relinst>'],
    on: 1,
    severity: 'error',
    code: 'condition/shape',
    says: 'needs either rel, subject and object, or an expression',
  },
  {
    title: 'relationship condition without an object',
    lines: [RULE_START, '<condition rel="supports" subject="%S"/>', '</relinst>'],
    on: 1,
    severity: 'error',
    code: 'attribute/missing',
    says: "condition 1 of rule 1 for 'lives in' is missing the required attribute object",
  },
  {
    title: 'assignment to a non-variable',
    lines: [RULE_START, '<condition expression="1 + 1" value="O"/>', '</relinst>'],
    on: 1,
    at: 'value',
    severity: 'error',
    code: 'value/variable',
    says: 'value="O" must name a variable',
  },
  {
    title: 'badly spelt variable',
    lines: [RULE_START, '<condition rel="supports" subject="%S" object="%1TEAM"/>', '</relinst>'],
    on: 1,
    at: 'object',
    severity: 'error',
    code: 'value/variable',
    says: '"%1TEAM" is not a valid variable',
  },
  {
    title: 'condition literal of the wrong type',
    lines: [RULE_START, '<condition rel="has age" subject="%S" object="old"/>', '</relinst>'],
    on: 1,
    at: 'object',
    severity: 'error',
    code: 'value/typed-literal',
    says: "the object of 'has age' expects a number",
  },
  {
    title: 'condition on an undeclared relationship',
    lines: [
      '<relinst type="lives in" object="France" name="Fans live in France">',
      '<condition rel="suports" subject="%S" object="Lyon"/>',
      '</relinst>',
    ],
    on: 1,
    at: 'rel',
    severity: 'warning',
    code: 'name/undeclared-relationship',
    says: "relationship 'suports' is not declared (used by condition 1 of rule 1 'Fans live in France'); the rule can never fire (did you mean 'supports'?)",
  },
  {
    title: 'rule concluding an undeclared relationship',
    lines: ['<relinst type="lives on" object="France">', '<condition rel="supports" subject="%S" object="Lyon"/>', '</relinst>'],
    on: 0,
    at: 'type',
    severity: 'error',
    code: 'name/undeclared-relationship',
    says: "rule 1 for 'lives on' concludes relationship 'lives on', which is not declared",
  },
  {
    title: 'expression that does not parse',
    lines: [
      RULE_START,
      '<condition rel="has age" subject="%S" object="%AGE"/>',
      '<condition expression="round((%AGE * 2), 0" value="%X"/>',
      '</relinst>',
    ],
    on: 2,
    at: '((%AGE',
    severity: 'error',
    code: 'expression/syntax',
    says: "condition 2 of rule 1 for 'lives in': Unbalanced parentheses",
  },
  {
    title: 'expression with an unknown function',
    lines: [
      RULE_START,
      '<condition rel="has age" subject="%S" object="%AGE"/>',
      '<condition expression="%AGE gt sumary(1, 2)"/>',
      '</relinst>',
    ],
    on: 2,
    at: 'sumary',
    severity: 'error',
    code: 'expression/function',
    says: 'sumary',
  },
  {
    title: 'expression with the wrong argument count',
    lines: [
      RULE_START,
      '<condition rel="has age" subject="%S" object="%AGE"/>',
      '<condition expression="%AGE &gt; pow(2)"/>',
      '</relinst>',
    ],
    on: 2,
    at: 'pow',
    severity: 'error',
    code: 'expression/function',
    says: 'pow',
  },
  {
    title: 'arithmetic that reads differently left to right',
    lines: [
      RULE_START,
      '<condition rel="has age" subject="%S" object="%AGE"/>',
      '<condition expression="%AGE + 1 * 2 gt 10"/>',
      '</relinst>',
    ],
    on: 2,
    at: '%AGE + 1',
    severity: 'warning',
    code: 'expression/left-to-right',
    says: '"%AGE + 1 * 2" means (%AGE + 1) * 2',
  },
  {
    title: 'expression variable nothing binds',
    lines: [RULE_START, '<condition rel="has age" subject="%S" object="%AGE"/>', '<condition expression="%AEG gt 18"/>', '</relinst>'],
    on: 2,
    at: 'expression',
    severity: 'warning',
    code: 'rule/unbound-variable',
    says: 'uses %AEG, which no condition of the rule binds',
  },
  {
    title: 'list function over an undeclared relationship',
    lines: [RULE_START, '<condition expression="countRelationshipInstances(%S, \'suports\', *) gt 0"/>', '</relinst>'],
    on: 1,
    at: "'suports'",
    severity: 'warning',
    code: 'name/undeclared-relationship',
    says: "relationship 'suports' is not declared (used in the expression of condition 1",
  },

  // Questions
  {
    title: 'first form without both ends',
    lines: ['<rel name="visited" subject="Person" object="Country">', '<firstForm>Has %S visited?</firstForm>', '</rel>'],
    on: 1,
    severity: 'warning',
    code: 'question/placeholders',
    says: 'should mention both %S and %O',
  },
  {
    title: 'second form object naming the object',
    lines: [
      '<rel name="visited" subject="Person" object="Country">',
      '<secondFormObject>Which %O has %S visited?</secondFormObject>',
      '</rel>',
    ],
    on: 1,
    severity: 'warning',
    code: 'question/placeholders',
    says: 'should not contain %O',
  },
  {
    title: 'second form subject naming the subject',
    lines: ['<rel name="visited" subject="Person" object="Country">', '<secondFormSubject>Did %S visit %O?</secondFormSubject>', '</rel>'],
    on: 1,
    severity: 'warning',
    code: 'question/placeholders',
    says: 'should not contain %S',
  },

  // Datasources
  {
    title: 'datasource hostname without a scheme',
    lines: [
      '<concept name="Postcode" type="string">',
      '<datasource hostname="api.example.com"><action map="lives in=/country"/></datasource>',
      '</concept>',
    ],
    on: 1,
    at: 'hostname',
    severity: 'error',
    code: 'datasource/hostname',
    says: 'must start with http:// or https://',
  },
  {
    title: 'datasource without hostname',
    lines: [
      '<concept name="Postcode" type="string">',
      '<datasource path="/x"><action map="lives in=/country"/></datasource>',
      '</concept>',
    ],
    on: 1,
    severity: 'error',
    code: 'attribute/missing',
    says: 'missing the required attribute hostname',
  },
  {
    title: 'datasource without actions',
    lines: ['<concept name="Postcode" type="string">', '<datasource hostname="https://x.example"/>', '</concept>'],
    on: 1,
    severity: 'warning',
    code: 'datasource/action',
    says: 'so it produces no facts',
  },
  {
    title: 'datasource action map without a path',
    lines: [
      '<concept name="Postcode" type="string">',
      '<datasource hostname="https://x.example"><action map="lives in"/></datasource>',
      '</concept>',
    ],
    on: 1,
    at: 'map',
    severity: 'error',
    code: 'datasource/action',
    says: 'must have the form "relationship name=/path/in/response"',
  },
  {
    title: 'datasource action to an undeclared relationship',
    lines: [
      '<concept name="Postcode" type="string">',
      '<datasource hostname="https://x.example"><action map="lives at=/country"/></datasource>',
      '</concept>',
    ],
    on: 1,
    at: 'map',
    severity: 'error',
    code: 'name/undeclared-relationship',
    says: "action maps to relationship 'lives at', which is not declared",
  },
  {
    title: 'datasource unknown method',
    lines: [
      '<concept name="Postcode" type="string">',
      '<datasource hostname="https://x.example" method="PUT"><action map="lives in=/c"/></datasource>',
      '</concept>',
    ],
    on: 1,
    at: 'method',
    severity: 'error',
    code: 'attribute/invalid-value',
    says: 'use one of GET, POST',
  },
  {
    title: 'datasource input on an undeclared relationship',
    lines: [
      '<concept name="Postcode" type="string">',
      '<datasource hostname="https://x.example"><input rel="has postcod" subject="%P" object="%S"/><action map="lives in=/c"/></datasource>',
      '</concept>',
    ],
    on: 1,
    at: 'rel=',
    severity: 'warning',
    code: 'name/undeclared-relationship',
    says: "relationship 'has postcod' is not declared; the input can never be bound",
  },
  {
    title: 'datasource input with %S of the wrong concept',
    lines: [
      '<concept name="Postcode" type="string">',
      '<datasource hostname="https://x.example"><input rel="has age" object="%S"/><action map="lives in=/c"/></datasource>',
      '</concept>',
    ],
    on: 1,
    at: 'object=',
    severity: 'warning',
    code: 'datasource/input',
    says: "%S is a 'Postcode', but the object of 'has age' must be a 'Age'",
  },
  {
    title: 'datasource on a number concept',
    lines: [
      '<concept name="Score" type="number">',
      '<datasource hostname="https://x.example"><action map="lives in=/c"/></datasource>',
      '</concept>',
    ],
    on: 1,
    severity: 'error',
    code: 'structure/misplaced-element',
    says: 'only string concepts can have a <datasource>',
  },

  // Imports relax undeclared names
  {
    title: 'undeclared concept in a map with imports',
    lines: ['<import km="other"/>', '<rel name="owns" subject="Person" object="Vehicle"/>'],
    on: 1,
    at: 'object',
    severity: 'warning',
    code: 'name/undeclared-concept',
    says: 'it may be declared in an imported map',
  },
  {
    title: 'import without km',
    lines: ['<import versionNumber="2"/>'],
    on: 0,
    severity: 'error',
    code: 'attribute/missing',
    says: 'missing the required attribute km',
  },

  // Notes
  {
    title: 'unused concept',
    lines: ['<concept name="Orphan" type="string"/>'],
    on: 0,
    severity: 'info',
    code: 'concept/unused',
    says: "concept 'Orphan' is not used by any relationship",
  },
  {
    title: 'relationship only injection can fill',
    lines: ['<rel name="is vip" subject="Person" object="Flag" askable="none"/>'],
    on: 0,
    severity: 'info',
    code: 'relationship/injection-only',
    says: "relationship 'is vip' can only get facts by injection",
  },
  {
    title: 'rule depending on injection',
    lines: [
      '<rel name="is vip" subject="Person" object="Flag" askable="none"/>',
      '<relinst type="lives in" object="France">',
      '<condition rel="is vip" subject="%S" object="true"/>',
      '</relinst>',
    ],
    on: 1,
    severity: 'info',
    code: 'rule/needs-injection',
    says: "rule 1 for 'lives in' can only fire when facts of 'is vip' are injected",
  },
  {
    title: 'recursive rule',
    lines: ['<relinst type="lives in" object="%O">', '<condition rel="lives in" subject="%S" object="%O"/>', '</relinst>'],
    on: 0,
    severity: 'info',
    code: 'rule/recursive',
    says: "'lives in' depends on 'lives in'",
  },
];

describe('diagnostics: each kind, with its line and column', () => {
  it.each(CASES)('$title', (testCase) => {
    const result = loadInline(...testCase.lines, ...PREAMBLE);
    const line = testCase.lines[testCase.on];
    const column = testCase.at === undefined ? line.length - line.trimStart().length + 1 : columnOf(line, testCase.at);
    const found = result.diagnostics.filter((d) => d.code === testCase.code);
    expect(found, JSON.stringify(result.diagnostics, null, 1)).toContainEqual(
      expect.objectContaining({ line: 3 + testCase.on, column, severity: testCase.severity }),
    );
    expect(found.find((d) => d.line === 3 + testCase.on)?.message).toContain(testCase.says);
    expect(result.ok).toBe(!result.diagnostics.some((d) => d.severity === 'error'));
    expect(result.map).toBeDefined();
  });

  it('the preamble alone is clean (so every case above is caused by its own lines)', () => {
    expect(loadInline(...PREAMBLE).diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
  });
});

describe('diagnostics of a text the fast reader gives up on part-way', () => {
  it('reports each problem once, as the full reader finds it', () => {
    // Forty well-formed elements, each missing its name, then a mismatched end tag: the fast reader reads
    // the elements and gives up at the end tag. A loader that drafts elements as the fast reader reads
    // them (tried in the late-night loading round) must drop what it drafted before the reader gave up.
    const nameless = Array.from({ length: 40 }, () => '<concept type="string"/>');
    const result = loadInline(...nameless, '<concept name="Late" type="string"></concep>');
    const missing = result.diagnostics.filter((d) => d.code === 'attribute/missing');
    expect(missing.map((d) => d.line)).toEqual(nameless.map((_, index) => 3 + index));
    // The full reader's reports: the stray end tag, and the root's end tag met with <concept> open.
    expect(result.diagnostics.filter((d) => d.code === 'xml/mismatched-tag').map((d) => d.line)).toEqual([43, 44]);
    expect(result.diagnostics).toHaveLength(43);
  });
});
