import type { Language } from '../types';
import { LOCALE_OF } from './language';

/**
 * A message is a string, or its plural forms (Intl.PluralRules categories, `other` required),
 * chosen by the `count` parameter: `{ one: '{count} ITEM', other: '{count} ITEMS' }`.
 * Vietnamese needs only `other`.
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
export type Message = string | PluralForms;

export type MessageCatalog<K extends string> = Record<Language, Record<K, Message>>;

/**
 * Each app declares its own strings. Vietnamese must have every English key (a missing
 * translation is a type error, not a blank on screen).
 */
export function defineMessages<const T extends Record<string, Message>>(
  en: T,
  vi: Record<keyof T, Message>,
): MessageCatalog<Extract<keyof T, string>> {
  return { en, vi } as MessageCatalog<Extract<keyof T, string>>;
}

export type MessageParams = Record<string, string | number>;

/** Replaces {name} placeholders; an unknown placeholder stays visible so it gets noticed. */
export function interpolate(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : match,
  );
}

const pluralRules = new Map<Language, Intl.PluralRules>();

function pluralForm(forms: PluralForms, language: Language, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(LOCALE_OF[language])));
  return forms[rules.select(count)] ?? forms.other;
}

export function translate<K extends string>(catalog: MessageCatalog<K>, language: Language, key: K, params?: MessageParams): string {
  const message = catalog[language][key] ?? catalog.en[key] ?? key;
  const template = typeof message === 'string' ? message : pluralForm(message, language, Number(params?.count ?? Number.NaN));
  return interpolate(template, params);
}
