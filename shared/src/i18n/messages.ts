import type { Language } from '../types';

export type MessageCatalog<K extends string> = Record<Language, Record<K, string>>;

/**
 * Each app declares its own strings. Vietnamese must have every English key (a missing
 * translation is a type error, not a blank on screen).
 */
export function defineMessages<const T extends Record<string, string>>(
  en: T,
  vi: Record<keyof T, string>,
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

export function translate<K extends string>(
  catalog: MessageCatalog<K>,
  language: Language,
  key: K,
  params?: MessageParams,
): string {
  return interpolate(catalog[language][key] ?? catalog.en[key] ?? key, params);
}
